import type { EndpointName } from '../../contract';
import type { CatalogSighting } from './types';

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function push(
  out: CatalogSighting[],
  kind: CatalogSighting['kind'],
  id: unknown,
  label?: unknown,
  record?: unknown,
  extra: Pick<CatalogSighting, 'knowledgeId' | 'datasetId' | 'status'> = {},
) {
  const sid = str(id);
  if (sid) out.push({ kind, id: sid, label: str(label), record, ...extra });
}

const SEEN = { status: { state: 'seen' } } as const;

/**
 * The ids a successful call reveals: the ids it was asked about, and the ids its answer links to
 * (a knowledge base's dataset, a conversation's agent, the documents and conversation of a completion).
 */
export function sightingsFor(
  endpoint: EndpointName,
  params: Record<string, string>,
  body: unknown,
  data: unknown,
): CatalogSighting[] {
  const out: CatalogSighting[] = [];
  const d = obj(data);
  switch (endpoint) {
    case 'getKnowledge':
      push(out, 'knowledge', params.knowledge_id, d.name, data);
      push(out, 'dataset', d.dataset_id);
      break;
    case 'getDataset':
      push(out, 'dataset', params.dataset_id, d.name, data);
      break;
    case 'queryDocumentBase':
      // The documented base info names no knowledge base; one that does (undocumented) is taken at its word.
      push(out, 'document', obj(body).document_id, d.name, data, {
        ...SEEN,
        knowledgeId: str(d.knowledge_id),
        datasetId: str(d.dataset_id),
      });
      break;
    case 'getDocumentTexts':
      push(out, 'document', params.document_id, undefined, undefined, SEEN);
      break;
    case 'updateConversation':
    case 'deleteConversation': {
      push(
        out,
        'conversation',
        params.conversation_id,
        d.title,
        data,
        endpoint === 'deleteConversation' ? { status: { state: 'deleted', confirmedBy: 'delete_200' } } : SEEN,
      );
      const agent = obj(d.agent);
      push(out, 'agent', d.agent_id ?? agent.agent_id, agent.name, d.agent);
      break;
    }
    case 'deleteKnowledgeDocument':
      push(out, 'knowledge', params.knowledge_id);
      // Accepted under this knowledge base (the service refuses a document of another one); deleted is unproven.
      push(out, 'document', params.document_id, undefined, undefined, {
        knowledgeId: params.knowledge_id,
        status: { state: 'pending' },
      });
      break;
    case 'chatCompletions': {
      push(out, 'space', params.space_id);
      push(out, 'conversation', d.conversation_id ?? obj(body).conversation_id);
      const chunks = Array.isArray(d.document_chunks) ? d.document_chunks : [];
      for (const chunk of chunks) {
        const c = obj(chunk);
        push(out, 'document', c.document_id, c.document_name, undefined, { datasetId: str(c.dataset_id) });
        push(out, 'dataset', c.dataset_id);
      }
      break;
    }
    default: {
      // Every endpoint says which ids it reveals (even none): a new one fails to compile here until it does.
      const unlisted: never = endpoint;
      return unlisted;
    }
  }
  // One sighting per kind and id: a completion may cite the same document many times.
  const seen = new Set<string>();
  return out.filter((s) => {
    const k = `${s.kind}:${s.id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
