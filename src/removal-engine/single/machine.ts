import { LIMITS } from '../../contract/limits';
import { ACTIVE_STATES, type DeletionState } from './states';

/**
 * Tracked deletion of a knowledge document. A 200 from the service proves nothing (the deletion is
 * asynchronous, and when the per-document lock is not obtained in ~30 s the answer is 200 and nothing
 * is deleted), so a deletion is only "deleted" once a read confirms it.
 *
 *   requesting ──200──▶ pending ──check: gone──▶ deleted
 *        │                 │  └─check: present, window not over──▶ pending (next check later)
 *        │                 └─check: present past the window──▶ requesting (re-issue, ≤ maxAttempts)
 *        │                                                   └─ attempts used up ──▶ not_deleted ──retry──▶ requesting
 *        ├─refused (a 4xx: see ./answer.ts)──▶ failed (the optimistic state is rolled back; the ErrorResponse is shown)
 *        ├─no answer (offline, timeout, 5xx)──▶ unknown ──read, as for pending (window from the sending)──▶ deleted /
 *        │                                      re-issue / not_deleted; reads wait for the network to come back
 *        ├─deferred (429, or 401 in a batch: not acted on)──▶ requesting again, sent once the hold ends
 *        └─page closed before the answer (seen on reload)──▶ pending, checked at once: a read decides, never a
 *          second DELETE straight away (the first may have deleted it, or may still wait for the lock)
 *
 * Single deletions (tracker.ts) and every row of a bulk removal (../bulk/scheduler.ts) run on this machine.
 * The states themselves are named in ./states.ts, a leaf that presence.ts reads without loading this machine.
 */
export type { DeletionState };

/** Which read confirmed a deletion: the document's base info answering 404, or the knowledge base's total_files. */
export type ConfirmingRead = 'base_info' | 'total_files';

export type CheckResult = 'gone' | 'present' | 'error';

export interface DeletionAttempt {
  startedAt: number;
  /** When the DELETE left (a bulk row is started when its block is reserved, and may be sent later). */
  sentAt?: number;
  /**
   * 'accepted' = 200; 'error' = a refusal (4xx); 'no_answer' = none arrived, or one that proves nothing (5xx);
   * 'deferred' = refused without being acted on (429), sent again later and not counted as an attempt;
   * 'interrupted' = the page went away before the answer.
   */
  outcome?: 'accepted' | 'error' | 'no_answer' | 'deferred' | 'interrupted';
  finishedAt?: number;
  error?: { status?: number; code?: number; message: string };
  checks: { at: number; result: CheckResult; detail?: string }[];
}

export interface TrackedDeletion {
  profileId: string;
  knowledgeId: string;
  documentId: string;
  documentName?: string;
  /** total_files before the first request; a later drop confirms the deletion. */
  baselineTotalFiles?: number;
  state: DeletionState;
  attempts: DeletionAttempt[];
  /** Index of the first attempt of the current round; a manual retry starts a new round. */
  roundStart: number;
  /** When the next confirmation read is due (pending only). */
  nextCheckAt?: number;
  /** Set with state 'deleted'. */
  confirmedBy?: ConfirmingRead;
  createdAt: number;
  updatedAt: number;
}

export interface DeletionTiming {
  firstCheckMs: number;
  backoffFactor: number;
  /** The lock window: a document still present this long after the 200 was not deleted. */
  lockWindowMs: number;
  /** Slack past the window before concluding. */
  graceMs: number;
  maxAttempts: number;
}

export const DEFAULT_TIMING: DeletionTiming = {
  firstCheckMs: 3_000,
  backoffFactor: 2,
  lockWindowMs: LIMITS.deletion.lockWaitMs,
  graceMs: 5_000,
  maxAttempts: 3,
};

export type DeletionEvent =
  /** The DELETE leaves now. */
  | { type: 'sent'; at: number }
  | { type: 'accepted'; at: number }
  | { type: 'request_failed'; at: number; error: { status?: number; code?: number; message: string } }
  /** No answer, or one that does not prove a refusal: whether the DELETE was applied is unknown until a read. */
  | { type: 'no_answer'; at: number; error: { status?: number; code?: number; message: string } }
  /** Refused without being acted on (rate limited, token refused in a batch): the same DELETE goes again later. */
  | { type: 'deferred'; at: number; error: { status?: number; code?: number; message: string } }
  | { type: 'checked'; at: number; result: CheckResult; detail?: string; via?: ConfirmingRead }
  | { type: 'reissue'; at: number }
  | { type: 'retry'; at: number }
  /** Loaded after a reload or in another tab while 'requesting': whether that DELETE arrived is unknown. */
  | { type: 'interrupted'; at: number }
  /** A stopped batch sends nothing new: a deletion that would be re-issued (or sent again) ends as not deleted. */
  | { type: 'give_up'; at: number };

