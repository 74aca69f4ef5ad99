import { notFound, unprocessable } from '../http/errors';
import { retrievalSettings } from '../store/records';
import { endpointRoute } from './types';

/** FastAPI's reading of a boolean query parameter. */
function queryFlag(name: string, value: string | null): boolean {
  if (value === null) return false;
  const v = value.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw unprocessable(`${name} must be a boolean (true or false), not "${value.slice(0, 32)}"`, {
    type: 'bool_parsing',
    loc: ['query', name],
    msg: 'Input should be a valid boolean, unable to interpret input',
    input: value,
  });
}

export const updateConversation = endpointRoute('updateConversation', ({ params, body: patch, state }) => {
  const id = params.conversation_id;
  if (patch.agent_id !== undefined && state.store.getAgent(patch.agent_id) === undefined) {
    throw unprocessable(`agent_id "${patch.agent_id}" is not a known agent`, {
      type: 'value_error',
      loc: ['body', 'agent_id'],
      msg: `Value error, agent ${JSON.stringify(patch.agent_id)} does not exist`,
      input: patch.agent_id,
    });
  }
  const updated = state.store.updateConversation(id, patch);
  if (updated === undefined) throw notFound(`conversation ${id} not found`);
  return { body: updated };
});

export const deleteConversation = endpointRoute('deleteConversation', ({ params, state }) => {
  const id = params.conversation_id;
  const deleted = state.store.deleteConversation(id);
  if (deleted === undefined) throw notFound(`conversation ${id} not found`);
  return { body: deleted };
});

export const getKnowledge = endpointRoute('getKnowledge', ({ params, query, state }) => {
  const id = params.knowledge_id;
  const withSettings = queryFlag('with_settings', query.get('with_settings'));
  const knowledge = state.store.getKnowledge(id);
  if (knowledge === undefined) throw notFound(`knowledge base ${id} not found`);
  if (!withSettings) return { body: knowledge };
  const dataset = state.store.getStoredDataset(knowledge.dataset_id);
  return { body: { ...knowledge, settings: dataset === undefined ? {} : retrievalSettings(dataset) } };
});

export const deleteKnowledgeDocument = endpointRoute('deleteKnowledgeDocument', async ({ params, state }) => {
  const knowledgeId = params.knowledge_id;
  const documentId = params.document_id;
  const { store, locks } = state;
  state.deleteCalls.set(documentId, (state.deleteCalls.get(documentId) ?? 0) + 1);
  if (store.getKnowledge(knowledgeId) === undefined) throw notFound(`knowledge base ${knowledgeId} not found`);
  const doc = store.getDocument(documentId);
  if (doc === undefined || doc.status === 0) throw notFound(`document ${documentId} not found`);
  if (doc.knowledge_id !== knowledgeId)
    throw notFound(`document ${documentId} does not belong to knowledge base ${knowledgeId}`);

  // The spec's lock row: not obtained in time -> still 200, nothing deleted. The body is the same as a
  // success on purpose: a 200 from this operation never proves deletion.
  const accepted = { body: { status: true, message: 'success' } };
  if (!(await locks.acquire(documentId, state.lockWaitMs))) return accepted;
  try {
    if (store.softDeleteDocument(documentId, Date.now() + state.purgeDelayMs)) state.purge.arm();
  } finally {
    locks.release(documentId);
  }
  return accepted;
});
