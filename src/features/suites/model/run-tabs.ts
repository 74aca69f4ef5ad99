import { createTabCoordinator, type LeaseStore, type LockClaim, type TabCoordinator } from '../../../lib/tabs';

/**
 * Suite runs across the tabs of one console, through the tab coordination deletions use (src/lib/tabs): the tab
 * running a run holds the run's lock while it runs; another tab showing that run, kept as `running`, asks for the
 * same lock. Waiting, it knows the run goes on elsewhere; granted, the run ended or its tab went away (read again:
 * still `running` is interrupted). No guess from how long ago a result came in. Over the channel the running tab
 * says when it saved results (the others read them again at once) and obeys a Stop asked in another tab.
 */
export type SuiteRunMessage = { kind: 'suite-run-saved'; runId: string } | { kind: 'suite-run-stop'; runId: string };

export const SUITE_RUNS_CHANNEL = 'kc.suite-runs.v1';
export const runLockName = (runId: string) => `kc.suite-run:${runId}`;

/**
 * Where a kept `running` run runs: in another tab (its lock is held there, or the answer is not in yet: shown as
 * running, never as cut short), or nowhere (the lock was granted here: it ended, or its tab went away).
 */
export type RunWhere = 'elsewhere' | 'nowhere';

export interface RunTabs {
  /** The runner: takes the run's lock (before the run is kept as running) and obeys a Stop from another tab. */
  hold(runId: string, onStop: () => void): Promise<() => void>;
  /** The runner saved results: the other tabs read them again. */
  saved(runId: string): void;
  /** Asks the tab running it to stop the run. */
  stop(runId: string): void;
  /** Watches where a kept `running` run runs, until the returned function is called (counted per run). */
  watch(runId: string): () => void;
  where(runId: string): RunWhere;
  /** When the run's lock was granted here (`nowhere` since then): a read after it is the run's last word. */
  nowhereSince(runId: string): number | undefined;
  /** After any change of `where`, or results saved in another tab (with the run's id). */
  subscribe(listener: (runId: string) => void): () => void;
  close(): void;
}

interface Watch {
  where: RunWhere;
  since?: number;
  claim?: LockClaim;
  users: number;
}

export function createRunTabs(coordinator: TabCoordinator<SuiteRunMessage>): RunTabs {
  const watched = new Map<string, Watch>();
  const stops = new Map<string, () => void>();
  const listeners = new Set<(runId: string) => void>();
  const notify = (runId: string) => listeners.forEach((l) => l(runId));
  const unsubscribe = coordinator.subscribe((message) => {
    if (message.kind === 'suite-run-stop') stops.get(message.runId)?.();
    else if (message.kind === 'suite-run-saved') notify(message.runId);
  });
  return {
    async hold(runId, onStop) {
      const claim = coordinator.claim(runLockName(runId));
      await claim.acquired;
      stops.set(runId, onStop);
      return () => {
        stops.delete(runId);
        claim.release();
      };
    },
    saved: (runId) => coordinator.publish({ kind: 'suite-run-saved', runId }),
    stop: (runId) => coordinator.publish({ kind: 'suite-run-stop', runId }),
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
          notify(runId);
        });
      }
      entry.users++;
      const kept = entry;
      return () => {
        if (--kept.users > 0 || watched.get(runId) !== kept) return;
        kept.claim?.release();
        watched.delete(runId);
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
