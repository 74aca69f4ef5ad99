import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { RUN_CONTROL_START, type RunControlState } from '../../suite-engine';
import { liveRuns } from './model/live-runs';
import { runTabsFor, type RunTabs } from './model/run-tabs';
import { useSuitesStore } from './store-hook';
import { suiteKeys } from './queries';

/** This tab's suite-run coordination with the others (model/run-tabs.ts). */
export function useRunTabs(): RunTabs {
  const store = useSuitesStore();
  return runTabsFor(store.leases);
}

/**
 * Where a kept `running` run not live here runs, asked of the run's lock (model/run-tabs.ts), not guessed from how
 * recent its last result is: held in another tab, it runs there; granted here, it ended or its tab went away. The
 * run is read again whenever that tab saves results, and once more when the lock is granted.
 */
export function useRunElsewhere(runId: string, watch: boolean) {
  const tabs = useRunTabs();
  const client = useQueryClient();
  useEffect(() => {
    if (!watch) return;
    const stopWatching = tabs.watch(runId);
    const unsubscribe = tabs.subscribe((id, what) => {
      // A control state told is shown as told: nothing to read again.
      if (id === runId && what !== 'control') void client.invalidateQueries({ queryKey: suiteKeys.run(runId) });
    });
    return () => {
      unsubscribe();
      stopWatching();
    };
  }, [tabs, runId, watch, client]);
  const where = useSyncExternalStore(
    tabs.subscribe,
    () => tabs.where(runId),
    () => tabs.where(runId),
  );
  const told = useSyncExternalStore(
    tabs.subscribe,
    () => tabs.controlOf(runId),
    () => tabs.controlOf(runId),
  );
  return {
    where,
    since: tabs.nowhereSince(runId),
    control: {
      state: told ?? RUN_CONTROL_START,
      elsewhere: true,
      stop: () => tabs.stop(runId),
      pause: () => tabs.pause(runId),
      resume: () => tabs.resume(runId),
    } satisfies RunControlView,
  };
}

/** Pause, Resume and Stop of a running run, here or in the tab that runs it (asked over the tabs' channel). */
export interface RunControlView {
  state: RunControlState;
  /** Run by another tab: the buttons ask that tab. */
  elsewhere: boolean;
  stop(): void;
  pause(): void;
  resume(): void;
}

/** The control state of this tab's runs. */
export function useLiveControl(runId: string): RunControlView | undefined {
  const state = useSyncExternalStore(
    liveRuns.subscribe,
    () => liveRuns.controlSnapshot().get(runId),
    () => liveRuns.controlSnapshot().get(runId),
  );
  if (!state) return undefined;
  return {
    state,
    elsewhere: false,
    stop: () => liveRuns.stop(runId),
    pause: () => liveRuns.pause(runId),
    resume: () => liveRuns.resume(runId),
  };
}
