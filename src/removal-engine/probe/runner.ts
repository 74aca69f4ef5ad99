import type { BehaviourStore } from './behaviour';
import { DEFAULT_PROBE_TIMING, type ProbeTiming } from './bounds';
import { probeStep, readConfirmed, type ProbeDeps } from './driver';
import { reduceProbe, startProbeRun } from './reducer';
import type { ConfirmedRead, ProbeRun } from './state';

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

/** Key-value storage for the runs (the console's localStorage); a failing one keeps them for the page's life. */
export interface RunStorage {
  read(): unknown;
  write(runs: unknown): void;
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
}

/** A kept run: the reference text (the deleted document's words) is never written to storage, only held in memory. */
interface KeptRun {
  key: string;
  run: ProbeRun;
  goneReported?: boolean;
}

const MAX_KEPT = 100;

/**
 * Runs the probes of single deletions: the positive control before the DELETE (prepare), probes on their schedule
 * once the read confirmed it (confirmed), "Probe again", each step kept. A page reloaded while probing carries on
 * from what was kept, without the document's text: pieces that name no document then make "can't tell".
 */
export function createProbeRunner(deps: ProbeRunnerDeps) {
  const now = deps.now ?? Date.now;
  const timing = deps.timing ?? DEFAULT_PROBE_TIMING;
  const probeDeps: ProbeDeps = { send: deps.send, now, behaviour: deps.behaviour, timing };
  const runs = new Map<string, ProbeRun>();
  const reported = new Set<string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: ReadonlyMap<string, ProbeRun> = new Map();
  let stopped = false;

  for (const kept of readKept(deps.storage)) {
    // A control the page closed on was never followed by a DELETE (it is sent after the control): nothing to keep.
    if (kept.run.stage === 'control') continue;
    runs.set(kept.key, { ...kept.run, reference: '', referenceTruncated: true });
    if (kept.goneReported) reported.add(kept.key);
  }
  snapshot = new Map(runs);

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
    snapshot = new Map(runs);
    const kept: KeptRun[] = [...runs].slice(-MAX_KEPT).map(([k, r]) => ({
      key: k,
      run: { ...r, reference: '' },
      ...(reported.has(k) ? { goneReported: true } : {}),
    }));
    try {
      deps.storage?.write(kept);
    } catch {
      // Refused (quota): the probes go on for this page's life.
    }
    for (const l of listeners) l();
  }

  function pump(key: string) {
    clearTimeout(timers.get(key));
    timers.delete(key);
    const run = runs.get(key);
    if (stopped || !run || busy.has(key) || run.stage !== 'probing' || run.nextProbeAt === undefined) return;
    timers.set(
      key,
      setTimeout(
        () => {
          timers.delete(key);
          const current = runs.get(key);
          if (!current || stopped) return;
          busy.add(key);
          void probeStep(current, probeDeps).then((next) => {
            busy.delete(key);
            if (stopped || runs.get(key) !== current) return;
            runs.set(key, next);
            commit(key);
            pump(key);
          });
        },
        Math.max(0, run.nextProbeAt - now()),
      ),
    );
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    get: (key: string) => runs.get(key),
    /**
     * Reads the document's text and sends the positive control; resolves once it answered, so the DELETE goes
     * after it. A text that cannot be read is a failed control: no verdict will be claimed.
     */
    async prepare(
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
    },
    /** The read confirmed the delete: probing may start (never before). */
    confirmed(key: string, via: ConfirmedRead['via']) {
      const run = runs.get(key);
      if (!run || run.read || busy.has(key)) return;
      busy.add(key);
      void readConfirmed(run, via, probeDeps).then((next) => {
        busy.delete(key);
        if (runs.get(key) !== run) return;
        runs.set(key, next);
        commit(key);
        pump(key);
      });
    },
    probeAgain(key: string) {
      const run = runs.get(key);
      if (!run || busy.has(key)) return;
      const next = reduceProbe(run, { type: 'probe_again', at: now() }, timing);
      if (next === run) return;
      runs.set(key, next);
      commit(key);
      pump(key);
    },
    forget(key: string) {
      clearTimeout(timers.get(key));
      timers.delete(key);
      if (runs.delete(key)) commit(key);
    },
    /** Picks up kept runs that were probing (after a reload). */
    resume() {
      for (const key of runs.keys()) pump(key);
    },
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type ProbeRunner = ReturnType<typeof createProbeRunner>;

function readKept(storage: RunStorage | null | undefined): KeptRun[] {
  let raw: unknown;
  try {
    raw = storage?.read();
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (k): k is KeptRun =>
      !!k &&
      typeof k === 'object' &&
      typeof (k as KeptRun).key === 'string' &&
      !!(k as KeptRun).run &&
      typeof (k as KeptRun).run.documentId === 'string' &&
      Array.isArray((k as KeptRun).run.probes),
  );
}
