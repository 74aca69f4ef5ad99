import { describe, expect, it } from 'vitest';
import { createCatalogStore } from './store';
import { documentsIn, stillThere } from './documents';
import { sightingsFor } from './sightings';

const store = () => {
  let t = 1000;
  return createCatalogStore(
    null,
    () => ++t,
    (fn) => fn(),
  );
};

describe("a knowledge base's documents in the catalog", () => {
  it('learns membership from an accepted DELETE, a cited piece and a base info naming its knowledge base', () => {
    const s = store();
    s.remember('p', sightingsFor('deleteKnowledgeDocument', { knowledge_id: 'k1', document_id: 'd1' }, undefined, {}));
    s.remember(
      'p',
      sightingsFor(
        'chatCompletions',
        { space_id: '101' },
        {},
        {
          document_chunks: [{ document_id: 'd2', document_name: 'two.md', dataset_id: 'ds1' }],
        },
      ),
    );
    s.remember(
      'p',
      sightingsFor('queryDocumentBase', {}, { document_id: 'd3' }, { name: 'three', knowledge_id: 'k1' }),
    );
    // Existence alone places nothing.
    s.remember('p', sightingsFor('queryDocumentBase', {}, { document_id: 'd4' }, { name: 'four' }));
    const listed = documentsIn(s.list('p'), { knowledgeId: 'k1', datasetId: 'ds1' });
    expect(listed.map((e) => [e.id, e.label, e.status?.state])).toEqual([
      ['d3', 'three', 'seen'],
      ['d2', 'two.md', undefined],
      ['d1', undefined, 'pending'],
    ]);
    expect(documentsIn(s.list('p'), { knowledgeId: 'k2' })).toEqual([]);
  });

  it('keeps a deletion’s state and when across a citation, and leaves deleted ones out of what may be deleted', () => {
    const s = store();
    s.remember('p', [
      { kind: 'document', id: 'd1', knowledgeId: 'k1', status: { state: 'deleted', confirmedBy: 'read_404', at: 5 } },
    ]);
    s.remember(
      'p',
      sightingsFor('chatCompletions', { space_id: '1' }, {}, { document_chunks: [{ document_id: 'd1' }] }),
    );
    const [entry] = documentsIn(s.list('p'), { knowledgeId: 'k1' });
    expect(entry!.status).toEqual({ state: 'deleted', confirmedBy: 'read_404', at: 5 });
    expect(stillThere(entry!)).toBe(false);
  });

  it('survives a reload (the states are in the kept catalog)', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    };
    const a = createCatalogStore(
      storage as Storage,
      () => 7,
      (fn) => fn(),
    );
    a.remember('p', [{ kind: 'conversation', id: 'c1', status: { state: 'deleted', confirmedBy: 'delete_200' } }]);
    const b = createCatalogStore(storage as Storage);
    expect(b.get('p', 'conversation', 'c1')?.status).toEqual({ state: 'deleted', confirmedBy: 'delete_200', at: 7 });
  });
});
