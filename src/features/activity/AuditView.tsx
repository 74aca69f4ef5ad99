import { Alert, Anchor, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import {
  AUDIT_ACTIONS,
  AUDIT_BOUNDS,
  auditLogOf,
  useConnection,
  useKeptDb,
  useOperatorName,
  type AuditEntry,
  type KeptDbError,
} from '../../lib';
import { keptDbErrorOf } from '../../lib';
import { EmptyState, downloadText, fileStamp } from '../../components';
import { paths } from '../../config/paths';
import { useT } from '../../i18n';
import { AuditTable } from './AuditTable';
import { visibleAudit, type ActionFilter, type OutcomeFilter } from './audit-view';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: KeptDbError }
  | { status: 'ok'; rows: AuditEntry[]; unreadable: number };

const OUTCOMES = ['pending', 'done', 'not_done', 'partial', 'failed', 'unknown'] as const;

/** This browser's destructive actions under the active profile, kept in IndexedDB: filter, CSV and JSON. */
export function AuditView() {
  const t = useT();
  const db = useKeptDb();
  const audit = auditLogOf(db);
  const { active } = useConnection();
  const operator = useOperatorName();
  const writeError = useSyncExternalStore(audit.subscribe, audit.writeError, audit.writeError);
  const [action, setAction] = useState<ActionFilter>('all');
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [text, setText] = useState('');
  const profileId = active?.id;

  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['kept-audit', profileId],
    queryFn: () => audit.list(profileId!),
    enabled: Boolean(profileId),
    retry: false,
  });
  // Read again after every write of this tab.
  useEffect(
    () => audit.subscribe(() => void queryClient.invalidateQueries({ queryKey: ['kept-audit'] })),
    [audit, queryClient],
  );
  const loaded: Loaded = query.isError
    ? { status: 'error', error: keptDbErrorOf(query.error) }
    : query.data
      ? { status: 'ok', ...query.data }
      : { status: 'loading' };
  const read = () => void query.refetch();

  const data = query.data;
  const rows = useMemo(
    () => (data ? visibleAudit(data.rows, action, outcome, text) : []),
    [data, action, outcome, text],
  );
  const name = `knowledge-console-audit-${fileStamp()}`;
  const exportCsv = async () => {
    const { auditCsv } = await import('../../lib/audit/audit-export');
    downloadText(`${name}.csv`, auditCsv(rows), 'text/csv');
  };
  const exportJson = async () => {
    const { auditJson } = await import('../../lib/audit/audit-export');
    downloadText(`${name}.json`, auditJson(rows));
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 20rem' }}>
          {t('activity.audit.intro', { max: AUDIT_BOUNDS.maxEntries, days: AUDIT_BOUNDS.maxAgeDays })}{' '}
          {operator ? (
            t('activity.audit.operator', { name: operator })
          ) : (
            <>
              {t('activity.audit.noOperatorSet')}{' '}
              <Anchor component={Link} to={paths.settings.href()} size="sm">
                {t('activity.audit.setOperator')}
              </Anchor>
            </>
          )}
        </Text>
        <Group gap="xs">
          <Button variant="default" disabled={rows.length === 0} onClick={() => void exportCsv()}>
            {t('activity.audit.exportCsv')}
          </Button>
          <Button variant="default" disabled={rows.length === 0} onClick={() => void exportJson()}>
            {t('activity.audit.exportJson')}
          </Button>
        </Group>
      </Group>
      {writeError ? (
        <Alert color="red" title={t('activity.audit.writeFailed')} mb="sm" role="alert">
          {writeError.message}
        </Alert>
      ) : null}
      {loaded.status === 'error' ? (
        <Alert color="red" title={t('activity.audit.readFailed')} role="alert">
          <Text size="sm">{loaded.error.message}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={read}>
            {t('activity.audit.retry')}
          </Button>
        </Alert>
      ) : loaded.status === 'loading' ? (
        <Text size="sm" c="dimmed">
          {t('activity.audit.loading')}
        </Text>
      ) : loaded.rows.length === 0 && loaded.unreadable === 0 ? (
        <EmptyState title={t('activity.audit.empty.title')} description={t('activity.audit.empty.body')} />
      ) : (
        <>
          {loaded.unreadable > 0 ? (
            <Alert color="yellow" mb="sm">
              {t('activity.audit.unreadable', { count: loaded.unreadable })}
            </Alert>
          ) : null}
          <Group gap="sm" mb="sm" align="flex-end">
            <TextInput
              label={t('activity.filter.text')}
              placeholder={t('activity.audit.filterPlaceholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Select
              label={t('activity.audit.col.action')}
              value={action}
              onChange={(v) => setAction((v ?? 'all') as ActionFilter)}
              allowDeselect={false}
              data={[
                { value: 'all', label: t('activity.filter.all') },
                ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`activity.audit.action.${a}`) })),
              ]}
              style={{ flex: '1 1 10rem' }}
            />
            <Select
              label={t('activity.audit.col.outcome')}
              value={outcome}
              onChange={(v) => setOutcome((v ?? 'all') as OutcomeFilter)}
              allowDeselect={false}
              data={[
                { value: 'all', label: t('activity.filter.all') },
                ...OUTCOMES.map((o) => ({ value: o, label: t(`activity.audit.outcome.${o}`) })),
              ]}
              style={{ flex: '1 1 10rem' }}
            />
          </Group>
          <Text size="xs" c="dimmed" mb={4} aria-live="polite">
            {t('activity.audit.count', { shown: rows.length, total: loaded.rows.length })}
          </Text>
          <AuditTable rows={rows} />
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('activity.audit.noMatch')}
            </Text>
          ) : null}
        </>
      )}
    </>
  );
}
