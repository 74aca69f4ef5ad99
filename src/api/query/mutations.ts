import type { EndpointBody } from '../../contract';
import { reportRefusedWrite } from '../auth/refusals';
import { connectionStore } from '../../lib/profiles/store';
import { CALL_BOUNDS } from '../constants';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { callEndpoint } from '../http/client';
import { ApiError } from '../http/errors';

/** Use these as mutationFn: they are sent once (createQueryClient sets retry: 0 for mutations). */
export interface MutationCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Default: the active profile. */
  profile?: ConnectionProfile | null;
  /** Default true: the ids enter the id catalog (see CallOptions). */
  remember?: boolean;
}

export function updateConversation(
  id: string,
  body: EndpointBody<'updateConversation'>,
  options: MutationCallOptions = {},
) {
  return callEndpoint('updateConversation', { params: { conversation_id: id }, body, ...options });
}

export function deleteConversation(id: string, options: MutationCallOptions = {}) {
  return callEndpoint('deleteConversation', { params: { conversation_id: id }, ...options });
}

/** A 200 does not prove deletion (the spec's status lock): re-read the knowledge base to confirm. */
export function deleteKnowledgeDocument(knowledgeId: string, documentId: string, options: MutationCallOptions = {}) {
  return callEndpoint('deleteKnowledgeDocument', {
    params: { knowledge_id: knowledgeId, document_id: documentId },
    ...options,
  });
}

/**
 * A non-streamed completion; for stream: true use openCompletionStream. Default timeout CALL_BOUNDS.completionTimeoutMs.
 * The playground calls it directly, not as a mutation, so a refused token is reported to authRefusals here
 * (once: a mutation wrapping it does not report the same error again).
 */
export async function chatCompletion(
  spaceId: string,
  body: EndpointBody<'chatCompletions'>,
  signal?: AbortSignal,
  options: Omit<MutationCallOptions, 'signal'> = {},
) {
  if (body.stream === true) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: 'chatCompletions',
      message: 'chatCompletion reads one JSON answer; use openCompletionStream for stream: true.',
    });
  }
  try {
    return await callEndpoint('chatCompletions', {
      params: { space_id: spaceId },
      body,
      signal,
      timeoutMs: options.timeoutMs ?? CALL_BOUNDS.completionTimeoutMs,
      profile: options.profile,
      remember: options.remember,
    });
  } catch (error) {
    // callEndpoint sends with the given profile, or the active one when none is given.
    const sentWith = options.profile === undefined ? connectionStore.getActiveProfile() : options.profile;
    reportRefusedWrite(error, sentWith?.id ?? null);
    throw error;
  }
}
