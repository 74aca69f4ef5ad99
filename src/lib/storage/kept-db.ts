import type { IDBPDatabase, openDB } from 'idb';
import { KeptDbError, keptDbErrorOf, KIND_MESSAGES } from './kept-db-error';

/**
 * The console's one IndexedDB database, for kept rows too large or too many for localStorage (suite runs,
 * bulk-removal batches). Every object store is declared here, once; adding one bumps DB_VERSION and the
 * upgrade below creates whatever is missing, so older databases keep their data.
 * Values are stored as plain JSON-safe objects and parsed on read by their owner (a feature's zod schema):
 * a kept row written by an older build that no longer parses is counted (KeptRows.unreadable), never crashes a page.
 * No token is ever stored here.
 */
export const KEPT_STORES = {
  /** Space test suites, per connection profile. */
  suites: { keyPath: 'id', indexes: { byProfile: 'profileId' } },
  /**
   * Runs of a suite, newest last by `startedAt`. Since version 3 a row is the run's header (no `attempts`; its
   * results are rows of `suiteRunResults`); a whole-run row kept by an older build (with `attempts`) still reads.
   */
  suiteRuns: { keyPath: 'id', indexes: { bySuite: 'suiteId' } },
  /** Bulk document removals: the batch, its queue and every row's state. */
  bulkBatches: { keyPath: 'id', indexes: { byProfile: 'profileId' } },
  /** Which tab runs a batch or a deletion where there are no Web Locks (plain http): {name, holder, expiresAt}. */
  leases: { keyPath: 'name', indexes: {} },
  /**
   * A suite run's results, one row per finished attempt, written as they finish (version 3): saving a growing run
   * whole cloned megabytes on the main thread. {id: `<runId>:<seq>`, runId, seq, attempt}, in finishing order by id;
   * the attempt without its turns' request, answer and response (in suiteRunDetails), so a run page reads little.
   */
  suiteRunResults: { keyPath: 'id', indexes: { byRun: 'runId' } },
  /**
   * What a result row leaves out, read only when a case is opened or the run exported: each turn's request, answer
   * and raw response (most of a result's bytes). {id (the result's), runId, turns: [{request, answer, response}]}.
   */
  suiteRunDetails: { keyPath: 'id', indexes: { byRun: 'runId' } },
  /**
   * This browser's record of destructive actions (version 4), per profile: document deletions, bulk removals,
   * conversation updates and deletions, each with when, what, who (the operator name of Settings), outcome and
   * verification. Bounded by AUDIT_BOUNDS (src/lib/audit).
   */
  audit: { keyPath: 'id', indexes: { byProfile: 'profileId' } },
  /**
   * The Activity page's request history (version 4): finished calls of the request log, so it survives a reload.
   * Bounded by LOG_BOUNDS.capacity; bodies only when Settings says so; never a token (the log holds none).
   */
  requestHistory: { keyPath: 'id', indexes: { byTime: 'startedAt' } },
} as const satisfies Record<string, { keyPath: string; indexes: Record<string, string> }>;

export type KeptStoreName = keyof typeof KEPT_STORES;

export const DB_NAME = 'knowledge-console';
export const DB_VERSION = 4;

export { isKeptDbError, KeptDbError, keptDbErrorOf, type KeptDbErrorKind } from './kept-db-error';

/** Kept rows read from a store: those that parse, and how many did not (the caller says so, never hides them). */
export interface KeptRows<T> {
  rows: T[];
  unreadable: number;
}

export interface KeptStore<T> {
  /** A kept row, undefined when there is none; rejects with an `unreadable` KeptDbError when it no longer parses. */
  get(key: string): Promise<T | undefined>;
  /** Every kept row of the store, in key order, and the count of those that no longer parse. */
  all(): Promise<KeptRows<T>>;
  where<I extends string>(index: I, value: string): Promise<KeptRows<T>>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Reads one kept row, and writes (a value), deletes (null) or leaves it (undefined) as `change` decides, in one
   * readwrite transaction: no other tab's write comes between the read and the write. Returns what is kept.
   */
  update(key: string, change: (current: T | undefined) => T | null | undefined): Promise<T | undefined>;
}

