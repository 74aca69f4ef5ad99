// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, DB_VERSION, KeptDbError, type KeptDb } from './kept-db';

interface Row {
  id: string;
  profileId: string;
  n: number;
}
const parseRow = (raw: unknown): Row | undefined => {
  const r = raw as Partial<Row>;
  return typeof r?.id === 'string' && typeof r.profileId === 'string' && typeof r.n === 'number'
    ? (r as Row)
    : undefined;
};

/** A connection as another tab of an older build holds it: it ignores `versionchange`. */
function openRaw(
  name: string,
  version: number,
  onUpgrade?: (request: IDBOpenDBRequest) => void,
): Promise<{ db?: IDBDatabase; blocked: boolean; upgraded: boolean; error?: string }> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name, version);
    let blocked = false;
    let upgraded = false;
    request.onblocked = () => (blocked = true);
    request.onupgradeneeded = () => {
      upgraded = true;
      onUpgrade?.(request);
    };
    request.onsuccess = () => resolve({ db: request.result, blocked, upgraded });
    request.onerror = () => resolve({ blocked, upgraded, error: request.error?.name });
  });
}

const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof KeptDbError ? e.kind : `not a KeptDbError: ${String(e)}`),
  );

let db: KeptDb | undefined;
afterEach(async () => db?.close());

describe('the kept database', () => {
  it('puts, reads back, lists by index and deletes', async () => {
    db = createKeptDb({ name: 'kept-1' });
    const suites = db.store('suites', parseRow);
    await suites.put({ id: 'a', profileId: 'p1', n: 1 });
    await suites.put({ id: 'b', profileId: 'p2', n: 2 });
    await suites.put({ id: 'c', profileId: 'p1', n: 3 });
    expect(await suites.get('b')).toEqual({ id: 'b', profileId: 'p2', n: 2 });
    expect((await suites.where('byProfile', 'p1')).rows.map((r) => r.id)).toEqual(['a', 'c']);
    await suites.delete('a');
    expect((await suites.all()).rows.map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('survives a reopen, and counts the records that no longer parse instead of hiding them', async () => {
    db = createKeptDb({ name: 'kept-2' });
    await db
      .store<unknown>('bulkBatches', (raw) => raw)
      .put({ id: 'old', profileId: 'p', shape: 'from an older build' });
    await db.store('bulkBatches', parseRow).put({ id: 'new', profileId: 'p', n: 7 });
    await db.close();
    db = createKeptDb({ name: 'kept-2' });
    const store = db.store('bulkBatches', parseRow);
    expect(await store.all()).toEqual({ rows: [{ id: 'new', profileId: 'p', n: 7 }], unreadable: 1 });
    expect(await store.where('byProfile', 'p')).toEqual({ rows: [{ id: 'new', profileId: 'p', n: 7 }], unreadable: 1 });
    expect(await kindOf(store.get('old'))).toBe('unreadable');
    expect(await store.get('missing')).toBeUndefined();
  });

  it('says so clearly where there is no IndexedDB, and tries again on the next call (a failed open is not kept)', async () => {
    const saved = globalThis.indexedDB;
    db = createKeptDb({ name: 'kept-3' });
    // As in a browser that blocks storage.
    Reflect.deleteProperty(globalThis, 'indexedDB');
    try {
      await expect(db.store('suites', parseRow).all()).rejects.toThrow(/keeps no IndexedDB/);
      expect(await kindOf(db.store('suites', parseRow).all())).toBe('unavailable');
    } finally {
      globalThis.indexedDB = saved;
    }
    await db.store('suites', parseRow).put({ id: 'a', profileId: 'p', n: 1 });
    expect((await db.store('suites', parseRow).all()).rows).toHaveLength(1);
  });

  it('tells a write refused for quota by its kind', async () => {
    db = createKeptDb({ name: 'kept-4' });
    const store = db.store('suites', parseRow);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      expect(await kindOf(store.put({ id: 'a', profileId: 'p', n: 1 }))).toBe('quota');
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    await store.put({ id: 'a', profileId: 'p', n: 1 });
    expect((await store.all()).rows).toHaveLength(1);
  });

  it('blocked by an older connection in another tab: rejects at once with `blocked`, then works once that tab lets go', async () => {
    const old = await openRaw('kept-5', DB_VERSION);
    db = createKeptDb({ name: 'kept-5', version: DB_VERSION + 1 });
    const store = db.store('suites', parseRow);
    const first = kindOf(store.all());
    expect(await first).toBe('blocked');
    // No second request queued behind the blocked one: it says so again.
    expect(await kindOf(store.all())).toBe('blocked');
    old.db!.close();
    await expect.poll(() => kindOf(store.put({ id: 'a', profileId: 'p', n: 1 }))).toBe('ok');
    expect((await store.all()).rows).toHaveLength(1);
  });

  it('blocking another tab’s upgrade: closes its connection at once, and reopens on the next call', async () => {
    db = createKeptDb({ name: 'kept-6' });
    const store = db.store('suites', parseRow);
    await store.put({ id: 'a', profileId: 'p', n: 1 });
    // Another tab asks for a newer version and gives it up (its upgrade aborts): it is never blocked.
    const other = await openRaw('kept-6', DB_VERSION + 1, (request) => request.transaction!.abort());
    expect(other).toMatchObject({ blocked: false, upgraded: true, error: 'AbortError' });
    expect((await store.all()).rows).toEqual([{ id: 'a', profileId: 'p', n: 1 }]);
  });

  it('after another tab upgraded for real: says this tab must reload (`outdated`), not "nothing saved"', async () => {
    db = createKeptDb({ name: 'kept-7' });
    const store = db.store('suites', parseRow);
    await store.put({ id: 'a', profileId: 'p', n: 1 });
    const other = await openRaw('kept-7', DB_VERSION + 1);
    expect(other).toMatchObject({ blocked: false, upgraded: true });
    other.db!.close();
    expect(await kindOf(store.all())).toBe('outdated');
  });

  it('a connection the browser ended (`terminated`) is reopened on the next call', async () => {
    const open = indexedDB.open.bind(indexedDB);
    const requests: IDBOpenDBRequest[] = [];
    indexedDB.open = (name: string, version?: number) => {
      const request = open(name, version);
      requests.push(request);
      return request;
    };
    try {
      db = createKeptDb({ name: 'kept-8' });
      const store = db.store('suites', parseRow);
      await store.put({ id: 'a', profileId: 'p', n: 1 });
      // As the browser does when it clears the site's data or the disk fails.
      forceCloseDatabase(requests[0]!.result as unknown as Parameters<typeof forceCloseDatabase>[0]);
      expect((await store.all()).rows).toHaveLength(1);
      expect(requests).toHaveLength(2);
    } finally {
      indexedDB.open = open;
    }
  });
});
