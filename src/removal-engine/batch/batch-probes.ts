import { probeStep, readConfirmed, startProbeRun, type ProbeDeps, type ProbeRun } from '../probe';
import type { ConfirmingRead } from '../single/machine';
import { probeSettled } from './probe-sample';

/**
 * The sampled rows' probes of a batch (./probe-sample.ts), with the probe core (../probe): the positive control of
 * each, sent before any DELETE leaves; then, row by row, the probe schedule once the read confirmed the delete. The
 * host (the CLI, the console's bulk removal) says when a row is confirmed (`confirmed`) and reads the runs for its
 * report; the runs' changes come back through `onChange` (to keep or show them).
 */
export interface BatchProbeDeps extends ProbeDeps {
  /** The document's text, read before the DELETE (the question is made from it). */
  readText(documentId: string): Promise<string[]>;
  onChange?(i: number, run: ProbeRun): void;
}

export interface BatchProbeTarget {
  profileId: string;
  knowledgeId: string;
  /** The knowledge base's dataset: probes search it (a document restriction may hide a deleted one too soon). */
  datasetId?: string;
  spaceId: string;
}

export function createBatchProbes(target: BatchProbeTarget, deps: BatchProbeDeps) {
  const runs = new Map<number, ProbeRun>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const busy = new Set<number>();
  let stopped = false;
  /** Read through a function: a loop's await may see it turned on meanwhile. */
  const isStopped = () => stopped;

  function set(i: number, run: ProbeRun) {
    runs.set(i, run);
    deps.onChange?.(i, run);
  }

  /** Sends what is due for row i, then waits for its next probe; stops at a verdict. */
  async function follow(i: number) {
    clearTimeout(timers.get(i));
    timers.delete(i);
    if (stopped || busy.has(i)) return;
    let run = runs.get(i);
    if (!run) return;
    busy.add(i);
    try {
      run = await probeStep(run, deps);
      if (!stopped) set(i, run);
    } finally {
      busy.delete(i);
    }
    if (!stopped && run.stage === 'probing' && run.nextProbeAt !== undefined)
      timers.set(
        i,
        setTimeout(() => void follow(i), Math.max(0, run.nextProbeAt - deps.now())),
      );
  }

  return {
    runs: runs as ReadonlyMap<number, ProbeRun>,
    /** Runs kept from before (a resumed run): followed again from where they were; resolves after each one's step. */
    async restore(kept: ReadonlyMap<number, ProbeRun>) {
      for (const [i, run] of kept) runs.set(i, run);
      await Promise.all([...kept.keys()].map(follow));
    },
    /**
     * The positive controls of the sampled rows (`rows`: index and document id), `concurrency` at a time: the text
     * is read, the question made, the control sent. A text that cannot be read leaves the row "not checkable".
     */
    async controls(rows: readonly { i: number; documentId: string }[], concurrency: number) {
      let next = 0;
      const worker = async () => {
        while (next < rows.length && !isStopped()) {
          const { i, documentId } = rows[next++]!;
          if (runs.has(i)) continue;
          const contents = await deps.readText(documentId).catch(() => [] as string[]);
          const run = startProbeRun({ ...target, documentId, contents });
          set(i, run);
          await follow(i);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rows.length)) }, worker));
    },
    /** Row i's delete was confirmed by a read: its probes may start (never before). */
    async confirmed(i: number, via: ConfirmingRead) {
      const run = runs.get(i);
      if (!run || run.read || stopped) return;
      set(i, await readConfirmed(run, via, deps));
      void follow(i);
    },
    /** Whether every run has nothing more to do by itself (`active(i)`: row i's deletion is still under way). */
    settled: (active: (i: number) => boolean) =>
      busy.size === 0 && [...runs].every(([i, run]) => probeSettled(run, active(i))),
    /** Nothing more is sent. */
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type BatchProbes = ReturnType<typeof createBatchProbes>;
