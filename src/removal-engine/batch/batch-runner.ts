import { keptDbErrorOf, type KeptDbError } from '../../lib/storage/kept-db-error';
import type { KeptStore } from '../../lib/storage/kept-db';
import type { LockClaim, TabCoordinator } from '../../lib/tabs/cross-tab';
import type { DeletionTiming, TrackedDeletion } from '../single/machine';
import type { TabMessage } from '../tab-messages';
import { isFinished, type Batch } from './batch';
import type { BatchCommand } from './batch-messages';
import type { BatchLoadIssue } from './batch-records';
import { applyCommand } from './batch-sync';
import type { RowProbeDeps } from './row-probes';
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
  /**
   * How a batch given a space probes its sample for "gone from answers" (./row-probes.ts), in the tab holding its
   * lock only, loaded when such a batch starts. Absent: no sample is probed (its rows read "not probed").
   */
  probes?: () => Promise<RowProbeDeps>;
}

/** The Web Lock held by the tab that runs a batch. */
const lockName = (id: string) => `kc.bulk:${id}`;

/**
 * The batches this tab runs, from its lock to its end: queued for a batch's lock, it takes the freshest copy and
 * runs it (a scheduler whose saves keep a command another tab wrote), applies the commands asked of it, and lets
 * the lock go once the final state is saved, or stops when another tab took the batch over.
 */
export function createBatchRunner(
  deps: BatchManagerDeps,
  shared: {
    /** Every batch this tab knows of, and the commands asked here of another tab (the manager's). */
    batches: Map<string, Batch>;
    requested: ReadonlyMap<string, BatchCommand>;
    notify(): void;
    publishSoon(): void;
    setLoadIssue(issue: BatchLoadIssue): void;
    disposed(): boolean;
    /** The page is going away: the batches' last writes go out now, without waiting on the lock. */
    handingOver(): boolean;
  },
) {
  const now = deps.now ?? Date.now;
  const { store, coordinator } = deps;
  const requestStore = deps.requestStore ?? store;
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

  function release(id: string) {
    claims.get(id)?.release();
    claims.delete(id);
  }

  function claim(id: string) {
    if (claims.has(id) || schedulers.has(id) || shared.disposed()) return;
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
    const batch = shared.batches.get(id);
    if (batch && !isFinished(batch)) claim(id);
    coordinator?.publish({ kind: 'batch-sync', batchId: id });
    shared.notify();
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
    const mine = shared.batches.get(id);
    if (readError && !mine) {
      // Known here only from the kept database, which could not be read: say so, run nothing.
      release(id);
      shared.setLoadIssue({ profileId: deps.activeProfileId() ?? '', error: readError, unreadable: 0 });
      return;
    }
    const latest = saved && (!mine || saved.updatedAt >= mine.updatedAt) ? saved : mine;
    const commands = waitingCommands.get(id) ?? [];
    waitingCommands.delete(id);
    // Asked in a tab not running it (written to the saved batch, or asked here) and not taken by the tab that ran it
    // (frozen or closed first): applied here. The saved copy's request counts even where this tab's copy is newer.
    for (const asked of [saved?.requested?.command, shared.requested.get(id)]) {
      if (asked && !commands.includes(asked)) commands.push(asked);
    }
    if (shared.disposed() || !latest || (isFinished(latest) && !commands.includes('retry_not_deleted'))) {
      if (latest) shared.batches.set(id, latest);
      release(id);
      shared.notify();
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
        maySend: () => claims.get(id)?.maySend() ?? !coordinator,
        singleDeletion: (documentId) => deps.singleDeletion?.(latest.profileId, latest.knowledgeId, documentId),
        save: async (b) => {
          // A tab that lost the batch (thawed after another took over) must not write its stale copy over the new
          // one. Handing over (the page going away), the write is issued at once: it still holds the batch.
          if (!shared.handingOver() && !(await stillRuns(id))) return;
          // A command another tab wrote and this one has not applied stays in the record, and is applied now: it
          // goes through even if its word on the channel was missed.
          let unheard: Batch['requested'];
          await requestStore?.update(id, (kept) => {
            unheard = kept?.requested && kept.requested.at > (appliedAt.get(id) ?? 0) ? kept.requested : undefined;
            return { ...b, requested: unheard };
          });
          const running = schedulers.get(id);
          if (unheard && running && !shared.handingOver()) apply(running, unheard.command, id);
        },
        onChange: shared.publishSoon,
        probes: deps.probes,
      },
    );
    schedulers.set(id, scheduler);
    shared.batches.set(id, latest);
    scheduler.start();
    for (const command of commands) apply(scheduler, command, id);
    shared.publishSoon();
  }

  function apply(scheduler: BatchScheduler, command: BatchCommand, id: string) {
    appliedAt.set(id, now());
    applyCommand(scheduler, command, store);
    shared.publishSoon();
  }

  return {
    /** The schedulers of the batches running here, by id. */
    schedulers,
    claim,
    release,
    takeOver,
    apply,
    /** A batch just created here: run from the copy in memory. */
    createdHere: (id: string) => void createdHere.add(id),
    /** Whether this tab holds the batch's lock now. */
    holds: (id: string) => claims.get(id)?.held === true,
    /** A command for a batch that runs nowhere (finished), applied once this tab holds its lock. */
    queueCommand(id: string, command: BatchCommand) {
      waitingCommands.set(id, [...(waitingCommands.get(id) ?? []), command]);
    },
    /** A batch ended here: its scheduler stops, and the lock goes once the final state is saved. */
    finished(id: string, scheduler: BatchScheduler) {
      schedulers.delete(id);
      scheduler.dispose();
      // So a tab queued for it finds the batch finished.
      void scheduler.flush().then(() => {
        if (!schedulers.has(id) && !starting.has(id)) release(id);
      });
    },
    /** This tab stops running batches; another tab (or the next visit) takes over from the saved state. */
    dispose() {
      for (const scheduler of schedulers.values()) scheduler.dispose();
      schedulers.clear();
      for (const id of [...claims.keys()]) release(id);
    },
  };
}

export type BatchRunner = ReturnType<typeof createBatchRunner>;
