import { afterEach, describe, expect, it } from 'vitest';
import { loadFixtureFile } from '../fixture';
import { IDS, TEST_FIXTURE_PATH } from '../test-support';
import { openDatabase } from './open';
import { Store } from './store';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function seeded(): Store {
  const store = new Store(openDatabase({ kind: 'memory' }));
  store.seed(loadFixtureFile(TEST_FIXTURE_PATH));
  stores.push(store);
  return store;
}

describe('a document and its text', () => {
  it('a row is read without its text, which is read on its own', () => {
    const store = seeded();
    const row = store.getDocument(IDS.docSourdough);
    expect(row?.name).toBeTruthy();
    expect(row).not.toHaveProperty('text');
    expect(store.getDocumentText(IDS.docSourdough)).toContain('Sourdough bread rises');
    expect(store.getDocumentText('123')).toBeUndefined();
  });

  // The texts answer is kept while the revision stands (handlers/base.ts): any write must move it, no read may.
  it('the revision moves with every write and with no read', () => {
    const store = seeded();
    const start = store.revision();
    store.getDocument(IDS.docSourdough);
    store.getDocumentText(IDS.docSourdough);
    store.getKnowledge(IDS.knowledgeKitchen);
    expect(store.revision()).toBe(start);

    store.db.prepare('UPDATE documents SET text = ? WHERE document_id = ?').run('Rewritten.', IDS.docSourdough);
    const afterUpdate = store.revision();
    expect(afterUpdate).toBeGreaterThan(start);
    expect(store.getDocumentText(IDS.docSourdough)).toBe('Rewritten.');

    expect(store.softDeleteDocument(IDS.docKnife, Date.now() + 60_000)).toBe(true);
    expect(store.revision()).toBeGreaterThan(afterUpdate);
  });
});
