import { createContext } from 'react';
import type { DeletionRuntime } from './runtime';

/**
 * Where an app keeps its deletion runtime (tracker, bulk batches, tab coordination). AppProviders creates one
 * slot per app, so two apps (two tests) never share deletions; the knowledge area fills it on first use
 * (useDeletionRuntime), which keeps the tracker's code out of the first route.
 */
export interface DeletionRuntimeSlot {
  runtime?: DeletionRuntime;
}

export const DeletionRuntimeContext = createContext<DeletionRuntimeSlot | null>(null);

export const createDeletionRuntimeSlot = (runtime?: DeletionRuntime): DeletionRuntimeSlot => ({ runtime });
