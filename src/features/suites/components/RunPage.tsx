import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { failedKeys, runSuiteOf } from '../../../suite-engine';
import { type ConnectionProfile } from '../../../lib';
import { EmptyState, ErrorState, Loading, PageHeader, storageErrorKey } from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { useOutcomes, useRefreshSuites, useRun, useRunFinished, useSuitesStore } from '../hooks';
import { groupRows, type CaseFilter } from '../model/case-rows';
import { startRun } from '../model/live-runs';
import { BaselineActions } from './BaselineActions';
import { CaseFilterBar } from './CaseFilterBar';
import { ResultsTable } from './ResultsTable';
import { RunControlButtons } from './RunControlButtons';
import { RunControlNotes } from './RunControlNotes';
import { RunExportMenu } from './RunExportMenu';
import { RunFigures } from './RunFigures';
import { RunGate } from './RunGate';
import { FlakyCases } from './FlakyCases';
import { RegradeButton } from './RegradeButton';
import { paths } from '../../../config/paths';

// A case's details (answers as Markdown, sources, raw JSON: the playground's components) load after the page shows.
const loadCaseDetail = () => import('./CaseDetail');
const CaseDetail = lazy(() => loadCaseDetail().then((m) => ({ default: m.CaseDetail })));

/** One run: progress while it runs, the results table, a case's details, exports, re-run of what failed. */
export function RunPage({ suiteId, runId, profile }: { suiteId: string; runId: string; profile: ConnectionProfile }) {
  const t = useT();
  const { formatDateTime, formatNumber } = useFormat();
  const navigate = useNavigate();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const onFinished = useRunFinished();
  const { run, live, control, loading, error, saveError, start, retry } = useRun(runId);
  // Running here or in another tab: its progress shows, and Pause, Resume and Stop.
  const running = live || !!control;
  // The file is the same object in every snapshot of a live run: parsed once, not at every update.
  const file = run?.suite;
  const suite = useMemo(() => (file ? runSuiteOf({ suite: file }) : undefined), [file]);
  const { outcomes, summary } = useOutcomes(run, suite, start);
  const [filter, setFilter] = useState<CaseFilter>('all');
  const [search, setSearch] = useState('');
  const [openCase, setOpenCase] = useState<string | null>(null);
  // Mounted from the first case opened on (its drawer then opens and closes as usual).
  const [detailShown, setDetailShown] = useState(false);
  const [regradeError, setRegradeError] = useState<unknown>(null);
  const openDetail = useCallback((caseId: string) => {
    setDetailShown(true);
    setOpenCase(caseId);
  }, []);
  useEffect(() => void loadCaseDetail(), []);
  const variantIds = useMemo(() => suite?.variants.map((v) => v.id) ?? [], [suite]);
  const rows = useMemo(() => groupRows(outcomes, suite, filter, search), [outcomes, suite, filter, search]);
  // Arrived by Run (or Re-run): focus goes to the new page's heading, not back to the page body. Once per arrival:
  // the state is taken off the history entry, so going back and forth does not move focus again.
  const location = useLocation();
  const focusHeading = (location.state as { focusHeading?: boolean } | null)?.focusHeading === true;
  const [headingFocused, setHeadingFocused] = useState(false);
  const headingRef = useCallback(
    (el: HTMLHeadingElement | null) => {
      if (!el || !focusHeading) return;
      el.focus();
      setHeadingFocused(true);
    },
    [focusHeading],
  );
  // In an effect: React Router refuses (and warns about) a navigate() from a ref callback, as the page first renders.
  useEffect(() => {
    if (headingFocused && focusHeading)
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [headingFocused, focusHeading, navigate, location.pathname, location.search]);

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
  // Shown from its start (the rest being read): the counts are the kept summary's, and nothing acts on half a run.
  const failedCount = start ? summary.failed + summary.errors : failed.length;
  // While it runs, the rate of what has finished ("0%" before anything had, "12.5%" when the first passed, read as
  // failures); once it ends, of every case, a case not run counting as not passed. Nothing finished: no rate.
  const finished = summary.total - summary.notRun;
  const passRateText =
    finished === 0
      ? '—'
      : `${formatNumber(Math.round((running ? summary.passed / finished : summary.passRate) * 1000) / 10)}%`;

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

  // Running in another tab, the buttons ask that tab (it saves and ends the run; this page reads it as it goes).
  const actions = control ? (
    <RunControlButtons control={control} />
  ) : live ? null : (
    <>
      <Button variant="default" disabled={!!start || failed.length === 0} onClick={() => void rerunFailed()}>
        {t('suites.run.rerunFailed', { count: failedCount })}
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
      <RegradeButton run={run} suiteId={suiteId} disabled={!!start} onError={setRegradeError} />
      <BaselineActions run={run} />
      <RunExportMenu run={run} disabled={!!start} />
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
      <Stack gap="md" aria-busy={start ? true : undefined}>
        {saveError ? (
          <Alert color="red" variant="light" role="alert" title={t('suites.run.notSaved')} data-testid="run-not-saved">
            <Text size="sm">{t(storageErrorKey(saveError.kind))}</Text>
            <Text size="sm" c="dimmed">
              {t('suites.run.notSavedHint')}
            </Text>
          </Alert>
        ) : null}
        {control ? <RunControlNotes control={control} /> : null}
        <RunFigures
          run={run}
          live={running}
          paused={control?.state.phase === 'paused'}
          summary={summary}
          passRateText={passRateText}
        />
        <RunGate run={run} summary={summary} live={running} />
        <FlakyCases outcomes={outcomes} showVariants={suite.hasVariants} onOpen={openDetail} />
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
        {regradeError ? <ErrorState error={regradeError} title={t('suites.run.regradeFailed')} /> : null}
        {run.regradeOf ? (
          <Text size="sm" c="dimmed" data-testid="regrade-of">
            {t('suites.run.regradeOf')}{' '}
            <Anchor component={Link} to={paths.suiteRun.href(suiteId, run.regradeOf)}>
              {t('suites.run.openOriginal')}
            </Anchor>
          </Text>
        ) : null}
        {run.rerunOf ? (
          <Text size="sm" c="dimmed">
            {t('suites.run.rerunOf', { count: run.only?.length ?? 0 })}{' '}
            <Anchor component={Link} to={paths.suiteRun.href(suiteId, run.rerunOf)}>
              {t('suites.run.openOriginal')}
            </Anchor>
          </Text>
        ) : null}
        <CaseFilterBar
          filter={filter}
          onFilter={setFilter}
          search={search}
          onSearch={setSearch}
          shown={rows.length}
          total={suite.cases.length}
        />
        <ResultsTable
          rows={rows}
          variants={variantIds}
          showVariants={suite.hasVariants}
          onOpen={openDetail}
          running={run.status === 'running'}
        />
      </Stack>
      {detailShown ? (
        <Suspense fallback={null}>
          <CaseDetail
            run={run}
            suite={suite}
            caseId={openCase}
            outcomes={outcomes.filter((o) => o.caseId === openCase)}
            onClose={() => setOpenCase(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
