import {
  DEFAULT_TIMING,
  isActive,
  nextAction,
  reduce,
  startDeletion,
  type DeletionEvent,
  type DeletionTiming,
  type TrackedDeletion,
} from './machine';

const STORAGE_KEY = 'kc.deletions.v1';
/** Finished deletions kept for their history; active ones are always kept. */
const FINISHED_KEPT = 100;

export interface DeletionIo {
  /** Sends the DELETE; resolves on a 2xx, rejects with { status?, code?, message } otherwise. */
  send(d: TrackedDeletion): Promise<void>;
  /** Reads whether the document is still there (base info 404, or total_files below the baseline, means gone). */
  check(d: TrackedDeletion): Promise<{ result: 'gone' | 'present' | 'error'; detail?: string }>;
  /** Deletions run only for the active profile: the others wait for its token. */
  activeProfileId(): string | null;
}

export interface TrackerOptions {
  storage?: Storage;
  now?: () => number;
  timing?: DeletionTiming;
}

export const deletionKey = (d: Pick<TrackedDeletion, 'profileId' | 'knowledgeId' | 'documentId'>) =>
  `${d.profileId}\u0000${d.knowledgeId}\u0000${d.documentId}`;

function errorInfo(err: unknown): { status?: number; code?: number; message: string } {
  if (err && typeof err === 'object') {
    const e = err as { status?: unknown; code?: unknown; serviceMessage?: unknown; message?: unknown };
    return {
      status: typeof e.status === 'number' ? e.status : undefined,
      code: typeof e.code === 'number' ? e.code : undefined,
      message: String(e.serviceMessage ?? e.message ?? 'The request failed'),
    };
  }
  return { message: String(err) };
}

/**
 * Runs tracked deletions: sends, schedules confirmation reads, re-issues, and persists every step
 * (without secrets) so pending deletions survive a reload and resume where they were.
 */
export function createDeletionTracker(io: DeletionIo, options: TrackerOptions = {}) {
  const storage = options.storage;
  const now = options.now ?? Date.now;
  const timing = options.timing ?? DEFAULT_TIMING;
  const items = new Map<string, TrackedDeletion>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: TrackedDeletion[] = [];
  let stopped = false;

  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(list)) {
      for (const d of list as TrackedDeletion[]) {
        if (d && typeof d.documentId === 'string' && Array.isArray(d.attempts))
          items.set(deletionKey(d), { ...d, roundStart: typeof d.roundStart === 'number' ? d.roundStart : 0 });
      }
    }
  } catch {
    // A corrupt list is dropped; deletions on the server are unaffected.
  }

  function commit() {
    const all = [...items.values()].sort((a, b) => b.createdAt - a.createdAt);
    const finished = all.filter((d) => !isActive(d));
    for (const old of finished.slice(FINISHED_KEPT)) items.delete(deletionKey(old));
    snapshot = [...items.values()].sort((a, b) => b.createdAt - a.createdAt);
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(snapshot));
    } catch {
      // Quota: tracking still works for this page's life.
    }
    for (const l of listeners) l();
  }

  function dispatch(key: string, event: DeletionEvent) {
    const d = items.get(key);
    if (!d) return;
    const next = reduce(d, event, timing);
    if (next === d) return;
    items.set(key, next);
    commit();
    pump(key);
  }

  function pump(key: string) {
    if (stopped || busy.has(key)) return;
    const d = items.get(key);
    if (!d || d.profileId !== io.activeProfileId()) return;
    const action = nextAction(d, timing);
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (action.type === 'send') {
      busy.add(key);
      io.send(d).then(
        () => {
          busy.delete(key);
          dispatch(key, { type: 'accepted', at: now() });
        },
        (err: unknown) => {
          busy.delete(key);
          dispatch(key, { type: 'request_failed', at: now(), error: errorInfo(err) });
        },
      );
    } else if (action.type === 'check') {
      timers.set(
        key,
        setTimeout(
          () => {
            timers.delete(key);
            const current = items.get(key);
            if (!current || stopped) return;
            busy.add(key);
            io.check(current).then(
              (r) => {
                busy.delete(key);
                dispatch(key, { type: 'checked', at: now(), result: r.result, detail: r.detail });
              },
              (err: unknown) => {
                busy.delete(key);
                dispatch(key, { type: 'checked', at: now(), result: 'error', detail: errorInfo(err).message });
              },
            );
          },
          Math.max(0, action.at - now()),
        ),
      );
    } else if (action.type === 'reissue') {
      dispatch(key, { type: 'reissue', at: now() });
    }
  }

  snapshot = [...items.values()].sort((a, b) => b.createdAt - a.createdAt);

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Starts tracking (and sending) a deletion; an active one for the same document is returned as is. */
    track(
      init: Pick<TrackedDeletion, 'profileId' | 'knowledgeId' | 'documentId' | 'documentName' | 'baselineTotalFiles'>,
    ): TrackedDeletion {
      const key = deletionKey(init);
      const existing = items.get(key);
      if (existing && isActive(existing)) return existing;
      const d = startDeletion(init, now());
      items.set(
        key,
        existing ? { ...d, attempts: [...existing.attempts, ...d.attempts], roundStart: existing.attempts.length } : d,
      );
      commit();
      pump(key);
      return items.get(key)!;
    },
    retry(key: string) {
      dispatch(key, { type: 'retry', at: now() });
    },
    dismiss(key: string) {
      const d = items.get(key);
      if (!d || isActive(d)) return;
      items.delete(key);
      commit();
    },
    /** (Re)starts the work of the active profile's deletions: at start-up and after a profile switch. */
    resume() {
      for (const key of items.keys()) pump(key);
    },
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type DeletionTracker = ReturnType<typeof createDeletionTracker>;
