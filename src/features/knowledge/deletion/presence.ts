import { browserStorage, safeStorage, type StorageLike } from '../../../lib';
import { ACTIVE_STATES, DELETIONS_KEY, type DeletionState } from '../../../removal-engine/single/states';

/**
 * What start-up reads to decide whether this visit needs the deletion runtime at all (about 12 KB with its
 * messages): only a deletion awaiting confirmation or an unfinished batch does. This file imports nothing of
 * the runtime, so the header can ask on every first visit for free.
 */

export { DELETIONS_KEY };
/** The bulk batches not finished yet (id → profile), beside the batches in IndexedDB, so start-up need not open it. */
export const UNFINISHED_BATCHES_KEY = 'kc.bulk.unfinished.v1';

const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : undefined);
const record = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The unfinished batches kept, any profile: batch id → profile id. */
export function unfinishedBatches(source: StorageLike | null = browserStorage('local')): Map<string, string> {
  const kept = safeStorage(source).readJson(UNFINISHED_BATCHES_KEY, { parse: record }) ?? {};
  return new Map(Object.entries(kept).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Keeps the list; an unchanged list is not written again (every write wakes the other tabs). */
export function keepUnfinishedBatches(batches: ReadonlyMap<string, string>, source = browserStorage('local')): void {
  const before = unfinishedBatches(source);
  if (before.size === batches.size && [...batches].every(([id, profile]) => before.get(id) === profile)) return;
  const storage = safeStorage(source);
  if (batches.size === 0) storage.remove(UNFINISHED_BATCHES_KEY);
  else storage.writeJson(UNFINISHED_BATCHES_KEY, Object.fromEntries(batches));
}

/** Whether anything kept has deletion work left: a single deletion still active, or an unfinished batch. */
export function keptDeletionWork(source: StorageLike | null = browserStorage('local')): boolean {
  const deletions = safeStorage(source).readJson(DELETIONS_KEY, { parse: list }) ?? [];
  const active = deletions.some(
    (d) => typeof d === 'object' && d !== null && ACTIVE_STATES.has((d as { state?: unknown }).state as DeletionState),
  );
  return active || unfinishedBatches(source).size > 0;
}

/** Calls back when another tab changes either list (a storage event reaches the other tabs only). */
export function onKeptDeletionWork(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === DELETIONS_KEY || e.key === UNFINISHED_BATCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
