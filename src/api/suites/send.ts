import { buildPath, ENDPOINTS, type CompletionResult, type DocumentChunk } from '../../contract';
import type { ConnectionProfile } from '../connection/profile';
import { CONVERSATION_ID_HEADER } from '../http/client';
import { ApiError } from '../http/errors';
import { targetUrl } from '../http/host';
import { openCompletionStream } from '../http/stream';
import { chatCompletion } from '../query/mutations';
import { completionEvents } from '../stream/completion-stream';
import { isStreamStalled } from '../stream/idle-limit';
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

const cut = (text: string | undefined) =>
  text === undefined || text.length <= STORED_RESPONSE_CHARS ? text : `${text.slice(0, STORED_RESPONSE_CHARS)}\n…`;

/** The service URL a completion goes to (no token: it travels in a header). */
export function completionUrl(profile: ConnectionProfile, spaceId: string): string {
  return targetUrl(profile, 'base') + buildPath(ENDPOINTS.chatCompletions.pattern, { space_id: spaceId });
}

/** The conversation an answer belongs to: a conversation_id in the result (some services add it), the header, or the one sent. */
function conversationOf(raw: unknown, header: string | null | undefined, sent: string | undefined): string | undefined {
  const fromResult = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).conversation_id : undefined;
  if (typeof fromResult === 'string' && fromResult) return fromResult;
  if (typeof fromResult === 'number') return String(fromResult);
  return header || sent || undefined;
}

function failure(error: unknown, latencyMs: number): CompletionAnswer {
  const api = error instanceof ApiError ? error : undefined;
  const aborted = api?.kind === 'aborted';
  return {
    ok: false,
    aborted,
    text: '',
    sources: [],
    latencyMs,
    httpStatus: api?.status,
    response: cut(api?.rawBody),
    error: { kind: api?.kind ?? 'network', message: error instanceof Error ? error.message : String(error) },
  };
}

/**
 * Asks one question, once: a completion is a write, so nothing here retries. Streamed (body.stream) or not,
 * through the same client as the playground; latency runs from send to the complete answer.
 */
export async function askOnce(
  profile: ConnectionProfile,
  spaceId: string,
  body: CompletionBodyInput,
  signal?: AbortSignal,
): Promise<CompletionAnswer> {
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  if (body.stream !== true) {
    try {
      const answer = await chatCompletion(spaceId, body, signal, { profile });
      return {
        ok: true,
        aborted: false,
        text: answer.record.assistant_message,
        sources: answer.record.document_chunks ?? [],
        result: answer.record,
        latencyMs: elapsed(),
        conversationId: conversationOf(answer.raw, answer.headers[CONVERSATION_ID_HEADER], body.conversation_id),
        response: cut(answer.rawText),
        httpStatus: answer.status,
      };
    } catch (error) {
      return failure(error, elapsed());
    }
  }
  let response: Response;
  try {
    response = await openCompletionStream(spaceId, body, { signal, profile });
  } catch (error) {
    return failure(error, elapsed());
  }
  const header = response.headers.get(CONVERSATION_ID_HEADER);
  let text = '';
  let result: CompletionResult | undefined;
  let raw: unknown;
  const errors: string[] = [];
  let ended = false;
  try {
    if (!response.body) throw new Error('the stream has no body');
    for await (const event of completionEvents(response.body)) {
      if (event.kind === 'delta') text += event.text;
      else if (event.kind === 'error') errors.push(event.message);
      else if (event.kind === 'result') {
        result = event.result;
        raw = event.raw;
      } else if (event.kind === 'done') ended = true;
    }
  } catch (error) {
    if (signal?.aborted) return failure(new ApiError({ kind: 'aborted', message: 'Stopped.' }), elapsed());
    // A stalled stream is the case's error, named by its limit: not a Stop, and never a pass.
    if (isStreamStalled(error))
      return { ...failure(error, elapsed()), text, error: { kind: 'timeout', message: error.message } };
    return {
      ...failure(error, elapsed()),
      text,
      error: {
        kind: 'stream',
        message: `The stream broke off: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
  if (signal?.aborted) return failure(new ApiError({ kind: 'aborted', message: 'Stopped.' }), elapsed());
  const latencyMs = elapsed();
  const answerText = result?.assistant_message || text;
  const base = {
    aborted: false,
    text: answerText,
    sources: result?.document_chunks ?? [],
    result,
    latencyMs,
    conversationId: conversationOf(raw, header, body.conversation_id),
    response: cut(raw === undefined ? undefined : JSON.stringify(raw)),
    httpStatus: response.status,
  };
  if (errors.length > 0)
    return { ...base, ok: false, error: { kind: 'stream', message: `The stream reported: ${errors.join(' · ')}` } };
  if (!ended && !result)
    return { ...base, ok: false, error: { kind: 'stream', message: 'The stream ended before its final result.' } };
  return { ...base, ok: true };
}
