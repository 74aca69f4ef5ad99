import { notFound } from '../http/errors';
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

export const getDocumentTexts = endpointRoute('getDocumentTexts', ({ params, state }) => {
  const doc = liveDocument(state.store, params.document_id);
  return { body: { document_id: Number(doc.document_id), document_contents: paragraphs(doc.text) } };
});

export const chatCompletions = endpointRoute('chatCompletions', completeInSpace);
