// An in-memory IndexedDB for Node; the lazy database reads and writes the same data as the module it loads.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../lib';
import { createLazyKeptDb } from './lazy-kept-db';

interface Lease {
  name: string;
  holder: string;
  expiresAt: number;
}
const parse = (raw: unknown) => raw as Lease;

const opened: KeptDb[] = [];
afterEach(async () => Promise.all(opened.splice(0).map((db) => db.close())));

describe('the kept database loaded on first use', () => {
  it('writes and reads what the database itself keeps, through stores and transactions', async () => {
    const lazy = createLazyKeptDb({ name: 'lazy-1' });
    const direct = createKeptDb({ name: 'lazy-1' });
    opened.push(lazy, direct);
    const leases = lazy.store('leases', parse);
    await leases.put({ name: 'a', holder: 'tab-1', expiresAt: 1 });
    expect(await direct.store('leases', parse).get('a')).toEqual({ name: 'a', holder: 'tab-1', expiresAt: 1 });
    expect(await leases.update('a', (c) => c && { ...c, expiresAt: 2 })).toMatchObject({ expiresAt: 2 });
    await lazy.transact(['leases'], 'readwrite', (tx) => tx.put('leases', { name: 'b', holder: '', expiresAt: 3 }));
    expect((await leases.all()).rows.map((r) => r.name)).toEqual(['a', 'b']);
    await leases.delete('a');
    expect(await leases.get('a')).toBeUndefined();
  });

  it('closes without loading anything when it was never used', async () => {
    await expect(createLazyKeptDb({ name: 'lazy-2' }).close()).resolves.toBeUndefined();
  });
});
