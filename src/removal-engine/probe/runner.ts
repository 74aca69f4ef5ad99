import type { BehaviourStore } from './behaviour';
import { DEFAULT_PROBE_TIMING, type ProbeTiming } from './bounds';
import { probeStep, readConfirmed, type ProbeDeps } from './driver';
import { reduceProbe, startProbeRun } from './reducer';
import type { ConfirmedRead, ProbeRun } from './state';
import type { LockClaim } from '../../lib/tabs/cross-tab';
import { further, keepRun, readKept, sameRun, type RunStorage } from './kept-runs';
import { probeLockName, type ProbeTabs } from './probe-tabs';

export type { RunStorage } from './kept-runs';

/** What a deletion that reached "not retrieved" proves, for a "forgotten documents" suite to keep asking. */
export interface GoneFromAnswers {
  profileId: string;
  knowledgeId: string;
  datasetId?: string;
  spaceId: string;
  documentId: string;
  question: string;
  verifiedAt: number;
}

export interface ProbeRunnerDeps {
  send: ProbeDeps['send'];
  /** The document's text, read before the DELETE (rejects when it cannot be read). */
  readText(profileId: string, documentId: string): Promise<string[]>;
  behaviour: BehaviourStore;
  timing?: ProbeTiming;
  now?: () => number;
  storage?: RunStorage | null;
  /** Told once per deletion when it reaches "not retrieved". */
  onGoneFromAnswers?: (evidence: GoneFromAnswers) => void;
  /**
   * Other tabs sharing the storage (probe-tabs.ts): a run is probed by the tab holding its lock, the others show its
   * steps and take it over when that tab closes. Left out, this runner probes every run it has.
   */
  tabs?: ProbeTabs | null;
}

/** Stages in which a run has work left (a read to wait for, probes to send): its tab holds the run's lock. */
const needsWork = (run: ProbeRun) => run.stage === 'probing' || run.stage === 'awaiting_read';

/**
 * Runs the probes of single deletions: the positive control before the DELETE (prepare), probes on their schedule
 * once the read confirmed it (confirmed), "Probe again", each step kept. A page reloaded while probing carries on
 * from what was kept, without the document's text: pieces that name no document then make "can't tell".
 *
 * With other tabs (deps.tabs), each run with work left is claimed: the tab holding its lock sends its probes and
 * writes each step (into its own entry of the shared storage) and tells the others, which show it and queue for the
 * lock; the one that gets it next (the holder closed) carries on from the last step kept, so no recorded probe goes
 * twice. "Probe again" in a tab not holding the run claims it and is carried out once, by whoever gets it.
 */
