import type { TotalFilesContext } from '../deletion/confirm';
import {
  DEFAULT_TIMING,
  isActive,
  isRetryable,
  nextAction,
  reduce,
  resumeLoaded,
  startDeletion,
  type DeletionEvent,
  type DeletionTiming,
  type TrackedDeletion,
} from '../deletion/machine';
import { keptDbErrorOf } from '../../../api';
import { errorInfo, type CheckOutcome } from '../deletion/tracker';
import { failureEvent } from '../deletion/answer';
import { browserNetwork, type NetworkWatch } from '../deletion/network';
import {
  afterConnectivity,
  afterDelete,
  afterResume,
  expire,
  INITIAL_BACKOFF,
  mayRequest,
  type BackoffBounds,
  type BackoffState,
  type DeleteOutcome,
} from './backoff';
import { countPhases, isOpen, type Batch, type BatchRow, type PhaseCounts } from './batch';
import { BULK_BOUNDS } from './bounds';

/** How a batch talks to the service. */
export interface BatchIo {
  /** Sends one DELETE; rejects with { status?, code?, message } on a refusal. */
  send(d: TrackedDeletion): Promise<void>;
  /** One confirmation read (confirmByReads) with the batch's total_files context. */
  check(d: TrackedDeletion, context: () => TotalFilesContext): Promise<CheckOutcome>;
  /** total_files before the first DELETE; undefined when it cannot be read (the fallback is then off). */
  baselineTotalFiles(batch: { profileId: string; knowledgeId: string }): Promise<number | undefined>;
}

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
}

/**
 * Runs one batch: every row through the tracked-deletion machine (the same rules as a single deletion), at
 * most `concurrency` requests in flight (DELETEs and confirmation reads together; a DELETE may wait ~30 s for
 * its lock). Due reads go first, then re-issues, then new rows in order. Pause: nothing new is sent, reads go
 * on. Stop: rows not sent yet are marked so, what is in flight finishes and is tracked to its outcome, and a
 * row that would need a re-issue ends as not deleted.
 */
