import { keptDbErrorOf, newId, type KeptDbError, type KeptStore } from '../../../api';
import type { LockClaim, TabCoordinator } from '../deletion/cross-tab';
import { isActive, type DeletionTiming, type TrackedDeletion } from '../deletion/machine';
import type { TabMessage } from '../deletion/tab-messages';
import { isFinished, isOpen, type Batch, type BatchRow } from './batch';
import type { BatchCommand, BatchHeader, BatchMessage } from './batch-messages';
import { BULK_BOUNDS } from './bounds';
import { createBatchScheduler, type BatchIo, type BatchScheduler } from './scheduler';

export interface BatchManagerDeps {
  /** The kept database's `bulkBatches` store; null where the browser keeps no IndexedDB (batches then last a page). */
  store: KeptStore<Batch> | null;
  /** The same store read through parseBatchRequest (only `requested` parsed), for the writes that keep a request. */
  requestStore?: KeptStore<Batch> | null;
  io: BatchIo;
  coordinator?: TabCoordinator<TabMessage>;
  activeProfileId(): string | null;
  now?: () => number;
  timing?: DeletionTiming;
  /** A single deletion of the document under way, if any: a batch's row leaves the document to it (one tracker). */
  singleDeletion?(profileId: string, knowledgeId: string, documentId: string): TrackedDeletion | undefined;
}

export interface NewBatch {
  profileId: string;
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  concurrency: number;
  baselineTotalFiles?: number;
  rows: Pick<BatchRow, 'documentId' | 'name' | 'leftOut'>[];
}

function headerOf(batch: Batch): BatchHeader {
  const { rows: _rows, ...header } = batch;
  return header;
}

/** The Web Lock held by the tab that runs a batch. */
const lockName = (id: string) => `kc.bulk:${id}`;

/**
 * Every bulk removal this tab knows of. A batch runs in the one tab holding its Web Lock (a scheduler there);
 * the other tabs queue for the lock, mirror its rows from the running tab's messages, forward Pause/Resume/
 * Stop/Retry to it, and take over from the saved state if it closes.
 */
/**
 * What the last read of a profile's saved batches met: a failed read (`error`), or records that no longer parse
 * (`unreadable`). Shown beside the batches: a failed read is never "no batch".
 */
export interface BatchLoadIssue {
  profileId: string;
  error?: KeptDbError;
  unreadable: number;
}

