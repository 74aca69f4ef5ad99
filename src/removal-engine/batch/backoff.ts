import { classifyDeleteFailure, refusesToken, retryAfterMs } from '../single/answer';

/**
 * When a batch holds back its requests, and why. The scheduler asks `mayRequest` before each DELETE and each
 * read, and tells every DELETE's outcome and every change of the browser's online state; these functions decide,
 * the scheduler only obeys. A hold is shown on the batch's panel with its reason and, when known, its end.
 *
 * - offline (the browser says so): nothing is sent, no read either, until it is back online.
 * - unreachable: `unreachableAfter` DELETEs in a row got no answer (the browser may think it is online behind a
 *   dead network): nothing for a backoff delay, then one more try.
 * - rate_limited (429): nothing until its Retry-After (seconds or an HTTP date; a default when absent).
 * - server_error (5xx): no DELETE for a backoff delay (exponential with jitter, capped); reads go on.
 * - token_rejected (401/403): nothing until the admin resumes (after fixing the token): the batch is paused.
 */
export type HoldReason = 'offline' | 'unreachable' | 'rate_limited' | 'server_error' | 'token_rejected';

export interface SendHold {
  reason: HoldReason;
  /** When requests may go again; absent: on an event (back online, the admin resuming). */
  until?: number;
  /** The answer's status, when one came (429, 503, 401…). */
  status?: number;
  /** The service's (or the browser's) words. */
  message?: string;
}

export interface BackoffState {
  hold?: SendHold;
  /** DELETEs in a row that got no answer at all. */
  noAnswerStreak: number;
  /** DELETEs in a row answered with a 5xx. */
  serverErrorStreak: number;
}

export interface BackoffBounds {
  /** Consecutive unanswered DELETEs before the batch holds as if offline. */
  unreachableAfter: number;
  baseMs: number;
  capMs: number;
}

export const BACKOFF_BOUNDS: BackoffBounds = { unreachableAfter: 3, baseMs: 1_000, capMs: 60_000 };

export const INITIAL_BACKOFF: BackoffState = { noAnswerStreak: 0, serverErrorStreak: 0 };

/** "Full jitter" on a capped exponential: a random wait in [base·2^(n-1)/2, base·2^(n-1)], at most the cap. */
export function backoffDelayMs(
  streak: number,
  random: () => number = Math.random,
  bounds: BackoffBounds = BACKOFF_BOUNDS,
): number {
  const ceiling = Math.min(bounds.capMs, bounds.baseMs * 2 ** Math.max(0, streak - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The outcome of one DELETE, as the batch's backoff sees it: ok (a 2xx) or the error it was rejected with. */
export type DeleteOutcome = { ok: true } | { ok: false; error: unknown };

export function afterDelete(
  state: BackoffState,
  outcome: DeleteOutcome,
  now: number,
  random: () => number = Math.random,
  bounds: BackoffBounds = BACKOFF_BOUNDS,
): BackoffState {
  // Offline or a refused token: only the browser's 'online' event or the admin clears these.
  const sticky = state.hold?.reason === 'offline' || state.hold?.reason === 'token_rejected';
  if (outcome.ok) return { hold: sticky ? state.hold : undefined, noAnswerStreak: 0, serverErrorStreak: 0 };
  const failure = classifyDeleteFailure(outcome.error);
  const { status, message } = failure;
  if (refusesToken(failure))
    return { ...state, noAnswerStreak: 0, hold: { reason: 'token_rejected', status, message } };
  if (sticky) return state;
  if (failure.kind === 'throttled')
    return {
      ...state,
      noAnswerStreak: 0,
      hold: { reason: 'rate_limited', until: now + retryAfterMs(failure.retryAfter, now), status, message },
    };
  if (failure.kind === 'no_answer' && status !== undefined && status >= 500) {
    const streak = state.serverErrorStreak + 1;
    return {
      noAnswerStreak: 0,
      serverErrorStreak: streak,
      hold: { reason: 'server_error', until: now + backoffDelayMs(streak, random, bounds), status, message },
    };
  }
  if (failure.kind === 'no_answer') {
    const streak = state.noAnswerStreak + 1;
    const over = streak - bounds.unreachableAfter + 1;
    return {
      ...state,
      noAnswerStreak: streak,
      hold:
        over > 0 ? { reason: 'unreachable', until: now + backoffDelayMs(over, random, bounds), message } : state.hold,
    };
  }
  // A refusal of one document says nothing about the service.
  return { ...state, noAnswerStreak: 0, serverErrorStreak: 0 };
}

/** The browser went offline or came back. */
export function afterConnectivity(state: BackoffState, online: boolean): BackoffState {
  if (state.hold?.reason === 'token_rejected') return state;
  if (!online) return { ...state, hold: { reason: 'offline' } };
  // Back: whatever was held for the network goes now (a 429 or 5xx wait still runs out).
  const networkHold = state.hold?.reason === 'offline' || state.hold?.reason === 'unreachable';
  return { hold: networkHold ? undefined : state.hold, noAnswerStreak: 0, serverErrorStreak: state.serverErrorStreak };
}

/** The admin resumed: a refused token is taken as fixed (the next DELETE will tell). */
export function afterResume(state: BackoffState): BackoffState {
  return state.hold?.reason === 'token_rejected' ? { ...state, hold: undefined } : state;
}

/** Whether a request of this kind may go now. Reads go on during a 5xx backoff: they settle what was sent. */
export function mayRequest(state: BackoffState, kind: 'send' | 'read', now: number): boolean {
  const hold = state.hold;
  if (!hold) return true;
  if (hold.until !== undefined && hold.until <= now) return true;
  return kind === 'read' && hold.reason === 'server_error';
}

/** A hold whose time has run out is dropped (so the panel stops showing it). */
export function expire(state: BackoffState, now: number): BackoffState {
  return state.hold?.until !== undefined && state.hold.until <= now ? { ...state, hold: undefined } : state;
}
