import type { BehaviourStore, ProbeRun, ProbeTiming } from '../probe';
import type { BatchProbeDeps, BatchProbes } from './batch-probes';
import type { BatchState } from './batch-state';

/**
 * How a running batch's sampled rows are probed: the calls (with the batch's profile), what this service has shown
 * of its behaviour, the probe schedule. The host's (the console hands in its connection and its kept settings).
 */
export interface RowProbeDeps {
  /** The probe calls for a profile: one probe, and a document's text read before its DELETE. */
  io(profileId: string): Pick<BatchProbeDeps, 'send' | 'readText'>;
  behaviour: BehaviourStore;
  timing: ProbeTiming;
}

/**
 * The sampled rows' "gone from answers" inside a batch's scheduler, in the one tab that runs the batch: the positive
 * controls are sent before any DELETE of the batch (`ready` stays false until they answered, and the planner sends
 * nothing meanwhile), a row's probes start once its read confirms the delete, and each run's step is written into
 * its row (the batch's record in the kept database, never the document's text) so a reloaded tab, or the tab taking
 * the batch over, goes on from it instead of probing again what was done. The batch ends only once they are settled.
 *
 * The probe core (batch-probes.ts, the CLI's too) is loaded when a batch with a space starts: most batches have none.
 */
export function createRowProbes(state: BatchState, deps: RowProbeDeps, hooks: { pump(): void }) {
  const target = state.header.probeTarget!;
  const sampled = state.rows.flatMap((row, i) => (row?.sampled ? [i] : []));
  let probes: BatchProbes | undefined;
  let ready = false;
  let stopped = false;

  /** Row i's run as it stands, written into the row (its document's text left out). */
  function keep(i: number, run: ProbeRun | undefined) {
    const row = state.rows[i];
    if (stopped || state.disposed || !row) return;
    const { probe: _old, ...rest } = row;
    state.dispatch({
      type: 'row',
      i,
      row: run ? { ...rest, probe: { ...run, reference: '' } } : rest,
      at: state.now(),
    });
  }

  const pending = (i: number) => state.rows[i]?.deletion?.state === 'deleted' && !probes?.runs.get(i)?.read;

  /** Sampled rows a read has confirmed deleted: their probes may start (never before). Idempotent. */
  function confirmDeleted() {
    if (!probes) return;
    for (const i of sampled) {
      const d = state.rows[i]?.deletion;
      const run = probes.runs.get(i);
      if (run && !run.read && d?.state === 'deleted') probes.confirmed(i, d.confirmedBy ?? 'base_info');
    }
  }

  async function start() {
    const { createBatchProbes } = await import('./batch-probes');
    if (stopped) return;
    const kept = new Map<number, ProbeRun>();
    for (const i of sampled) {
      const run = state.rows[i]?.probe;
      if (run) kept.set(i, run);
    }
    const io = deps.io(state.header.profileId);
    probes = createBatchProbes(
      {
        profileId: state.header.profileId,
        knowledgeId: state.header.knowledgeId,
        datasetId: target.datasetId,
        spaceId: target.spaceId,
      },
      {
        send: io.send,
        readText: io.readText,
        now: state.now,
        behaviour: deps.behaviour,
        timing: deps.timing,
        kept,
        onChange: (i, run) => {
          keep(i, run);
          // A verdict may be what the batch's end waited for (looked at once the probes' own index has it).
          if (run.stage !== 'control' && run.stage !== 'probing') queueMicrotask(hooks.pump);
        },
      },
    );
    // A control the page closed on is dropped by the runner (it proves nothing once a DELETE may have followed):
    // its row no longer shows it; one never followed by a DELETE is sent again below.
    for (const i of kept.keys()) if (!probes.runs.has(i)) keep(i, undefined);
    probes.resume();
    confirmDeleted();
    // Rows that may have been sent already (reserved, or under way) get no control: after a DELETE it proves nothing.
    const reservedUntil = state.header.reservedUntil ?? 0;
    const rows = sampled.flatMap((i) => {
      const row = state.rows[i]!;
      return probes!.runs.has(i) || row.deletion || row.leftOut || row.notSent || i < reservedUntil
        ? []
        : [{ i, documentId: row.documentId }];
    });
    await probes.controls(rows, state.header.concurrency);
  }

  void start()
    // The probe core not loaded (offline after a deploy): the batch goes on, its sampled rows read "not probed".
    .catch(() => undefined)
    .then(() => {
      ready = true;
      hooks.pump();
    });

  return {
    /** The controls have answered (or there were none): DELETEs may leave. */
    get ready() {
      return ready || stopped;
    },
    /** After a change of the batch: rows just confirmed deleted start their probes. */
    rowsChanged: confirmDeleted,
    /** Whether every sampled row's probe has nothing more to do by itself (the batch may end). */
    settled: () => stopped || (ready && (!probes || probes.settled(pending))),
    /** This tab lets go of the batch (closing, handing over, another tab took it): nothing more is sent. */
    stop() {
      stopped = true;
      probes?.stop();
    },
  };
}

export type RowProbes = ReturnType<typeof createRowProbes>;
