import { createTabCoordinator, type LeaseStore, type LockClaim, type TabCoordinator } from '../../../lib/tabs';
import type { RunControl, RunControlState } from '../../../suite-engine';

/**
 * Suite runs across the tabs of one console, through the tab coordination deletions use (src/lib/tabs): the tab
 * running a run holds the run's lock while it runs; another tab showing that run, kept as `running`, asks for the
 * same lock. Waiting, it knows the run goes on elsewhere; granted, the run ended or its tab went away (read again:
 * still `running` is interrupted). No guess from how long ago a result came in. Over the channel the running tab
 * says when it saved results (the others read them again at once), obeys a Pause, Resume or Stop asked in another
 * tab (its run control's reducer makes the change: suite-engine/run-control.ts) and tells every change of its
 * control state (paused, questions in flight), also to a tab that starts watching and asks.
 */
export type SuiteRunMessage =
  | { kind: 'suite-run-saved'; runId: string }
  | { kind: 'suite-run-stop'; runId: string }
  | { kind: 'suite-run-pause'; runId: string }
  | { kind: 'suite-run-resume'; runId: string }
  | { kind: 'suite-run-ask'; runId: string }
  | { kind: 'suite-run-state'; runId: string; state: RunControlState };

export const SUITE_RUNS_CHANNEL = 'kc.suite-runs.v1';
export const runLockName = (runId: string) => `kc.suite-run:${runId}`;

/**
 * Where a kept `running` run runs: in another tab (its lock is held there, or the answer is not in yet: shown as
 * running, never as cut short), or nowhere (the lock was granted here: it ended, or its tab went away).
 */
export type RunWhere = 'elsewhere' | 'nowhere';

/** What changed: where the run runs, results saved (read them again), or its control state (told as it is). */
export type RunNews = 'where' | 'saved' | 'control';

export interface RunTabs {
  /**
   * The runner: takes the run's lock (before the run is kept as running), obeys a Pause, Resume or Stop from another
   * tab through `control`, and tells the others each change of its state.
   */
  hold(runId: string, control: RunControl): Promise<() => void>;
  /** The runner saved results: the other tabs read them again. */
  saved(runId: string): void;
  /** Asks the tab running it to stop the run. */
  stop(runId: string): void;
  /** Asks the tab running it to pause the run (nothing more is sent), or to go on. */
  pause(runId: string): void;
  resume(runId: string): void;
  /** The run's control state as its tab last told it (undefined before it did: read as running). */
  controlOf(runId: string): RunControlState | undefined;
  /** Watches where a kept `running` run runs, until the returned function is called (counted per run). */
  watch(runId: string): () => void;
  where(runId: string): RunWhere;
  /** When the run's lock was granted here (`nowhere` since then): a read after it is the run's last word. */
  nowhereSince(runId: string): number | undefined;
  /** After any change of `where`, results saved in another tab, or its control state told (with the run's id). */
  subscribe(listener: (runId: string, what: RunNews) => void): () => void;
  close(): void;
}

/** What another tab asks of the running one, as its run control's events. */
const ASKED = { 'suite-run-stop': 'stop', 'suite-run-pause': 'pause', 'suite-run-resume': 'resume' } as const;

interface Watch {
  where: RunWhere;
  since?: number;
  claim?: LockClaim;
  users: number;
}

export function createRunTabs(coordinator: TabCoordinator<SuiteRunMessage>): RunTabs {
  const watched = new Map<string, Watch>();
  const held = new Map<string, RunControl>();
  const told = new Map<string, RunControlState>();
  const listeners = new Set<(runId: string, what: RunNews) => void>();
  const notify = (runId: string, what: RunNews) => listeners.forEach((l) => l(runId, what));
  const tell = (runId: string, state: RunControlState) =>
    coordinator.publish({ kind: 'suite-run-state', runId, state });
  /**
   * Told on a change the other tabs show: the phase, and while paused the questions still in flight (not each send of
   * a running run: at 100 answers a second that would be 200 messages a second for nothing shown).
   */
  const worthTelling = (before: RunControlState | undefined, now: RunControlState) =>
    !before || before.phase !== now.phase || (now.phase === 'paused' && before.inFlight !== now.inFlight);
  const unsubscribe = coordinator.subscribe((message) => {
    const control = held.get(message.runId);
    switch (message.kind) {
      case 'suite-run-stop':
      case 'suite-run-pause':
      case 'suite-run-resume':
        control?.dispatch({ type: ASKED[message.kind] });
        return;
      case 'suite-run-ask':
        if (control) tell(message.runId, control.state());
        return;
      case 'suite-run-state':
        told.set(message.runId, message.state);
        notify(message.runId, 'control');
        return;
      case 'suite-run-saved':
        notify(message.runId, 'saved');
    }
  });
  return {
    async hold(runId, control) {
      const claim = coordinator.claim(runLockName(runId));
      await claim.acquired;
      held.set(runId, control);
      let last: RunControlState | undefined;
      const stopTelling = control.subscribe((state) => {
        if (worthTelling(last, state)) tell(runId, state);
        last = state;
      });
      return () => {
        stopTelling();
        held.delete(runId);
        claim.release();
      };
    },
    saved: (runId) => coordinator.publish({ kind: 'suite-run-saved', runId }),
    stop: (runId) => coordinator.publish({ kind: 'suite-run-stop', runId }),
    pause: (runId) => coordinator.publish({ kind: 'suite-run-pause', runId }),
    resume: (runId) => coordinator.publish({ kind: 'suite-run-resume', runId }),
    controlOf: (runId) => told.get(runId),
    watch(runId) {
      let entry = watched.get(runId);
      if (!entry) {
        const created: Watch = { where: 'elsewhere', users: 0 };
        entry = created;
        watched.set(runId, created);
        const claim = coordinator.claim(runLockName(runId));
        created.claim = claim;
        void claim.acquired.then(() => {
          claim.release();
          created.where = 'nowhere';
          created.since = Date.now();
          notify(runId, 'where');
        });
      }
      entry.users++;
      // The running tab tells its state (paused?) at once; changes follow as they happen.
      coordinator.publish({ kind: 'suite-run-ask', runId });
      const kept = entry;
      return () => {
        if (--kept.users > 0 || watched.get(runId) !== kept) return;
        kept.claim?.release();
        watched.delete(runId);
        told.delete(runId);
      };
    },
    where: (runId) => watched.get(runId)?.where ?? 'elsewhere',
    nowhereSince: (runId) => watched.get(runId)?.since,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      unsubscribe();
      for (const entry of watched.values()) entry.claim?.release();
      watched.clear();
      coordinator.close();
    },
  };
}

const perLeases = new WeakMap<object, RunTabs>();
let withoutLeases: RunTabs | undefined;

/** The tab's suite-run coordination (one per kept database; its leases where the page has no Web Locks). */
export function runTabsFor(leases: LeaseStore | undefined): RunTabs {
  if (!leases) return (withoutLeases ??= createRunTabs(createTabCoordinator({ channelName: SUITE_RUNS_CHANNEL })));
  let tabs = perLeases.get(leases);
  if (!tabs) {
    tabs = createRunTabs(createTabCoordinator<SuiteRunMessage>({ channelName: SUITE_RUNS_CHANNEL, leases }));
    perLeases.set(leases, tabs);
  }
  return tabs;
}
