import type { SafeStorage } from '../../lib/storage/web-storage';
import { isActive, type TrackedDeletion } from './machine';
import { DELETIONS_KEY } from './states';

/*
 * The tracked deletions as kept in the browser (ids only, no secrets), a list every tab of the console reads and
 * writes: so pending deletions survive a reload and a tab taking over sees the steps of the one that closed.
 */

/** Finished deletions kept for their history; active ones are always kept. */
const FINISHED_KEPT = 100;

/** A deletion's key in the list and across tabs: one per document of a profile's knowledge base. */
export const deletionKey = (d: Pick<TrackedDeletion, 'profileId' | 'knowledgeId' | 'documentId'>) =>
  `${d.profileId}\u0000${d.knowledgeId}\u0000${d.documentId}`;

/** The kept list; a corrupt one reads as empty (deletions on the server are unaffected). */
export function readStored(storage: SafeStorage | undefined): TrackedDeletion[] {
  const list = storage?.readJson(DELETIONS_KEY, {
    parse: (v) => (Array.isArray(v) ? (v as TrackedDeletion[]) : undefined),
  });
  return (list ?? [])
    .filter((d) => d && typeof d.documentId === 'string' && Array.isArray(d.attempts))
    .map((d) => ({ ...d, roundStart: typeof d.roundStart === 'number' ? d.roundStart : 0 }));
}

/** Whether `b` is at least as recent as `a` (or `a` is unknown). */
export const newer = (a: TrackedDeletion | undefined, b: TrackedDeletion) => !a || b.updatedAt >= a.updatedAt;

export function sortNewestFirst(list: TrackedDeletion[]): TrackedDeletion[] {
  return list.sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Writes this tab's deletions into the kept list. Other tabs write this list too: their records are kept where
 * they are newer, and a dismissed one is never brought back.
 */
export function writeStored(
  storage: SafeStorage | undefined,
  items: ReadonlyMap<string, TrackedDeletion>,
  dismissed: ReadonlySet<string>,
): void {
  if (!storage) return;
  const merged = new Map<string, TrackedDeletion>();
  for (const d of readStored(storage)) if (!dismissed.has(deletionKey(d))) merged.set(deletionKey(d), d);
  for (const [key, d] of items) if (newer(merged.get(key), d)) merged.set(key, d);
  // When the browser refuses (quota), tracking still works for this page's life.
  storage.writeJson(DELETIONS_KEY, sortNewestFirst([...merged.values()]));
}

/** Forgets the oldest finished deletions past the history kept. */
export function dropOldFinished(items: Map<string, TrackedDeletion>): void {
  const finished = sortNewestFirst([...items.values()]).filter((d) => !isActive(d));
  for (const old of finished.slice(FINISHED_KEPT)) items.delete(deletionKey(old));
}
