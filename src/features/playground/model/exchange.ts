import { ApiError, matchFieldErrors, type ApiErrorInit } from '../../../api';
import type { CompletionResult, DriftWarning } from '../../../contract';
import type { AnswerStatus } from './answer-status';
import { optionForPath, type CompletionBodyInput, type PlaygroundOptions } from './options';

export interface TraceItem {
  type: 'agent' | 'planning' | 'tool';
  message: string;
  raw: unknown;
}

export interface AnswerTiming {
  /** From sending to the answer's headers (streams) — the non-streamed client reads the body whole, so not measured there. */
  ttfbMs?: number;
  /** From sending to the first text delta of a stream. */
  firstTextMs?: number;
  /** From sending to the end of the answer. */
  latencyMs?: number;
}

/** One user message and the answer to it: what was sent, what came back, how long it took. */
export interface Exchange {
  id: string;
  spaceId: string;
  /** Epoch milliseconds. */
  sentAt: number;
  /** The service's URL for the call (no token: it goes in a header). */
  url: string;
  /** The body exactly as sent (stream included). */
  body: CompletionBodyInput;
  /** How far the answer got; it changes only through answer-status.ts's nextStatus. */
  status: AnswerStatus;
  /** The assistant's text: the final message, or what arrived before a stop or an early end. */
  text: string;
  result?: CompletionResult;
  drift: DriftWarning[];
  /** The answer as received (JSON text, or the final event's JSON for streams), cut for storage. */
  rawResponse?: string;
  /** The conversation the answer belongs to (result field or X-Conversation-Id header). */
  conversationId?: string;
  trace: TraceItem[];
  /** `error` events inside a stream: shown, not fatal. */
  streamErrors: string[];
  unknownEvents: number;
  /** A stream was asked for but the service answered with one JSON body. */
  answeredAsJson?: boolean;
  error?: ApiErrorInit;
  timing: AnswerTiming;
  /** The in-memory request log entry (gone after a reload). */
  logId?: string;
}

export function errorInit(error: unknown): ApiErrorInit {
  if (error instanceof ApiError) {
    return {
      kind: error.kind,
      message: error.message,
      status: error.status,
      code: error.code,
      serviceMessage: error.serviceMessage,
      fieldErrors: error.fieldErrors,
      dialect: error.dialect,
      rawBody: error.rawBody,
      drift: error.drift,
      endpoint: error.endpoint,
      logId: error.logId,
      ...(error.idleMs !== undefined ? { idleMs: error.idleMs } : {}),
    };
  }
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
}

/** The stored error as the ApiError ErrorState knows how to show. */
export function toApiError(init: ApiErrorInit): ApiError {
  // A stored exchange from an older version may lack the field errors, or hold something else there.
  return new ApiError({ ...init, fieldErrors: Array.isArray(init.fieldErrors) ? init.fieldErrors : [] });
}

/** The options a refused completion (a 422 naming body fields) named, with the service's words; keyed by the exchange. */
export function refusedOptions(
  exchange: Exchange | undefined,
): { key: string; errors: Partial<Record<keyof PlaygroundOptions, string>> } | undefined {
  const fieldErrors = exchange?.status === 'error' ? exchange.error?.fieldErrors : undefined;
  if (!exchange || !Array.isArray(fieldErrors) || fieldErrors.length === 0) return undefined;
  const { matched } = matchFieldErrors(fieldErrors, optionForPath);
  if (matched.length === 0) return undefined;
  return { key: exchange.id, errors: Object.fromEntries(matched.map((m) => [m.field, m.message])) };
}
