import { activeGrader, keptDbErrorOf, type ConnectionProfile, type KeptDbError } from '../../../lib';
import {
  clampConcurrency,
  newRun,
  planAttempts,
  runSize,
  runSuite,
  RunTooLargeError,
  type SuiteRun,
  type Suite,
  type SuiteFile,
} from '../../../suite-engine';
import type { SuitesStore } from './store';

/**
 * Runs in progress in this tab. A run goes on while the admin moves between pages; the page shows it from here
 * while it runs and from IndexedDB once it is over. A run left `running` by a closed tab reads as interrupted.
 */
interface LiveRun {
  run: SuiteRun;
  controller: AbortController;
}

/** Screen updates are batched: results may arrive faster than anyone reads them. */
const NOTIFY_MS = 250;
/** While running, the run is saved this often: each save clones the whole run on the main thread (megabytes for
 * 2,000 cases), so a closed tab loses at most this much of a long run, and a short run is saved once, at its end. */
const SAVE_MS = 30_000;

/** A run of this tab whose last save failed: it is shown from here (live or over) until the tab closes. */
export interface UnsavedRun {
  run: SuiteRun;
  error: KeptDbError;
}

const live = new Map<string, LiveRun>();
const unsaved = new Map<string, { run: SuiteRun; error: KeptDbError }>();
const listeners = new Set<() => void>();
let snapshot = new Map<string, SuiteRun>();
let unsavedSnapshot = new Map<string, UnsavedRun>();

const copyOf = (run: SuiteRun): SuiteRun => ({ ...run, attempts: run.attempts.slice() });

function publish() {
  snapshot = new Map([...live].map(([id, l]) => [id, copyOf(l.run)]));
  unsavedSnapshot = new Map([...unsaved].map(([id, u]) => [id, { run: copyOf(u.run), error: u.error }]));
  listeners.forEach((listener) => listener());
}

/** Saves the run; a refusal is kept (and shown) rather than lost, and a later save that works clears it. */
async function save(store: SuitesStore, run: SuiteRun): Promise<void> {
  try {
    await store.putRun(run);
    if (unsaved.delete(run.id)) publish();
  } catch (error) {
    unsaved.set(run.id, { run, error: keptDbErrorOf(error) });
    publish();
  }
}

export const liveRuns = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => snapshot,
  /** This tab's runs whose last save failed, by id. */
  unsavedSnapshot: () => unsavedSnapshot,
  isLive: (runId: string) => live.has(runId),
  stop(runId: string) {
    live.get(runId)?.controller.abort();
  },
};

export interface StartRunInput {
  store: SuitesStore;
  suiteId: string;
  file: SuiteFile;
  suite: Suite;
  profile: ConnectionProfile;
  concurrency: number;
  /** Case × variant keys: a re-run of failed cases. */
  only?: string[];
  rerunOf?: string;
  /** Called once the run is over and saved, just before it stops being live. */
  onFinished?(run: SuiteRun): void;
}

/**
 * Starts a run and returns it at once (saved as `running`); the engine fills it in as answers come. A run
 * that cannot be saved runs all the same: it is listed as unsaved (with why) and shown from this tab's memory.
 */
export async function startRun(input: StartRunInput): Promise<SuiteRun> {
  const concurrency = clampConcurrency(input.concurrency);
  const only = input.only ? new Set(input.only) : undefined;
  // Checked before anything is planned or saved (the page disables Run and says why; this is the backstop).
  const size = runSize(input.suite, only);
  if (size.overCap) throw new RunTooLargeError(size);
  const run = newRun({
    suiteId: input.suiteId,
    file: input.file,
    profile: input.profile,
    concurrency,
    planned: planAttempts(input.suite, only).length,
    only: input.only,
    rerunOf: input.rerunOf,
  });
  await save(input.store, run);
  const controller = new AbortController();
  live.set(run.id, { run, controller });
  publish();

  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSave = Date.now();
  void runSuite({
    suite: input.suite,
    profile: input.profile,
    concurrency,
    signal: controller.signal,
    only,
    // The grader in Settings when the run starts (its key is never kept with the run).
    grader: activeGrader(),
    onAttempt(attempt) {
      run.attempts.push(attempt);
      notifyTimer ??= setTimeout(() => {
        notifyTimer = undefined;
        publish();
      }, NOTIFY_MS);
      if (Date.now() - lastSave > SAVE_MS) {
        lastSave = Date.now();
        void save(input.store, run);
      }
    },
  })
    .then(
      (out) => (run.status = out.stopped ? 'stopped' : 'done'),
      // The runner threw: a crash is the run's error, not the admin's Stop.
      (error: unknown) => {
        run.status = 'failed';
        run.endReason = error instanceof Error ? error.message : String(error);
      },
    )
    .finally(async () => {
      clearTimeout(notifyTimer);
      run.finishedAt = Date.now();
      await save(input.store, run);
      // The page holds the finished run before it stops being live: it is not read back from IndexedDB.
      input.onFinished?.(run);
      live.delete(run.id);
      publish();
    });
  return run;
}
