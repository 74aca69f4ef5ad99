import { isActive, nextAction, reduce, startDeletion, type TrackedDeletion } from '../single/machine';
import type { NetworkWatch } from '../single/network';
import { afterConnectivity, expire, mayRequest } from './backoff';
import { isOpen, type BatchRow } from './batch';
import type { BatchRequests } from './batch-requests';
import type { BatchState } from './batch-state';
import type { Hold } from './hold';
import { BULK_BOUNDS } from './bounds';
import type { WriteAhead } from './write-ahead';

/**
 * The batch's planning: each pump looks at every row and starts what may go now, within the free slots — due
 * reads first, then re-issues and retries, then new rows in order (their block reserved, and saved first) — then
 * ends the batch when nothing is open, and wakes itself for the next due read or the end of a hold.
 */
export function createBatchPlanner(
  state: BatchState,
  writes: WriteAhead,
  hold: Hold,
  requests: BatchRequests,
  options: {
    canRun(): boolean;
    /** Whether the sampled rows' probes are settled (./row-probes.ts): the batch ends only then. */
    probesSettled?(): boolean;
    singleDeletion?: (documentId: string) => TrackedDeletion | undefined;
    network?: NetworkWatch;
    baselineTotalFiles(batch: { profileId: string; knowledgeId: string }): Promise<number | undefined>;
  },
) {
  const { network } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let baselineAsked = false;
  let baselineUnreadable = false;

  /**
   * Whether row i is left to a single deletion of its document: shown as that one stands while it is under way;
   * once it ends confirmed, the row ends so too; ended otherwise (or gone), the row goes on with its own DELETE.
   */
  function followSingle(i: number, t: number): boolean {
    const row = state.rows[i]!;
    const single = options.singleDeletion?.(row.documentId);
    if (single && isActive(single)) {
      if (row.deletion?.updatedAt !== single.updatedAt)
        state.dispatch({
          type: 'row',
          i: i,
          row: { ...row, sharedWithSingle: true, deletion: single },
          at: state.now(),
        });
      return true;
    }
    if (!row.sharedWithSingle) return false;
    if (single?.state === 'deleted')
      state.dispatch({
        type: 'row',
        i: i,
        row: { ...row, sharedWithSingle: false, deletion: single },
        at: state.now(),
      });
    else if (state.header.status === 'stopped')
      state.dispatch({
        type: 'row',
        i: i,
        row: { ...row, sharedWithSingle: false, deletion: undefined, notSent: true },
        at: state.now(),
      });
    else {
      const { deletion: _shared, ...own } = row;
      state.dispatch({
        type: 'row',
        i: i,
        row: {
          ...own,
          sharedWithSingle: false,
          deletion: startDeletion({ ...state.header, documentId: row.documentId, documentName: row.name }, t),
        },
        at: state.now(),
      });
      return false;
    }
    return true;
  }

  function pump() {
    if (state.disposed || !state.started || !options.canRun()) return;
    if (state.header.baselineTotalFiles === undefined && !baselineUnreadable && !state.rows.some((r) => r.deletion)) {
      // The fallback's baseline is read once, before the first DELETE (unreadable: the fallback stays off).
      if (baselineAsked) return;
      baselineAsked = true;
      options
        .baselineTotalFiles(state.header)
        .catch(() => undefined)
        .then((total) => {
          if (total !== undefined) state.dispatch({ type: 'baseline', total });
          else baselineUnreadable = true;
          pump();
        });
      return;
    }
    const t = state.now();
    hold.set(expire(hold.current, t));
    // The browser may know it is offline before its 'offline' event has reached this page: ask it, too.
    if (network && !network.online() && hold.current.hold?.reason !== 'offline')
      hold.set(afterConnectivity(hold.current, false));
    // A hold (offline, 429, 5xx, a refused token: see ./backoff.ts) stops new DELETEs as Pause does.
    const paused = state.header.status === 'paused' || !mayRequest(hold.current, 'send', t);
    const readsGo = mayRequest(hold.current, 'read', t);
    const stopped = state.header.status === 'stopped';
    let free = state.header.concurrency - requests.inFlight;
    let earliest = hold.current.hold?.until ?? Number.POSITIVE_INFINITY;
    const sends: number[] = [];
    /** Each sent row as it was before this step: put back if the write-ahead save fails. */
    const before = new Map<number, BatchRow>();
    // Re-issues, retries and rows beyond the reserved block are saved before their DELETEs leave.
    let saveFirst = false;
    // Only the rows with work (kept by batch-state as rows change), in row order: not every row at every pump.
    for (const i of [...state.activeRows].sort((a, b) => a - b)) {
      if (requests.isBusy(i)) continue;
      const row = state.rows[i]!;
      const d = row.deletion;
      if (row.retryQueued && d) {
        const retried = reduce(d, { type: 'retry', at: t }, state.timing);
        if (stopped || retried === d)
          state.dispatch({ type: 'row', i: i, row: { ...row, retryQueued: false }, at: state.now() });
        else if (!paused && free > 0) {
          state.dispatch({
            type: 'row',
            i: i,
            row: { ...row, retryQueued: false, deletion: retried },
            at: state.now(),
          });
          before.set(i, row);
          sends.push(i);
          saveFirst = true;
          free--;
        }
        continue;
      }
      if (row.sharedWithSingle) {
        if (!followSingle(i, t) && !paused && !stopped && free > 0) {
          sends.push(i);
          saveFirst = true;
          free--;
        }
        continue;
      }
      if (!d || !isActive(d)) continue;
      const action = nextAction(d, state.timing);
      if (action.type === 'check') {
        if (action.at > t) earliest = Math.min(earliest, action.at);
        else if (free > 0 && readsGo) {
          requests.check(i);
          free--;
        }
      } else if (action.type === 'reissue') {
        if (stopped) state.dispatch({ type: 'deletion', i: i, event: { type: 'give_up', at: t }, at: t });
        else if (!paused && free > 0) {
          state.dispatch({ type: 'deletion', i: i, event: { type: 'reissue', at: t }, at: t });
          before.set(i, row);
          sends.push(i);
          saveFirst = true;
          free--;
        }
      } else if (action.type === 'send' && stopped) {
        // Not in flight, so waiting to go again after a 429 or 401: a stopped batch sends it no more.
        state.dispatch({ type: 'deletion', i: i, event: { type: 'give_up', at: t }, at: t });
      } else if (action.type === 'send' && !paused && free > 0) {
        before.set(i, row);
        sends.push(i);
        free--;
      }
    }
    // New rows, in order, only while running.
    if (paused || stopped) free = 0;
    let cursor = state.cursor;
    for (; free > 0 && cursor < state.rows.length; cursor++) {
      const row = state.rows[cursor]!;
      if (!row.deletion && !row.leftOut && !row.notSent && followSingle(cursor, t)) continue;
      if (!row.deletion && !row.leftOut && !row.notSent) {
        if (cursor >= (state.header.reservedUntil ?? 0)) {
          const block = state.header.concurrency * BULK_BOUNDS.reserveBlockFactor;
          state.dispatch({ type: 'reserve', until: Math.min(state.rows.length, cursor + block), at: t });
        }
        // Its block's reservation is not known to be saved yet (just made, or its write is still under way).
        if (cursor >= writes.savedReservedUntil) saveFirst = true;
        const deletion = startDeletion(
          {
            profileId: state.header.profileId,
            knowledgeId: state.header.knowledgeId,
            documentId: row.documentId,
            documentName: row.name,
          },
          t,
        );
        state.dispatch({ type: 'row', i: cursor, row: { ...row, deletion }, at: state.now() });
        before.set(cursor, row);
        sends.push(cursor);
        free--;
      }
    }
    if (cursor !== state.cursor) state.dispatch({ type: 'cursor', to: cursor });
    if (sends.length > 0) requests.sendAll(sends, saveFirst, before);
    settleBatch();
    clearTimeout(timer);
    timer = undefined;
    if (earliest < Number.POSITIVE_INFINITY) timer = setTimeout(pump, Math.max(0, earliest - state.now()));
  }

  /** No open row and nothing in flight: the batch has ended (done, or stopped and settled). */
  function settleBatch() {
    // Rows with work are known without a look at every row; the full look is left for when there are none.
    if (requests.inFlight > 0 || state.activeRows.size > 0 || state.rows.some(isOpen)) return;
    if (state.header.endedAt !== undefined) return;
    // Probes still to come (a verdict pending) keep the batch open: it pumps again when they settle.
    if (options.probesSettled?.() === false) return;
    state.dispatch({ type: 'ended', at: state.now() });
    void writes.persist();
  }

  return {
    pump,
    /** The next wake-up is dropped (the tab lets go). */
    cancel() {
      clearTimeout(timer);
    },
  };
}
