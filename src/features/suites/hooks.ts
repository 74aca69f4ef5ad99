import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import {
  fetchPublishedText,
  outcomeTally,
  parsePublishedIndex,
  summarize,
  type CaseOutcome,
  type RunSummary,
  type Suite,
  type SuiteRun,
} from '../../suite-engine';
import { type KeptDbError } from '../../lib';
import { useLiveControl, useRunElsewhere, type RunControlView } from './control-hooks';
import { liveRuns, type UnsavedRun } from './model/live-runs';
import { type KeptSuite } from './model/store';
import { useSuitesStore } from './store-hook';
import { runStartQuery, suiteKeys } from './queries';

export { useSuitesStore };

export function useSuiteList(profileId: string) {
  const store = useSuitesStore();
  return useQuery({ queryKey: suiteKeys.list(profileId), queryFn: () => store.list(profileId), retry: false });
}

export function useSuite(id: string) {
  const store = useSuitesStore();
  return useQuery({ queryKey: suiteKeys.suite(id), queryFn: async () => (await store.get(id)) ?? null, retry: false });
}

export function useRuns(suiteId: string) {
  const store = useSuitesStore();
  return useQuery({
    queryKey: suiteKeys.runs(suiteId),
    queryFn: () => store.runsOf(suiteId),
    retry: false,
    structuralSharing: false,
  });
}

/** A kept run's start (read ahead on intent by warm.ts, with the same query). */
function useRunStart(runId: string, enabled: boolean) {
  const store = useSuitesStore();
  return useQuery({ ...runStartQuery(store, runId), enabled });
}

function useStoredRun(runId: string, enabled: boolean) {
  const store = useSuitesStore();
  return useQuery({
    queryKey: suiteKeys.run(runId),
    queryFn: async () => (await store.getRun(runId)) ?? null,
    enabled,
    retry: false,
    // A run of 12,000 results is not compared field by field with the one before (nor copied): it is kept as read.
    structuralSharing: false,
  });
}

/** A finished run: kept as the run's query data (not read back), and the lists that show it read again. */
export function useRunFinished() {
  const client = useQueryClient();
  return (run: SuiteRun) => {
    client.setQueryData(suiteKeys.run(run.id), run);
    void client.invalidateQueries({ queryKey: suiteKeys.runs(run.suiteId) });
  };
}

/** Everything under the suites keys is read again (after a write). */
export function useRefreshSuites() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: suiteKeys.all });
}

/** The runs in progress in this tab, updated as results arrive. */
export function useLiveRuns(): ReadonlyMap<string, SuiteRun> {
  return useSyncExternalStore(liveRuns.subscribe, liveRuns.snapshot, liveRuns.snapshot);
}

/** This tab's runs whose last save failed (shown from memory, with why). */
export function useUnsavedRuns(): ReadonlyMap<string, UnsavedRun> {
  return useSyncExternalStore(liveRuns.subscribe, liveRuns.unsavedSnapshot, liveRuns.unsavedSnapshot);
}

/**
 * A run: live while it runs here, else as kept; a kept `running` run not live here runs in another tab while its
 * results keep coming, else it was cut short (its tab closed or reloaded).
 * A run of this tab that could not be saved is shown from memory, with `saveError` saying why.
 */
/** A kept run shown from its start while the rest is read: its summary as kept, and how many first cases it has. */
export interface RunStart {
  summary: RunSummary;
  cases: number;
}

export function useRun(runId: string): {
  run: SuiteRun | null | undefined;
  live: boolean;
  /** Running, here or in another tab: Pause, Resume and Stop (another tab's are asked of it). */
  control?: RunControlView;
  loading: boolean;
  error: unknown;
  saveError?: KeptDbError;
  /** Only the run's first cases are read yet (the rest follows): its kept summary stands for the whole. */
  start?: RunStart;
  retry(): void;
} {
  const liveRun = useLiveRuns().get(runId);
  const unsaved = useUnsavedRuns().get(runId);
  const client = useQueryClient();
  // A kept run: its start first (shown at once), then all of it. A run that ended in this tab is in memory already.
  const kept = !liveRun && !unsaved;
  const cached = client.getQueryData<SuiteRun | null>(suiteKeys.run(runId)) !== undefined;
  const start = useRunStart(runId, kept && !cached);
  const stored = useStoredRun(runId, cached || start.data !== undefined || !!start.error);
  const keptRunning =
    kept && (stored.data ?? (start.data && start.data !== 'whole' ? start.data.run : undefined))?.status === 'running';
  const elsewhere = useRunElsewhere(runId, keptRunning);
  const liveControl = useLiveControl(runId);
  const retry = () => void (start.error ? start.refetch() : stored.refetch());
  if (liveRun)
    return {
      run: liveRun,
      live: true,
      control: liveControl,
      loading: false,
      error: null,
      saveError: unsaved?.error,
      retry,
    };
  if (unsaved) return { run: unsaved.run, live: false, loading: false, error: null, saveError: unsaved.error, retry };
  const first = start.data;
  if (stored.data === undefined && kept && (start.isPending || (first && first !== 'whole') || start.error)) {
    if (start.error) return { run: undefined, live: false, loading: false, error: start.error, retry };
    if (start.isPending || !first || first === 'whole')
      return { run: first === null ? null : undefined, live: false, loading: first !== null, error: null, retry };
    return {
      run: first.run,
      live: false,
      loading: false,
      error: null,
      start: { summary: first.summary, cases: first.cases },
      retry,
    };
  }
  const run = stored.data;
  // Still `running` as read after the run's lock was granted here: no tab runs it, it was cut short.
  const cutShort =
    run?.status === 'running' &&
    elsewhere.where === 'nowhere' &&
    elsewhere.since !== undefined &&
    stored.dataUpdatedAt >= elsewhere.since;
  return {
    run: cutShort ? { ...run, status: 'interrupted' } : run,
    live: false,
    control: run?.status === 'running' && elsewhere.where === 'elsewhere' ? elsewhere.control : undefined,
    loading: stored.isPending,
    error: stored.error,
    retry,
  };
}

