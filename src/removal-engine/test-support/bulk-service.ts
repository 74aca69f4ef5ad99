import type { TotalFilesContext } from '../single/confirm';
import { confirmByReads } from '../single/confirm';
import type { TrackedDeletion } from '../single/machine';
import type { Batch, BatchRow } from '../batch/batch';
import type { BatchIo } from '../batch/batch-requests';

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
  /** The network is cut: requests fail at once without reaching the service (as a browser offline does). */
  let unreachable = false;
  /** DELETEs of these documents reach the service (and act) but their answer is lost on the way back. */
  const loseAnswer = new Set<string>();
  /** Answers given instead of acting, first come first used: 429 (with Retry-After), 5xx, 401, 403. */
  const refusals: { status: number; retryAfter?: string }[] = [];
  /** When each DELETE reached the service (ms, Date.now), refused or not. */
  const arrivals: { documentId: string; at: number; status: number }[] = [];
  /** DELETEs the page tried to send, reached or not. */
  let sendAttempts = 0;
  const cut = () => ({ kind: 'network', message: 'Could not reach the secondary host (Failed to fetch).' });
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
      sendAttempts++;
      if (unreachable) throw cut();
      await gates.get(d.documentId);
      return later(() => {
        if (unreachable) throw cut();
        const refusal = refusals.shift();
        arrivals.push({ documentId: d.documentId, at: Date.now(), status: refusal?.status ?? 200 });
        if (refusal)
          throw {
            kind: 'http',
            status: refusal.status,
            retryAfter: refusal.retryAfter,
            message: `HTTP ${refusal.status} from the service`,
          };
        deletes.set(d.documentId, (deletes.get(d.documentId) ?? 0) + 1);
        if (foreign.has(d.documentId))
          throw { status: 404, code: 404, message: `document ${d.documentId} does not belong to knowledge base k` };
        if (!locked.has(d.documentId)) present.delete(d.documentId);
        if (loseAnswer.delete(d.documentId)) throw cut();
      });
    },
    check: (d: TrackedDeletion, context: () => TotalFilesContext) =>
      confirmByReads(
        {
          baseInfoAnswers: (id) =>
            later(() => {
              if (unreachable) throw cut();
              reads++;
              return options.softBaseInfo === true || present.has(id);
            }),
          totalFiles: () =>
            later(() => {
              if (unreachable) throw cut();
              return present.size;
            }),
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
    loseAnswer,
    refusals,
    arrivals,
    get sendAttempts() {
      return sendAttempts;
    },
    get unreachable() {
      return unreachable;
    },
    set unreachable(cutOff: boolean) {
      unreachable = cutOff;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get reads() {
      return reads;
    },
  };
}

export function newBatch(ids: readonly string[], patch: Partial<Batch> = {}): Batch {
  const rows: BatchRow[] = ids.map((documentId) => ({ documentId, name: `doc ${documentId}`, updatedAt: 0 }));
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

/** The browser's online signal, switched by the test. */
export function createTestNetwork(online = true) {
  const listeners = new Set<(online: boolean) => void>();
  return {
    online: () => online,
    subscribe(listener: (online: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value: boolean) {
      online = value;
      for (const l of listeners) l(value);
    },
    /** As when the browser knows before its event has reached the page. */
    setQuietly(value: boolean) {
      online = value;
    },
  };
}
