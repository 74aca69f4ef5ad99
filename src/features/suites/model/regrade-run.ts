import {
  checkSuite,
  newRunId,
  planAttempts,
  regradeRun,
  runSuiteOf,
  type Grader,
  type SuiteFile,
  type SuiteRun,
} from '../../../suite-engine';
import type { SuitesStore } from './store';

/**
 * "Re-grade with the current suite": a kept run's answers judged against the suite as it is now (the engine's
 * regradeRun), kept as a new run of this suite. Nothing is sent to the service; the grader in Settings is asked only
 * for a rubric no kept verdict answers. The new run names the one it came from.
 */
export async function regradeKeptRun(input: {
  store: Pick<SuitesStore, 'details' | 'putRun'>;
  saved: SuiteRun;
  suiteId: string;
  file: SuiteFile;
  grader?: Grader;
  now?: number;
}): Promise<{ run: SuiteRun; notRegraded: number }> {
  const checked = checkSuite(input.file);
  if (!checked.ok) throw new Error(checked.errors[0]);
  // The answers: a kept run's are read from where the store keeps them apart.
  const saved = await input.store.details(input.saved);
  const startedAt = input.now ?? Date.now();
  const out = await regradeRun({
    saved,
    suite: checked.suite,
    concurrency: saved.concurrency,
    ...(input.grader ? { grader: input.grader } : {}),
  });
  const run: SuiteRun = {
    id: newRunId(),
    suiteId: input.suiteId,
    profileId: saved.profileId,
    service: saved.service,
    startedAt,
    finishedAt: input.now ?? Date.now(),
    status: 'done',
    concurrency: saved.concurrency,
    suite: input.file,
    planned: planAttempts(checked.suite).length,
    attempts: out.attempts,
    regradeOf: saved.id,
    ...(out.model ? { grader: { model: out.model } } : {}),
    graderCache: out.cache.list(),
  };
  runSuiteOf(run, checked.suite);
  await input.store.putRun(run);
  return { run, notRegraded: out.notRegraded.length };
}
