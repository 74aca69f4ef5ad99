import {
  DEFAULT_TIMING,
  isRetryable,
  resumeLoaded,
  startDeletion,
  type DeletionTiming,
  type TrackedDeletion,
} from '../single/machine';
import { browserNetwork, type NetworkWatch } from '../single/network';
import { afterConnectivity, afterResume, type BackoffBounds } from './backoff';
import { countPhases, type Batch, type BatchRow, type PhaseCounts } from './batch';
import { createBatchPlanner } from './batch-planner';
import { createBatchRequests, type BatchIo } from './batch-requests';
import { createBatchState } from './batch-state';
import { createHold } from './hold';
import type { RowProbeDeps, RowProbes } from './row-probes';
import { createWriteAhead } from './write-ahead';

export type { BatchIo } from './batch-requests';

export interface SchedulerDeps {
  io: BatchIo;
  now?: () => number;
  timing?: DeletionTiming;
  /** Only the active profile's batches run (the token is in memory for that one). */
  canRun?: () => boolean;
  /**
   * Whether this tab still runs the batch, asked right before its DELETEs leave (a lease is renewed on the way).
   * No: nothing is sent, and the owner (told by its lock) disposes this scheduler.
   */
  stillRuns?: () => Promise<boolean>;
  /** Asked in the very task the DELETEs leave in, after stillRuns: whether the lock's margin is still left. */
  maySend?: () => boolean;
  /**
   * A single deletion of this document under way (one tracker per document: its DELETE is not sent twice). A row
   * meeting one shows it, sends nothing, and takes its outcome: confirmed deleted, or, concluded otherwise, a
   * DELETE of its own.
   */
  singleDeletion?: (documentId: string) => TrackedDeletion | undefined;
  /**
   * Writes the batch. Awaited before every DELETE, so a reload never sends again what was already sent unseen;
   * when it rejects, those DELETEs are not sent and the batch pauses with `storageError` set.
   */
  save(batch: Batch): Promise<void>;
  /** After each change; the caller throttles what it shows. */
  onChange?(): void;
  /** The browser's online signal (default: navigator.onLine and its events); null: answers alone decide. */
  network?: NetworkWatch | null;
  /** For the backoff's jitter (tests pin it). */
  random?: () => number;
  /** The backoff's base and cap (tests shrink them). */
  backoffBounds?: BackoffBounds;
  /**
   * How a batch given a space probes its sample for "gone from answers" (./row-probes.ts): controls before its
   * first DELETE, probes once a read confirms, the batch ended only once they are settled. Absent: not probed here
   * (the CLI runs its probes beside the scheduler). Asked for (and ./row-probes.ts loaded) only when a batch with a
   * space starts: most batches have none, and a knowledge page's first visit fetches neither.
   */
  probes?: () => Promise<RowProbeDeps>;
}

/**
 * Runs one batch: every row through the tracked-deletion machine (the same rules as a single deletion), at
 * most `concurrency` requests in flight (DELETEs and confirmation reads together; a DELETE may wait ~30 s for
 * its lock). Due reads go first, then re-issues, then new rows in order. Pause: nothing new is sent, reads go
 * on. Stop: rows not sent yet are marked so, what is in flight finishes and is tracked to its outcome, and a
 * row that would need a re-issue ends as not deleted.
 */
