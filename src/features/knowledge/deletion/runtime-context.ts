import { createContext } from 'react';
import type { DeletionRuntime } from './runtime';

/**
 * Where an app keeps its deletion runtime (tracker, bulk batches, tab coordination). AppProviders creates one
 * slot per app, so two apps (two tests) never share deletions; the knowledge area fills it on first use
 * (useDeletionRuntime), which keeps the tracker's code out of the first route.
 */
export interface DeletionRuntimeSlot {
  runtime?: DeletionRuntime;
  /** Told once the slot is filled: the header then shows the runtime's badge (see header-extras). */
  readonly filled: Set<() => void>;
}

export const DeletionRuntimeContext = createContext<DeletionRuntimeSlot | null>(null);

export const createDeletionRuntimeSlot = (runtime?: DeletionRuntime): DeletionRuntimeSlot => ({
  runtime,
  filled: new Set(),
});

/** Calls back once the slot holds a runtime (at once if it does). */
export function onRuntimeFilled(slot: DeletionRuntimeSlot, listener: () => void): () => void {
  if (slot.runtime) {
    listener();
    return () => undefined;
  }
  slot.filled.add(listener);
  return () => slot.filled.delete(listener);
}
