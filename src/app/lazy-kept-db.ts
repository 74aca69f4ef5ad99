import { keptDbErrorOf, type KeptDb, type KeptDbOptions, type KeptStore } from '../lib';

/**
 * The console's kept database (src/lib/storage/kept-db.ts) with its module fetched on first use: a store's first read
 * or write, a transaction. The first route shows nothing kept, so the wrapper (3.3 KB gzip) is not in the entry a cold
 * load parses before its first paint nor in a first visit's weight (scripts/perf/weigh.mjs). Its module failing to
 * load (offline, a new deploy that replaced the chunk) is the operation's failure, a KeptDbError as any other, and the
 * next operation tries again.
 */
export function createLazyKeptDb(options?: KeptDbOptions): KeptDb {
  let loading: Promise<KeptDb> | undefined;
  const db = (): Promise<KeptDb> =>
    (loading ??= import('../lib/storage/kept-db').then(
      (m) => m.createKeptDb(options),
      (error: unknown) => {
        loading = undefined;
        throw keptDbErrorOf(error);
      },
    ));
  return {
    store<T>(name: Parameters<KeptDb['store']>[0], parse: (raw: unknown) => T | undefined): KeptStore<T> {
      let store: Promise<KeptStore<T>> | undefined;
      const ready = () =>
        (store ??= db().then((d) => d.store(name, parse))).catch((error: unknown) => {
          store = undefined;
          throw error;
        });
      return {
        get: (key) => ready().then((s) => s.get(key)),
        all: () => ready().then((s) => s.all()),
        where: (index, value) => ready().then((s) => s.where(index, value)),
        put: (value) => ready().then((s) => s.put(value)),
        delete: (key) => ready().then((s) => s.delete(key)),
        update: (key, change) => ready().then((s) => s.update(key, change)),
      };
    },
    transact: (stores, mode, work) => db().then((d) => d.transact(stores, mode, work)),
    async close() {
      // Never loaded: nothing is open.
      if (loading) await (await loading.catch(() => undefined))?.close();
    },
  };
}
