import { Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { caseOutcomes, runSuiteOf, summarize, trend, type SuiteRun } from '../../../suite-engine';
import { EmptyState, ErrorState, Loading, ScrollTable, UnreadableKeptRows } from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { useLiveRuns, useRefreshSuites, useRuns, useSuitesStore, useUnsavedRuns } from '../hooks';
import type { KeptSuite } from '../model/store';
import { ImportRunButton } from './ImportRunButton';
import { RunStatusBadge } from './RunStatusBadge';
import { TrendChart } from './TrendChart';
import { FlippingCases } from './FlippingCases';
import { paths } from '../../../config/paths';

/** A suite's runs, newest first, with the options and service each ran against; pick two to compare. */
export function RunsPanel({ record }: { record: KeptSuite }) {
  const t = useT();
  const { formatDateTime, formatNumber } = useFormat();
  const navigate = useNavigate();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const runs = useRuns(record.id);
  const live = useLiveRuns();
  const unsaved = useUnsavedRuns();
  const [picked, setPicked] = useState<string[]>([]);
  const list = useMemo(() => {
    const kept = runs.data?.rows ?? [];
    // This tab's runs that could not be saved are listed too (from memory), newest first with the others.
    const notKept = [...unsaved.values()]
      .map((u) => u.run)
      .filter((r) => r.suiteId === record.id && !kept.some((k) => k.id === r.id));
    return [...kept, ...notKept]
      .sort((a, b) => b.startedAt - a.startedAt)
      .map((run): SuiteRun => {
        const now = live.get(run.id);
        return now ?? (run.status === 'running' ? { ...run, status: 'interrupted' } : run);
      });
  }, [runs.data, live, unsaved, record.id]);
  const unreadable = runs.data?.unreadable ?? 0;
  const points = useMemo(() => trend(list), [list]);
  if (runs.isPending) return <Loading label={t('suites.loading')} />;
  if (runs.error) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  if (list.length === 0 && unreadable === 0)
    return (
      <EmptyState
        title={t('suites.runs.empty')}
        description={t('suites.runs.emptyHint')}
        actions={<ImportRunButton record={record} />}
      />
    );

  const pick = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));

  return (
    <Stack gap="md">
      <UnreadableKeptRows count={unreadable} onRetry={() => void runs.refetch()} />
      <Paper withBorder p="sm">
        <Title order={2} size="h5" mb="xs">
          {t('suites.trend.title')}
        </Title>
        <TrendChart points={points} />
        <FlippingCases runs={list} showVariants={!!record.file.variants} />
      </Paper>
      <Group>
        <Button
          disabled={picked.length !== 2}
          onClick={() => {
            // Older run first: "a" is the baseline.
            const [a, b] = [...picked].sort(
              (x, y) => (list.find((r) => r.id === x)?.startedAt ?? 0) - (list.find((r) => r.id === y)?.startedAt ?? 0),
            );
            navigate(paths.suiteCompare.href(record.id, { a: a!, b: b! }));
          }}
        >
          {t('suites.runs.compare', { count: picked.length })}
        </Button>
        <Text size="sm" c="dimmed">
          {t('suites.runs.compareHint')}
        </Text>
      </Group>
      <ImportRunButton record={record} />
      <ScrollTable minWidth={760} label={t('suites.tab.runs')}>
        <Table striped verticalSpacing="xs" data-testid="run-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t('suites.runs.started')}</Table.Th>
              <Table.Th>{t('suites.runs.status')}</Table.Th>
              <Table.Th>{t('suites.runs.passed')}</Table.Th>
              <Table.Th>{t('suites.runs.latency')}</Table.Th>
              <Table.Th>{t('suites.runs.service')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((run) => {
              const suite = runSuiteOf(run);
              const s = suite ? summarize(caseOutcomes(suite, run.attempts, run.only)) : undefined;
              return (
                <Table.Tr key={run.id} data-testid="run-row">
                  <Table.Td>
                    <Checkbox
                      aria-label={t('suites.runs.pick', { when: formatDateTime(run.startedAt) })}
                      checked={picked.includes(run.id)}
                      onChange={(e) => pick(run.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.suiteRun.href(record.id, run.id)}>
                      {formatDateTime(run.startedAt)}
                    </Anchor>
                    {/* An imported CLI run's `only` is its --filter, not a re-run. */}
                    {run.only && !run.imported ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {t('suites.runs.rerun', { count: run.only.length })}
                      </Text>
                    ) : null}
                    {run.imported ? (
                      <Text span size="xs" c="dimmed" data-testid="run-imported">
                        {' '}
                        · {t('suites.runs.imported')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <RunStatusBadge status={run.status} />
                    {unsaved.has(run.id) ? (
                      <Text span size="xs" c="red" data-testid="run-not-saved">
                        {' '}
                        · {t('suites.run.notSavedShort')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {run.status === 'running'
                      ? t('suites.progress.done', {
                          done: formatNumber(run.attempts.length),
                          total: formatNumber(run.planned),
                        })
                      : s
                        ? t('suites.runs.passedValue', {
                            passed: s.passed,
                            total: s.total,
                            rate: formatNumber(Math.round(s.passRate * 1000) / 10),
                          })
                        : '–'}
                  </Table.Td>
                  <Table.Td>
                    {s?.medianLatencyMs === undefined ? '–' : `${formatNumber(Math.round(s.medianLatencyMs))} ms`}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{run.service.profileName}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {run.service.base_url} · {t('suites.runs.atOnce', { count: run.concurrency })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      // Not color="red": Mantine's subtle red is text in red.0 in dark mode, near-white. The theme's
                      // error colour is red.9 in light and red.4 in dark, both read as danger at AA.
                      color="var(--mantine-color-error)"
                      disabled={run.status === 'running'}
                      onClick={async () => {
                        await store.removeRun(run.id);
                        setPicked((p) => p.filter((x) => x !== run.id));
                        await refresh();
                      }}
                    >
                      {t('suites.runs.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
