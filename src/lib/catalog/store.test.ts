import { describe, expect, it } from 'vitest';
import { CATALOG_RECENT_LIMIT, createCatalogStore, flushWhenLeaving } from './store';
import { sightingsFor } from './sightings';
import { MemoryStorage } from '../test-support/memory-storage';

describe('catalog store', () => {
  it('remembers ids per profile and kind, refreshes labels and keeps pins', () => {
    let t = 1000;
    const store = createCatalogStore(new MemoryStorage(), () => t++);
    store.remember('p1', [{ kind: 'dataset', id: '731', label: 'Handbook' }]);
    store.remember('p2', [{ kind: 'dataset', id: '999' }]);
    store.setPinned('p1', 'dataset', '731', true);
    store.remember('p1', [{ kind: 'dataset', id: '731', label: 'Handbook v2' }]);
    expect(store.list('p1', 'dataset')).toEqual([
      expect.objectContaining({ id: '731', label: 'Handbook v2', pinned: true }),
    ]);
    expect(store.list('p2').map((e) => e.id)).toEqual(['999']);
    expect(store.list('p1', 'knowledge')).toEqual([]);
  });

  it('persists across instances and forgets the oldest unpinned beyond the limit', () => {
    const storage = new MemoryStorage();
    let t = 0;
    const a = createCatalogStore(storage, () => t++);
    a.remember('p', [{ kind: 'document', id: 'keep' }]);
    a.setPinned('p', 'document', 'keep', true);
    for (let i = 0; i < CATALOG_RECENT_LIMIT + 5; i++) a.remember('p', [{ kind: 'document', id: `d${i}` }]);
    a.flush();
    const b = createCatalogStore(storage);
    const ids = b.list('p', 'document').map((e) => e.id);
    expect(ids).toHaveLength(CATALOG_RECENT_LIMIT + 1);
    expect(ids).toContain('keep');
    expect(ids).not.toContain('d0');
    expect(ids).toContain(`d${CATALOG_RECENT_LIMIT + 4}`);
  });

  it('exports and imports, merging and rejecting bad entries', () => {
    const a = createCatalogStore(new MemoryStorage());
    a.remember('p', [{ kind: 'knowledge', id: '631', label: 'KB', record: { name: 'KB' } }]);
    a.setPinned('p', 'knowledge', '631', true);
    const text = a.exportJson('p');
    const withBad = JSON.parse(text);
    withBad.entries.push({ kind: 'nope', id: 'x' });
    // An id that would change the path of the request its page makes.
    withBad.entries.push({ ...withBad.entries[0], id: '..' }, { ...withBad.entries[0], id: '5/../77' });
    const b = createCatalogStore(new MemoryStorage());
    b.remember('p', [{ kind: 'knowledge', id: '631' }]);
    const report = b.importJson(JSON.stringify(withBad));
    expect(report).toEqual({ added: 0, updated: 1, rejected: 3 });
    expect(b.get('p', 'knowledge', '631')).toMatchObject({ label: 'KB', pinned: true });
    expect(() => b.importJson('{"hello":1}')).toThrow(/not a Knowledge Console catalog/);
    expect(() => b.importJson('nope')).toThrow(/not JSON/);
  });

  it('imports into another profile when asked', () => {
    const a = createCatalogStore(new MemoryStorage());
    a.remember('theirs', [{ kind: 'dataset', id: '731', label: 'Handbook' }]);
    const b = createCatalogStore(new MemoryStorage());
    expect(b.importJson(a.exportJson('theirs'), { intoProfile: 'mine' })).toEqual({
      added: 1,
      updated: 0,
      rejected: 0,
    });
    expect(b.list('mine').map((e) => `${e.kind}:${e.id}:${e.label}`)).toEqual(['dataset:731:Handbook']);
    expect(b.list('theirs')).toEqual([]);
  });

  it('drops records too large for localStorage but keeps the id', () => {
    const store = createCatalogStore(new MemoryStorage());
    store.remember('p', [{ kind: 'document', id: '1', record: { text: 'x'.repeat(40_000) } }]);
    expect(store.get('p', 'document', '1')).toMatchObject({ id: '1', lastRecord: undefined });
  });
});

