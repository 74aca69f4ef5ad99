import type { QueryClient } from '@tanstack/react-query';
import type { KeptDb } from '../../lib';
import { liveRuns } from './model/live-runs';
import { suitesStore } from './model/store';
import { runStartQuery, suiteKeys } from './queries';

/**
 * A kept run's page, read ahead on the intent to open it (src/app/routes.ts, the suite run path's `warm`): the
 * database opened and the run's start read into the query the page reads first, so the click finds it in the cache.
 * A run in memory (running in this tab, or already read whole) needs nothing; a failed read is left for the page,
 * which asks again and shows it.
 */
export async function warmRunPage(client: QueryClient, keptDb: KeptDb, runId: string): Promise<void> {
  if (liveRuns.snapshot().has(runId) || client.getQueryData(suiteKeys.run(runId)) !== undefined) return;
  await client.prefetchQuery(runStartQuery(suitesStore(keptDb), runId));
}
