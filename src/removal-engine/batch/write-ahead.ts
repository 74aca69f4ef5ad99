import { keptDbErrorOf } from '../../lib/storage/kept-db-error';
import type { Batch } from './batch';
import type { BatchState } from './batch-state';
import { BULK_BOUNDS } from './bounds';

/**
 * The batch's writes. Every change is saved soon; a DELETE beyond what is known saved waits for a save first
 * (write-ahead), so a reload never sends again what was already sent unseen.
 */
export function createWriteAhead(state: BatchState, save: (batch: Batch) => Promise<void>) {
  let saving: Promise<boolean> | null = null;
  let queuedSave: Promise<boolean> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The reservation as last saved: rows from here on are sent only after a save (write-ahead). */
  let savedReservedUntil = state.header.reservedUntil ?? 0;

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
    const { storageError: _shown, ...kept } = state.header;
    if (kept.unsaved) {
      savedReservedUntil = Math.max(savedReservedUntil, kept.reservedUntil ?? 0);
      return Promise.resolve(true);
    }
    const write = save({ ...kept, rows: state.rows.slice() })
      .then(
        () => {
          savedReservedUntil = Math.max(savedReservedUntil, kept.reservedUntil ?? 0);
          state.dispatch({ type: 'saved' });
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
    if (state.disposed) return;
    const kept = keptDbErrorOf(error);
    state.dispatch({ type: 'storage-failed', error: { kind: kept.kind, message: kept.message }, at: state.now() });
  }

  function saveSoon() {
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      if (!state.disposed) void persist();
    }, BULK_BOUNDS.saveIntervalMs);
  }

  return {
    persist,
    saveSoon,
    get savedReservedUntil() {
      return savedReservedUntil;
    },
    /** The pending save is dropped (the tab lets go). */
    cancel() {
      clearTimeout(saveTimer);
    },
  };
}

export type WriteAhead = ReturnType<typeof createWriteAhead>;
