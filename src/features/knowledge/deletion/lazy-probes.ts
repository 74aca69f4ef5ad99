import { safeStorage, type StorageLike } from '../../../lib';
import { readKept, type RunStorage } from '../../../removal-engine/probe/kept-runs';
import type { ProbeRunner } from '../../../removal-engine/probe/runner';
import type { ProbeRun } from '../../../removal-engine/probe/state';

/** Where single deletions' probes are kept (ids, the question, verdicts and evidence; never the document's text). */
export const PROBES_KEY = 'kc.deletion-probes.v1';

/** The kept runs, read from localStorage without the runner (a read is all a page needs to show them). */
export function keptProbeRuns(storage: StorageLike | null): RunStorage {
  const kept = safeStorage(storage);
  return {
    read: () => kept.readJson(PROBES_KEY, { parse: (v) => v }),
    write: (value) => {
      kept.writeJson(PROBES_KEY, value);
    },
  };
}

const hasWork = (run: ProbeRun) => run.stage === 'probing' || run.stage === 'awaiting_read';

/**
 * The probe runner of single deletions, loaded when first needed: a deletion with a space (its control), "Probe
 * again", a kept run with work left (probing, or waiting for its read) in this tab or, told by a storage event,
 * another's. Until then the kept runs are shown as localStorage holds them, so a knowledge page's first visit does
 * not fetch the runner, the probe driver and the attribution (docs/performance.md, "First visit").
 */
export function lazyProbeRunner(load: () => Promise<ProbeRunner>, storage: StorageLike | null): ProbeRunner {
  const runs = keptProbeRuns(storage);
  let runner: ProbeRunner | undefined;
  let loading: Promise<ProbeRunner> | undefined;
  let stopped = false;
  let resumed = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };

  const readSnapshot = (): ReadonlyMap<string, ProbeRun> =>
    new Map(
      readKept(runs)
        .filter((k) => k.run.stage !== 'control')
        .map((k) => [k.key, { ...k.run, reference: '', referenceTruncated: true }]),
    );
  let kept = readSnapshot();

  function loaded(): Promise<ProbeRunner> {
    loading ??= load().then((r) => {
      runner = r;
      r.subscribe(notify);
      if (stopped) r.stop();
      else if (resumed) r.resume();
      notify();
      return r;
    });
    return loading;
  }

  const withRunner = (act: (r: ProbeRunner) => void) => {
    if (runner) act(runner);
    else void loaded().then((r) => !stopped && act(r));
  };

  /** Another tab wrote the runs: shown here; one with work left loads the runner, which queues to take it over. */
  const onStorage = (event: StorageEvent) => {
    if (runner || stopped || (event.key !== PROBES_KEY && event.key !== null)) return;
    kept = readSnapshot();
    notify();
    if (resumed && [...kept.values()].some(hasWork)) void loaded();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => runner?.getSnapshot() ?? kept,
    get: (key) => (runner ? runner.get(key) : kept.get(key)),
    prepare: (key, init) => loaded().then((r) => r.prepare(key, init)),
    confirmed(key, via) {
      // The runner ignores deletions it has no run for: nothing to load for those.
      if (runner || kept.has(key)) withRunner((r) => r.confirmed(key, via));
    },
    probeAgain: (key) => withRunner((r) => r.probeAgain(key)),
    forget(key) {
      if (runner || kept.has(key)) withRunner((r) => r.forget(key));
    },
    resume() {
      resumed = true;
      if (runner) runner.resume();
      else if ([...kept.values()].some(hasWork)) void loaded();
    },
    stop() {
      stopped = true;
      runner?.stop();
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    },
  };
}
