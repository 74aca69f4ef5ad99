import type { TotalFilesContext } from '../single/confirm';
import { isActive, type DeletionTiming } from '../single/machine';
import type { Batch, BatchRow } from './batch';
import { reduceBatch, type BatchAction, type BatchData } from './batch-reducer';

/**
 * A running batch as the scheduler's parts share it (write-ahead, requests, planning, hold, commands): they read its
 * state and say what happened (`dispatch`); the one reducer (batch-reducer.ts) decides the change, applied here.
 */
export interface BatchState extends BatchData {
  /** Indices of the rows changed since the owner last took them. */
  readonly changed: Set<number>;
  /**
   * Indices of the rows the planner has work for (a deletion under way, a retry queued, a single deletion followed),
   * kept as rows change: a pump looks at these, not at every row, so a 100,000-row run is not quadratic.
   */
  readonly activeRows: ReadonlySet<number>;
  readonly now: () => number;
  readonly timing: DeletionTiming;
  dispatch(action: BatchAction): void;
  /** Tells the owner (after each change; it throttles what it shows). */
  notify(): void;
  snapshot(): Batch;
  /** What the total_files fallback reads against: the baseline, rows confirmed, rows still awaited. */
  totalFilesContext(): TotalFilesContext;
}

export function createBatchState(
  initial: Batch,
  options: { now: () => number; timing: DeletionTiming; onChange?: () => void; saveSoon: () => void },
): BatchState {
  const { now, timing } = options;
  const { rows: initialRows, ...initialHeader } = initial;
  let data: BatchData & { rows: Batch['rows'] } = {
    header: initialHeader,
    rows: [...initialRows],
    cursor: 0,
    started: false,
    disposed: false,
    lastTouch: now(),
  };
  const changed = new Set<number>();
  const notify = () => options.onChange?.();
  // The planner's rows and the total_files counts, kept as rows change (each row's part taken out, then put back).
  const activeRows = new Set<number>();
  const totals = { confirmed: 0, awaiting: 0 };
  const track = (i: number, row: BatchRow | undefined, sign: 1 | -1) => {
    if (!row) return;
    const d = row.deletion;
    if (sign > 0 && (row.retryQueued || row.sharedWithSingle || (d && isActive(d)))) activeRows.add(i);
    if (sign < 0) activeRows.delete(i);
    if (!d) return;
    if (d.state === 'deleted') totals.confirmed += sign;
    // A row ended "not deleted" is unconfirmed, not proven present: it still counts, or the drop would be
    // credited to the others by whichever row happened to give up first.
    else if (
      d.state !== 'failed' &&
      d.attempts.some((a) => a.outcome === 'accepted' || a.outcome === 'interrupted' || a.outcome === 'no_answer')
    )
      totals.awaiting += sign;
  };
  const trackAll = (rows: readonly BatchRow[]) => {
    activeRows.clear();
    totals.confirmed = 0;
    totals.awaiting = 0;
    rows.forEach((row, i) => track(i, row, 1));
  };
  trackAll(data.rows);
  return {
    get header() {
      return data.header;
    },
    get rows() {
      return data.rows;
    },
    get cursor() {
      return data.cursor;
    },
    get started() {
      return data.started;
    },
    get disposed() {
      return data.disposed;
    },
    get lastTouch() {
      return data.lastTouch;
    },
    changed,
    activeRows,
    now,
    timing,
    dispatch(action) {
      const change = reduceBatch(data, action, timing);
      const { rows, allRows, ...rest } = change;
      // The rows array is the one place rows live: replaced rows are written into it, not copied whole.
      const nextRows = allRows ?? data.rows;
      if (allRows) trackAll(allRows);
      for (const [i, row] of rows ?? []) {
        track(i, nextRows[i], -1);
        nextRows[i] = row;
        track(i, row, 1);
        changed.add(i);
      }
      data = { ...data, ...rest, rows: nextRows };
      if (rows?.length) options.saveSoon();
      // A tab that let go tells no one: the tab taking over reads what was handed over.
      if (!data.disposed && (rows?.length || change.header)) notify();
    },
    notify,
    snapshot: () => ({ ...data.header, rows: data.rows.slice() }),
    totalFilesContext: () => ({ baseline: data.header.baselineTotalFiles, ...totals }),
  };
}