export function createBatchManager(deps: BatchManagerDeps) {
  const now = deps.now ?? Date.now;
  const { store, coordinator } = deps;
  const requestStore = deps.requestStore ?? store;
  const batches = new Map<string, Batch>();
  const schedulers = new Map<string, BatchScheduler>();
  const claims = new Map<string, LockClaim>();
  /** Commands waiting for this tab to get a batch's lock (a retry of a finished batch). */
  const waitingCommands = new Map<string, BatchCommand[]>();
  /** Batches this tab is starting (reading the saved copy). */
  const starting = new Set<string>();
  /** Created here and not run anywhere yet: the copy in memory is the latest (no need to read and parse it). */
  const createdHere = new Set<string>();
  /** When this tab last applied a command to a batch: a request written to the saved batch before it is done with. */
  const appliedAt = new Map<string, number>();
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
        coordinator?.publish({
          kind: 'batch',
          header: headerOf(batch),
          rowCount: batch.rows.length,
          rows: changed.map((i) => [i, batch.rows[i]!]),
        });
      }
      if (isFinished(batch)) {
        schedulers.delete(id);
        scheduler.dispose();
        // The lock goes once the final state is saved, so a tab queued for it finds the batch finished.
        void scheduler.flush().then(() => {
          if (!schedulers.has(id) && !starting.has(id)) release(id);
        });
        if (!before || !isFinished(before)) for (const l of finishListeners) l(batch);
      }
    }
    notify();
  }

  function release(id: string) {
    claims.get(id)?.release();
    claims.delete(id);
  }

  function claim(id: string) {
    if (claims.has(id) || schedulers.has(id) || disposed) return;
    if (!coordinator) {
      void takeOver(id);
      return;
    }
    claims.set(
      id,
      coordinator.claim(
        lockName(id),
        () => void takeOver(id),
        () => lost(id),
      ),
    );
  }

  /**
   * Another tab took the batch over (this one stopped renewing its lease: frozen in the background): stop here
   * without a further write or DELETE, show its rows from the running tab, and queue to take over again.
   */
  function lost(id: string) {
    claims.delete(id);
    const scheduler = schedulers.get(id);
    schedulers.delete(id);
    scheduler?.dispose();
    const batch = batches.get(id);
    if (batch && !isFinished(batch)) claim(id);
    coordinator?.publish({ kind: 'batch-sync', batchId: id });
    notify();
  }

  /** Whether this tab still holds the batch's lock (a lease is renewed on the way). */
  const stillRuns = (id: string) => claims.get(id)?.confirm() ?? Promise.resolve(!coordinator);

  /** This tab holds the batch's lock: run it from the freshest copy (the saved one, if another tab ran it). */
  async function takeOver(id: string) {
    starting.add(id);
    try {
      await startHere(id);
    } finally {
      starting.delete(id);
    }
  }

  async function startHere(id: string) {
    let readError: KeptDbError | undefined;
    const saved = createdHere.delete(id)
      ? undefined
      : await store?.get(id).catch((error: unknown) => void (readError = keptDbErrorOf(error)));
    const mine = batches.get(id);
    if (readError && !mine) {
      // Known here only from the kept database, which could not be read: say so, run nothing.
      release(id);
      setLoadIssue({ profileId: deps.activeProfileId() ?? '', error: readError, unreadable: 0 });
      return;
    }
    const latest = saved && (!mine || saved.updatedAt >= mine.updatedAt) ? saved : mine;
    const commands = waitingCommands.get(id) ?? [];
    waitingCommands.delete(id);
    // Asked in a tab not running it (written to the saved batch, or asked here) and not taken by the tab that ran it
    // (frozen or closed first): applied here. The saved copy's request counts even where this tab's copy is newer.
    for (const asked of [saved?.requested?.command, requested.get(id)]) {
      if (asked && !commands.includes(asked)) commands.push(asked);
    }
    if (disposed || !latest || (isFinished(latest) && !commands.includes('retry_not_deleted'))) {
      if (latest) batches.set(id, latest);
      release(id);
      notify();
      return;
    }
    const scheduler = createBatchScheduler(
      { ...latest, requested: undefined },
      {
        io: deps.io,
        now,
        timing: deps.timing,
        canRun: () => deps.activeProfileId() === latest.profileId,
        stillRuns: () => stillRuns(id),
        singleDeletion: (documentId) => deps.singleDeletion?.(latest.profileId, latest.knowledgeId, documentId),
        save: async (b) => {
          // A tab that lost the batch (thawed after another took over) must not write its stale copy over the new
          // one. Handing over (the page going away), the write is issued at once: it still holds the batch.
          if (!handingOver && !(await stillRuns(id))) return;
          // A command another tab wrote and this one has not applied stays in the record, and is applied now: it
          // goes through even if its word on the channel was missed.
          let unheard: Batch['requested'];
          await requestStore?.update(id, (kept) => {
            unheard = kept?.requested && kept.requested.at > (appliedAt.get(id) ?? 0) ? kept.requested : undefined;
            return { ...b, requested: unheard };
          });
          const running = schedulers.get(id);
          if (unheard && running && !handingOver) apply(running, unheard.command, id);
        },
        onChange: publishSoon,
      },
    );
    schedulers.set(id, scheduler);
    batches.set(id, latest);
    scheduler.start();
    for (const command of commands) apply(scheduler, command, id);
    publishSoon();
  }

  function apply(scheduler: BatchScheduler, command: BatchCommand, id: string) {
    appliedAt.set(id, now());
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
    publishSoon();
  }

  /** Whether the running tab's state shows a command taken (its status, or the batch finished). */
  const taken = (batch: Batch, command: BatchCommand) =>
    isFinished(batch) ||
    (command === 'pause' && batch.status === 'paused') ||
    (command === 'resume' && batch.status === 'running') ||
    (command === 'stop' && batch.status === 'stopped') ||
    command === 'retry_not_deleted';

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
    const rows = known ? known.rows.slice() : new Array<BatchRow>(message.rowCount);
    for (const [i, row] of message.rows) {
      const old = rows[i];
      if (!old || row.updatedAt >= old.updatedAt) rows[i] = row;
    }
    const header = known && known.updatedAt > message.header.updatedAt ? headerOf(known) : message.header;
    const batch: Batch = { ...header, rows };
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
      if (scheduler) {
        const batch = scheduler.snapshot();
        coordinator?.publish({
          kind: 'batch',
          header: headerOf(batch),
          rowCount: batch.rows.length,
          rows: batch.rows.map((row, i) => [i, row]),
        });
      }
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
      let saved: Batch[] = [];
      let unreadable = 0;
      try {
        if (store) ({ rows: saved, unreadable } = await store.where('byProfile', profileId));
      } catch (error) {
        const kept = keptDbErrorOf(error);
        setLoadIssue({ profileId, error: kept, unreadable: 0 });
        throw kept;
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
      const at = now();
      const batch: Batch = {
        id: newId(),
        profileId: init.profileId,
        profileName: init.profileName,
        knowledgeId: init.knowledgeId,
        knowledgeName: init.knowledgeName,
        concurrency: Math.min(Math.max(1, Math.round(init.concurrency)), BULK_BOUNDS.concurrencyMax),
        status: 'running',
        createdAt: at,
        activeMs: 0,
        baselineTotalFiles: init.baselineTotalFiles,
        rows: init.rows.map((r) => ({ ...r, updatedAt: at })),
        updatedAt: at,
        ...(options.unsaved ? { unsaved: true } : {}),
      };
      if (!options.unsaved) {
        try {
          await store?.put(batch);
        } catch (error) {
          throw keptDbErrorOf(error);
        }
      }
      batches.set(batch.id, batch);
      createdHere.add(batch.id);
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
        waitingCommands.set(id, [...(waitingCommands.get(id) ?? []), command]);
        // Still holding its lock (the final save is under way): start at once; else queue for it.
        if (claims.get(id)?.held) void takeOver(id);
        else claim(id);
      } else if (batch && coordinator) {
        requested.set(id, command);
        notify();
        // Written to the saved batch first, then said: a runner that hears it applies it and saves over the
        // request; one that closes first leaves it for the tab taking over.
        const at = now();
        void (
          requestStore?.update(id, (saved) =>
            saved && !isFinished(saved) ? { ...saved, requested: { command, at } } : undefined,
          ) ?? Promise.resolve()
        )
          .catch(() => undefined)
          .then(() => coordinator.publish({ kind: 'batch-command', batchId: id, command }));
      }
    },
    /** Forgets a finished batch, in the kept database and then here; rejects (kept here) when it cannot. */
    async remove(id: string) {
      const batch = batches.get(id);
      if (!batch || !isFinished(batch)) return;
      if (!batch.unsaved) {
        try {
          await store?.delete(id);
        } catch (error) {
          throw keptDbErrorOf(error);
        }
      }
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
        coordinator?.publish({
          kind: 'batch',
          header: headerOf(last),
          rowCount: last.rows.length,
          rows: last.rows.map((row, i) => [i, row]),
        });
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
      for (const scheduler of schedulers.values()) scheduler.dispose();
      schedulers.clear();
      for (const id of [...claims.keys()]) release(id);
    },
  };
}

export type BatchManager = ReturnType<typeof createBatchManager>;