export function createBatchScheduler(initial: Batch, deps: SchedulerDeps) {
  let rowProbes: RowProbes | undefined;
  /** The row probes are being loaded: nothing is sent, and the batch does not end, until they are there. */
  let probesLoading = false;
  let probesStopped = false;
  const state = createBatchState(initial, {
    now: deps.now ?? Date.now,
    timing: deps.timing ?? DEFAULT_TIMING,
    onChange: () => {
      rowProbes?.rowsChanged();
      deps.onChange?.();
    },
    saveSoon: () => writes.saveSoon(),
  });
  const writes = createWriteAhead(state, deps.save);
  const hold = createHold(state, { random: deps.random, limits: deps.backoffBounds, setStatus });
  const requests = createBatchRequests(state, writes, hold, {
    io: deps.io,
    stillRuns: deps.stillRuns,
    maySend: deps.maySend,
    pump: () => planner.pump(),
  });
  const network = deps.network === undefined ? browserNetwork() : (deps.network ?? undefined);
  const planner = createBatchPlanner(state, writes, hold, requests, {
    // Nothing is sent before the sampled rows' controls have answered.
    canRun: () => (deps.canRun?.() ?? true) && !probesLoading && (rowProbes?.ready ?? true),
    probesSettled: () => !probesLoading && (rowProbes?.settled() ?? true),
    singleDeletion: deps.singleDeletion,
    network,
    baselineTotalFiles: (batch) => deps.io.baselineTotalFiles(batch),
  });
  let unwatchNetwork: (() => void) | undefined;

  /**
   * Loads the row probes (and the host's probe calls) of a batch given a space. Not loaded (offline after a deploy):
   * the batch goes on, its sampled rows read "not probed", as when row-probes cannot load its own core.
   */
  function loadRowProbes(load: () => Promise<RowProbeDeps>) {
    probesLoading = true;
    void Promise.all([import('./row-probes'), load()])
      .then(([{ createRowProbes }, probeDeps]) => {
        if (probesStopped || state.disposed) return;
        rowProbes = createRowProbes(state, probeDeps, { pump: () => planner.pump() });
      })
      .catch(() => undefined)
      .then(() => {
        probesLoading = false;
        if (!probesStopped && !state.disposed) planner.pump();
      });
  }

  function stopRowProbes() {
    probesStopped = true;
    rowProbes?.stop();
  }

  function setStatus(status: Batch['status']) {
    state.dispatch({ type: 'status', status, at: state.now() });
    void writes.persist();
  }

  return {
    /** Starts (or, after a reload or in the tab taking over, resumes) the batch. */
    start() {
      if (state.started) return;
      const t = state.now();
      // A hold kept from another page's run is that page's: this one starts from what its own browser says.
      state.dispatch({ type: 'start', at: t });
      if (deps.probes && state.header.probeTarget) loadRowProbes(deps.probes);
      if (state.header.hold) hold.restore(state.header.hold);
      if (network) {
        if (!network.online()) hold.set(afterConnectivity(hold.current, false));
        unwatchNetwork = network.subscribe((online) => {
          hold.set(afterConnectivity(hold.current, online));
          planner.pump();
        });
      }
      state.rows.forEach((row, i) => {
        if (row.deletion) {
          const loaded = resumeLoaded(row.deletion, t);
          if (loaded !== row.deletion)
            state.dispatch({ type: 'row', i: i, row: { ...row, deletion: loaded }, at: state.now() });
        } else if (i < (state.header.reservedUntil ?? 0) && !row.leftOut && !row.notSent) {
          // Reserved, so perhaps sent before the page went away: read first, as for a DELETE in flight.
          const sent = startDeletion(
            {
              profileId: state.header.profileId,
              knowledgeId: state.header.knowledgeId,
              documentId: row.documentId,
              documentName: row.name,
            },
            state.header.reservedAt ?? t,
          );
          state.dispatch({ type: 'row', i: i, row: { ...row, deletion: resumeLoaded(sent, t) }, at: state.now() });
        }
      });
      planner.pump();
    },
    /** Nothing new is sent; reads of what was sent go on. */
    pause() {
      if (state.header.status === 'running') setStatus('paused');
    },
    resume() {
      if (state.header.status !== 'paused') return;
      hold.set(afterResume(hold.current));
      setStatus('running');
      planner.pump();
    },
    stop() {
      if (state.header.status === 'stopped' || state.header.status === 'done') return;
      state.rows.forEach((row, i) => {
        if (!row.deletion && !row.leftOut && !row.notSent)
          state.dispatch({ type: 'row', i: i, row: { ...row, notSent: true }, at: state.now() });
      });
      // Stopped, it sends no DELETE anyway; its reads go on (or the rows sent could never settle).
      hold.set(afterResume(hold.current));
      setStatus('stopped');
      planner.pump();
    },
    /**
     * After a save failed: go on without saving ("it will not survive a reload"), as the admin chose. Retrying the
     * save is resume().
     */
    runUnsaved() {
      state.dispatch({ type: 'run-unsaved', at: state.now() });
      planner.pump();
    },
    /**
     * "Retry the not-deleted": every row not confirmed deleted. Not deleted and failed ones start a new round of
     * attempts as slots free up; rows never sent (a stop) are sent; unknown ones are still being settled by reads.
     */
    retryNotDeleted() {
      let any = false;
      state.rows.forEach((row, i) => {
        if (row.deletion && isRetryable(row.deletion)) {
          state.dispatch({ type: 'row', i: i, row: { ...row, retryQueued: true }, at: state.now() });
          any = true;
        } else if (row.notSent && !row.deletion && !row.leftOut) {
          state.dispatch({ type: 'row', i: i, row: { ...row, notSent: false }, at: state.now() });
          state.dispatch({ type: 'cursor', to: Math.min(state.cursor, i) });
          any = true;
        }
      });
      if (!any) return;
      hold.set(afterResume(hold.current));
      state.dispatch({ type: 'retry-round', at: state.now() });
      void writes.persist();
      planner.pump();
    },
    /** Re-checks whether it may run (after a profile switch). */
    kick: () => planner.pump(),
    snapshot: state.snapshot,
    /** Row i as it stands, without copying every row (snapshot() does). */
    rowAt: (i: number): BatchRow | undefined => state.rows[i],
    /** Indices of the rows changed since the last call. */
    takeChanges(): number[] {
      const list = [...state.changed];
      state.changed.clear();
      return list;
    },
    counts: (): PhaseCounts => countPhases(state.rows),
    get ended() {
      return state.header.endedAt !== undefined;
    },
    /** The most requests that were in flight at once (tests hold it to the concurrency). */
    get maxInFlight() {
      return requests.maxInFlight;
    },
    /** Writes the current state now (and waits for it). */
    flush: () => writes.persist(),
    /**
     * This tab lets go for good (the page is going away): nothing more is sent, and the state handed over says
     * exactly what was: a row started but never sent waits again, and only rows sent may be in the reservation, so
     * the tab taking over sends the rest at once instead of waiting out their lock windows. Returns that state (the
     * caller tells the other tabs: a write started while the page unloads may never land) and starts its save.
     */
    handOver(): Batch {
      stopRowProbes();
      state.dispatch({ type: 'hand-over', at: state.now() });
      planner.cancel();
      writes.cancel();
      const last = state.snapshot();
      void deps.save(last).catch(() => undefined);
      return last;
    },
    /** This tab lets go (closing, or handing over): timers stop and late answers are ignored. */
    dispose() {
      stopRowProbes();
      state.dispatch({ type: 'dispose' });
      unwatchNetwork?.();
      planner.cancel();
      writes.cancel();
    },
  };
}

export type BatchScheduler = ReturnType<typeof createBatchScheduler>;

/** An estimate from the pace so far (time running per settled row); undefined until a row has settled. */
export function timeLeftMs(batch: Pick<Batch, 'activeMs' | 'endedAt'>, counts: PhaseCounts): number | undefined {
  if (batch.endedAt !== undefined) return 0;
  const settled = counts.deleted + counts.not_deleted + counts.failed;
  const open = counts.waiting + counts.requesting + counts.pending + counts.unknown;
  if (open === 0) return 0;
  if (settled === 0 || batch.activeMs <= 0) return undefined;
  return Math.round((open * batch.activeMs) / settled);
}