export interface KeptDbOptions {
  /** Another name keeps tests apart. */
  name?: string;
  /** Another version: tests of an upgrade meeting an open connection. */
  version?: number;
}

/**
 * Raw reads and writes of several stores in one transaction (values unparsed: the caller parses them). Only
 * IndexedDB requests may be awaited inside: anything else lets the transaction commit early.
 */
export interface KeptTx {
  get(store: KeptStoreName, key: string): Promise<unknown>;
  /** Rows whose `index` is `value`, in index order (then key order). */
  where(store: KeptStoreName, index: string, value: string): Promise<unknown[]>;
  /** Rows whose key is from `lower` to `upper` (both included), in key order. */
  range(store: KeptStoreName, lower: string, upper: string): Promise<unknown[]>;
  put(store: KeptStoreName, value: unknown): Promise<void>;
  delete(store: KeptStoreName, key: string): Promise<void>;
  /** Deletes every row whose `index` is `value`. */
  deleteWhere(store: KeptStoreName, index: string, value: string): Promise<void>;
}

export interface KeptDb {
  store<T>(name: KeptStoreName, parse: (raw: unknown) => T | undefined): KeptStore<T>;
  /** One transaction over `stores` (a run's header and its result rows read or written together). */
  transact<R>(stores: KeptStoreName[], mode: 'readonly' | 'readwrite', work: (tx: KeptTx) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

let loadedOpenDB: typeof openDB | undefined;
/**
 * The IndexedDB wrapper given by a page that imports it statically (kept-db-wrapper.ts): a page that reads kept rows
 * as it shows (a suite run) has it fetched beside its own chunk, not once it has rendered and asks.
 */
export function keptDbWrapperLoaded(given: typeof openDB): void {
  loadedOpenDB = given;
}

/**
 * Opens the console database lazily, and again whenever it must: a failed open is not kept (the next call tries
 * again); a connection the browser ended (`terminated`) or that blocks another tab's newer version (`blocking`:
 * closed at once, so that tab's upgrade goes through) is reopened on the next call. An open blocked by another
 * tab's older connection rejects at once with a `blocked` KeptDbError instead of hanging; it completes by itself
 * once that tab lets go, and is used from then on. Every failure is a KeptDbError with a kind.
 */
export function createKeptDb({ name = DB_NAME, version = DB_VERSION }: KeptDbOptions = {}): KeptDb {
  let current: Promise<IDBPDatabase> | undefined;
  /** An open reported blocked and not finished yet: no second request is queued behind it. */
  let blockedOpen: Promise<IDBPDatabase> | undefined;
  let closed = false;

  const open = () =>
    new Promise<IDBPDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new KeptDbError('unavailable', KIND_MESSAGES.unavailable));
        return;
      }
      let blocked = false;
      let database: IDBPDatabase | undefined;
      // Loaded with the first page that keeps something, not with the console's first route.
      const wrapper = loadedOpenDB ? Promise.resolve({ openDB: loadedOpenDB }) : import('idb');
      const request = wrapper.then(({ openDB }) =>
        openDB(name, version, {
          upgrade(db, _old, _new, tx) {
            for (const [storeName, spec] of Object.entries(KEPT_STORES)) {
              const store = db.objectStoreNames.contains(storeName)
                ? tx.objectStore(storeName)
                : db.createObjectStore(storeName, { keyPath: spec.keyPath });
              for (const [indexName, keyPath] of Object.entries(spec.indexes)) {
                if (!store.indexNames.contains(indexName)) store.createIndex(indexName, keyPath);
              }
            }
          },
          blocked() {
            blocked = true;
            blockedOpen = request;
            reject(new KeptDbError('blocked', KIND_MESSAGES.blocked));
          },
          blocking() {
            // Another tab opens a newer version: let go now; the next call here opens that version.
            database?.close();
            forget(database);
          },
          terminated() {
            forget(database);
          },
        }),
      );
      request.then(
        (db) => {
          database = db;
          if (blocked) {
            // The older connection went away after all: keep this one for the next call.
            blockedOpen = undefined;
            if (closed) db.close();
            else current ??= Promise.resolve(db);
          }
          resolve(db);
        },
        (error: unknown) => {
          if (blocked) blockedOpen = undefined;
          reject(keptDbErrorOf(error));
        },
      );
    });

  /** The connection `db` is over: the next call opens again. */
  function forget(db: IDBPDatabase | undefined) {
    const was = current;
    if (!was || !db) return;
    void was.then((connection) => {
      if (connection === db && current === was) current = undefined;
    });
  }

  const db = (): Promise<IDBPDatabase> => {
    if (current) return current;
    if (blockedOpen) return Promise.reject(new KeptDbError('blocked', KIND_MESSAGES.blocked));
    closed = false;
    const attempt = open();
    current = attempt;
    attempt.catch(() => {
      if (current === attempt) current = undefined;
    });
    return attempt;
  };

  /** One operation; a connection closed under it (another tab's upgrade, the browser) is reopened once. */
  async function run<R>(operation: (db: IDBPDatabase) => Promise<R>): Promise<R> {
    const first = await db();
    try {
      return await operation(first);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'InvalidStateError') {
        forget(first);
        try {
          return await operation(await db());
        } catch (again) {
          throw keptDbErrorOf(again);
        }
      }
      throw keptDbErrorOf(error);
    }
  }

  const parsed = <T>(raw: unknown[], parse: (raw: unknown) => T | undefined): KeptRows<T> => {
    const rows: T[] = [];
    for (const value of raw) {
      const row = parse(value);
      if (row !== undefined) rows.push(row);
    }
    return { rows, unreadable: raw.length - rows.length };
  };
  return {
    store<T>(storeName: KeptStoreName, parse: (raw: unknown) => T | undefined): KeptStore<T> {
      return {
        async get(key) {
          const raw: unknown = await run((d) => d.get(storeName, key));
          if (raw === undefined) return undefined;
          const row = parse(raw);
          if (row === undefined) throw new KeptDbError('unreadable', KIND_MESSAGES.unreadable);
          return row;
        },
        async all() {
          return parsed((await run((d) => d.getAll(storeName))) as unknown[], parse);
        },
        async where(index, value) {
          return parsed((await run((d) => d.getAllFromIndex(storeName, index, value))) as unknown[], parse);
        },
        async put(value) {
          await run((d) => d.put(storeName, value as unknown));
        },
        async delete(key) {
          await run((d) => d.delete(storeName, key));
        },
        async update(key, change) {
          // Through run(), as every other operation: a connection closed under it (another tab's upgrade, the
          // browser) is reopened once, and a failure is a KeptDbError. A lease is written here: a lease write that
          // failed for a stale connection would leave its tab unable to claim or renew anything.
          return run(async (d) => {
            const tx = d.transaction(storeName, 'readwrite');
            const raw: unknown = await tx.store.get(key);
            const stored = raw === undefined ? undefined : parse(raw);
            const next = change(stored);
            if (next === null) await tx.store.delete(key);
            else if (next !== undefined) await tx.store.put(next as unknown);
            await tx.done;
            return next === null ? undefined : (next ?? stored);
          });
        },
      };
    },
    transact(stores, mode, work) {
      return run(async (d) => {
        const tx = d.transaction(stores, mode);
        const keptTx: KeptTx = {
          get: (store, key) => tx.objectStore(store).get(key),
          where: (store, index, value) => tx.objectStore(store).index(index).getAll(value),
          range: (store, lower, upper) => tx.objectStore(store).getAll(IDBKeyRange.bound(lower, upper)),
          async put(store, value) {
            await tx.objectStore(store).put!(value);
          },
          async delete(store, key) {
            await tx.objectStore(store).delete!(key);
          },
          async deleteWhere(store, index, value) {
            const keys = await tx.objectStore(store).index(index).getAllKeys(value);
            await Promise.all(keys.map((key) => tx.objectStore(store).delete!(key)));
          },
        };
        try {
          const result = await work(keptTx);
          await tx.done;
          return result;
        } catch (error) {
          // A failed write ends the transaction; nothing of it is kept.
          try {
            tx.abort();
          } catch {
            // Already over.
          }
          await tx.done.catch(() => undefined);
          throw error;
        }
      });
    },
    async close() {
      closed = true;
      const was = current;
      current = undefined;
      if (was) (await was.catch(() => undefined))?.close();
    },
  };
}