export function startDeletion(
  init: Pick<TrackedDeletion, 'profileId' | 'knowledgeId' | 'documentId' | 'documentName' | 'baselineTotalFiles'>,
  at: number,
): TrackedDeletion {
  return {
    ...init,
    state: 'requesting',
    attempts: [{ startedAt: at, checks: [] }],
    roundStart: 0,
    createdAt: at,
    updatedAt: at,
  };
}

const current = (d: TrackedDeletion) => d.attempts[d.attempts.length - 1];

function withCurrent(d: TrackedDeletion, patch: (a: DeletionAttempt) => DeletionAttempt): DeletionAttempt[] {
  return d.attempts.map((a, i) => (i === d.attempts.length - 1 ? patch(a) : a));
}

/**
 * The lock window of an attempt starts at its 200; for an interrupted one or one without an answer, at its
 * sending (the service may still be waiting for the lock): no re-issue before the service is done with the
 * previous DELETE. When that sending was not seen (a reserved row whose page went away before it saved more), at
 * the latest moment it can have left: when the interruption was found.
 */
const windowStart = (a: DeletionAttempt) =>
  a.outcome === 'interrupted'
    ? (a.sentAt ?? a.finishedAt ?? a.startedAt)
    : a.outcome === 'no_answer'
      ? (a.sentAt ?? a.startedAt)
      : (a.finishedAt ?? a.startedAt);

/** The states a confirming read settles: after a 200, or after a DELETE whose answer never came. */
const awaitsRead = (d: TrackedDeletion) => d.state === 'pending' || d.state === 'unknown';

/**
 * The total_files fallback, for a service whose base info keeps answering for a soft-deleted document.
 * total_files counts the documents not deleted, so its drop since `baseline` (read before the first DELETE)
 * counts every deletion that happened. It confirms the `awaiting` accepted-but-unconfirmed deletions only
 * when it accounts for all of them besides the `confirmed` ones already seen gone: with one deletion,
 * "total_files fell"; in a batch, a drop of 3 never confirms 5 pending rows (which 3 is unknown).
 */
export function totalFilesConfirms(baseline: number, total: number, confirmed: number, awaiting: number): boolean {
  return awaiting > 0 && baseline - total - confirmed >= awaiting;
}

/** When the next check after a 200 at `acceptedAt` is due, given the checks made so far. */
export function nextCheckTime(acceptedAt: number, checksSoFar: number, timing: DeletionTiming): number {
  const deadline = acceptedAt + timing.lockWindowMs + timing.graceMs;
  let offset = timing.firstCheckMs;
  for (let i = 0; i < checksSoFar; i++) offset *= timing.backoffFactor;
  return Math.min(acceptedAt + offset, deadline);
}

