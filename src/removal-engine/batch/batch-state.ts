import type { TotalFilesContext } from '../single/confirm';
import { reduce, type DeletionEvent, type DeletionTiming } from '../single/machine';
import type { Batch, BatchRow } from './batch';
import type { BatchHeader } from './batch-messages';

/**
 * A running batch as the scheduler's parts share it (write-ahead, requests, planning, commands): its header and
 * rows, where new rows resume, and the few changes every part makes the same way.
 */
export interface BatchState {
  header: BatchHeader;
  readonly rows: BatchRow[];
  /** Indices of the rows changed since the owner last took them. */
  readonly changed: Set<number>;
  /** The next row not yet looked at for a first DELETE: new rows go in order from here. */
  cursor: number;
  started: boolean;
  /** This tab let go (closing, or handing over): nothing more is sent or recorded. */
  disposed: boolean;
  /** When the running time was last counted (touch). */
  lastTouch: number;
  readonly now: () => number;
  readonly timing: DeletionTiming;
  /** Time runs for the estimate only while the batch is running. */
  touch(): void;
  update(i: number, row: BatchRow): void;
  /** Row i's deletion through the machine; a change is an update. */
  dispatch(i: number, event: DeletionEvent): void;
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
  const state: BatchState = {
    header: initialHeader,
    rows: [...initialRows],
    changed: new Set<number>(),
    cursor: 0,
    started: false,
    disposed: false,
    lastTouch: now(),
    now,
    timing,
    touch() {
      const t = now();
      if (state.header.status === 'running' && state.header.endedAt === undefined)
        state.header.activeMs += t - state.lastTouch;
      state.lastTouch = t;
      state.header = { ...state.header, updatedAt: t };
    },
    update(i, row) {
      state.touch();
      state.rows[i] = { ...row, updatedAt: state.header.updatedAt };
      state.changed.add(i);
      state.notify();
      options.saveSoon();
    },
    dispatch(i, event) {
      const row = state.rows[i]!;
      if (!row.deletion) return;
      const next = reduce(row.deletion, event, timing);
      if (next !== row.deletion) state.update(i, { ...row, deletion: next });
    },
    notify: () => options.onChange?.(),
    snapshot: () => ({ ...state.header, rows: state.rows.slice() }),
    totalFilesContext() {
      let confirmed = 0;
      let awaiting = 0;
      for (const row of state.rows) {
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
      return { baseline: state.header.baselineTotalFiles, confirmed, awaiting };
    },
  };
  return state;
}
