import type { CompletionResult, DocumentChunk } from '../contract';
import { askCompletion, cutStored, type CompletionOutcome } from '../api/completion';
import type { ConnectionProfile } from '../lib/profiles/profile';
import { ApiError } from '../api/http/errors';
import { isStreamStalled } from '../api/stream/idle-limit';
import type { CompletionBodyInput } from './types';

/** A stored response is cut here: a long run keeps thousands of them. */
export const STORED_RESPONSE_CHARS = 64_000;

export interface CompletionAnswer {
  ok: boolean;
  /** The request was aborted (Stop): not an outcome of the case. */
  aborted: boolean;
  text: string;
  sources: DocumentChunk[];
  result?: CompletionResult;
  latencyMs: number;
  conversationId?: string;
  response?: string;
  httpStatus?: number;
  error?: { kind: string; message: string };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why a case could not be judged, or nothing when its answer can be. */
function caseError({ ending, error, streamErrors }: CompletionOutcome): CompletionAnswer['error'] {
  if (ending === 'failed') {
    // A stalled stream is the case's error, named by its limit: not a Stop, and never a pass.
    if (isStreamStalled(error)) return { kind: 'timeout', message: error.message };
    return { kind: error instanceof ApiError ? error.kind : 'network', message: messageOf(error) };
  }
  if (streamErrors.length > 0) return { kind: 'stream', message: `The stream reported: ${streamErrors.join(' · ')}` };
  if (ending === 'ended_early')
    return {
      kind: 'stream',
      message: error ? `The stream broke off: ${messageOf(error)}` : 'The stream ended before its final result.',
    };
  return undefined;
}

/**
 * Asks one question, once, through the completion runner the playground uses (streamed when body.stream, and a
 * JSON answer to a stream request is read like any answer); latency runs from send to the complete answer.
 */
export async function askOnce(
  profile: ConnectionProfile,
  spaceId: string,
  body: CompletionBodyInput,
  signal?: AbortSignal,
): Promise<CompletionAnswer> {
  const outcome = await askCompletion({ profile, spaceId, body, signal });
  const error = caseError(outcome);
  // A call that failed, or a stream that broke off, is kept with what the failure carried, not the answer's fields.
  const broke = outcome.ending === 'failed' || (outcome.ending === 'ended_early' && !!outcome.error);
  const api = outcome.error instanceof ApiError ? outcome.error : undefined;
  return {
    ok: outcome.ending === 'answered' && !error,
    aborted: outcome.ending === 'stopped',
    text: outcome.text,
    sources: outcome.sources,
    result: outcome.result,
    latencyMs: outcome.timing.latencyMs,
    conversationId: broke ? undefined : outcome.conversationId,
    response: cutStored(broke ? api?.rawBody : outcome.rawResponse, STORED_RESPONSE_CHARS),
    httpStatus: broke ? api?.status : outcome.httpStatus,
    ...(error ? { error } : {}),
  };
}
