import { notFound } from '../http/errors';
import { JsonBytes } from '../http/respond';
import { paragraphs } from '../retrieval/text';
import type { DocumentRow, Store } from '../store/store';
import { completeInSpace } from './completions';
import { endpointRoute } from './types';

/** A document that is not soft deleted; a deleted one reads as unknown (404). */
function liveDocument(store: Store, documentId: string): DocumentRow {
  const doc = store.getDocument(documentId);
  if (doc === undefined || doc.status === 0) throw notFound(`document ${documentId} not found`);
  return doc;
}

export const getDataset = endpointRoute('getDataset', ({ params, state }) => {
  const id = params.dataset_id;
  const dataset = state.store.getDataset(id);
  if (dataset === undefined) throw notFound(`dataset ${id} not found`);
  return { body: dataset };
});

export const queryDocumentBase = endpointRoute('queryDocumentBase', ({ body, state }) => {
  const doc = liveDocument(state.store, body.document_id);
  return { body: { name: doc.name, description: doc.description, url: doc.url } };
});

/**
 * Per store, the last document texts answer and the store's revision it was built at: reading, splitting and
 * serializing 3.7 MB took 15–50 ms of each read (more with the browser busy beside it), and nothing written since
 * means the same answer.
 */
const lastTexts = new WeakMap<Store, { documentId: string; revision: number; answer: JsonBytes }>();

export const getDocumentTexts = endpointRoute('getDocumentTexts', ({ params, state }) => {
  const { store } = state;
  const doc = liveDocument(store, params.document_id);
  const revision = store.revision();
  const last = lastTexts.get(store);
  if (last && last.documentId === doc.document_id && last.revision === revision) return { body: last.answer };
  const text = store.getDocumentText(doc.document_id) ?? '';
  const answer = JsonBytes.of({ document_id: Number(doc.document_id), document_contents: paragraphs(text) });
  lastTexts.set(store, { documentId: doc.document_id, revision, answer });
  return { body: answer };
});

export const chatCompletions = endpointRoute('chatCompletions', completeInSpace);