export function createBatchScheduler(initial: Batch, deps: SchedulerDeps) {
  const now = deps.now ?? Date.now;
  const timing = deps.timing ?? DEFAULT_TIMING;
  const canRun = deps.canRun ?? (() => true);
  const { rows: initialRows, ...initialHeader } = initial;
  let header = initialHeader;
  const rows: BatchRow[] = [...initialRows];
  const busy = new Set<number>();
  const changed = new Set<number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let cursor = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let started = false;
  let lastTouch = now();
  let saving: Promise<boolean> | null = null;
  let queuedSave: Promise<boolean> | null = null;
  let baselineAsked = false;
  let baselineUnreadable = false;
  /** The reservation as last saved: rows from here on are sent only after a save (write-ahead). */
  let savedReservedUntil = initial.reservedUntil ?? 0;
  const network = deps.network === undefined ? browserNetwork() : (deps.network ?? undefined);
  let unwatchNetwork: (() => void) | undefined;
  let backoff: BackoffState = INITIAL_BACKOFF;

  const snapshot = (): Batch => ({ ...header, rows: rows.slice() });

  /**
   * One write at a time; callers during a write share the next one, which includes their changes. Resolves
   * whether it was kept: a refused write (quota, private mode, a blocked upgrade) pauses a running batch for
   * `storage` (see storageFailed) — the write-ahead path then sends nothing. An unsaved batch is not written.
   */
  function persist(): Promise<boolean> {
    if (queuedSave) return queuedSave;
    if (saving) {
      queuedSave = saving.then(() => {
        queuedSave = null;
        return persist();
      });
      return queuedSave;
    }
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const { storageError: _shown, ...kept } = header;
    if (kept.unsaved) {
      savedReservedUntil = Math.max(savedReservedUntil, kept.reservedUntil ?? 0);
      return Promise.resolve(true);
    }
    const write = deps
      .save({ ...kept, rows: rows.slice() })
      .then(
        () => {
          savedReservedUntil = Math.max(savedReservedUntil, kept.reservedUntil ?? 0);
          if (header.storageError) {
            header = { ...header, storageError: undefined };
            deps.onChange?.();
          }
          return true;
        },
        (error: unknown) => {
          storageFailed(error);
          return false;
        },
      )
      .finally(() => {
        if (saving === write) saving = null;
      });
    saving = write;
    return write;
  }

  /** The batch could not be saved: nothing more is sent until the admin chooses (Try again, or Run unsaved). */
  function storageFailed(error: unknown) {
    if (disposed) return;
    const kept = keptDbErrorOf(error);
    touch();
    header = {
      ...header,
      status: header.status === 'running' ? 'paused' : header.status,
      storageError: { kind: kept.kind, message: kept.message },
    };
    deps.onChange?.();
  }

  function saveSoon() {
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      if (!disposed) void persist();
    }, BULK_BOUNDS.saveIntervalMs);
  }

  /** Time runs for the estimate only while the batch is running. */
  function touch() {
    const t = now();
    if (header.status === 'running' && header.endedAt === undefined) header.activeMs += t - lastTouch;
    lastTouch = t;
    header = { ...header, updatedAt: t };
  }

  function update(i: number, row: BatchRow) {
    touch();
    rows[i] = { ...row, updatedAt: header.updatedAt };
    changed.add(i);
    deps.onChange?.();
    saveSoon();
  }

  function dispatch(i: number, event: DeletionEvent) {
    const row = rows[i]!;
    if (!row.deletion) return;
    const next = reduce(row.deletion, event, timing);
    if (next !== row.deletion) update(i, { ...row, deletion: next });
  }

  function totalFilesContext(): TotalFilesContext {
    let confirmed = 0;
    let awaiting = 0;
    for (const row of rows) {
      const d = row.deletion;
      if (!d) continue;
      if (d.state === 'deleted') confirmed++;
      // A row ended "not deleted" is unconfirmed, not proven present: it still counts, or the drop would be
      // credited to the others by whichever row happened to give up first.
      else if (
        d.state !== 'failed' &&
        d.attempts.some((a) => a.outcome === 'accepted' || a.outcome === 'interrupted' || a.outcome === 'no_answer')
      )
        awaiting++;
    }
    return { baseline: header.baselineTotalFiles, confirmed, awaiting };
  }

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
      if (deps.stillRuns && !(await deps.stillRuns())) return;
      for (const i of indices) {
        if (disposed) return;
        // The row's lock window starts now (machine.ts), not when its block was reserved.
        dispatch(i, { type: 'sent', at: now() });
        const d = rows[i]!.deletion!;
        deps.io.send(d).then(
          () => {
            noteDelete({ ok: true });
            settle(i, { type: 'accepted', at: now() });
          },
          (err: unknown) => {
            noteDelete({ ok: false, error: err });
            // A batch sends a row refused for its token (401) again once the admin has fixed the token.
            settle(i, failureEvent(err, now(), true));
          },
        );
      }
    };
    const undo = () => {
      if (disposed) return;
      for (const i of indices) {
        end(i);
        const row = before.get(i);
        if (row) update(i, row);
        if (row && !row.deletion && !row.retryQueued) cursor = Math.min(cursor, i);
      }
      // Rows from the cursor on are reserved again (and saved first) when they are sent.
      const reservedUntil = Math.max(savedReservedUntil, Math.min(cursor, header.reservedUntil ?? 0));
      if (reservedUntil !== header.reservedUntil) header = { ...header, reservedUntil };
      pump();
    };
    if (saveFirst) void persist().then((saved) => (saved ? go() : undo()));
    else void go();
  }

  function check(i: number) {
    begin(i);
    const d = rows[i]!.deletion!;
    deps.io.check(d, totalFilesContext).then(
      (r) => settle(i, { type: 'checked', at: now(), result: r.result, detail: r.detail, via: r.via }),
      (err: unknown) => settle(i, { type: 'checked', at: now(), result: 'error', detail: errorInfo(err).message }),
    );
  }

  /** A request came back. After dispose (the tab is closing) nothing is recorded: the next runner reads again. */
  function settle(i: number, event: DeletionEvent) {
    if (disposed) return;
    end(i);
    dispatch(i, event);
    // A refusal is saved at once: read back as "in flight" after a reload, a refused row would be re-sent once the
    // lock window passed (the document is still there) and refused again. Accepted rows need no such haste: a read
    // settles them. Refusals are few, so this costs little.
    if (event.type === 'request_failed') void persist();
    pump();
  }

  /** A DELETE's outcome, for the backoff; a refused token pauses the batch until the admin resumes. */
  function noteDelete(outcome: DeleteOutcome) {
    if (disposed) return;
    setBackoff(afterDelete(backoff, outcome, now(), deps.random, deps.backoffBounds));
    if (backoff.hold?.reason === 'token_rejected' && header.status === 'running') setStatus('paused');
  }

  /** The hold is part of the batch's header: the panel (here and in the other tabs) shows it. */
  function setBackoff(next: BackoffState) {
    const holdChanged = next.hold !== backoff.hold;
    backoff = next;
    if (!holdChanged) return;
    touch();
    header = { ...header, hold: next.hold };
    deps.onChange?.();
  }

  /**
   * Whether row i is left to a single deletion of its document: shown as that one stands while it is under way;
   * once it ends confirmed, the row ends so too; ended otherwise (or gone), the row goes on with its own DELETE.
   */
  function followSingle(i: number, t: number): boolean {
    const row = rows[i]!;
    const single = deps.singleDeletion?.(row.documentId);
    if (single && isActive(single)) {
      if (row.deletion?.updatedAt !== single.updatedAt) update(i, { ...row, sharedWithSingle: true, deletion: single });
      return true;
    }
    if (!row.sharedWithSingle) return false;
    if (single?.state === 'deleted') update(i, { ...row, sharedWithSingle: false, deletion: single });
    else if (header.status === 'stopped')
      update(i, { ...row, sharedWithSingle: false, deletion: undefined, notSent: true });
    else {
      const { deletion: _shared, ...own } = row;
      update(i, {
        ...own,
        sharedWithSingle: false,
        deletion: startDeletion({ ...header, documentId: row.documentId, documentName: row.name }, t),
      });
      return false;
    }
    return true;
  }

  function pump() {
    if (disposed || !started || !canRun()) return;
    if (header.baselineTotalFiles === undefined && !baselineUnreadable && !rows.some((r) => r.deletion)) {
      // The fallback's baseline is read once, before the first DELETE (unreadable: the fallback stays off).
      if (baselineAsked) return;
      baselineAsked = true;
      deps.io
        .baselineTotalFiles(header)
        .catch(() => undefined)
        .then((total) => {
          if (total !== undefined) header = { ...header, baselineTotalFiles: total };
          else baselineUnreadable = true;
          pump();
        });
      return;
    }
    const t = now();
    setBackoff(expire(backoff, t));
    // The browser may know it is offline before its 'offline' event has reached this page: ask it, too.
    if (network && !network.online() && backoff.hold?.reason !== 'offline')
      setBackoff(afterConnectivity(backoff, false));
    // A hold (offline, 429, 5xx, a refused token: see ./backoff.ts) stops new DELETEs as Pause does.
    const paused = header.status === 'paused' || !mayRequest(backoff, 'send', t);
    const readsGo = mayRequest(backoff, 'read', t);
    const stopped = header.status === 'stopped';
    let free = header.concurrency - inFlight;
    let earliest = backoff.hold?.until ?? Number.POSITIVE_INFINITY;
    const sends: number[] = [];
    /** Each sent row as it was before this step: put back if the write-ahead save fails. */
    const before = new Map<number, BatchRow>();
    // Re-issues, retries and rows beyond the reserved block are saved before their DELETEs leave.
    let saveFirst = false;
    for (let i = 0; i < rows.length; i++) {
      if (busy.has(i)) continue;
      const row = rows[i]!;
      const d = row.deletion;
      if (row.retryQueued && d) {
        const retried = reduce(d, { type: 'retry', at: t }, timing);
        if (stopped || retried === d) update(i, { ...row, retryQueued: false });
        else if (!paused && free > 0) {
          update(i, { ...row, retryQueued: false, deletion: retried });
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
      const action = nextAction(d, timing);
      if (action.type === 'check') {
        if (action.at > t) earliest = Math.min(earliest, action.at);
        else if (free > 0 && readsGo) {
          check(i);
          free--;
        }
      } else if (action.type === 'reissue') {
        if (stopped) dispatch(i, { type: 'give_up', at: t });
        else if (!paused && free > 0) {
          dispatch(i, { type: 'reissue', at: t });
          before.set(i, row);
          sends.push(i);
          saveFirst = true;
          free--;
        }
      } else if (action.type === 'send' && stopped) {
        // Not in flight, so waiting to go again after a 429 or 401: a stopped batch sends it no more.
        dispatch(i, { type: 'give_up', at: t });
      } else if (action.type === 'send' && !paused && free > 0) {
        before.set(i, row);
        sends.push(i);
        free--;
      }
    }
    // New rows, in order, only while running.
    if (paused || stopped) free = 0;
    for (; free > 0 && cursor < rows.length; cursor++) {
      const row = rows[cursor]!;
      if (!row.deletion && !row.leftOut && !row.notSent && followSingle(cursor, t)) continue;
      if (!row.deletion && !row.leftOut && !row.notSent) {
        if (cursor >= (header.reservedUntil ?? 0)) {
          const block = header.concurrency * BULK_BOUNDS.reserveBlockFactor;
          header = { ...header, reservedUntil: Math.min(rows.length, cursor + block), reservedAt: t };
        }
        // Its block's reservation is not known to be saved yet (just made, or its write is still under way).
        if (cursor >= savedReservedUntil) saveFirst = true;
        const deletion = startDeletion(
          {
            profileId: header.profileId,
            knowledgeId: header.knowledgeId,
            documentId: row.documentId,
            documentName: row.name,
          },
          t,
        );
        update(cursor, { ...row, deletion });
        before.set(cursor, row);
        sends.push(cursor);
        free--;
      }
    }
    if (sends.length > 0) sendAll(sends, saveFirst, before);
    settleBatch();
    clearTimeout(timer);
    timer = undefined;
    if (earliest < Number.POSITIVE_INFINITY) timer = setTimeout(pump, Math.max(0, earliest - now()));
  }

  /** No open row and nothing in flight: the batch has ended (done, or stopped and settled). */
  function settleBatch() {
    if (inFlight > 0 || rows.some(isOpen)) return;
    if (header.endedAt !== undefined) return;
    touch();
    header = { ...header, status: header.status === 'stopped' ? 'stopped' : 'done', endedAt: header.updatedAt };
    deps.onChange?.();
    void persist();
  }

  function setStatus(status: Batch['status']) {
    touch();
    header = { ...header, status };
    deps.onChange?.();
    void persist();
  }

  return {
    /** Starts (or, after a reload or in the tab taking over, resumes) the batch. */
    start() {
      if (started) return;
      started = true;
      const t = now();
      lastTouch = t;
      // A hold kept from another page's run is that page's: this one starts from what its own browser says.
      if (header.hold && header.hold.reason !== 'token_rejected') header = { ...header, hold: undefined };
      if (header.hold) backoff = { ...backoff, hold: header.hold };
      if (network) {
        if (!network.online()) setBackoff(afterConnectivity(backoff, false));
        unwatchNetwork = network.subscribe((online) => {
          setBackoff(afterConnectivity(backoff, online));
          pump();
        });
      }
      rows.forEach((row, i) => {
        if (row.deletion) {
          const loaded = resumeLoaded(row.deletion, t);
          if (loaded !== row.deletion) update(i, { ...row, deletion: loaded });
        } else if (i < (header.reservedUntil ?? 0) && !row.leftOut && !row.notSent) {
          // Reserved, so perhaps sent before the page went away: read first, as for a DELETE in flight.
          const sent = startDeletion(
            {
              profileId: header.profileId,
              knowledgeId: header.knowledgeId,
              documentId: row.documentId,
              documentName: row.name,
            },
            header.reservedAt ?? t,
          );
          update(i, { ...row, deletion: resumeLoaded(sent, t) });
        }
      });
      pump();
    },
    /** Nothing new is sent; reads of what was sent go on. */
    pause() {
      if (header.status === 'running') setStatus('paused');
    },
    resume() {
      if (header.status !== 'paused') return;
      setBackoff(afterResume(backoff));
      setStatus('running');
      pump();
    },
    stop() {
      if (header.status === 'stopped' || header.status === 'done') return;
      rows.forEach((row, i) => {
        if (!row.deletion && !row.leftOut && !row.notSent) update(i, { ...row, notSent: true });
      });
      // Stopped, it sends no DELETE anyway; its reads go on (or the rows sent could never settle).
      setBackoff(afterResume(backoff));
      setStatus('stopped');
      pump();
    },
    /**
     * After a save failed: go on without saving ("it will not survive a reload"), as the admin chose. Retrying the
     * save is resume().
     */
    runUnsaved() {
      touch();
      header = {
        ...header,
        unsaved: true,
        storageError: undefined,
        status: header.status === 'paused' ? 'running' : header.status,
      };
      deps.onChange?.();
      pump();
    },
    /**
     * "Retry the not-deleted": every row not confirmed deleted. Not deleted and failed ones start a new round of
     * attempts as slots free up; rows never sent (a stop) are sent; unknown ones are still being settled by reads.
     */
    retryNotDeleted() {
      let any = false;
      rows.forEach((row, i) => {
        if (row.deletion && isRetryable(row.deletion)) {
          update(i, { ...row, retryQueued: true });
          any = true;
        } else if (row.notSent && !row.deletion && !row.leftOut) {
          update(i, { ...row, notSent: false });
          cursor = Math.min(cursor, i);
          any = true;
        }
      });
      if (!any) return;
      setBackoff(afterResume(backoff));
      touch();
      header = { ...header, status: 'running', endedAt: undefined };
      lastTouch = now();
      void persist();
      pump();
    },
    /** Re-checks whether it may run (after a profile switch). */
    kick: pump,
    snapshot,
    /** Indices of the rows changed since the last call. */
    takeChanges(): number[] {
      const list = [...changed];
      changed.clear();
      return list;
    },
    counts: (): PhaseCounts => countPhases(rows),
    get ended() {
      return header.endedAt !== undefined;
    },
    /** The most requests that were in flight at once (tests hold it to the concurrency). */
    get maxInFlight() {
      return maxInFlight;
    },
    /** Writes the current state now (and waits for it). */
    flush: persist,
    /**
     * This tab lets go for good (the page is going away): nothing more is sent, and the state handed over says
     * exactly what was: a row started but never sent waits again, and only rows sent may be in the reservation, so
     * the tab taking over sends the rest at once instead of waiting out their lock windows. Returns that state (the
     * caller tells the other tabs: a write started while the page unloads may never land) and starts its save.
     */
    handOver(): Batch {
      disposed = true;
      clearTimeout(timer);
      clearTimeout(saveTimer);
      const t = now();
      let reservedUntil = 0;
      rows.forEach((row, i) => {
        const d = row.deletion;
        const [only] = d?.attempts ?? [];
        if (d?.state === 'requesting' && d.attempts.length === 1 && only?.sentAt === undefined && !only?.outcome) {
          rows[i] = { documentId: row.documentId, name: row.name, updatedAt: t };
        } else if (d) reservedUntil = i + 1;
      });
      header = { ...header, reservedUntil, updatedAt: t };
      const last = snapshot();
      void deps.save(last).catch(() => undefined);
      return last;
    },
    /** This tab lets go (closing, or handing over): timers stop and late answers are ignored. */
    dispose() {
      disposed = true;
      unwatchNetwork?.();
      clearTimeout(timer);
      clearTimeout(saveTimer);
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