describe('catalog writes', () => {
  /** A storage that counts the catalog's writes. */
  class CountingStorage extends MemoryStorage {
    writes = 0;
    override setItem(key: string, value: string): void {
      this.writes++;
      super.setItem(key, value);
    }
  }

  it('keeps ids remembered from answers in memory at once and writes them together once, when scheduled', () => {
    const storage = new CountingStorage();
    const scheduled: (() => void)[] = [];
    let t = 0;
    const store = createCatalogStore(
      storage,
      () => t++,
      (fn) => scheduled.push(fn),
    );
    let told = 0;
    store.subscribe(() => told++);
    for (let i = 0; i < 50; i++) store.remember('p', [{ kind: 'document', id: `d${i}`, label: `doc ${i}` }]);
    expect(store.get('p', 'document', 'd49')).toMatchObject({ label: 'doc 49' });
    expect(store.list('p', 'document')).toHaveLength(50);
    expect(store.list('p', 'document')[0]).toMatchObject({ id: 'd49' });
    expect(storage.writes).toBe(0);
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(storage.writes).toBe(1);
    expect(told).toBe(1);
    expect(createCatalogStore(storage).list('p', 'document')).toHaveLength(50);
    // Once written, the next answer schedules the next write.
    store.remember('p', [{ kind: 'document', id: 'late' }]);
    expect(scheduled).toHaveLength(2);
  });

  it("writes the admin's own changes at once, with what answers left pending", () => {
    const storage = new CountingStorage();
    const store = createCatalogStore(storage, Date.now, () => {});
    store.remember('p', [{ kind: 'dataset', id: '731' }]);
    store.setPinned('p', 'dataset', '731', true);
    expect(storage.writes).toBe(1);
    expect(createCatalogStore(storage).get('p', 'dataset', '731')).toMatchObject({ pinned: true });
    store.flush();
    expect(storage.writes).toBe(1);
  });

  it('writes what is pending when the page is hidden or left, not when it is shown again', () => {
    const storage = new CountingStorage();
    const store = createCatalogStore(storage, Date.now, () => {});
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    flushWhenLeaving(store, win, doc);

    store.remember('p', [{ kind: 'document', id: 'before-close' }]);
    win.dispatchEvent(new Event('pagehide'));
    expect(createCatalogStore(storage).get('p', 'document', 'before-close')).toBeDefined();

    store.remember('p', [{ kind: 'document', id: 'before-hidden' }]);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(createCatalogStore(storage).get('p', 'document', 'before-hidden')).toBeUndefined();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(createCatalogStore(storage).get('p', 'document', 'before-hidden')).toBeDefined();
    expect(storage.writes).toBe(2);
  });
});

describe('sightings', () => {
  it('finds the linked ids of answers', () => {
    expect(sightingsFor('getKnowledge', { knowledge_id: 'k1' }, undefined, { name: 'KB', dataset_id: 'd1' })).toEqual([
      { kind: 'knowledge', id: 'k1', label: 'KB', record: { name: 'KB', dataset_id: 'd1' } },
      { kind: 'dataset', id: 'd1', label: undefined, record: undefined },
    ]);
    const completion = sightingsFor(
      'chatCompletions',
      { space_id: '101' },
      { message: 'hi' },
      {
        conversation_id: 'c9',
        document_chunks: [
          { document_id: 'doc1', document_name: 'a.md', dataset_id: 'ds1' },
          { document_id: 'doc1', document_name: 'a.md', dataset_id: 'ds1' },
        ],
      },
    );
    expect(completion.map((s) => `${s.kind}:${s.id}`)).toEqual([
      'space:101',
      'conversation:c9',
      'document:doc1',
      'dataset:ds1',
    ]);
    const conv = sightingsFor(
      'updateConversation',
      { conversation_id: 'c1' },
      {},
      { title: 'T', agent_id: 'agent-x', agent: { name: 'Helper' } },
    );
    expect(conv.map((s) => `${s.kind}:${s.id}:${s.label}`)).toEqual(['conversation:c1:T', 'agent:agent-x:Helper']);
  });
});
