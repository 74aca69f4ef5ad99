import { describe, expect, it } from 'vitest';
import {
  keyValueBehaviourStore,
  mergeShown,
  observePieces,
  observeRead,
  observeRestriction,
  parseShownBehaviour,
  type ShownBehaviour,
} from './behaviour';

describe('what the service has shown', () => {
  it('pieces carry document_id only while every piece seen named its document', () => {
    let s: ShownBehaviour = {};
    s = observePieces(s, { pieces: 0, piecesWithDocumentId: 0 }, 1);
    expect(s.piecesCarryDocumentId).toBeUndefined();
    s = observePieces(s, { pieces: 3, piecesWithDocumentId: 3 }, 2);
    expect(s.piecesCarryDocumentId).toMatchObject({ value: true, at: 2 });
    s = observePieces(s, { pieces: 2, piecesWithDocumentId: 1 }, 3);
    expect(s.piecesCarryDocumentId).toMatchObject({ value: false });
    s = observePieces(s, { pieces: 2, piecesWithDocumentId: 2 }, 4);
    expect(s.piecesCarryDocumentId).toMatchObject({ value: false });
  });
  it('records what a read returned after a delete, and how the restriction treated a deleted document', () => {
    expect(observeRead({}, 'base_info', 1, 'd').readAfterDelete).toEqual({
      value: 'not_found',
      at: 1,
      documentId: 'd',
    });
    expect(observeRead({}, 'total_files', 1).readAfterDelete?.value).toBe('base_info_still_answers');
    expect(observeRestriction({}, false, 1).restrictionOnDeleted?.value).toBe('hides_at_once');
    expect(observeRestriction({}, true, 1).restrictionOnDeleted?.value).toBe('serves_until_purge');
  });
  it('keeps one record per profile in key-value storage; an unreadable one is a failure, not "nothing shown"', async () => {
    const kv = new Map<string, string>();
    const store = keyValueBehaviourStore({ getItem: (k) => kv.get(k) ?? null, setItem: (k, v) => void kv.set(k, v) });
    expect(await store.load('a')).toEqual({});
    await store.save('a', observeRead({}, 'base_info', 1));
    expect(await store.load('a')).toMatchObject({ readAfterDelete: { value: 'not_found' } });
    expect(await store.load('b')).toEqual({});
    kv.set('kc.service-behaviour.v1.b', '[1');
    await expect(store.load('b')).rejects.toThrow();
  });
});

describe('a record read back, and two records joined', () => {
  it('parseShownBehaviour keeps what this module writes and refuses anything else (never a guess)', () => {
    const good: ShownBehaviour = {
      readAfterDelete: { value: 'not_found', at: 1, documentId: 'd' },
      piecesCarryDocumentId: { value: true, at: 2 },
      restrictionOnDeleted: { value: 'hides_at_once', at: 3 },
    };
    expect(parseShownBehaviour(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(parseShownBehaviour({ later: { value: 1 } })).toEqual({});
    for (const bad of [
      null,
      [],
      'x',
      { restrictionOnDeleted: { value: 'maybe', at: 1 } },
      { readAfterDelete: { value: 'not_found' } },
      { piecesCarryDocumentId: { value: 'yes', at: 1 } },
      { readAfterDelete: { value: 'not_found', at: 1, documentId: 7 } },
      { readAfterDelete: 'not_found' },
    ])
      expect(parseShownBehaviour(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('mergeShown: the latest of each behaviour; pieces carry document_id only while neither saw one that did not', () => {
    const a: ShownBehaviour = {
      restrictionOnDeleted: { value: 'hides_at_once', at: 5 },
      piecesCarryDocumentId: { value: false, at: 1 },
    };
    const b: ShownBehaviour = {
      restrictionOnDeleted: { value: 'serves_until_purge', at: 9 },
      readAfterDelete: { value: 'not_found', at: 2 },
      piecesCarryDocumentId: { value: true, at: 8 },
    };
    expect(mergeShown(a, b)).toEqual({
      restrictionOnDeleted: { value: 'serves_until_purge', at: 9 },
      readAfterDelete: { value: 'not_found', at: 2 },
      piecesCarryDocumentId: { value: false, at: 8 },
    });
    expect(mergeShown({}, b)).toEqual(b);
    expect(mergeShown(a, {})).toEqual(a);
  });
});
