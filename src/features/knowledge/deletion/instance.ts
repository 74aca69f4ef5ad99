import { connectionStore } from '../../../api';
import { createDeletionIo } from './io';
import { deletionKey, createDeletionTracker, type DeletionTracker } from './tracker';
import type { TrackedDeletion } from './machine';

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage blocked: deletions are still tracked for this page's life.
    return undefined;
  }
}

/** The console's one deletion tracker: pending deletions survive a reload through localStorage (ids only, no token). */
export const deletionTracker: DeletionTracker = createDeletionTracker(createDeletionIo(), {
  storage: browserStorage(),
});

/** One deletion that changed between two snapshots; `previous` is missing for a new one. */
export interface DeletionChange {
  key: string;
  previous?: TrackedDeletion;
  current: TrackedDeletion;
}

export type DeletionChangeListener = (changes: DeletionChange[]) => void;

const changeListeners = new Set<DeletionChangeListener>();
let last = new Map(deletionTracker.getSnapshot().map((d) => [deletionKey(d), d]));

deletionTracker.subscribe(() => {
  const next = new Map(deletionTracker.getSnapshot().map((d) => [deletionKey(d), d]));
  const changes: DeletionChange[] = [];
  for (const [key, current] of next) {
    const previous = last.get(key);
    if (previous !== current) changes.push({ key, previous, current });
  }
  last = next;
  if (changes.length > 0) for (const l of changeListeners) l(changes);
});

/** Called with what changed after every step of any deletion (for cache invalidation and notifications). */
export function onDeletionChange(listener: DeletionChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

let started = false;

/**
 * Resumes the active profile's deletions now and after every connection change. Idempotent: the app
 * calls it at start-up, and the indicator and page call it too so tracking never depends on wiring order.
 */
export function startDeletionTracking(): void {
  if (started) return;
  started = true;
  deletionTracker.resume();
  connectionStore.onActiveChange(() => deletionTracker.resume());
}
