import { errorInfo, failureEvent } from '../single/answer';
import type { TotalFilesContext } from '../single/confirm';
import type { CheckOutcome } from '../single/deletion-io';
import type { DeletionEvent, TrackedDeletion } from '../single/machine';
import type { BatchRow } from './batch';
import type { BatchState } from './batch-state';
import type { Hold } from './hold';
import type { WriteAhead } from './write-ahead';

/** How a batch talks to the service. */
export interface BatchIo {
  /** Sends one DELETE; rejects with { status?, code?, message } on a refusal. */
  send(d: TrackedDeletion): Promise<void>;
  /** One confirmation read (confirmByReads) with the batch's total_files context. */
  check(d: TrackedDeletion, context: () => TotalFilesContext): Promise<CheckOutcome>;
  /** total_files before the first DELETE; undefined when it cannot be read (the fallback is then off). */
  baselineTotalFiles(batch: { profileId: string; knowledgeId: string }): Promise<number | undefined>;
}

/**
 * The batch's requests in flight: DELETEs (sent once saved, when the step needs it) and confirmation reads, each
 * answer settled into its row's deletion, the pump called again for the slot it frees.
 */
export function createBatchRequests(
  state: BatchState,
  writes: WriteAhead,
  hold: Hold,
  options: {
    io: BatchIo;
    /** Whether this tab still runs the batch (a lease renewed on the way). */
    stillRuns?: () => Promise<boolean>;
    /** Asked in the task that sends, after stillRuns: whether the lock's margin is still left (lock-claim.ts). */
    maySend?: () => boolean;
    pump(): void;
  },
) {
  const { io } = options;
  const { now } = state;
  const busy = new Set<number>();
  let inFlight = 0;
  let maxInFlight = 0;

  function begin(i: number) {
    busy.add(i);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
  }

  function end(i: number) {
    busy.delete(i);
    inFlight--;
  }

  /**
   * Sends the DELETEs; with `saveFirst`, only once the batch is saved (write-ahead). Not saved: none is sent,
   * each row goes back to how it was before this step (`before`), and the reservation with it.
   */
  function sendAll(indices: number[], saveFirst: boolean, before: ReadonlyMap<number, BatchRow>) {
    for (const i of indices) begin(i);
    const go = async () => {
      // A tab frozen between its renewal and here (longer than its margin) renews again: from the last check to
      // the sends below nothing waits.
      let tries = 0;
      for (;;) {
        if (options.stillRuns && !(await options.stillRuns())) return;
        if (!options.maySend || options.maySend()) break;
        if (++tries === 3) return undo();
      }
      for (const i of indices) {
        if (state.disposed) return;
        // The row's lock window starts now (machine.ts), not when its block was reserved.
        state.dispatch({ type: 'deletion', i: i, event: { type: 'sent', at: now() }, at: now() });
        const d = state.rows[i]!.deletion!;
        io.send(d).then(
          () => {
            hold.noteDelete({ ok: true });
            settle(i, { type: 'accepted', at: now() });
          },
          (err: unknown) => {
            hold.noteDelete({ ok: false, error: err });
            // A batch sends a row refused for its token (401) again once the admin has fixed the token.
            settle(i, failureEvent(err, now(), true));
          },
        );
      }
    };
    const undo = () => {
      if (state.disposed) return;
      for (const i of indices) {
        end(i);
        const row = before.get(i);
        if (row) state.dispatch({ type: 'row', i: i, row: row, at: state.now() });
        if (row && !row.deletion && !row.retryQueued) state.dispatch({ type: 'cursor', to: Math.min(state.cursor, i) });
      }
      // Rows from the cursor on are reserved again (and saved first) when they are sent.
      const reservedUntil = Math.max(
        writes.savedReservedUntil,
        Math.min(state.cursor, state.header.reservedUntil ?? 0),
      );
      state.dispatch({ type: 'unreserve', until: reservedUntil });
      options.pump();
    };
    if (saveFirst) void writes.persist().then((saved) => (saved ? go() : undo()));
    else void go();
  }

  function check(i: number) {
    begin(i);
    const d = state.rows[i]!.deletion!;
    io.check(d, state.totalFilesContext).then(
      (r) => settle(i, { type: 'checked', at: now(), result: r.result, detail: r.detail, via: r.via }),
      (err: unknown) => settle(i, { type: 'checked', at: now(), result: 'error', detail: errorInfo(err).message }),
    );
  }

  /** A request came back. After dispose (the tab is closing) nothing is recorded: the next runner reads again. */
  function settle(i: number, event: DeletionEvent) {
    if (state.disposed) return;
    end(i);
    state.dispatch({ type: 'deletion', i, event, at: now() });
    // A refusal is saved at once: read back as "in flight" after a reload, a refused row would be re-sent once the
    // lock window passed (the document is still there) and refused again. Accepted rows need no such haste: a read
    // settles them. Refusals are few, so this costs little.
    if (event.type === 'request_failed') void writes.persist();
    options.pump();
  }

  return {
    sendAll,
    check,
    /** Whether row i has a request in flight. */
    isBusy: (i: number) => busy.has(i),
    get inFlight() {
      return inFlight;
    },
    /** The most requests that were in flight at once (tests hold it to the concurrency). */
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

export type BatchRequests = ReturnType<typeof createBatchRequests>;
