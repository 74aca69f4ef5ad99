// The browser's IndexedDB, in memory.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectionStore, createKeptDb, type KeptDb } from '../../../lib';
import { keepUnfinishedBatches, unfinishedBatches } from './presence';
import { createDeletionRuntime, type DeletionRuntime } from './runtime';
import { MemoryStorage } from '../../../lib/test-support/memory-storage';

const memoryStorage = () => new MemoryStorage();

beforeAll(() => {
  connectionStore.init({
    default_profile: 'p',
    profiles: [{ id: 'p', name: 'P', base_url: 'http://127.0.0.1:1', secondary_url: 'http://127.0.0.1:1', token: 't' }],
  });
});

const open: { runtime: DeletionRuntime; db: KeptDb }[] = [];
afterEach(async () => {
  for (const { runtime, db } of open.splice(0)) {
    runtime.dispose();
    await db.close();
  }
});

/** A tab starting up with an "unfinished batch" mark for `old`, whose saved record reads as `record`. */
async function startUp(record: unknown) {
  const db = createKeptDb({ name: `runtime-${Math.random()}` });
  if (record !== undefined) await db.store<unknown>('bulkBatches', (r) => r).put(record);
  const storage = memoryStorage();
  keepUnfinishedBatches(new Map([['old', 'p']]), storage);
  const runtime = createDeletionRuntime({ storage, keptDb: db, coordinator: null });
  open.push({ runtime, db });
  return { runtime, storage };
}

/** The runtime's read ended (as its load issue tells); then one task, for what it does after. */
async function loaded(runtime: DeletionRuntime, issue: unknown) {
  await expect.poll(() => runtime.batches.getLoadIssue()).toMatchObject(issue as object);
  await new Promise((r) => setTimeout(r, 0));
}

describe('the "unfinished batch" mark at start-up', () => {
  it('is cleared when the profile’s saved batches were all read and it is not among them', async () => {
    const { runtime, storage } = await startUp(undefined);
    runtime.start();
    await expect.poll(() => unfinishedBatches(storage).size).toBe(0);
  });

  it('is kept when a saved batch could not be read, and the page is told how many', async () => {
    const { runtime, storage } = await startUp({ id: 'old', profileId: 'p', rows: 'from another build' });
    runtime.start();
    await loaded(runtime, { profileId: 'p', unreadable: 1 });
    expect([...unfinishedBatches(storage)]).toEqual([['old', 'p']]);
  });

  it('is kept when the saved batches could not be read at all, and the page is told why', async () => {
    const { runtime, storage } = await startUp(undefined);
    const getAll = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      runtime.start();
      await loaded(runtime, { profileId: 'p', error: { kind: 'quota' } });
    } finally {
      IDBIndex.prototype.getAll = getAll;
    }
    expect([...unfinishedBatches(storage)]).toEqual([['old', 'p']]);
  });
});
