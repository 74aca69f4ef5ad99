import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components';
import { useT } from '../../i18n';
import { AuditView } from './AuditView';
import { RequestHistory } from './RequestHistory';

/** The request history and the audit of destructive actions, both kept in this browser; `?view=audit` opens the second. */
export default function ActivityPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'audit' ? 'audit' : 'requests';
  return (
    <>
      <PageHeader title={t('activity.title')} description={t('activity.intro')} />
      <Tabs
        value={view}
        onChange={(v) => setParams(v === 'audit' ? { view: 'audit' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="requests">{t('activity.tab.requests')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('activity.tab.audit')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests">
          <RequestHistory />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditView />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