export function createProbeRunner(deps: ProbeRunnerDeps) {
  const now = deps.now ?? Date.now;
  const timing = deps.timing ?? DEFAULT_PROBE_TIMING;
  const probeDeps: ProbeDeps = { send: deps.send, now, behaviour: deps.behaviour, timing };
  const tabs = deps.tabs ?? null;
  const runs = new Map<string, ProbeRun>();
  const reported = new Set<string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();
  /** Runs this tab probes (holds the lock of), or is queued for. */
  const claims = new Map<string, LockClaim>();
  /** Runs whose control this tab is sending (a user's deletion here): kept and told whether held yet or not. */
  const preparing = new Set<string>();
  /** Reads that confirmed a delete while another tab held its run: used if this tab takes the run over. */
  const confirmations = new Map<string, ConfirmedRead['via']>();
  /** "Probe again" asked here while another tab held the run: the run's probe count then, so it is done once. */
  const againAsked = new Map<string, number>();
  let snapshot: ReadonlyMap<string, ProbeRun> = new Map();
  let stopped = false;

  for (const kept of readKept(deps.storage)) {
    // A control the page closed on was never followed by a DELETE (it is sent after the control): nothing to keep.
    if (kept.run.stage === 'control') continue;
    runs.set(kept.key, { ...kept.run, reference: '', referenceTruncated: true });
    if (kept.goneReported) reported.add(kept.key);
  }
  snapshot = new Map(runs);

  const holds = (key: string) => !tabs || claims.get(key)?.held === true;

  function show() {
    snapshot = new Map(runs);
    for (const l of listeners) l();
  }

  /** A step of a run this tab probes (or prepares): reported, written into its own entry, told to the other tabs. */
  function commit(key: string) {
    const run = runs.get(key);
    if (run?.stage === 'not_retrieved' && !reported.has(key)) {
      reported.add(key);
      deps.onGoneFromAnswers?.({
        profileId: run.profileId,
        knowledgeId: run.knowledgeId,
        datasetId: run.datasetId,
        spaceId: run.spaceId,
        documentId: run.documentId,
        question: run.question,
        verifiedAt: run.verdictAt ?? now(),
      });
    }
    const goneReported = reported.has(key) ? { goneReported: true } : {};
    keepRun(deps.storage, key, run ? { key, run, ...goneReported } : null);
    if (run) tabs?.publish({ kind: 'probe-run', key, run: { ...run, reference: '' }, ...goneReported });
    else tabs?.publish({ kind: 'probe-forgotten', key });
    show();
  }

  function claim(key: string) {
    if (!tabs || claims.has(key) || stopped) return;
    // A lock may be granted within claim() (an in-memory one, none at all): the claim is in the map first.
    const claimed = tabs.claim(
      probeLockName(key),
      () => queueMicrotask(() => claims.get(key) === claimed && acquired(key)),
      () => claims.get(key) === claimed && lost(key),
    );
    claims.set(key, claimed);
  }

  function release(key: string) {
    claims.get(key)?.release();
    claims.delete(key);
  }

  /** This tab holds the run now: it carries on from the step last kept (the previous holder wrote each one). */
  function acquired(key: string) {
    if (stopped || preparing.has(key)) return;
    const stored = readKept(deps.storage).find((k) => k.key === key);
    const mine = runs.get(key);
    if (stored && (!mine || !sameRun(mine, stored.run) || !further(mine, stored.run))) {
      const same = mine && sameRun(mine, stored.run);
      runs.set(key, {
        ...stored.run,
        reference: same ? mine.reference : '',
        referenceTruncated: same ? mine.referenceTruncated : true,
      });
      if (stored.goneReported) reported.add(key);
    }
    let run = runs.get(key);
    if (!run) {
      release(key);
      return;
    }
    const asked = againAsked.get(key);
    againAsked.delete(key);
    // Asked when the run had this many probes: a tab that did it meanwhile sent more, and it is not done twice.
    if (asked !== undefined && run.probes.length === asked) {
      const next = reduceProbe(run, { type: 'probe_again', at: now() }, timing);
      if (next !== run) {
        runs.set(key, next);
        commit(key);
        run = next;
      }
    }
    show();
    const via = confirmations.get(key);
    if (run.stage === 'awaiting_read' && !run.read && via) confirmed(key, via);
    else if (needsWork(run)) pump(key);
    else release(key);
  }

  /** Another tab took the run over (this one stopped renewing its lease): show its steps, queue again. */
  function lost(key: string) {
    claims.delete(key);
    clearTimeout(timers.get(key));
    timers.delete(key);
    const run = runs.get(key);
    if (run && needsWork(run)) claim(key);
  }

  /** After a step: the run goes on here, or its lock goes to whoever needs it next. */
  function settle(key: string) {
    const run = runs.get(key);
    if (tabs && (!run || !needsWork(run)) && !preparing.has(key)) release(key);
    else pump(key);
  }

  function pump(key: string) {
    clearTimeout(timers.get(key));
    timers.delete(key);
    const run = runs.get(key);
    if (stopped || !run || busy.has(key) || !holds(key) || run.stage !== 'probing' || run.nextProbeAt === undefined)
      return;
    timers.set(
      key,
      setTimeout(
        () => {
          timers.delete(key);
          const current = runs.get(key);
          if (!current || stopped) return;
          busy.add(key);
          // A lease is renewed on the way; one lost while this tab slept is not probed from here.
          const stillHeld = tabs ? (claims.get(key)?.confirm() ?? Promise.resolve(false)) : Promise.resolve(true);
          void stillHeld
            .then((held) => (held && !stopped && runs.get(key) === current ? probeStep(current, probeDeps) : null))
            .then((next) => {
              busy.delete(key);
              if (!next || stopped || runs.get(key) !== current) return;
              runs.set(key, next);
              commit(key);
              settle(key);
            });
        },
        Math.max(0, run.nextProbeAt - now()),
      ),
    );
  }

  // The steps of the runs other tabs probe: shown here as they are written; one with work left is queued for.
  const unsubscribe = tabs?.subscribe((message) => {
    if (stopped) return;
    const mine = runs.get(message.key);
    if (message.kind === 'probe-forgotten') {
      if (!mine) return;
      clearTimeout(timers.get(message.key));
      timers.delete(message.key);
      runs.delete(message.key);
      release(message.key);
      show();
      return;
    }
    const same = mine !== undefined && sameRun(mine, message.run);
    // This tab probes it: its own steps are the newest (a late word from a tab that had it before is not).
    if (same && holds(message.key)) return;
    runs.set(message.key, {
      ...message.run,
      reference: same ? mine.reference : '',
      referenceTruncated: same ? mine.referenceTruncated : true,
    });
    if (message.goneReported) reported.add(message.key);
    show();
    // A later deletion of the document, sent from another tab while this one held the earlier run: probed here.
    if (holds(message.key)) settle(message.key);
    else if (needsWork(message.run) || againAsked.has(message.key)) claim(message.key);
    else release(message.key);
  });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    get: (key: string) => runs.get(key),
    /**
     * Reads the document's text and sends the positive control; resolves once it answered, so the DELETE goes
     * after it. A text that cannot be read is a failed control: no verdict will be claimed. The run is claimed
     * first: this tab, which holds the document's text, probes it unless another tab already holds it.
     */
    async prepare(
      key: string,
      init: { profileId: string; knowledgeId: string; documentId: string; datasetId?: string; spaceId: string },
    ): Promise<ProbeRun> {
      preparing.add(key);
      claim(key);
      try {
        return await control(key, init);
      } finally {
        preparing.delete(key);
        if (holds(key)) settle(key);
      }
    },
    /** The read confirmed the delete: probing may start (never before). */
    confirmed,
    probeAgain(key: string) {
      const run = runs.get(key);
      if (!run || busy.has(key)) return;
      if (!holds(key)) {
        // Carried out by whichever tab holds the run next (this one, at once, when none does): once.
        againAsked.set(key, run.probes.length);
        claim(key);
        return;
      }
      const next = reduceProbe(run, { type: 'probe_again', at: now() }, timing);
      if (next === run) return;
      runs.set(key, next);
      commit(key);
      pump(key);
    },
    forget(key: string) {
      clearTimeout(timers.get(key));
      timers.delete(key);
      againAsked.delete(key);
      confirmations.delete(key);
      release(key);
      if (runs.delete(key)) commit(key);
    },
    /** Picks up kept runs that were probing (after a reload); with other tabs, queues for those with work left. */
    resume() {
      for (const [key, run] of runs) {
        if (!tabs) pump(key);
        else if (needsWork(run)) claim(key);
      }
    },
    /** This tab stops: its locks go (another tab takes its runs over from what was kept). */
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      unsubscribe?.();
      for (const key of [...claims.keys()]) release(key);
    },
  };

  function confirmed(key: string, via: ConfirmedRead['via']) {
    const run = runs.get(key);
    if (!run || run.read) return;
    if (!holds(key)) {
      // Another tab probes it (or this one will, once it holds it): kept for a takeover.
      confirmations.set(key, via);
      if (needsWork(run)) claim(key);
      return;
    }
    if (busy.has(key)) return;
    confirmations.delete(key);
    busy.add(key);
    void readConfirmed(run, via, probeDeps).then((next) => {
      busy.delete(key);
      if (runs.get(key) !== run) return;
      runs.set(key, next);
      commit(key);
      settle(key);
    });
  }

  async function control(
    key: string,
    init: { profileId: string; knowledgeId: string; documentId: string; datasetId?: string; spaceId: string },
  ): Promise<ProbeRun> {
    let contents: string[];
    try {
      contents = await deps.readText(init.profileId, init.documentId);
    } catch (err) {
      const run = startProbeRun({ ...init, contents: [] });
      const failed: ProbeRun = {
        ...run,
        stage: 'control_failed',
        control: {
          round: 0,
          n: 1,
          at: now(),
          spaceId: init.spaceId,
          outcome: 'failed',
          pieces: 0,
          piecesWithDocumentId: 0,
          error: {
            status: (err as { status?: number })?.status,
            message: (err as { message?: string })?.message ?? String(err),
          },
        },
      };
      runs.set(key, failed);
      commit(key);
      return failed;
    }
    const run = startProbeRun({ ...init, contents });
    runs.set(key, run);
    commit(key);
    const next = await probeStep(run, probeDeps);
    runs.set(key, next);
    commit(key);
    return next;
  }
}

export type ProbeRunner = ReturnType<typeof createProbeRunner>;
