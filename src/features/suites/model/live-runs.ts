import { activeGrader, keptDbErrorOf, type ConnectionProfile, type KeptDbError } from '../../../lib';
import {
  clampConcurrency,
  createRunControl,
  newRun,
  outcomeTally,
  planAttempts,
  runSize,
  runSuite,
  runSuiteOf,
  RunTooLargeError,
  type RunControl,
  type RunControlState,
  type SuiteRun,
  type Suite,
  type SuiteFile,
} from '../../../suite-engine';
import { planPlacer } from './run-rows';
import { runTabsFor, type RunTabs } from './run-tabs';
import type { SuitesStore } from './store';

/**
 * Runs in progress in this tab. A run goes on while the admin moves between pages; the page shows it from here
 * while it runs and from IndexedDB once it is over. A run left `running` by a closed tab reads as interrupted.
 */
interface LiveRun {
  run: SuiteRun;
  /** Pause, Resume, Stop (asked here or in another tab): its reducer makes every change. */
  control: RunControl;
}

/** Screen updates are batched: results may arrive faster than anyone reads them. */
const NOTIFY_MS = 250;
/**
 * While running, the results that finished since the last save are written this often, each as its own row (never
 * the whole run again): a reload or a closed tab loses at most this much, a second tab reads them, and each write
 * (≈50 results at 100 a second) stays a short task.
 */
const SAVE_MS = 500;
/**
 * Results written per transaction, one transaction after another: IndexedDB clones what it is given on the main
 * thread, and one write of ≈50 results with their raw responses took 48 ms there (bench:suites --profile).
 */
const SAVE_CHUNK = 16;

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
let controlSnapshot = new Map<string, RunControlState>();

const copyOf = (run: SuiteRun): SuiteRun => ({ ...run, attempts: run.attempts.slice() });

function publish() {
  snapshot = new Map([...live].map(([id, l]) => [id, copyOf(l.run)]));
  controlSnapshot = new Map([...live].map(([id, l]) => [id, l.control.state()]));
  unsavedSnapshot = new Map([...unsaved].map(([id, u]) => [id, { run: copyOf(u.run), error: u.error }]));
  listeners.forEach((listener) => listener());
}

/** A refusal is kept (and shown) rather than lost; a later save that works clears it. */
async function saving(run: SuiteRun, write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    if (unsaved.delete(run.id)) publish();
    return true;
  } catch (error) {
    unsaved.set(run.id, { run, error: keptDbErrorOf(error) });
    publish();
    return false;
  }
}

/**
 * A live run's saves, one after another: the header (the run without its results) when it starts and when it ends,
 * then with its summary, and the results as rows as they finish. Results whose write failed are written again with
 * the next save. The summary is built as results are saved (a few at a time), not all at once at the end.
 */
function runSaver(store: SuitesStore, run: SuiteRun, suite: Suite, tabs: RunTabs) {
  const placeOf = planPlacer(run);
  const tally = outcomeTally(suite, run.only);
  let saved = 0;
  let headerSaved = false;
  let chain = Promise.resolve();
  const save = (header: boolean) => {
    chain = chain.then(async () => {
      const from = saved;
      const to = run.attempts.length;
      if (!header && headerSaved && to === from) return;
      const withHeader = header || !headerSaved;
      const attempts = run.attempts.slice(from, to);
      tally.update(run.attempts);
      const summary = run.status === 'running' ? undefined : tally.summary();
      // The header goes with the last part: a run kept as ended has all its results.
      for (let at = 0; at === 0 || at < attempts.length; at += SAVE_CHUNK) {
        const part = attempts.slice(at, at + SAVE_CHUNK);
        const last = at + SAVE_CHUNK >= attempts.length;
        const ok = await saving(run, () =>
          store.saveResults(
            run,
            { places: part.map(placeOf), attempts: part },
            withHeader && last ? { summary } : undefined,
          ),
        );
        if (!ok) return;
        saved = from + at + part.length;
      }
      headerSaved ||= withHeader;
      // The other tabs showing this run read it again now.
      tabs.saved(run.id);
    });
    return chain;
  };
  return {
    /** The results so far (and the header if it was never written). */
    results: () => save(false),
    /** The results and the header as the run is now (its start, its end). */
    all: () => save(true),
  };
}

export const liveRuns = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => snapshot,
  /** This tab's runs whose last save failed, by id. */
  unsavedSnapshot: () => unsavedSnapshot,
  /** The control state of this tab's runs (paused? questions in flight), by id. */
  controlSnapshot: () => controlSnapshot,
  isLive: (runId: string) => live.has(runId),
  stop(runId: string) {
    live.get(runId)?.control.dispatch({ type: 'stop' });
  },
  pause(runId: string) {
    live.get(runId)?.control.dispatch({ type: 'pause' });
  },
  resume(runId: string) {
    live.get(runId)?.control.dispatch({ type: 'resume' });
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
  /** The other tabs (default: the kept database's suite-run coordination). */
  tabs?: RunTabs;
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
  // The run's page parses the suite it ran: this one, already checked, is kept for it.
  runSuiteOf(run, input.suite);
  // The grader model named with the run (never its address or key): a re-grade reuses this model's verdicts.
  const graderModel = activeGrader()?.model;
  if (graderModel) run.grader = { model: graderModel };
  const tabs = input.tabs ?? runTabsFor(input.store.leases);
  const control = createRunControl();
  // The run's lock is this tab's before the run is kept as running: another tab showing it then knows it runs here
  // (and may ask it to pause, go on or stop).
  const letGo = await tabs.hold(run.id, control);
  const saver = runSaver(input.store, run, input.suite, tabs);
  await saver.all();
  live.set(run.id, { run, control });
  const unwatchControl = control.subscribe(publish);
  publish();

  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  // Planning the attempts and the first sends go in a task of their own, after the one that shows the run's page
  // (together, the click on Run was one 79–91 ms task at 12,000 attempts).
  const go = () =>
    runSuite({
      suite: input.suite,
      profile: input.profile,
      concurrency,
      signal: control.signal,
      control,
      only,
      // The grader in Settings when the run starts (its key is never kept with the run).
      grader: activeGrader(),
      onAttempt(attempt) {
        run.attempts.push(attempt);
        notifyTimer ??= setTimeout(() => {
          notifyTimer = undefined;
          publish();
        }, NOTIFY_MS);
        saveTimer ??= setTimeout(() => {
          saveTimer = undefined;
          void saver.results();
        }, SAVE_MS);
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
        clearTimeout(saveTimer);
        run.finishedAt = Date.now();
        await saver.all();
        unwatchControl();
        letGo();
        // The page holds the finished run before it stops being live: it is not read back from IndexedDB.
        input.onFinished?.(run);
        live.delete(run.id);
        publish();
      });
  setTimeout(() => void go(), 0);
  return run;
}
