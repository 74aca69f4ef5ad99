// An in-memory IndexedDB for Node; each KeptDb below is its own connection, as each tab's is.
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from './kept-db';

interface Counter {
  name: string;
  holder: string;
  expiresAt: number;
}
const parse = (raw: unknown) => raw as Counter;

const opened: KeptDb[] = [];
afterEach(async () => Promise.all(opened.splice(0).map((db) => db.close())));

describe("the kept database's update", () => {
  it('reads and writes in one transaction: updates from two connections at once never lose one', async () => {
    const [a, b] = [createKeptDb({ name: 'update-1' }), createKeptDb({ name: 'update-1' })];
    opened.push(a!, b!);
    const bump = (db: KeptDb) =>
      db.store('leases', parse).update('n', (c) => ({ name: 'n', holder: '', expiresAt: (c?.expiresAt ?? 0) + 1 }));
    await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 ? a! : b!)));
    expect((await a!.store('leases', parse).get('n'))?.expiresAt).toBe(20);
  });

  it('leaves the record (undefined) or deletes it (null) as asked, and returns what is kept', async () => {
    const db = createKeptDb({ name: 'update-2' });
    opened.push(db);
    const leases = db.store('leases', parse);
    const lease = { name: 'x', holder: 'tab1', expiresAt: 5 };
    expect(await leases.update('x', () => lease)).toEqual(lease);
    expect(await leases.update('x', () => undefined)).toEqual(lease);
    expect(await leases.update('x', () => null)).toBeUndefined();
    expect(await leases.get('x')).toBeUndefined();
  });

  it('reopens a connection the browser ended, as every other operation does: a lease is still written', async () => {
    const realOpen = indexedDB.open.bind(indexedDB);
    const requests: IDBOpenDBRequest[] = [];
    indexedDB.open = (name: string, version?: number) => {
      const request = realOpen(name, version);
      requests.push(request);
      return request;
    };
    try {
      const db = createKeptDb({ name: 'update-3' });
      opened.push(db);
      const leases = db.store('leases', parse);
      await leases.update('x', () => ({ name: 'x', holder: 'tab1', expiresAt: 5 }));
      forceCloseDatabase(requests[0]!.result as unknown as Parameters<typeof forceCloseDatabase>[0]);
      expect(await leases.update('x', (c) => c && { ...c, expiresAt: 9 })).toEqual({
        name: 'x',
        holder: 'tab1',
        expiresAt: 9,
      });
      expect(requests).toHaveLength(2);
    } finally {
      indexedDB.open = realOpen;
    }
  });
});