/**
 * A run's outcomes, built as its results arrive: a live run's new results rebuild only their own cases, and the run
 * as it ends (the same attempts) rebuilds nothing.
 */
export function useOutcomes(
  run: SuiteRun | null | undefined,
  suite: Suite | undefined,
  start?: RunStart,
): { outcomes: readonly CaseOutcome[]; summary: RunSummary } {
  const runId = run?.id;
  const only = run?.only;
  const firstCases = start?.cases;
  // A run shown from its start: the outcomes of its first cases; its summary is the one kept.
  const tallied = useMemo(
    () => (suite && firstCases !== undefined ? { ...suite, cases: suite.cases.slice(0, firstCases) } : suite),
    [suite, firstCases],
  );
  const tally = useMemo(() => (tallied && runId ? outcomeTally(tallied, only) : undefined), [tallied, runId, only]);
  const outcomes = useMemo(() => (tally && run ? tally.update(run.attempts) : []), [tally, run]);
  const keptSummary = start?.summary;
  // Summed as results arrive (the outcomes list changes only when a result came in).
  const summary = useMemo(
    () => keptSummary ?? (tally && outcomes.length ? tally.summary() : summarize(outcomes)),
    [keptSummary, tally, outcomes],
  );
  return { outcomes, summary };
}

/**
 * A case's attempts whole: a run read from this browser's store has its turns' request, answer and response kept
 * apart, read here when the case opens (only that case's). A run in memory has them already.
 */
export function useCaseDetails(
  run: SuiteRun,
  outcomes: readonly CaseOutcome[],
): { outcomes: readonly CaseOutcome[]; loading: boolean; error: unknown } {
  const store = useSuitesStore();
  const apart = !!run.detailsApart;
  const attempts = useMemo(() => (apart ? outcomes.flatMap((o) => o.attempts) : []), [apart, outcomes]);
  const query = useQuery({
    queryKey: ['suites', 'details', run.id, outcomes.map((o) => `${o.caseId}/${o.variantId}/${o.done}`)] as const,
    queryFn: () => store.details(run, attempts),
    enabled: apart && attempts.length > 0,
    retry: false,
    structuralSharing: false,
  });
  const whole = query.data;
  const filled = useMemo(() => {
    if (!apart || !whole) return outcomes;
    const full = new Map(run.attempts.map((a, i) => [a, whole.attempts[i]!]));
    return outcomes.map((o) => ({ ...o, attempts: o.attempts.map((a) => full.get(a) ?? a) }));
  }, [apart, whole, run, outcomes]);
  if (!apart || attempts.length === 0) return { outcomes, loading: false, error: null };
  return { outcomes: filled, loading: query.isPending, error: query.error };
}

/** Saves an edited file over the kept suite (the editors call this once the schema accepts it). */
export function useSaveSuite(suite: KeptSuite) {
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  return async (file: KeptSuite['file']) => {
    await store.put({ ...suite, file, updatedAt: Date.now() });
    await refresh();
  };
}

/**
 * The suites published beside the deployment (suites/index.json next to config.json), asked for only when the
 * suites list opens. null: the deployment publishes none (404), which is not a fault.
 */
export function usePublishedIndex() {
  return useQuery({
    // Not under suiteKeys.all: a write to this browser's suites does not ask the server again.
    queryKey: ['publishedSuites'] as const,
    queryFn: async () => {
      const text = await fetchPublishedText(import.meta.env.BASE_URL, 'index.json');
      if (text === null) return null;
      const parsed = parsePublishedIndex(text);
      if (!parsed.ok) throw new Error(`suites/index.json: ${parsed.error}`);
      return parsed.index;
    },
    retry: false,
    staleTime: 60_000,
  });
}
