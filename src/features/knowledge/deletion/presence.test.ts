import { describe, expect, it } from 'vitest';
import type { StorageLike } from '../../../lib';
import {
  DELETIONS_KEY,
  keepUnfinishedBatches,
  keptDeletionWork,
  UNFINISHED_BATCHES_KEY,
  unfinishedBatches,
} from './presence';

function memoryStorage(): StorageLike & { writes: number } {
  const items = new Map<string, string>();
  return {
    writes: 0,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      this.writes++;
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

describe('whether a visit needs the deletion runtime', () => {
  it('only for a deletion still awaiting confirmation or an unfinished batch', () => {
    const storage = memoryStorage();
    expect(keptDeletionWork(storage)).toBe(false);
    storage.setItem(DELETIONS_KEY, JSON.stringify([{ state: 'confirmed' }, { state: 'failed' }]));
    expect(keptDeletionWork(storage)).toBe(false);
    storage.setItem(DELETIONS_KEY, JSON.stringify([{ state: 'confirmed' }, { state: 'pending' }]));
    expect(keptDeletionWork(storage)).toBe(true);
    storage.setItem(DELETIONS_KEY, '[]');
    keepUnfinishedBatches(new Map([['b1', 'sandbox']]), storage);
    expect(keptDeletionWork(storage)).toBe(true);
  });

  it('reads unreadable lists as nothing kept, and writes the batch list only when it changes', () => {
    const storage = memoryStorage();
    storage.setItem(DELETIONS_KEY, '{not json');
    storage.setItem(UNFINISHED_BATCHES_KEY, '["an old shape"]');
    expect(keptDeletionWork(storage)).toBe(false);
    keepUnfinishedBatches(new Map([['b1', 'sandbox']]), storage);
    const writes = storage.writes;
    keepUnfinishedBatches(new Map([['b1', 'sandbox']]), storage);
    expect(storage.writes).toBe(writes);
    expect([...unfinishedBatches(storage)]).toEqual([['b1', 'sandbox']]);
    keepUnfinishedBatches(new Map(), storage);
    expect(storage.getItem(UNFINISHED_BATCHES_KEY)).toBeNull();
  });
});
