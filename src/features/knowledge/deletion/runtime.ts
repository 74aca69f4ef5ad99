import { browserStorage, connectionStore, type KeptDb, type StorageLike } from '../../../lib';
import { isFinished, parseBatch, parseBatchRequest } from '../../../removal-engine/batch/batch';
import { createBatchIo } from '../../../removal-engine/batch/batch-io';
import { createBatchManager, type BatchManager } from '../../../removal-engine/batch/manager';
import { createTabCoordinator, type TabCoordinator } from '../../../lib/tabs/cross-tab';
import { keptLeaseStore } from '../../../lib/tabs/lease';
import { connectionDeps } from './connection-deps';
import type { GoneFromAnswers } from '../../../removal-engine/probe';
import type { ProbeRunner } from '../../../removal-engine/probe/runner';
import { lazyProbeRunner } from './lazy-probes';
import { createDeletionIo } from '../../../removal-engine/single/io';
import { keepUnfinishedBatches, unfinishedBatches } from './presence';
import type { DeletionTiming, TrackedDeletion } from '../../../removal-engine/single/machine';
import type { TabMessage } from '../../../removal-engine/tab-messages';
import {
  createDeletionTracker,
  deletionKey,
  type DeletionIo,
  type DeletionTracker,
} from '../../../removal-engine/single/tracker';

/** One deletion that changed between two snapshots; `previous` is missing for a new one. */
export interface DeletionChange {
  key: string;
  previous?: TrackedDeletion;
  current: TrackedDeletion;
}

export type DeletionChangeListener = (changes: DeletionChange[]) => void;

export interface DeletionRuntimeOptions {
  /** Where single deletions are kept (ids only); default localStorage, null for none. */
  storage?: StorageLike | null;
  /** Where bulk batches are kept; null for none (they then last the page). */
  keptDb?: KeptDb | null;
  /** Other tabs; default the browser's Web Locks (else leases in keptDb) and BroadcastChannel, null for none. */
  coordinator?: TabCoordinator<TabMessage> | null;
  io?: DeletionIo;
  batchIo?: ReturnType<typeof createBatchIo>;
  timing?: DeletionTiming;
  /**
   * Probes of single deletions ("gone from answers"); default: the console's completion runner, localStorage and
   * the other tabs (one probes each run), loaded when first needed.
   */
  probes?: ProbeRunner;
  /**
   * Told once per deletion when it reaches "not retrieved" (a "forgotten documents" suite keeps asking its
   * question). A no-op by default.
   */
  onGoneFromAnswers?: (evidence: GoneFromAnswers) => void;
}

export interface DeletionRuntime {
  tracker: DeletionTracker;
  batches: BatchManager;
  /** Whether deleted documents are gone from answers: a positive control before the DELETE, probes after the read. */
  probes: ProbeRunner;
  /** The check before confirming a batch (base info of each id). */
  batchIo: ReturnType<typeof createBatchIo>;
  /** Called with what changed after every step of any single deletion (cache invalidation, notifications). */
  onChange(listener: DeletionChangeListener): () => void;
  /**
   * Mounts a React sync (see use-deletion-sync); the first one mounted sets up the subscriptions, the last
   * one unmounted ends them. Returns the unmount.
   */
  mountSync<T>(entry: T, setUp: () => () => void): () => void;
  /** The most recently mounted sync: only that one acts, so two mounted copies never notify twice. */
  latestSync<T>(): T | undefined;
  /** Resumes the active profile's deletions and batches now and after every connection change. Idempotent. */
  start(): void;
  /** Reads the active profile's saved batches again (after a failed read: "Try again"). */
  loadBatches(): void;
  /** This tab stops working (another tab, or the next visit, takes over from what was kept). */
  dispose(): void;
}

