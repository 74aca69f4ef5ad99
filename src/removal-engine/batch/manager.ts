import type { KeptDbError } from '../../lib/storage/kept-db-error';
import { isActive } from '../single/machine';
import { isFinished, isOpen, type Batch } from './batch';
import type { BatchCommand, BatchMessage } from './batch-messages';
import { keptWrite, newBatch, readBatches, type BatchLoadIssue, type NewBatch } from './batch-records';
import { createBatchRunner, type BatchManagerDeps } from './batch-runner';
import { askRunner, batchMessage, mergeMirrored, taken } from './batch-sync';
import { BULK_BOUNDS } from './bounds';

export type { BatchManagerDeps } from './batch-runner';
export type { BatchLoadIssue, NewBatch } from './batch-records';

/**
 * Every bulk removal this tab knows of. A batch runs in the one tab holding its Web Lock (a scheduler there);
 * the other tabs queue for the lock, mirror its rows from the running tab's messages, forward Pause/Resume/
 * Stop/Retry to it, and take over from the saved state if it closes.
 */
export function createBatchManager(deps: BatchManagerDeps) {
  const now = deps.now ?? Date.now;
  const { store, coordinator } = deps;
  const requestStore = deps.requestStore ?? store;
  const batches = new Map<string, Batch>();
  /** Commands sent from here to the tab running a batch, shown as asked until its state shows them taken. */
  const requested = new Map<string, BatchCommand>();
  const listeners = new Set<() => void>();
  const finishListeners = new Set<(batch: Batch) => void>();
  let snapshot: readonly Batch[] = [];
  let loadIssue: BatchLoadIssue | null = null;
  let publishTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  /** The page is going away: the batches' last writes go out now, without waiting on the lock. */
  let handingOver = false;

  const runner = createBatchRunner(deps, {
    batches,
    requested,
    notify,
    publishSoon,
    setLoadIssue,
    disposed: () => disposed,
    handingOver: () => handingOver,
  });
  const { schedulers, claim, release, apply } = runner;

  function notify() {
    snapshot = [...batches.values()].sort((a, b) => b.createdAt - a.createdAt);
    for (const l of listeners) l();
  }

  /** Changes are shown, and told to the other tabs, at most every publishIntervalMs (a batch changes a lot). */
  function publishSoon() {
    publishTimer ??= setTimeout(publish, BULK_BOUNDS.publishIntervalMs);
  }

  function publish() {
    publishTimer = undefined;
    for (const [id, scheduler] of schedulers) {
      const batch = scheduler.snapshot();
      const before = batches.get(id);
      const changed = scheduler.takeChanges();
      batches.set(id, batch);
      if (changed.length > 0 || before?.updatedAt !== batch.updatedAt) {
        coordinator?.publish(batchMessage(batch, changed));
      }
      if (isFinished(batch)) {
        runner.finished(id, scheduler);
        if (!before || !isFinished(before)) for (const l of finishListeners) l(batch);
      }
    }
    notify();
  }

  /** Another tab's batch: merge its rows (each newer row wins), and queue to take over while it is unfinished. */
  function mirror(message: Extract<BatchMessage, { kind: 'batch' }>) {
    const id = message.header.id;
    if (schedulers.has(id)) return;
    const known = batches.get(id);
    if (!known && message.rows.length < message.rowCount) {
      // Joined mid-batch: read it whole from the kept database; later messages fill in from there.
      void store
        ?.get(id)
        .then((saved) => {
          if (saved && !batches.has(id)) {
            batches.set(id, saved);
            mirror(message);
          } else if (!saved) coordinator?.publish({ kind: 'batch-sync', batchId: id });
        })
        // Not readable here (or run unsaved): the running tab sends all its rows instead.
        .catch(() => coordinator?.publish({ kind: 'batch-sync', batchId: id }));
      return;
    }
    const batch = mergeMirrored(known, message);
    batches.set(id, batch);
    const asked = requested.get(id);
    if (asked && taken(batch, asked)) requested.delete(id);
    if (isFinished(batch)) release(id);
    else claim(id);
    notify();
  }

  function setLoadIssue(issue: BatchLoadIssue | null) {
    loadIssue = issue;
    notify();
  }

  const unsubscribe = coordinator?.subscribe((message) => {
    if (message.kind === 'batch') mirror(message);
    else if (message.kind === 'batch-command') {
      const scheduler = schedulers.get(message.batchId);
      if (scheduler) apply(scheduler, message.command, message.batchId);
    } else if (message.kind === 'batch-sync') {
      const scheduler = schedulers.get(message.batchId);
      if (scheduler) coordinator?.publish(batchMessage(scheduler.snapshot()));
    } else if (message.kind === 'batch-removed') {
      if (batches.delete(message.batchId)) notify();
      release(message.batchId);
    }
  });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Every batch this tab knows of, newest first. */
    getSnapshot: () => snapshot,
    /** Told in the tab that ran it, once, when a batch ends. */
    onFinished(listener: (batch: Batch) => void) {
      finishListeners.add(listener);
      return () => finishListeners.delete(listener);
    },
    runsHere: (id: string) => schedulers.has(id),
    /** The unfinished batch deleting this document, with the row's deletion (if sent yet): a single deletion waits. */
    deleting(profileId: string, knowledgeId: string, documentId: string) {
      for (const batch of batches.values()) {
        if (isFinished(batch) || batch.profileId !== profileId || batch.knowledgeId !== knowledgeId) continue;
        const row = batch.rows.find((r) => r?.documentId === documentId);
        if (row && !row.sharedWithSingle && isOpen(row) && (!row.deletion || isActive(row.deletion)))
          return { batchId: batch.id, row };
      }
      return undefined;
    },
    /** A command asked here of the tab running the batch, until that tab's state shows it taken. */
    requestedHere: (id: string): BatchCommand | undefined => requested.get(id),
    /** Why the last read of saved batches fell short, if it did (shown with a "Try again"). */
    getLoadIssue: () => loadIssue,
    /**
     * Reads a profile's batches from the kept database and resumes the unfinished ones (here or in another tab).
     * Resolves how many saved batches could not be read; rejects (a KeptDbError) when none could; both are kept
     * as the load issue for the page.
     */
    async load(profileId: string): Promise<{ unreadable: number }> {
      let saved: Batch[];
      let unreadable: number;
      try {
        ({ rows: saved, unreadable } = await readBatches(store, profileId));
      } catch (error) {
        setLoadIssue({ profileId, error: error as KeptDbError, unreadable: 0 });
        throw error;
      }
      loadIssue = unreadable > 0 ? { profileId, unreadable } : null;
      for (const batch of saved) {
        const known = batches.get(batch.id);
        if (!schedulers.has(batch.id) && (!known || batch.updatedAt > known.updatedAt)) batches.set(batch.id, batch);
        if (!isFinished(batch)) {
          claim(batch.id);
          if (!schedulers.has(batch.id)) coordinator?.publish({ kind: 'batch-sync', batchId: batch.id });
        }
      }
      notify();
      return { unreadable };
    },
    /**
     * Saves a new batch, then runs it in this tab. A batch that cannot be saved is not run: this rejects with the
     * KeptDbError saying why, and nothing is sent — unless the admin chose `unsaved` (it then lasts this page).
     */
    async create(init: NewBatch, options: { unsaved?: boolean } = {}): Promise<Batch> {
      // The sample's picker loads only for a batch given a space; not loaded (offline after a deploy), the batch
      // runs unprobed, its rows reading "not probed".
      const pickSample = init.probeTarget
        ? await import('./probe-sample').then(({ probeSample }) => probeSample).catch(() => undefined)
        : undefined;
      const batch = newBatch(init, now(), options.unsaved === true, pickSample);
      if (!options.unsaved) await keptWrite(() => store?.put(batch));
      batches.set(batch.id, batch);
      runner.createdHere(batch.id);
      // The other tabs hear of it from the scheduler, once this tab holds its lock (had they heard first, one of
      // them could queue for the lock ahead of this tab); they read it from the kept database.
      claim(batch.id);
      notify();
      return batch;
    },
    command(id: string, command: BatchCommand) {
      const scheduler = schedulers.get(id);
      if (scheduler) {
        apply(scheduler, command, id);
        return;
      }
      const batch = batches.get(id);
      if (batch && isFinished(batch) && command === 'retry_not_deleted') {
        // A finished batch runs nowhere: this tab takes it (and its lock) to retry.
        runner.queueCommand(id, command);
        // Still holding its lock (the final save is under way): start at once; else queue for it.
        if (runner.holds(id)) void runner.takeOver(id);
        else claim(id);
      } else if (batch && coordinator) {
        requested.set(id, command);
        notify();
        askRunner(requestStore ?? null, coordinator, id, command, now());
      }
    },
    /** Forgets a finished batch, in the kept database and then here; rejects (kept here) when it cannot. */
    async remove(id: string) {
      const batch = batches.get(id);
      if (!batch || !isFinished(batch)) return;
      if (!batch.unsaved) await keptWrite(() => store?.delete(id));
      batches.delete(id);
      release(id);
      coordinator?.publish({ kind: 'batch-removed', batchId: id });
      notify();
    },
    /** The page is going away: every batch running here is handed over (written as it stands; another tab goes on). */
    flush() {
      handingOver = true;
      for (const [id, scheduler] of schedulers) {
        schedulers.delete(id);
        const last = scheduler.handOver();
        batches.set(id, last);
        // Said on the channel too, before the lock goes (a lease's release follows on the same channel): the tab
        // taking over starts from this even when the write above does not land before the page is gone.
        coordinator?.publish(batchMessage(last));
        release(id);
      }
      notify();
    },
    /** The page came back (back-forward cache): its batches are read and claimed again (load). */
    shown() {
      handingOver = false;
    },
    /** After a profile switch: the batches of the now active profile may run. */
    kick() {
      for (const scheduler of schedulers.values()) scheduler.kick();
    },
    /** The tab is going away: stop here; another tab (or the next visit) takes over from the saved state. */
    dispose() {
      disposed = true;
      clearTimeout(publishTimer);
      unsubscribe?.();
      runner.dispose();
    },
  };
}

export type BatchManager = ReturnType<typeof createBatchManager>;
