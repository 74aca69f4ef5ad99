import type { IDBPDatabase } from 'idb';

/**
 * The console's one IndexedDB database, for records too large or too many for localStorage (suite runs,
 * bulk-removal batches). Every object store is declared here, once; adding one bumps DB_VERSION and the
 * upgrade below creates whatever is missing, so older databases keep their data.
 * Values are stored as plain JSON-safe objects and parsed on read by their owner (a feature's zod schema):
 * a record written by an older build that no longer parses is skipped, never crashes a page.
 * No token is ever stored here.
 */
export const KEPT_STORES = {
  /** Space test suites, per connection profile. */
  suites: { keyPath: 'id', indexes: { byProfile: 'profileId' } },
  /** Runs of a suite, newest last by `startedAt`. */
  suiteRuns: { keyPath: 'id', indexes: { bySuite: 'suiteId' } },
  /** Bulk document removals: the batch, its queue and every row's state. */
  bulkBatches: { keyPath: 'id', indexes: { byProfile: 'profileId' } },
  /** Which tab runs a batch or a deletion where there are no Web Locks (plain http): {name, holder, expiresAt}. */
  leases: { keyPath: 'name', indexes: {} },
} as const satisfies Record<string, { keyPath: string; indexes: Record<string, string> }>;

export type KeptStoreName = keyof typeof KEPT_STORES;
export type KeptIndexName<S extends KeptStoreName> = keyof (typeof KEPT_STORES)[S]['indexes'] & string;

export const DB_NAME = 'knowledge-console';
export const DB_VERSION = 2;

export interface KeptStore<T> {
  get(key: string): Promise<T | undefined>;
  /** Every record of the store (or of one index value), in key order; records that no longer parse are left out. */
  all(): Promise<T[]>;
  where<I extends string>(index: I, value: string): Promise<T[]>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Reads one record, and writes (a value), deletes (null) or leaves it (undefined) as `change` decides, in one
   * readwrite transaction: no other tab's write comes between the read and the write. Returns what is kept.
   */
  update(key: string, change: (current: T | undefined) => T | null | undefined): Promise<T | undefined>;
}

export interface KeptDbOptions {
  /** Another name keeps tests apart. */
  name?: string;
}

export interface KeptDb {
  store<T>(name: KeptStoreName, parse: (raw: unknown) => T | undefined): KeptStore<T>;
  close(): Promise<void>;
}

/** Opens (lazily, once) the console database. Fails with a clear message where the browser offers no IndexedDB. */
export function createKeptDb({ name = DB_NAME }: KeptDbOptions = {}): KeptDb {
  let opened: Promise<IDBPDatabase> | undefined;
  const db = () => {
    opened ??= (async () => {
      if (typeof indexedDB === 'undefined') {
        throw new Error('This browser keeps no IndexedDB data here (private mode or blocked storage).');
      }
      // Loaded with the first page that keeps something, not with the console's first route.
      const { openDB } = await import('idb');
      return openDB(name, DB_VERSION, {
        upgrade(database, _old, _new, tx) {
          for (const [storeName, spec] of Object.entries(KEPT_STORES)) {
            const store = database.objectStoreNames.contains(storeName)
              ? tx.objectStore(storeName)
              : database.createObjectStore(storeName, { keyPath: spec.keyPath });
            for (const [indexName, keyPath] of Object.entries(spec.indexes)) {
              if (!store.indexNames.contains(indexName)) store.createIndex(indexName, keyPath);
            }
          }
        },
      });
    })();
    return opened;
  };
  const parsed = <T>(rows: unknown[], parse: (raw: unknown) => T | undefined) =>
    rows.map(parse).filter((row): row is T => row !== undefined);
  return {
    store<T>(storeName: KeptStoreName, parse: (raw: unknown) => T | undefined): KeptStore<T> {
      return {
        async get(key) {
          const raw: unknown = await (await db()).get(storeName, key);
          return raw === undefined ? undefined : parse(raw);
        },
        async all() {
          return parsed((await (await db()).getAll(storeName)) as unknown[], parse);
        },
        async where(index, value) {
          return parsed((await (await db()).getAllFromIndex(storeName, index, value)) as unknown[], parse);
        },
        async put(value) {
          await (await db()).put(storeName, value as unknown);
        },
        async delete(key) {
          await (await db()).delete(storeName, key);
        },
        async update(key, change) {
          const tx = (await db()).transaction(storeName, 'readwrite');
          const raw: unknown = await tx.store.get(key);
          const current = raw === undefined ? undefined : parse(raw);
          const next = change(current);
          if (next === null) await tx.store.delete(key);
          else if (next !== undefined) await tx.store.put(next as unknown);
          await tx.done;
          return next === null ? undefined : (next ?? current);
        },
      };
    },
    async close() {
      if (opened) (await opened.catch(() => undefined))?.close();
      opened = undefined;
    },
  };
}
