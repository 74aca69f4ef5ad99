import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../../components';
import { useT } from '../../../i18n';

export function NoProfile() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('suites.title')} />
      <EmptyState
        title={t('suites.noProfile')}
        actions={
          <Button component={Link} to="/settings">
            {t('suites.openSettings')}
          </Button>
        }
      />
    </>
  );
}
