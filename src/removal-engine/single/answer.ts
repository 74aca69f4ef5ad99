import type { DeletionEvent } from './machine';

/**
 * What a failed DELETE says about its document, decided with the service interface: delete knowledge document
 * answers 200 (accepted, which proves nothing), or 400/422/500 with an ErrorResponse; it "fails" when the
 * document is not in the knowledge base (status not given: the sandbox answers 404), and it is the bearer
 * token's to allow (401/403).
 * - A 4xx is a refusal: the service looked at the request and did not act on it. 429 (rate limited) and 401
 *   (token not accepted) refuse the caller, not the document: the same DELETE may go again later.
 * - Anything else proves nothing: no answer (offline, refused connection, timeout, the proxy could not reach
 *   the service), 408, and every 5xx — the spec's own 500 included: an internal error may come after the soft
 *   delete, and a gateway's 502/503/504 says nothing of what the service behind it did. A read settles those.
 */
export type DeleteFailure =
  | { kind: 'refused'; status?: number; message: string }
  | { kind: 'no_answer'; status?: number; message: string }
  | { kind: 'throttled'; status: 429; retryAfter?: string; message: string }
  | { kind: 'unauthorized'; status: 401; message: string };

export function classifyDeleteFailure(err: unknown): DeleteFailure {
  const info = errorInfo(err);
  const e = (err && typeof err === 'object' ? err : {}) as { kind?: unknown; retryAfter?: unknown };
  const kind = typeof e.kind === 'string' ? e.kind : undefined;
  const status = info.status;
  // Nothing was sent at all: the request was refused before it left (no profile, a body breaking the contract).
  if (kind === 'invalid_request' || kind === 'no_profile') return { kind: 'refused', message: info.message };
  if (kind === 'http' || (kind === undefined && status !== undefined)) {
    if (status === 429)
      return {
        kind: 'throttled',
        status,
        retryAfter: typeof e.retryAfter === 'string' ? e.retryAfter : undefined,
        message: info.message,
      };
    if (status === 401) return { kind: 'unauthorized', status, message: info.message };
    if (status !== undefined && status >= 400 && status < 500 && status !== 408)
      return { kind: 'refused', status, message: info.message };
  }
  return { kind: 'no_answer', status, message: info.message };
}

/** A refusal by the token (401/403): a batch stops sending until the admin fixes it and resumes. */
export const refusesToken = (f: DeleteFailure) => f.status === 401 || f.status === 403;

/**
 * The machine's event for a failed DELETE. `deferUnauthorized`: a batch sends a 401-refused row again once the
 * token is fixed; a single deletion ends failed, and the admin retries it.
 */
export function failureEvent(err: unknown, at: number, deferUnauthorized: boolean): DeletionEvent {
  const f = classifyDeleteFailure(err);
  const error = errorInfo(err);
  if (f.kind === 'no_answer') return { type: 'no_answer', at, error };
  if (f.kind === 'throttled' || (f.kind === 'unauthorized' && deferUnauthorized))
    return { type: 'deferred', at, error };
  return { type: 'request_failed', at, error };
}

export function errorInfo(err: unknown): { status?: number; code?: number; message: string } {
  if (err && typeof err === 'object') {
    const e = err as { status?: unknown; code?: unknown; serviceMessage?: unknown; message?: unknown };
    return {
      status: typeof e.status === 'number' ? e.status : undefined,
      code: typeof e.code === 'number' ? e.code : undefined,
      message: String(e.serviceMessage ?? e.message ?? 'The request failed'),
    };
  }
  return { message: String(err) };
}

/** How long to wait after a 429 when it names no time (or a time that cannot be read). */
export const RETRY_AFTER_DEFAULT_MS = 10_000;
/** A Retry-After further away than this is capped: the batch tries again then (and is told again if need be). */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

/** Retry-After as a wait in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); the default when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number {
  const text = value?.trim() ?? '';
  let ms: number | undefined;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (text) {
    const date = Date.parse(text);
    if (!Number.isNaN(date)) ms = Math.max(0, date - now);
  }
  return Math.min(ms ?? RETRY_AFTER_DEFAULT_MS, RETRY_AFTER_MAX_MS);
}
