import { LIMITS, type CompletionBody, type CompletionResultWire } from '../../contract';
import { CONVERSATION_ID_HEADER } from '../http/cors';
import { notFound, unprocessable } from '../http/errors';
import { streamReply } from '../http/sse';
import { EXTRACTIVE_MODEL_NAME, ANSWER_BOUNDS, REQUEST_BOUNDS } from '../bounds';
import { buildMessages, llmReply } from '../llm';
import { extractiveReply } from '../retrieval/extractive';
import { retrieve, wireChunk, type RetrievalTarget } from '../retrieval/search';
import { queryTerms } from '../retrieval/terms';
import type { StoredConversation } from '../store/records';
import type { SpaceRow, Store, Turn } from '../store/store';
import { newNumericId, nowSeconds } from '../time';
import { tokenUsage } from '../tokens';
import type { HandlerResult, RequestContext } from './types';

const present = (ids: readonly (string | undefined)[]): string[] => [
  ...new Set(ids.filter((id): id is string => id !== undefined && id !== '')),
];

/** A string cut to `max` UTF-16 units without leaving half a surrogate pair. */
const cut = (s: string, max: number) => {
  const out = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(out) ? out.slice(0, -1) : out;
};

/**
 * Where to look: the requested documents (each with its own dataset's settings), else the requested datasets,
 * else the space's datasets. Empty-string ids count as absent. An unknown id is a 404.
 */
function targetsOf(
  store: Store,
  space: SpaceRow,
  body: CompletionBody,
  restrictionHidesDeleted = false,
): RetrievalTarget[] {
  const documentIds = present([body.document_id, ...(body.document_ids ?? [])]);
  const datasetIds = present([body.dataset_id, ...(body.dataset_ids ?? [])]);
  const max = REQUEST_BOUNDS.maxIdsPerCompletion;
  const tooMany = (field: string, message: string) =>
    unprocessable(message, { type: 'value_error', loc: ['body', field], msg: `Value error, ${message}` });
  if (documentIds.length > max)
    throw tooMany('document_ids', `document_id and document_ids may name at most ${max} documents`);
  if (datasetIds.length > max)
    throw tooMany('dataset_ids', `dataset_id and dataset_ids may name at most ${max} datasets`);
  if (documentIds.length > 0) {
    const byDataset = new Map<string, string[]>();
    for (const id of documentIds) {
      const doc = store.getDocument(id);
      if (doc === undefined) throw notFound(`document ${id} not found`);
      // The false-"gone" trap (a sandbox variant): the restriction already leaves a deleted document out.
      if (restrictionHidesDeleted && doc.status === 0) continue;
      byDataset.set(doc.dataset_id, [...(byDataset.get(doc.dataset_id) ?? []), id]);
    }
    return [...byDataset].map(([datasetId, ids]) => ({
      dataset: store.getStoredDataset(datasetId)!,
      documentIds: ids,
    }));
  }
  return (datasetIds.length > 0 ? datasetIds : space.dataset_ids).map((id) => {
    const dataset = store.getStoredDataset(id);
    if (dataset === undefined) throw notFound(`dataset ${id} not found`);
    return { dataset, documentIds: null };
  });
}

function newConversation(conversationId: string, body: CompletionBody): StoredConversation {
  const now = nowSeconds();
  const user = body.external_user_id ?? '';
  return {
    created_at: now,
    updated_at: now,
    org_id: '',
    user_id: user,
    conversation_id: conversationId,
    agent_id: '',
    title: cut(body.message.replace(/\s+/g, ' ').trim(), LIMITS.conversation.titleMax),
    file_ids: [],
    config: { enable_websearch: body.retrieval_with_websearch ?? false },
    status: 1,
    third_user_id: cut(user, LIMITS.conversation.thirdUserIdMax),
    user_files: [],
  };
}

/**
 * Chat completions in a space. The result carries no conversation id field (the spec has none and the
 * documented record is strict), so the conversation used, or created when none was sent, is named in the
 * X-Conversation-Id response header; pass it back as conversation_id to continue the conversation.
 */
export async function completeInSpace({ req, res, params, body, state }: RequestContext): Promise<HandlerResult> {
  const { store } = state;
  const spaceId = params.space_id!;
  if (!/^-?\d+$/.test(spaceId))
    throw unprocessable(`space_id must be an integer, not "${cut(spaceId, 32)}"`, {
      type: 'int_parsing',
      loc: ['path', 'space_id'],
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      input: spaceId,
    });
  const space = store.getSpace(spaceId);
  if (space === undefined) throw notFound(`space ${spaceId} not found`);
  const request = body as CompletionBody;

  let conversationId = request.conversation_id === '' ? undefined : request.conversation_id;
  let history: Turn[] = [];
  let create: StoredConversation | undefined;
  if (conversationId !== undefined) {
    if (store.getLiveConversation(conversationId) === undefined)
      throw notFound(`conversation ${conversationId} not found`);
    history = store.history(conversationId, ANSWER_BOUNDS.historyTurns);
  } else {
    conversationId = newNumericId();
    create = newConversation(conversationId, request);
  }

  const targets = targetsOf(store, space, request, state.restrictionHidesDeleted);
  const primary = queryTerms(request.message);
  const previousQuestion = [...history].reverse().find((t) => t.role === 'user');
  const context = previousQuestion === undefined ? [] : queryTerms(previousQuestion.content);
  const chunks = retrieve(store, targets, { primary, context });
  const messages = buildMessages(request.message, chunks, history);
  const promptText = messages.map((m) => m.content).join('\n');

  let reply: string;
  let usage: CompletionResultWire['token_usage'];
  if (state.llm !== undefined) {
    const answer = await llmReply(state.llm, messages);
    reply = answer.text;
    usage = answer.usage
      ? {
          model_name: state.llm.model,
          ...answer.usage,
          total_tokens: answer.usage.prompt_tokens + answer.usage.completion_tokens,
          successful_requests: 1,
        }
      : tokenUsage(state.llm.model, promptText, reply);
  } else {
    reply = extractiveReply(chunks, primary, context);
    usage = tokenUsage(EXTRACTIVE_MODEL_NAME, promptText, reply);
  }

  const messageId = newNumericId();
  store.appendTurns(
    conversationId,
    [
      { role: 'user', content: request.message, message_id: newNumericId() },
      { role: 'assistant', content: reply, message_id: messageId },
    ],
    create,
  );

  const result: CompletionResultWire = {
    message_id: messageId,
    user_message: request.message,
    assistant_message: reply,
    document_chunks: chunks.map(wireChunk),
    token_usage: usage,
  };
  const headers = { [CONVERSATION_ID_HEADER]: conversationId };
  if (request.stream === true) {
    await streamReply(req, res, reply, result, state.streamDelayMs, headers, state.streamBehaviour);
    return 'streamed';
  }
  return { body: result, headers };
}
