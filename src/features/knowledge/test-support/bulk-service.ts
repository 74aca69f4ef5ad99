import type { TotalFilesContext } from '../deletion/confirm';
import { confirmByReads } from '../deletion/confirm';
import type { TrackedDeletion } from '../deletion/machine';
import type { BulkBatch, BulkRow } from '../bulk/batch';
import type { BatchIo } from '../bulk/scheduler';

/**
 * A small in-memory service for the scheduler's tests: answers on a later turn of the event loop, counts the
 * requests in flight and every DELETE per document. `locked` documents answer 200 without being deleted;
 * `foreign` ones are refused as the sandbox does; with `softBaseInfo`, base info keeps answering after a delete.
 */
export function createTestService(ids: readonly string[], options: { softBaseInfo?: boolean } = {}) {
  const present = new Set(ids);
  const locked = new Set<string>();
  const foreign = new Set<string>();
  const deletes = new Map<string, number>();
  /** DELETEs of these documents get no answer until the gate is opened. */
  const gates = new Map<string, Promise<void>>();
  const openers = new Map<string, () => void>();
  let inFlight = 0;
  let maxInFlight = 0;
  let reads = 0;
  const later = <T>(fn: () => T) =>
    new Promise<T>((resolve, reject) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        try {
          resolve(fn());
        } catch (err) {
          reject(err);
        }
      }, 1);
    });
  const io: BatchIo = {
    send: async (d: TrackedDeletion) => {
      await gates.get(d.documentId);
      return later(() => {
        deletes.set(d.documentId, (deletes.get(d.documentId) ?? 0) + 1);
        if (foreign.has(d.documentId))
          throw { status: 404, code: 404, message: `document ${d.documentId} does not belong to knowledge base k` };
        if (!locked.has(d.documentId)) present.delete(d.documentId);
      });
    },
    check: (d: TrackedDeletion, context: () => TotalFilesContext) =>
      confirmByReads(
        {
          baseInfoAnswers: (id) => later(() => (reads++, options.softBaseInfo === true || present.has(id))),
          totalFiles: () => later(() => present.size),
        },
        d,
        context,
      ),
    baselineTotalFiles: () => later(() => present.size),
  };
  return {
    io,
    /** Holds the answer to this document's DELETE; the returned function lets it through. */
    gate(documentId: string): () => void {
      gates.set(documentId, new Promise<void>((open) => openers.set(documentId, open)));
      return () => openers.get(documentId)?.();
    },
    present,
    locked,
    foreign,
    deletes,
    get maxInFlight() {
      return maxInFlight;
    },
    get reads() {
      return reads;
    },
  };
}

export function newBatch(ids: readonly string[], patch: Partial<BulkBatch> = {}): BulkBatch {
  const rows: BulkRow[] = ids.map((documentId) => ({ documentId, name: `doc ${documentId}`, updatedAt: 0 }));
  return {
    id: 'b1',
    profileId: 'p',
    profileName: 'Profile P',
    knowledgeId: 'k',
    concurrency: 4,
    status: 'running',
    createdAt: 0,
    activeMs: 0,
    rows,
    updatedAt: 0,
    ...patch,
  };
}
