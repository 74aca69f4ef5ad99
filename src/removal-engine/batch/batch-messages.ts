import type { BatchCommand, Batch, BatchRow } from './batch';

export type { BatchCommand };

/** A batch without its rows. */
export type BatchHeader = Omit<Batch, 'rows'>;

/** What the tab running a batch tells the others, and what they ask of it. */
export type BatchMessage =
  /** The rows that changed since the last message (all of them for a new batch), by index. */
  | { kind: 'batch'; header: BatchHeader; rowCount: number; rows: [number, BatchRow][] }
  | { kind: 'batch-command'; batchId: string; command: BatchCommand }
  /**
   * A tab that has just read an unfinished batch from the kept database asks the tab running it for all its rows:
   * the saved copy lags the running one by up to a save interval, and a batch waiting on a held document may not
   * change again for minutes.
   */
  | { kind: 'batch-sync'; batchId: string }
  | { kind: 'batch-removed'; batchId: string };
