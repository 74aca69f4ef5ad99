import type { CompletionResult, DocumentChunk } from '../contract';
import { askCompletion, type CompletionOutcome } from '../api/completion';
import { maskSecrets, profileSecrets } from '../lib/mask';
import type { ConnectionProfile } from '../lib/profiles/profile';
import { ApiError } from '../api/http/errors';
import { isStreamStalled } from '../api/stream/idle-limit';
import type { CompletionBodyInput } from './types';
import { streamEndOf, type StreamEnd } from './stream-checks';

/**
 * The one length an answer and its raw response are kept at, in a run and in every report (JSON, JUnit, CSV, HTML;
 * the console's kept runs): a long run keeps thousands of them, and a service may stream 640 MB. Past it the text is
 * cut with a note saying how long it was (docs/suites.md, "Long answers").
 */
export const STORED_RESPONSE_CHARS = 64_000;

/**
 * How much more than STORED_RESPONSE_CHARS the runner keeps before masking: a secret that straddles the cut is
 * whole in the kept text, masked, then cut away (a token is far shorter than this).
 */
const MASK_MARGIN_CHARS = 16_384;

/** A kept answer: masked first, then cut at STORED_RESPONSE_CHARS with a note naming its whole length. */
export function keptText(text: string, wholeChars = text.length): string {
  if (text.length <= STORED_RESPONSE_CHARS && wholeChars <= text.length) return text;
  const total = Math.max(wholeChars, text.length);
  return `${text.slice(0, STORED_RESPONSE_CHARS)}\n… [cut: ${total.toLocaleString('en-US')} characters; runs and reports keep the first ${STORED_RESPONSE_CHARS.toLocaleString('en-US')}]`;
}

export interface CompletionAnswer {
  ok: boolean;
  /** The request was aborted (Stop): not an outcome of the case. */
  aborted: boolean;
  text: string;
  sources: DocumentChunk[];
  result?: CompletionResult;
  latencyMs: number;
  /** From send to the first streamed text (stream requests that received some). */
  firstTextMs?: number;
  /** How a stream request ended; undefined when none was asked for or the call failed. */
  streamEnd?: StreamEnd;
  conversationId?: string;
  response?: string;
  httpStatus?: number;
  error?: { kind: string; message: string };
}

const keep = (text: string | undefined, mask: (text: string) => string) =>
  text === undefined ? undefined : keptText(mask(text));

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
  const outcome = await askCompletion({
    profile,
    spaceId,
    body,
    signal,
    keepChars: STORED_RESPONSE_CHARS + MASK_MARGIN_CHARS,
  });
  // The runner masked what it kept; an error's message and body are masked here (a service may echo the token).
  const secrets = profileSecrets(profile);
  const mask = (text: string) => maskSecrets(text, secrets);
  const found = caseError(outcome);
  const error = found && { ...found, message: keptText(mask(found.message)) };
  // A call that failed, or a stream that broke off, is kept with what the failure carried, not the answer's fields.
  const broke = outcome.ending === 'failed' || (outcome.ending === 'ended_early' && !!outcome.error);
  const api = outcome.error instanceof ApiError ? outcome.error : undefined;
  return {
    ok: outcome.ending === 'answered' && !error,
    aborted: outcome.ending === 'stopped',
    text: keptText(outcome.text, outcome.textChars),
    sources: outcome.sources,
    result: outcome.result,
    latencyMs: outcome.timing.latencyMs,
    ...(outcome.timing.firstTextMs === undefined ? {} : { firstTextMs: outcome.timing.firstTextMs }),
    ...(body.stream === true ? { streamEnd: streamEndOf(outcome, true) } : {}),
    conversationId: broke ? undefined : outcome.conversationId,
    response: keep(broke ? api?.rawBody : outcome.rawResponse, mask),
    httpStatus: broke ? api?.status : outcome.httpStatus,
    ...(error ? { error } : {}),
  };
}
