import {
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  caseOutcomes,
  failedKeys,
  runSuiteOf,
  runToCsv,
  runToJson,
  runToJunit,
  summarize,
  type CaseOutcome,
  type ConnectionProfile,
} from '../../../api';
import {
  downloadText,
  EmptyState,
  ErrorState,
  fileStamp,
  Loading,
  PageHeader,
  storageErrorKey,
} from '../../../components';
import type { Suite } from '../../../contract';
import { useFormat, useT } from '../../../i18n';
import { useRefreshSuites, useRun, useRunFinished, useSuitesStore } from '../hooks';
import { liveRuns, startRun } from '../model/live-runs';
import { fileNameOf } from '../model/names';
import { CaseDetail } from './CaseDetail';
import { ResultsTable } from './ResultsTable';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';
import { paths } from '../../../config/paths';

type Filter = 'all' | 'failing' | 'pass' | 'not_run';

/** One run: progress while it runs, the results table, a case's details, exports, re-run of what failed. */
export function RunPage({ suiteId, runId, profile }: { suiteId: string; runId: string; profile: ConnectionProfile }) {
  const t = useT();
  const { formatDateTime, formatNumber } = useFormat();
  const navigate = useNavigate();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const onFinished = useRunFinished();
  const { run, live, loading, error, saveError, retry } = useRun(runId);
  // The file is the same object in every snapshot of a live run: parsed once, not at every update.
  const file = run?.suite;
  const suite = useMemo(() => (file ? runSuiteOf({ suite: file }) : undefined), [file]);
  const outcomes = useMemo(() => (run && suite ? caseOutcomes(suite, run.attempts, run.only) : []), [run, suite]);
  const summary = useMemo(() => summarize(outcomes), [outcomes]);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [openCase, setOpenCase] = useState<string | null>(null);
  const variantIds = useMemo(() => suite?.variants.map((v) => v.id) ?? [], [suite]);
  const rows = useMemo(() => groupRows(outcomes, suite, filter, search), [outcomes, suite, filter, search]);
  // Arrived by Run (or Re-run): focus goes to the new page's heading, not back to the page body. Once per arrival:
  // the state is taken off the history entry, so going back and forth does not move focus again.
  const location = useLocation();
  const focusHeading = (location.state as { focusHeading?: boolean } | null)?.focusHeading === true;
  const headingRef = useCallback(
    (el: HTMLHeadingElement | null) => {
      if (!el || !focusHeading) return;
      el.focus();
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    },
    [focusHeading, navigate, location.pathname, location.search],
  );

  if (loading) return <Loading label={t('suites.loading')} />;
  if (error) return <ErrorState error={error} onRetry={retry} />;
  if (!run || !suite) {
    return (
      <>
        <PageHeader title={t('suites.run.title')} />
        <EmptyState
          title={t('suites.run.notFound')}
          actions={
            <Button component={Link} to={paths.suite.href(suiteId, 'runs')}>
              {t('suites.run.backToSuite')}
            </Button>
          }
        />
      </>
    );
  }
  const failed = failedKeys(outcomes);
  // While it runs, the rate of what has finished ("0%" before anything had, "12.5%" when the first passed, read as
  // failures); once it ends, of every case, a case not run counting as not passed. Nothing finished: no rate.
  const finished = summary.total - summary.notRun;
  const passRateText =
    finished === 0
      ? '—'
      : `${formatNumber(Math.round((live ? summary.passed / finished : summary.passRate) * 1000) / 10)}%`;
  const base = `${fileNameOf(run.suite.name)}-${fileStamp(new Date(run.startedAt))}`;

  async function rerunFailed() {
    if (!run || !suite) return;
    const started = await startRun({
      store,
      suiteId,
      file: run.suite,
      suite,
      profile,
      concurrency: run.concurrency,
      only: failed,
      rerunOf: run.id,
      onFinished,
    });
    void refresh();
    navigate(paths.suiteRun.href(suiteId, started.id), { state: { focusHeading: true } });
  }

  const actions = live ? (
    <Button color="red" onClick={() => liveRuns.stop(run.id)} data-testid="stop-run">
      {t('suites.run.stop')}
    </Button>
  ) : (
    <>
      <Button variant="default" disabled={failed.length === 0} onClick={() => void rerunFailed()}>
        {t('suites.run.rerunFailed', { count: failed.length })}
      </Button>
      {suite.hasVariants && suite.variants.length > 1 ? (
        <Button
          variant="default"
          component={Link}
          to={paths.suiteCompare.href(suiteId, {
            a: `${run.id}:${suite.variants[0]!.id}`,
            b: `${run.id}:${suite.variants[1]!.id}`,
          })}
        >
          {t('suites.run.compareVariants')}
        </Button>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button>{t('suites.run.export')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => downloadText(`${base}.json`, runToJson(run))}>JSON</Menu.Item>
          <Menu.Item onClick={() => downloadText(`${base}.csv`, runToCsv(run), 'text/csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => downloadText(`${base}.junit.xml`, runToJunit(run), 'application/xml')}>
            JUnit XML
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );

  return (
    <>
      <Anchor component={Link} to={paths.suite.href(suiteId, 'runs')} size="sm">
        ← {run.suite.name}
      </Anchor>
      <PageHeader
        titleRef={headingRef}
        title={t('suites.run.titleAt', { when: formatDateTime(run.startedAt) })}
        description={t('suites.run.line', {
          space: String(run.suite.space_id),
          profile: run.service.profileName,
          url: run.service.base_url,
          concurrency: run.concurrency,
        })}
        actions={actions}
      />
      <Stack gap="md">
        {saveError ? (
          <Alert color="red" variant="light" role="alert" title={t('suites.run.notSaved')} data-testid="run-not-saved">
            <Text size="sm">{t(storageErrorKey(saveError.kind))}</Text>
            <Text size="sm" c="dimmed">
              {t('suites.run.notSavedHint')}
            </Text>
          </Alert>
        ) : null}
        <Paper withBorder p="sm">
          <Group justify="space-between" align="flex-start" gap="md">
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="lg" style={{ flex: 1 }} data-testid="run-summary">
              <Figure label={t('suites.run.status')} value={<RunStatusBadge status={run.status} />} />
              <Figure
                label={live ? t('suites.run.passRateSoFar') : t('suites.run.passRate')}
                value={passRateText}
                testId="pass-rate"
              />
              <Figure label={t('suites.run.passed')} value={formatNumber(summary.passed)} testId="count-pass" />
              <Figure
                label={t('suites.run.failedErrors')}
                value={`${formatNumber(summary.failed)} / ${formatNumber(summary.errors)}`}
                testId="count-fail"
              />
              <Figure
                label={t('suites.run.medianLatency')}
                value={
                  summary.medianLatencyMs === undefined
                    ? '–'
                    : `${formatNumber(Math.round(summary.medianLatencyMs))} ms`
                }
              />
            </SimpleGrid>
          </Group>
          {live ? (
            <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
              <RunProgress run={run} />
            </div>
          ) : null}
        </Paper>
        {run.status === 'interrupted' ? (
          <Alert color="yellow" variant="light">
            {t('suites.run.interrupted')}
          </Alert>
        ) : null}
        {run.status === 'failed' && run.endReason ? (
          <Alert color="red" variant="light" title={t('suites.run.failed')} data-testid="run-end-reason">
            {run.endReason}
          </Alert>
        ) : null}
        {run.rerunOf ? (
          <Text size="sm" c="dimmed">
            {t('suites.run.rerunOf', { count: run.only?.length ?? 0 })}{' '}
            <Anchor component={Link} to={paths.suiteRun.href(suiteId, run.rerunOf)}>
              {t('suites.run.openOriginal')}
            </Anchor>
          </Text>
        ) : null}
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={[
              { value: 'all', label: t('suites.filter.all') },
              { value: 'failing', label: t('suites.filter.failing') },
              { value: 'pass', label: t('suites.filter.pass') },
              { value: 'not_run', label: t('suites.filter.notRun') },
            ]}
          />
          <TextInput
            aria-label={t('suites.filter.search')}
            placeholder={t('suites.filter.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={260}
          />
          <Text size="sm" c="dimmed">
            {t('suites.filter.count', { shown: rows.length, total: suite.cases.length })}
          </Text>
        </Group>
        <ResultsTable rows={rows} variants={variantIds} showVariants={suite.hasVariants} onOpen={setOpenCase} />
      </Stack>
      <CaseDetail
        run={run}
        suite={suite}
        caseId={openCase}
        outcomes={outcomes.filter((o) => o.caseId === openCase)}
        onClose={() => setOpenCase(null)}
      />
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" component="div" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One row per case: its outcome in each variant, side by side. */
export interface CaseRowData {
  caseId: string;
  question: string;
  byVariant: Map<string, CaseOutcome>;
}

function groupRows(
  outcomes: readonly CaseOutcome[],
  suite: Suite | undefined,
  filter: Filter,
  search: string,
): CaseRowData[] {
  const questions = new Map(suite?.cases.map((c) => [c.id, c.question]));
  const byCase = new Map<string, CaseRowData>();
  for (const o of outcomes) {
    let row = byCase.get(o.caseId);
    if (!row) {
      row = { caseId: o.caseId, question: questions.get(o.caseId) ?? '', byVariant: new Map() };
      byCase.set(o.caseId, row);
    }
    row.byVariant.set(o.variantId, o);
  }
  const needle = search.trim().toLowerCase();
  return [...byCase.values()].filter((row) => {
    const statuses = [...row.byVariant.values()].map((o) => o.status);
    if (filter === 'failing' && !statuses.some((s) => s === 'fail' || s === 'error')) return false;
    if (filter === 'pass' && !statuses.every((s) => s === 'pass')) return false;
    if (filter === 'not_run' && !statuses.some((s) => s === 'not_run')) return false;
    return !needle || row.caseId.toLowerCase().includes(needle) || row.question.toLowerCase().includes(needle);
  });
}