/** An app's deletions: created once per app by useDeletionRuntime (AppProviders holds the slot). */
export function createDeletionRuntime(options: DeletionRuntimeOptions = {}): DeletionRuntime {
  const storage = options.storage === undefined ? browserStorage('local') : options.storage;
  const coordinator =
    options.coordinator === undefined
      ? createTabCoordinator<TabMessage>({ leases: options.keptDb ? keptLeaseStore(options.keptDb) : null })
      : options.coordinator;
  const tracker = createDeletionTracker(options.io ?? createDeletionIo(connectionDeps), {
    storage: storage ?? undefined,
    timing: options.timing,
    coordinator: coordinator ?? undefined,
  });
  const batchIo = options.batchIo ?? createBatchIo(connectionDeps);
  // The probe runner (and its driver, attribution, completion call) loads when a probe is first needed.
  const probes =
    options.probes ??
    lazyProbeRunner(
      () =>
        import('./probe-deps').then(({ createConsoleProbeRunner }) =>
          createConsoleProbeRunner({
            storage,
            keptDb: options.keptDb ?? null,
            tabs: coordinator !== null,
            onGoneFromAnswers: options.onGoneFromAnswers ?? (() => undefined),
          }),
        ),
      storage,
    );
  // Probes start only once a read confirmed the delete (the probe runner ignores deletions it has no run for).
  const confirmDeleted = (list: readonly TrackedDeletion[]) => {
    for (const d of list) if (d.state === 'deleted') probes.confirmed(deletionKey(d), d.confirmedBy ?? 'base_info');
  };
  let singles = new Map(tracker.getSnapshot().map((d) => [deletionKey(d), d]));
  const activeProfileId = () => connectionStore.getState().activeId;
  const batches = createBatchManager({
    store: options.keptDb ? options.keptDb.store('bulkBatches', parseBatch) : null,
    requestStore: options.keptDb ? options.keptDb.store('bulkBatches', parseBatchRequest) : null,
    io: batchIo,
    coordinator: coordinator ?? undefined,
    activeProfileId,
    timing: options.timing,
    // A batch given a space probes its sample for "gone from answers" (in the tab holding the batch); its probe
    // calls and the service's shown behaviour load when such a batch starts, not on a knowledge page's first visit.
    probes: () => import('../bulk/probe-deps').then(({ bulkProbeDeps }) => bulkProbeDeps(storage)),
    // One tracker per document: a batch's row whose document a single deletion is deleting follows that one.
    singleDeletion: (profileId, knowledgeId, documentId) =>
      singles.get(deletionKey({ profileId, knowledgeId, documentId })),
  });
  const unsubscribeSingles = tracker.subscribe(() => {
    singles = new Map(tracker.getSnapshot().map((d) => [deletionKey(d), d]));
    batches.kick();
  });

  // Which batches are unfinished, kept where start-up can read it without opening IndexedDB (presence.ts).
  // `loadedProfile`: that profile's saved batches are all known, so an entry of it not among them is stale.
  const keepMarker = (loadedProfile?: string) => {
    if (!storage) return;
    const kept = unfinishedBatches(storage);
    if (loadedProfile) for (const [id, profile] of kept) if (profile === loadedProfile) kept.delete(id);
    for (const batch of batches.getSnapshot()) {
      if (isFinished(batch)) kept.delete(batch.id);
      else kept.set(batch.id, batch.profileId);
    }
    keepUnfinishedBatches(kept, storage);
  };
  const unsubscribeMarker = batches.subscribe(() => keepMarker());

  const changeListeners = new Set<DeletionChangeListener>();
  let last = new Map(tracker.getSnapshot().map((d) => [deletionKey(d), d]));
  const unsubscribeTracker = tracker.subscribe(() => {
    const next = new Map(tracker.getSnapshot().map((d) => [deletionKey(d), d]));
    const changes: DeletionChange[] = [];
    for (const [key, current] of next) {
      const previous = last.get(key);
      if (previous !== current) changes.push({ key, previous, current });
    }
    last = next;
    confirmDeleted(changes.map((c) => c.current));
    if (changes.length > 0) for (const l of changeListeners) l(changes);
  });

  let stopWatching: (() => void) | undefined;
  const syncs: unknown[] = [];
  let detachSyncs: (() => void) | undefined;
  const loadActive = () => {
    const id = activeProfileId();
    // A failed read, or records that could not be read, leave the profile's "unfinished batch" marks as they are:
    // those batches may still be there (the page shows the load issue).
    if (id)
      void batches.load(id).then(
        ({ unreadable }) => keepMarker(unreadable > 0 ? undefined : id),
        () => undefined,
      );
  };

  return {
    tracker,
    batches,
    probes,
    batchIo,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    mountSync(entry, setUp) {
      syncs.push(entry);
      detachSyncs ??= setUp();
      return () => {
        const i = syncs.indexOf(entry);
        if (i >= 0) syncs.splice(i, 1);
        if (syncs.length === 0) {
          detachSyncs?.();
          detachSyncs = undefined;
        }
      };
    },
    latestSync: <T>() => syncs[syncs.length - 1] as T | undefined,
    loadBatches: loadActive,
    start() {
      if (stopWatching) return;
      tracker.resume();
      confirmDeleted(tracker.getSnapshot());
      probes.resume();
      loadActive();
      const offActive = connectionStore.onActiveChange(() => {
        tracker.resume();
        batches.kick();
        loadActive();
      });
      // A reload or a closed tab: write what the batches have done since their last save (often in time).
      const flush = () => batches.flush();
      // Back from the back-forward cache: the batches handed over at pagehide are read and claimed again.
      const shown = (e: PageTransitionEvent) => {
        if (!e.persisted) return;
        batches.shown();
        loadActive();
      };
      if (typeof window !== 'undefined') {
        window.addEventListener('pagehide', flush);
        window.addEventListener('pageshow', shown);
      }
      stopWatching = () => {
        offActive();
        if (typeof window !== 'undefined') {
          window.removeEventListener('pagehide', flush);
          window.removeEventListener('pageshow', shown);
        }
      };
    },
    dispose() {
      stopWatching?.();
      unsubscribeTracker();
      unsubscribeSingles();
      unsubscribeMarker();
      tracker.stop();
      probes.stop();
      batches.dispose();
      coordinator?.close();
    },
  };
}
