import { KEPT_SUITES_QUERY_ROOT } from '../../suite-engine/kept-suites-key';
import type { SuitesStore } from './model/store';

/** React Query keys of the suites area (IndexedDB reads; nothing here calls the service). */
export const suiteKeys = {
  all: KEPT_SUITES_QUERY_ROOT,
  list: (profileId: string) => [...KEPT_SUITES_QUERY_ROOT, 'list', profileId] as const,
  suite: (id: string) => [...KEPT_SUITES_QUERY_ROOT, 'suite', id] as const,
  runs: (suiteId: string) => [...KEPT_SUITES_QUERY_ROOT, 'runs', suiteId] as const,
  run: (id: string) => [...KEPT_SUITES_QUERY_ROOT, 'run', id] as const,
};

/** The cases a run page shows before the rest of a kept run is read: a screen of rows and more. */
const FIRST_CASES = 30;

/**
 * A kept run's start: its header, the summary kept as it ended and its first cases' results (one key range). The run
 * page reads it, and the intent to open that page reads it ahead (warm.ts): one definition, so the page finds it.
 */
export const runStartQuery = (store: SuitesStore, runId: string) => ({
  queryKey: [...suiteKeys.run(runId), 'start'] as const,
  queryFn: async () => (await store.getRunStart(runId, FIRST_CASES)) ?? null,
  retry: false,
  structuralSharing: false,
});