export function reduce(
  d: TrackedDeletion,
  event: DeletionEvent,
  timing: DeletionTiming = DEFAULT_TIMING,
): TrackedDeletion {
  const attempt = current(d);
  switch (event.type) {
    case 'sent':
      if (d.state !== 'requesting' || !attempt || attempt.sentAt !== undefined) return d;
      return { ...d, attempts: withCurrent(d, (a) => ({ ...a, sentAt: event.at })), updatedAt: event.at };
    case 'accepted':
      if (d.state !== 'requesting' || !attempt) return d;
      return {
        ...d,
        state: 'pending',
        attempts: withCurrent(d, (a) => ({ ...a, outcome: 'accepted', finishedAt: event.at })),
        nextCheckAt: nextCheckTime(event.at, 0, timing),
        updatedAt: event.at,
      };
    case 'request_failed':
      if (d.state !== 'requesting') return d;
      return {
        ...d,
        state: 'failed',
        attempts: withCurrent(d, (a) => ({ ...a, outcome: 'error', finishedAt: event.at, error: event.error })),
        nextCheckAt: undefined,
        updatedAt: event.at,
      };
    case 'no_answer':
      if (d.state !== 'requesting' || !attempt) return d;
      // Read at once (the runner waits for the network): a DELETE that did arrive is confirmed straight away.
      return {
        ...d,
        state: 'unknown',
        attempts: withCurrent(d, (a) => ({ ...a, outcome: 'no_answer', finishedAt: event.at, error: event.error })),
        nextCheckAt: event.at,
        updatedAt: event.at,
      };
    case 'deferred':
      if (d.state !== 'requesting' || !attempt) return d;
      return {
        ...d,
        attempts: [
          ...withCurrent(d, (a) => ({ ...a, outcome: 'deferred', finishedAt: event.at, error: event.error })),
          { startedAt: event.at, checks: [] },
        ],
        updatedAt: event.at,
      };
    case 'checked': {
      if (!awaitsRead(d) || attempt?.finishedAt === undefined) return d;
      const attempts = withCurrent(d, (a) => ({
        ...a,
        checks: [...a.checks, { at: event.at, result: event.result, detail: event.detail }],
      }));
      if (event.result === 'gone')
        return {
          ...d,
          state: 'deleted',
          attempts,
          nextCheckAt: undefined,
          confirmedBy: event.via ?? 'base_info',
          updatedAt: event.at,
        };
      const start = windowStart(attempt);
      const deadline = start + timing.lockWindowMs + timing.graceMs;
      if (event.result === 'present' && event.at >= deadline) {
        // Still there after the lock window: the lock was not obtained and nothing was deleted.
        if (attemptsInRound(d) >= timing.maxAttempts)
          return { ...d, state: 'not_deleted', attempts, nextCheckAt: undefined, updatedAt: event.at };
        return { ...d, attempts, nextCheckAt: undefined, updatedAt: event.at };
      }
      const checksMade = attempts[attempts.length - 1]!.checks.length;
      // At least the first-check delay between reads: a failed read past the window (or a read after a reload,
      // when the schedule lies in the past) would otherwise be repeated at once, hammering the service.
      const nextCheckAt = Math.max(nextCheckTime(start, checksMade, timing), event.at + timing.firstCheckMs);
      return { ...d, attempts, nextCheckAt, updatedAt: event.at };
    }
    case 'interrupted':
      if (d.state !== 'requesting' || !attempt) return d;
      return {
        ...d,
        state: 'pending',
        attempts: withCurrent(d, (a) => ({ ...a, outcome: 'interrupted', finishedAt: event.at })),
        nextCheckAt: event.at,
        updatedAt: event.at,
      };
    case 'give_up':
      // A DELETE waiting to go again after a 429 or 401 was never acted on: it goes no more.
      if (d.state === 'requesting' && d.attempts.at(-2)?.outcome === 'deferred' && attempt?.outcome === undefined)
        return { ...d, state: 'not_deleted', attempts: d.attempts.slice(0, -1), updatedAt: event.at };
      if (!awaitsRead(d) || d.nextCheckAt !== undefined) return d;
      return { ...d, state: 'not_deleted', updatedAt: event.at };
    case 'reissue':
      if (!awaitsRead(d) || attemptsInRound(d) >= timing.maxAttempts) return d;
      return {
        ...d,
        state: 'requesting',
        attempts: [...d.attempts, { startedAt: event.at, checks: [] }],
        nextCheckAt: undefined,
        updatedAt: event.at,
      };
    case 'retry':
      if (!isRetryable(d)) return d;
      // A manual retry starts a fresh round of attempts; the history is kept.
      return {
        ...d,
        state: 'requesting',
        attempts: [...d.attempts, { startedAt: event.at, checks: [] }],
        roundStart: d.attempts.length,
        nextCheckAt: undefined,
        updatedAt: event.at,
      };
  }
}

/** Attempts made in the current round (a manual retry starts a new round); a deferred one was not acted on. */
export function attemptsInRound(d: TrackedDeletion): number {
  let n = 0;
  for (let i = d.roundStart; i < d.attempts.length; i++) if (d.attempts[i]!.outcome !== 'deferred') n++;
  return n;
}

/** Ended without a confirmed deletion: "Retry" starts a new round. */
export const isRetryable = (d: TrackedDeletion) => d.state === 'not_deleted' || d.state === 'failed';

/** What the runner must do now for this deletion. */
export type DeletionAction = { type: 'send' } | { type: 'check'; at: number } | { type: 'reissue' } | { type: 'none' };

export function nextAction(d: TrackedDeletion, timing: DeletionTiming = DEFAULT_TIMING): DeletionAction {
  if (d.state === 'requesting') return { type: 'send' };
  if (!awaitsRead(d)) return { type: 'none' };
  if (d.nextCheckAt !== undefined) return { type: 'check', at: d.nextCheckAt };
  return attemptsInRound(d) < timing.maxAttempts ? { type: 'reissue' } : { type: 'none' };
}

/** A deletion read back from storage (a reload, or a tab taking over): a DELETE that was in flight is interrupted. */
export function resumeLoaded(d: TrackedDeletion, at: number): TrackedDeletion {
  return d.state === 'requesting' && current(d)?.outcome === undefined ? reduce(d, { type: 'interrupted', at }) : d;
}

export const isActive = (d: TrackedDeletion) => ACTIVE_STATES.has(d.state);
