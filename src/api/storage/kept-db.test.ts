// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from './kept-db';

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
    expect((await suites.where('byProfile', 'p1')).map((r) => r.id)).toEqual(['a', 'c']);
    await suites.delete('a');
    expect((await suites.all()).map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('survives a reopen, and leaves out records that no longer parse', async () => {
    db = createKeptDb({ name: 'kept-2' });
    await db
      .store<unknown>('bulkBatches', (raw) => raw)
      .put({ id: 'old', profileId: 'p', shape: 'from an older build' });
    await db.store('bulkBatches', parseRow).put({ id: 'new', profileId: 'p', n: 7 });
    await db.close();
    db = createKeptDb({ name: 'kept-2' });
    expect(await db.store('bulkBatches', parseRow).all()).toEqual([{ id: 'new', profileId: 'p', n: 7 }]);
    expect(await db.store('bulkBatches', parseRow).get('old')).toBeUndefined();
  });

  it('says so clearly where there is no IndexedDB', async () => {
    const saved = globalThis.indexedDB;
    // As in a browser that blocks storage.
    Reflect.deleteProperty(globalThis, 'indexedDB');
    try {
      db = createKeptDb({ name: 'kept-3' });
      await expect(db.store('suites', parseRow).all()).rejects.toThrow(/keeps no IndexedDB/);
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
