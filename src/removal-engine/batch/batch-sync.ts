import type { KeptStore } from '../../lib/storage/kept-db';
import type { TabCoordinator } from '../../lib/tabs/cross-tab';
import type { TabMessage } from '../tab-messages';
import { isFinished, type Batch, type BatchRow } from './batch';
import type { BatchCommand, BatchHeader, BatchMessage } from './batch-messages';
import type { BatchScheduler } from './scheduler';

/*
 * A batch across tabs: what the running tab says of it, how another tab merges that into its copy, and the
 * commands a tab applies to the batch it runs or asks of the tab that runs it.
 */

export function headerOf(batch: Batch): BatchHeader {
  const { rows: _rows, ...header } = batch;
  return header;
}

/** The running tab's word on a batch: its header and the rows at `indices` (every row when omitted). */
export function batchMessage(batch: Batch, indices?: readonly number[]): Extract<BatchMessage, { kind: 'batch' }> {
  return {
    kind: 'batch',
    header: headerOf(batch),
    rowCount: batch.rows.length,
    rows: indices ? indices.map((i) => [i, batch.rows[i]!]) : batch.rows.map((row, i) => [i, row]),
  };
}

/** Another tab's word merged into the copy known here: each newer row wins, and the newer header. */
export function mergeMirrored(known: Batch | undefined, message: Extract<BatchMessage, { kind: 'batch' }>): Batch {
  const rows = known ? known.rows.slice() : new Array<BatchRow>(message.rowCount);
  for (const [i, row] of message.rows) {
    const old = rows[i];
    if (!old || row.updatedAt >= old.updatedAt) rows[i] = row;
  }
  const header = known && known.updatedAt > message.header.updatedAt ? headerOf(known) : message.header;
  return { ...header, rows };
}

/** Whether the running tab's state shows a command taken (its status, or the batch finished). */
export const taken = (batch: Batch, command: BatchCommand) =>
  isFinished(batch) ||
  (command === 'pause' && batch.status === 'paused') ||
  (command === 'resume' && batch.status === 'running') ||
  (command === 'stop' && batch.status === 'stopped') ||
  command === 'retry_not_deleted';

/** A command applied to the batch running here, and written at once. */
export function applyCommand(scheduler: BatchScheduler, command: BatchCommand, store: KeptStore<Batch> | null) {
  if (command === 'pause') scheduler.pause();
  else if (command === 'resume') scheduler.resume();
  else if (command === 'stop') scheduler.stop();
  else if (command === 'run_unsaved') {
    scheduler.runUnsaved();
    // The saved copy stops at the last save that worked: read after a reload it would send again what runs now.
    // Deleting is allowed on a full disk; if even that fails, a reload resumes from it (each DELETE at most twice).
    void store?.delete(scheduler.snapshot().id).catch(() => undefined);
  } else scheduler.retryNotDeleted();
  // Written at once: the saved copy no longer carries the request (had it been written there), and shows it taken.
  void scheduler.flush();
}

/**
 * Asks the tab running a batch for a command: written to the saved batch first, then said. A runner that hears it
 * applies it and saves over the request; one that closes first leaves it for the tab taking over.
 */
export function askRunner(
  requestStore: KeptStore<Batch> | null,
  coordinator: TabCoordinator<TabMessage>,
  id: string,
  command: BatchCommand,
  at: number,
) {
  void (
    requestStore?.update(id, (saved) =>
      saved && !isFinished(saved) ? { ...saved, requested: { command, at } } : undefined,
    ) ?? Promise.resolve()
  )
    .catch(() => undefined)
    .then(() => coordinator.publish({ kind: 'batch-command', batchId: id, command }));
}
