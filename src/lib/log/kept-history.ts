import { useSyncExternalStore } from 'react';
import type { KeptDb } from '../storage/kept-db';
import { keptDbErrorOf, type KeptDbError } from '../storage/kept-db';
import { browserStorage, safeStorage, type StorageLike } from '../storage/web-storage';
import { LOG_BOUNDS, requestLog, type RequestLog, type RequestLogEntry } from './request-log';

/** Whether kept calls keep their bodies (Settings; off by default: bodies may hold documents' text). */
export const KEEP_BODIES_KEY = 'kc.activity.keepBodies';

/** How long after the last change the finished calls are written (one transaction for a burst of calls). */
const WRITE_DELAY_MS = 800;

export interface HistoryState {
  /** The kept calls have been read back into the log (or there was nothing to read). */
  loaded: boolean;
  /** Why the history could not be read or written: shown on the Activity page, never read as "no history". */
  error?: KeptDbError;
}

export interface KeptHistory {
  /** Reads the kept calls into the log, then keeps every finished call. Idempotent; a failed read may be retried. */
  attach(db: KeptDb): Promise<void>;
  /** Writes what is waiting now (tests; a page about to go). */
  flush(): Promise<void>;
  /** Empties the log and what is kept of it. */
  clear(): Promise<void>;
  keepBodies(): boolean;
  setKeepBodies(keep: boolean): void;
  getState(): HistoryState;
  subscribe(listener: () => void): () => void;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** A kept row as a log entry, or undefined (another build's row: counted by nobody, it is only history). */
function parseKept(raw: unknown): RequestLogEntry | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.startedAt !== 'number') return undefined;
  if (typeof raw.method !== 'string' || typeof raw.path !== 'string' || typeof raw.url !== 'string') return undefined;
  return { drift: [], requestHeaders: {}, ...raw } as unknown as RequestLogEntry;
}

/** The entry as kept: bodies only when asked; the token is never in an entry (the log masks it). */
function keptForm(entry: RequestLogEntry, bodies: boolean): RequestLogEntry {
  const { restored: _restored, ...rest } = entry;
  if (bodies) return rest;
  const { requestBody: _req, responseBody: _res, responseTruncated: _cut, ...bare } = rest;
  return bare;
}

/**
 * The request log kept in IndexedDB (store `requestHistory`), so the Activity page survives a reload: finished
 * calls are written a moment after they end, at most LOG_BOUNDS.capacity of them (the oldest go).
 */
export function createKeptHistory(log: RequestLog = requestLog, local?: StorageLike | null): KeptHistory {
  const settings = safeStorage(() => (local !== undefined ? local : browserStorage('local')));
  const listeners = new Set<() => void>();
  let state: HistoryState = { loaded: false };
  let db: KeptDb | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The entry object last written per id: a finished entry changed since (drift added) is written again. */
  const written = new Map<string, RequestLogEntry>();
  let writing: Promise<void> = Promise.resolve();

  const setState = (next: HistoryState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  const write = async () => {
    timer = undefined;
    if (!db) return;
    const bodies = history.keepBodies();
    const due = log.getEntries().filter((e) => !e.pending && !e.restored && written.get(e.id) !== e);
    if (due.length === 0) return;
    try {
      await db.transact(['requestHistory'], 'readwrite', async (tx) => {
        for (const entry of due) await tx.put('requestHistory', keptForm(entry, bodies));
      });
      for (const entry of due) written.set(entry.id, entry);
      if (written.size > LOG_BOUNDS.capacity * 1.2) await prune();
      if (state.error) setState({ ...state, error: undefined });
    } catch (error) {
      setState({ ...state, error: keptDbErrorOf(error) });
    }
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(() => void (writing = writing.then(write)), WRITE_DELAY_MS);
  };

  /** Drops the oldest kept calls beyond the capacity. */
  const prune = async () => {
    if (!db) return;
    const { rows } = await db.store('requestHistory', parseKept).all();
    const gone = rows.sort((a, b) => b.startedAt - a.startedAt).slice(LOG_BOUNDS.capacity);
    if (gone.length === 0) return;
    await db.transact(['requestHistory'], 'readwrite', async (tx) => {
      for (const entry of gone) await tx.delete('requestHistory', entry.id);
    });
    for (const entry of gone) written.delete(entry.id);
  };

  const load = async (given: KeptDb) => {
    try {
      await prune();
      const { rows } = await given.store('requestHistory', parseKept).all();
      log.restore(rows);
      // Read back, they are kept already: not written again.
      for (const entry of log.getEntries()) if (entry.restored) written.set(entry.id, entry);
      setState({ loaded: true });
    } catch (error) {
      setState({ loaded: false, error: keptDbErrorOf(error) });
    }
  };

  const history: KeptHistory = {
    attach(given) {
      if (db === given && state.loaded) return Promise.resolve();
      db = given;
      unsubscribe ??= log.subscribe(schedule);
      return load(given).then(schedule);
    },
    async flush() {
      if (timer !== undefined) clearTimeout(timer);
      writing = writing.then(write);
      await writing;
    },
    async clear() {
      log.clear();
      written.clear();
      if (!db) return;
      try {
        const { rows } = await db.store('requestHistory', parseKept).all();
        await db.transact(['requestHistory'], 'readwrite', async (tx) => {
          for (const entry of rows) await tx.delete('requestHistory', entry.id);
        });
        setState({ ...state, error: undefined });
      } catch (error) {
        setState({ ...state, error: keptDbErrorOf(error) });
      }
    },
    keepBodies: () => settings.getText(KEEP_BODIES_KEY) === '1',
    setKeepBodies(keep) {
      if (keep) settings.setText(KEEP_BODIES_KEY, '1');
      else settings.remove(KEEP_BODIES_KEY);
      listeners.forEach((l) => l());
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}

/** The console's one kept history, of the one request log (the app attaches its database after start-up). */
export const keptHistory: KeptHistory = /* @__PURE__ */ createKeptHistory();

export function useKeptHistory(history: KeptHistory = keptHistory): HistoryState {
  return useSyncExternalStore(history.subscribe, history.getState, history.getState);
}
