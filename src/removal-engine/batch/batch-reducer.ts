import { reduce, type DeletionEvent, type DeletionTiming } from '../single/machine';
import type { SendHold } from './backoff';
import type { Batch, BatchRow } from './batch';
import type { BatchHeader } from './batch-messages';

/**
 * A running batch's state: its header and rows, where new rows resume, and the scheduler's own marks. Changed only
 * through reduceBatch (batch-state.ts applies what it returns); the planner, requests, write-ahead, hold and
 * commands each say what happened, as an action.
 */
export interface BatchData {
  readonly header: BatchHeader;
  readonly rows: readonly BatchRow[];
  /** The next row not yet looked at for a first DELETE: new rows go in order from here. */
  readonly cursor: number;
  readonly started: boolean;
  /** This tab let go (closing, or handing over): nothing more is sent or recorded. */
  readonly disposed: boolean;
  /** When the running time was last counted. */
  readonly lastTouch: number;
}

export type BatchAction =
  /** Started here (a reload, a tab taking over): a hold kept from another page's run is that page's, dropped. */
  | { type: 'start'; at: number }
  /** Row i as the planner or a command made it (following a single deletion, queued for retry, not sent...). */
  | { type: 'row'; i: number; row: BatchRow; at: number }
  /** Row i's deletion through the single-deletion machine (sent, answered, read, re-issued, given up). */
  | { type: 'deletion'; i: number; event: DeletionEvent; at: number }
  | { type: 'status'; status: Batch['status']; at: number }
  /** A retry round: running again, not ended. */
  | { type: 'retry-round'; at: number }
  | { type: 'hold'; hold: SendHold | undefined; at: number }
  | { type: 'baseline'; total: number }
  /** Rows up to `until` reserved (saved before their DELETEs leave: write-ahead). */
  | { type: 'reserve'; until: number; at: number }
  /** The reservation taken back to `until` (a write-ahead save failed: those rows were not sent). */
  | { type: 'unreserve'; until: number }
  | { type: 'cursor'; to: number }
  /** Nothing open and nothing in flight: done, or stopped and settled. */
  | { type: 'ended'; at: number }
  | { type: 'saved' }
  | { type: 'storage-failed'; error: NonNullable<BatchHeader['storageError']>; at: number }
  /** Go on without saving, as the admin chose after a failed save. */
  | { type: 'run-unsaved'; at: number }
  /** The page goes away: a row started but never sent waits again; the reservation covers only rows sent. */
  | { type: 'hand-over'; at: number }
  | { type: 'dispose' };

/** What an action changes: only the parts named (rows by index, or all of them at once). */
export interface BatchChange {
  header?: BatchHeader;
  rows?: [number, BatchRow][];
  allRows?: BatchRow[];
  cursor?: number;
  started?: boolean;
  disposed?: boolean;
  lastTouch?: number;
}

/** Running time counts only while the batch runs; every change stamps the header. */
function touch(s: BatchData, at: number): { header: BatchHeader; lastTouch: number } {
  const h = s.header;
  const activeMs = h.status === 'running' && h.endedAt === undefined ? h.activeMs + (at - s.lastTouch) : h.activeMs;
  return { header: { ...h, activeMs, updatedAt: at }, lastTouch: at };
}

/**
 * The batch's one reducer: from the state and what happened, the change. Pure (the rows are not copied: a change
 * names the rows it replaces), so a batch of 100,000 rows costs per action only what the action touches.
 */
export function reduceBatch(s: BatchData, a: BatchAction, timing: DeletionTiming): BatchChange {
  switch (a.type) {
    case 'start': {
      const hold = s.header.hold && s.header.hold.reason !== 'token_rejected' ? undefined : s.header.hold;
      return hold === s.header.hold
        ? { started: true, lastTouch: a.at }
        : { started: true, lastTouch: a.at, header: { ...s.header, hold } };
    }
    case 'row': {
      const t = touch(s, a.at);
      return { ...t, rows: [[a.i, { ...a.row, updatedAt: t.header.updatedAt }]] };
    }
    case 'deletion': {
      const row = s.rows[a.i];
      if (!row?.deletion) return {};
      const next = reduce(row.deletion, a.event, timing);
      if (next === row.deletion) return {};
      return reduceBatch(s, { type: 'row', i: a.i, row: { ...row, deletion: next }, at: a.at }, timing);
    }
    case 'status': {
      const t = touch(s, a.at);
      return { ...t, header: { ...t.header, status: a.status } };
    }
    case 'retry-round': {
      const t = touch(s, a.at);
      return { header: { ...t.header, status: 'running', endedAt: undefined }, lastTouch: a.at };
    }
    case 'hold': {
      const t = touch(s, a.at);
      return { ...t, header: { ...t.header, hold: a.hold } };
    }
    case 'baseline':
      return { header: { ...s.header, baselineTotalFiles: a.total } };
    case 'reserve':
      return { header: { ...s.header, reservedUntil: a.until, reservedAt: a.at } };
    case 'unreserve':
      return a.until === s.header.reservedUntil ? {} : { header: { ...s.header, reservedUntil: a.until } };
    case 'cursor':
      return { cursor: a.to };
    case 'ended': {
      const t = touch(s, a.at);
      const status = t.header.status === 'stopped' ? 'stopped' : 'done';
      return { ...t, header: { ...t.header, status, endedAt: t.header.updatedAt } };
    }
    case 'saved':
      return s.header.storageError ? { header: { ...s.header, storageError: undefined } } : {};
    case 'storage-failed': {
      const t = touch(s, a.at);
      const status = t.header.status === 'running' ? 'paused' : t.header.status;
      return { ...t, header: { ...t.header, status, storageError: a.error } };
    }
    case 'run-unsaved': {
      const t = touch(s, a.at);
      const status = t.header.status === 'paused' ? 'running' : t.header.status;
      return { ...t, header: { ...t.header, unsaved: true, storageError: undefined, status } };
    }
    case 'hand-over': {
      let reservedUntil = 0;
      const rows = s.rows.map((row, i) => {
        const d = row.deletion;
        const [only] = d?.attempts ?? [];
        if (d?.state === 'requesting' && d.attempts.length === 1 && only?.sentAt === undefined && !only?.outcome)
          return {
            documentId: row.documentId,
            name: row.name,
            // Its place in the probe sample, and a probe run (the control, sent before any DELETE), stay.
            ...(row.sampled ? { sampled: true } : {}),
            ...(row.probe ? { probe: row.probe } : {}),
            updatedAt: a.at,
          };
        if (d) reservedUntil = i + 1;
        return row;
      });
      return { disposed: true, allRows: rows, header: { ...s.header, reservedUntil, updatedAt: a.at } };
    }
    case 'dispose':
      return { disposed: true };
  }
}
