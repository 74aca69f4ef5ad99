import { useContext, useSyncExternalStore } from 'react';
import { KeptDbContext, type KeptDb } from '../../../lib';
import type { Batch } from '../../../removal-engine/batch/batch';
import type { BatchLoadIssue } from '../../../removal-engine/batch/manager';
import type { TrackedDeletion } from '../../../removal-engine/single/machine';
import { createDeletionRuntime, type DeletionRuntime } from './runtime';
import { DeletionRuntimeContext, type DeletionRuntimeSlot } from './runtime-context';
import { keepForgotten } from './forgotten-suite';
import { syncTranslate } from './sync-translate';

/** Fills the app's slot once (a lazy instance, like a ref's initial value). */
function runtimeIn(slot: DeletionRuntimeSlot, keptDb: KeptDb | null): DeletionRuntime {
  if (slot.runtime) return slot.runtime;
  // Verified removals join their knowledge base's forgotten-documents suite (kept with the suites, in keptDb).
  const runtime: DeletionRuntime = createDeletionRuntime({
    keptDb,
    onGoneFromAnswers: keptDb ? keepForgotten(keptDb, () => syncTranslate(runtime)) : undefined,
  });
  slot.runtime = runtime;
  // After this render: listeners set state in other components (the header's badge).
  queueMicrotask(() => {
    for (const listener of slot.filled) listener();
    slot.filled.clear();
  });
  return runtime;
}

/** This app's deletion runtime, created on first use in the slot AppProviders holds. */
export function useDeletionRuntime(): DeletionRuntime {
  const slot = useContext(DeletionRuntimeContext);
  const keptDb = useContext(KeptDbContext);
  if (!slot)
    throw new Error('useDeletionRuntime() needs AppProviders (or a DeletionRuntimeContext.Provider) above it.');
  return runtimeIn(slot, keptDb);
}

/** Every tracked deletion (all profiles), newest first; re-renders on each step. */
export function useDeletions(): TrackedDeletion[] {
  const { tracker } = useDeletionRuntime();
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}

/** Every bulk batch this tab knows of, newest first; re-renders as they progress (throttled). */
export function useBatches(): readonly Batch[] {
  const { batches } = useDeletionRuntime();
  return useSyncExternalStore(batches.subscribe, batches.getSnapshot, batches.getSnapshot);
}

/** Why the last read of saved batches fell short (a failed read, or records that could not be read), if it did. */
export function useBatchLoadIssue(): BatchLoadIssue | null {
  const { batches } = useDeletionRuntime();
  return useSyncExternalStore(batches.subscribe, batches.getLoadIssue, batches.getLoadIssue);
}
