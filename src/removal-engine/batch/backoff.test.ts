import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { classifyDeleteFailure, failureEvent, retryAfterMs, RETRY_AFTER_DEFAULT_MS } from '../single/answer';
import {
  afterConnectivity,
  afterDelete,
  afterResume,
  backoffDelayMs,
  BACKOFF_BOUNDS,
  INITIAL_BACKOFF,
  mayRequest,
  type BackoffState,
} from './backoff';

const http = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'http', status, message: `HTTP ${status}`, ...extra });
const offline = new ApiError({ kind: 'network', message: 'Could not reach the secondary host' });

describe('what a failed DELETE says', () => {
  it('a 4xx refuses; no answer, a timeout, 408 and every 5xx (a proxy 502 too) prove nothing; 429 and 401 defer', () => {
    expect(classifyDeleteFailure(http(404)).kind).toBe('refused');
    expect(classifyDeleteFailure(http(400)).kind).toBe('refused');
    expect(classifyDeleteFailure(http(403)).kind).toBe('refused');
    expect(classifyDeleteFailure(http(422)).kind).toBe('refused');
    expect(classifyDeleteFailure(offline).kind).toBe('no_answer');
    expect(classifyDeleteFailure(new ApiError({ kind: 'timeout', message: 't' })).kind).toBe('no_answer');
    expect(classifyDeleteFailure(new ApiError({ kind: 'network', status: 502, message: 'proxy' })).kind).toBe(
      'no_answer',
    );
    for (const status of [408, 500, 502, 503, 504]) expect(classifyDeleteFailure(http(status)).kind).toBe('no_answer');
    expect(classifyDeleteFailure(http(429, { retryAfter: '7' }))).toMatchObject({ kind: 'throttled', retryAfter: '7' });
    expect(classifyDeleteFailure(http(401)).kind).toBe('unauthorized');
    // Never sent: refused before it left.
    expect(classifyDeleteFailure(new ApiError({ kind: 'no_profile', message: 'gone' })).kind).toBe('refused');
  });

  it('maps to the machine: unknown for no answer, deferred for 429 (and 401 in a batch), failed for a refusal', () => {
    expect(failureEvent(offline, 1, true).type).toBe('no_answer');
    expect(failureEvent(http(503), 1, true).type).toBe('no_answer');
    expect(failureEvent(http(429), 1, false).type).toBe('deferred');
    expect(failureEvent(http(401), 1, true).type).toBe('deferred');
    expect(failureEvent(http(401), 1, false).type).toBe('request_failed');
    expect(failureEvent(http(404), 1, true).type).toBe('request_failed');
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delta-seconds and an HTTP date; the default when absent or unreadable; capped', () => {
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(RETRY_AFTER_DEFAULT_MS);
    expect(retryAfterMs('soon', now)).toBe(RETRY_AFTER_DEFAULT_MS);
    expect(retryAfterMs('999999', now)).toBe(10 * 60_000);
  });
});

describe('batch backoff', () => {
  it('grows exponentially with jitter, capped', () => {
    expect(backoffDelayMs(1, () => 1)).toBe(BACKOFF_BOUNDS.baseMs);
    expect(backoffDelayMs(1, () => 0)).toBe(BACKOFF_BOUNDS.baseMs / 2);
    expect(backoffDelayMs(3, () => 1)).toBe(4 * BACKOFF_BOUNDS.baseMs);
    expect(backoffDelayMs(30, () => 1)).toBe(BACKOFF_BOUNDS.capMs);
    const d = backoffDelayMs(2, Math.random);
    expect(d).toBeGreaterThanOrEqual(BACKOFF_BOUNDS.baseMs);
    expect(d).toBeLessThanOrEqual(2 * BACKOFF_BOUNDS.baseMs);
  });

  it('5xx: no DELETE until the backoff ends (reads go on); a success clears the streak', () => {
    let s = afterDelete(INITIAL_BACKOFF, { ok: false, error: http(503) }, 0, () => 1);
    expect(s.hold).toMatchObject({ reason: 'server_error', status: 503, until: 1_000 });
    expect(mayRequest(s, 'send', 999)).toBe(false);
    expect(mayRequest(s, 'read', 999)).toBe(true);
    expect(mayRequest(s, 'send', 1_000)).toBe(true);
    s = afterDelete(s, { ok: false, error: http(502) }, 1_000, () => 1);
    expect(s.hold?.until).toBe(3_000);
    s = afterDelete(s, { ok: true }, 3_000);
    expect(s).toEqual({ hold: undefined, noAnswerStreak: 0, serverErrorStreak: 0 });
  });

  it('429 holds everything until its Retry-After', () => {
    const s = afterDelete(INITIAL_BACKOFF, { ok: false, error: http(429, { retryAfter: '2' }) }, 100);
    expect(s.hold).toMatchObject({ reason: 'rate_limited', until: 2_100 });
    expect(mayRequest(s, 'read', 2_000)).toBe(false);
    expect(mayRequest(s, 'send', 2_100)).toBe(true);
  });

  it('offline holds everything until back online; N unanswered DELETEs in a row hold as unreachable', () => {
    let s: BackoffState = afterConnectivity(INITIAL_BACKOFF, false);
    expect(mayRequest(s, 'read', 1e12)).toBe(false);
    // An answer lost meanwhile changes nothing: only 'online' ends it.
    s = afterDelete(s, { ok: false, error: offline }, 5);
    expect(s.hold?.reason).toBe('offline');
    s = afterConnectivity(s, true);
    expect(s.hold).toBeUndefined();
    for (let i = 0; i < BACKOFF_BOUNDS.unreachableAfter - 1; i++) s = afterDelete(s, { ok: false, error: offline }, i);
    expect(s.hold).toBeUndefined();
    s = afterDelete(s, { ok: false, error: offline }, 10, () => 1);
    expect(s.hold).toMatchObject({ reason: 'unreachable', until: 10 + BACKOFF_BOUNDS.baseMs });
  });

  it('401/403 hold until the admin resumes, whatever else happens', () => {
    let s = afterDelete(INITIAL_BACKOFF, { ok: false, error: http(401) }, 0);
    expect(s.hold).toMatchObject({ reason: 'token_rejected', status: 401 });
    s = afterConnectivity(afterConnectivity(s, false), true);
    s = afterDelete(s, { ok: true }, 1);
    expect(s.hold?.reason).toBe('token_rejected');
    expect(mayRequest(s, 'send', 1e12)).toBe(false);
    expect(afterResume(s).hold).toBeUndefined();
    expect(afterDelete(INITIAL_BACKOFF, { ok: false, error: http(403) }, 0).hold?.reason).toBe('token_rejected');
  });
});
