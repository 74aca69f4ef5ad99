import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test-support/memory-storage';
import { safeStorage, type StorageLike } from './web-storage';

/** Storage the browser refuses: every call throws, as where site data is blocked. */
const blocked: StorageLike = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

/** Storage that is full: reads work, writes fail. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

describe('safe storage', () => {
  it('reads back what it wrote, as text and as JSON', () => {
    const memory = new MemoryStorage();
    const kept = safeStorage(memory);
    expect(kept.setText('a', 'x')).toBe(true);
    expect(kept.writeJson('b', { n: 1 })).toBe(true);
    expect(kept.getText('a')).toBe('x');
    expect(kept.readJson('b')).toEqual({ n: 1 });
    kept.remove('a');
    expect(memory.getItem('a')).toBeNull();
  });

  it('parses on read: a rejected or unreadable value reads as absent, and unreadable text is handed over', () => {
    const memory = new MemoryStorage();
    memory.setItem('list', '{"not":"a list"}');
    memory.setItem('broken', '{oops');
    const kept = safeStorage(memory);
    const asList = (v: unknown) => (Array.isArray(v) ? v : undefined);
    expect(kept.readJson('list', { parse: asList })).toBeUndefined();
    const unreadable: string[] = [];
    expect(kept.readJson('broken', { onUnreadable: (t) => unreadable.push(t) })).toBeUndefined();
    expect(unreadable).toEqual(['{oops']);
    expect(kept.readJson('missing')).toBeUndefined();
  });

  it('blocked storage reads as empty and refuses writes without throwing', () => {
    const kept = safeStorage(blocked);
    expect(kept.getText('a')).toBeNull();
    expect(kept.readJson('a')).toBeUndefined();
    expect(kept.setText('a', 'x')).toBe(false);
    expect(kept.writeJson('a', 1)).toBe(false);
    expect(() => kept.remove('a')).not.toThrow();
  });

  it('a full storage says the write failed; no storage at all keeps nothing', () => {
    expect(safeStorage(new FullStorage()).writeJson('a', [1])).toBe(false);
    const none = safeStorage(null);
    expect(none.setText('a', 'x')).toBe(false);
    expect(none.getText('a')).toBeNull();
  });

  it('a getter is read at each call, so a storage that appears later is used', () => {
    let current: StorageLike | null = null;
    const kept = safeStorage(() => current);
    expect(kept.setText('a', 'x')).toBe(false);
    current = new MemoryStorage();
    expect(kept.setText('a', 'x')).toBe(true);
    expect(kept.getText('a')).toBe('x');
  });
});
