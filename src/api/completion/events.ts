import type { CompletionResult, DocumentChunk, DriftWarning, TokenUsage } from '../../contract';
import type { ApiError } from '../http/errors';

/**
 * How a completion ended:
 * - answered: a JSON answer, a stream's final result, or its `[DONE]`;
 * - ended_early: the stream closed, or broke off, before its final event (the text so far is kept);
 * - failed: no usable answer (an HTTP error in any dialect, the network, a timeout, a stall, an unusable body);
 * - stopped: the caller's signal aborted it.
 */
export type CompletionEnding = 'answered' | 'ended_early' | 'failed' | 'stopped';

export interface CompletionTiming {
  /** From sending to the answer's headers (stream requests only: the JSON client reads the body whole). */
  ttfbMs?: number;
  /** From sending to the first text delta of a stream. */
  firstTextMs?: number;
  /** From sending to the end of the answer. */
  latencyMs: number;
}

/** Everything a completion came to, whichever shape the service answered in. */
export interface CompletionOutcome {
  ending: CompletionEnding;
  /**
   * The final result's message when it has one, else the deltas received; the token and the URLs' passwords masked
   * (after the deltas are joined), cut at the request's keepChars.
   */
  text: string;
  /** The answer's whole length when `text` was cut at keepChars. */
  textChars?: number;
  result?: CompletionResult;
  sources: DocumentChunk[];
  usage?: TokenUsage;
  drift: DriftWarning[];
  conversationId?: string;
  /** The answer as received, uncut: the JSON body, the stream's final result event, or an error body. */
  rawResponse?: string;
  httpStatus?: number;
  /** A stream was asked for but the service answered with one JSON body. */
  answeredAsJson: boolean;
  /** `error` events inside a stream (the stream went on). */
  streamErrors: string[];
  /**
   * Why it failed (ending failed), or what broke a stream off (ending ended_early; absent when the stream simply
   * closed without its final event). A stall is an ApiError with idleMs.
   */
  error?: ApiError | Error;
  /** The request log entry of the call. */
  logId?: string;
  timing: CompletionTiming;
}

/** One step of a completion, in the order it happened. `end` is always the last, and always comes. */
export type CompletionEvent =
  /** A stream's headers arrived and it is an event stream: text may now flow. */
  | { kind: 'open' }
  | { kind: 'delta'; text: string }
  | { kind: 'trace'; type: 'agent' | 'planning' | 'tool'; message: string; raw: unknown }
  /** An `error` event inside a stream. */
  | { kind: 'stream_error'; message: string; raw: unknown }
  /** A stream event nobody knows (not shown, but counted). */
  | { kind: 'unknown'; raw: string }
  /** The final result: sources, token usage and the conversation it belongs to. */
  | {
      kind: 'result';
      result: CompletionResult;
      sources: DocumentChunk[];
      usage?: TokenUsage;
      conversationId?: string;
    }
  | { kind: 'end'; outcome: CompletionOutcome };
