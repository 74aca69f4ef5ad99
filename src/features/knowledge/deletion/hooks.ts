import { useSyncExternalStore } from 'react';
import { deletionTracker } from './instance';
import type { TrackedDeletion } from './machine';

/** Every tracked deletion (all profiles), newest first; re-renders on each step. */
export function useDeletions(): TrackedDeletion[] {
  return useSyncExternalStore(deletionTracker.subscribe, deletionTracker.getSnapshot, deletionTracker.getSnapshot);
}
