import { createProbeRunner, type ProbeDeps, type ProbeRun } from '../probe';
import type { ConfirmingRead } from '../single/machine';
import { probeSettled } from './probe-sample';

/**
 * The sampled rows' probes of a batch (./probe-sample.ts), run by the probe core's runner (../probe/runner.ts, the
 * same as a single deletion's): the positive control of each, sent before any DELETE leaves; then, row by row, the
 * probe schedule once the read confirmed the delete. The host (the CLI, the console's bulk removal) says when a row
 * is confirmed (`confirmed`) and reads the runs for its report; their changes come back through `onChange`.
 */
export interface BatchProbeDeps {
  send: ProbeDeps['send'];
  /** The document's text, read before the DELETE (the question is made from it). */
  readText(documentId: string): Promise<string[]>;
  now: () => number;
  behaviour: ProbeDeps['behaviour'];
  timing: ProbeDeps['timing'];
  /** Runs kept from an earlier start (a resumed run), by row. */
  kept?: ReadonlyMap<number, ProbeRun>;
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
  const keyOf = (i: number) => String(i);
  const runner = createProbeRunner({
    send: deps.send,
    readText: (_profileId, documentId) => deps.readText(documentId),
    behaviour: deps.behaviour,
    timing: deps.timing,
    now: deps.now,
    // The runner's kept runs are the host's (the CLI's state file): read from it at the start, written by onChange.
    storage: {
      read: () => [...(deps.kept ?? [])].map(([i, run]) => ({ key: keyOf(i), run })),
      write: () => undefined,
    },
  });
  let last = runner.getSnapshot();
  let byRow = new Map<number, ProbeRun>();
  const index = () => {
    byRow = new Map([...runner.getSnapshot()].map(([k, run]) => [Number(k), run]));
  };
  index();
  runner.subscribe(() => {
    const snapshot = runner.getSnapshot();
    for (const [k, run] of snapshot) if (last.get(k) !== run) deps.onChange?.(Number(k), run);
    last = snapshot;
    index();
  });
  let stopped = false;
  /** Read through a function: a loop's await may see it turned on meanwhile. */
  const isStopped = () => stopped;

  return {
    get runs(): ReadonlyMap<number, ProbeRun> {
      return byRow;
    },
    /** Kept runs that were probing carry on. */
    resume: () => runner.resume(),
    /**
     * The positive controls of the sampled rows (`rows`: index and document id), `concurrency` at a time: the text
     * read, the question made, the control sent. Resolves once every control answered: the DELETEs go after.
     */
    async controls(rows: readonly { i: number; documentId: string }[], concurrency: number) {
      let next = 0;
      const worker = async () => {
        while (next < rows.length && !isStopped()) {
          const { i, documentId } = rows[next++]!;
          if (!runner.get(keyOf(i))) await runner.prepare(keyOf(i), { ...target, documentId });
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rows.length)) }, worker));
    },
    /** Row i's delete was confirmed by a read: its probes may start (never before). */
    confirmed(i: number, via: ConfirmingRead) {
      if (!stopped) runner.confirmed(keyOf(i), via);
    },
    /**
     * Whether every run has nothing more to do by itself; `pending(i)`: row i's deletion is under way or confirmed
     * (an awaiting run is then about to probe).
     */
    settled: (pending: (i: number) => boolean) => [...byRow].every(([i, run]) => probeSettled(run, pending(i))),
    /** Nothing more is sent. */
    stop() {
      stopped = true;
      runner.stop();
    },
  };
}

export type BatchProbes = ReturnType<typeof createBatchProbes>;
