import { describe, expect, it } from 'vitest';
import { activeGrader, createGraderStore, GRADER_STORAGE_KEYS } from './grader-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the rubric grader in Settings', () => {
  it('keeps its key in memory, in sessionStorage only when remembered, never in localStorage', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createGraderStore({ local, session });
    expect(activeGrader(store)).toBeUndefined();
    store.save({ url: ' http://127.0.0.1:9/v1 ', model: 'judge', key: 'sk-grader-secret', rememberKey: false });
    expect(activeGrader(store)).toEqual({ url: 'http://127.0.0.1:9/v1', model: 'judge', key: 'sk-grader-secret' });
    expect([...local.items.values()].join()).not.toContain('sk-grader-secret');
    expect(session.items.size).toBe(0);
    // A reload: the URL and model come back, the key does not.
    expect(activeGrader(createGraderStore({ local, session }))).toEqual({
      url: 'http://127.0.0.1:9/v1',
      model: 'judge',
    });

    // Saved again without typing a key: the key held is kept; remembered, it is in this tab's sessionStorage.
    store.save({ url: 'http://127.0.0.1:9/v1', model: 'judge', rememberKey: true });
    expect(session.items.get(GRADER_STORAGE_KEYS.key)).toBe('sk-grader-secret');
    expect([...local.items.values()].join()).not.toContain('sk-grader-secret');
    expect(createGraderStore({ local, session }).get()?.key).toBe('sk-grader-secret');

    store.clear();
    expect(activeGrader(store)).toBeUndefined();
    expect(local.items.size + session.items.size).toBe(0);
  });
});
