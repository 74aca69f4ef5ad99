import { describe, expect, it } from 'vitest';
import {
  attemptsInRound,
  DEFAULT_TIMING,
  nextAction,
  nextCheckTime,
  reduce,
  resumeLoaded,
  startDeletion,
  totalFilesConfirms,
  type TrackedDeletion,
} from './machine';

const T = DEFAULT_TIMING;
const start = () => startDeletion({ profileId: 'p', knowledgeId: 'k', documentId: 'd', baselineTotalFiles: 5 }, 0);

/** Runs checks that all answer `present` until the machine stops scheduling them. */
function checkUntilDecided(d: TrackedDeletion): TrackedDeletion {
  for (let i = 0; i < 20; i++) {
    const action = nextAction(d);
    if (action.type !== 'check') return d;
    d = reduce(d, { type: 'checked', at: action.at, result: 'present' });
  }
  throw new Error('checks never stopped');
}

describe('deletion tracker', () => {
  it('is optimistic: requesting at once, pending after the 200, first check after about 3 s', () => {
    let d = start();
    expect(d.state).toBe('requesting');
    expect(nextAction(d)).toEqual({ type: 'send' });
    d = reduce(d, { type: 'accepted', at: 100 });
    expect(d.state).toBe('pending');
    expect(nextAction(d)).toEqual({ type: 'check', at: 100 + T.firstCheckMs });
  });

  it('confirms on a read that finds the document gone', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    d = reduce(d, { type: 'checked', at: 3_000, result: 'present' });
    expect(d.state).toBe('pending');
    d = reduce(d, { type: 'checked', at: 6_000, result: 'gone' });
    expect(d.state).toBe('deleted');
    expect(nextAction(d)).toEqual({ type: 'none' });
  });

  it('backs off until past the lock window, never scheduling beyond it', () => {
    const times = [0, 1, 2, 3, 4, 5].map((n) => nextCheckTime(0, n, T));
    expect(times).toEqual([3_000, 6_000, 12_000, 24_000, 35_000, 35_000]);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
  });

  it('re-issues the delete when the document is still there after the window, at most 3 attempts in all', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    d = checkUntilDecided(d);
    expect(d.state).toBe('pending');
    expect(nextAction(d)).toEqual({ type: 'reissue' });
    d = reduce(d, { type: 'reissue', at: 40_000 });
    expect(d.state).toBe('requesting');
    expect(d.attempts).toHaveLength(2);
    d = reduce(d, { type: 'accepted', at: 41_000 });
    d = checkUntilDecided(d);
    d = reduce(d, { type: 'reissue', at: 90_000 });
    d = reduce(d, { type: 'accepted', at: 91_000 });
    d = checkUntilDecided(d);
    expect(d.state).toBe('not_deleted');
    expect(d.attempts).toHaveLength(3);
    expect(nextAction(d)).toEqual({ type: 'none' });
    expect(reduce(d, { type: 'reissue', at: 200_000 })).toBe(d);
  });

  it('a manual retry after "not deleted" starts a new round and keeps the history', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    for (let i = 0; i < 3; i++) {
      d = checkUntilDecided(d);
      if (d.state === 'pending') d = reduce(reduce(d, { type: 'reissue', at: 1 }), { type: 'accepted', at: 2 });
    }
    expect(d.state).toBe('not_deleted');
    d = reduce(d, { type: 'retry', at: 500_000 });
    expect(d.state).toBe('requesting');
    expect(d.attempts).toHaveLength(4);
    d = reduce(d, { type: 'accepted', at: 500_100 });
    d = reduce(d, { type: 'checked', at: 503_100, result: 'gone' });
    expect(d.state).toBe('deleted');
  });

  it('rolls back to failed with the ErrorResponse when the DELETE fails', () => {
    const d = reduce(start(), {
      type: 'request_failed',
      at: 10,
      error: { status: 404, code: 404, message: 'document d does not belong to knowledge base k' },
    });
    expect(d.state).toBe('failed');
    expect(d.attempts[0]).toMatchObject({
      outcome: 'error',
      error: { status: 404, message: expect.stringContaining('does not belong') },
    });
    expect(nextAction(d)).toEqual({ type: 'none' });
  });

  it('keeps checking after a failed read instead of concluding', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    d = reduce(d, { type: 'checked', at: 3_000, result: 'error', detail: 'timeout' });
    expect(d.state).toBe('pending');
    expect(nextAction(d)).toEqual({ type: 'check', at: 6_000 });
  });

  it('waits between failed reads past the lock window instead of re-reading at once', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    d = reduce(d, { type: 'checked', at: 40_000, result: 'error', detail: 'network' });
    expect(d.state).toBe('pending');
    expect(nextAction(d)).toEqual({ type: 'check', at: 40_000 + T.firstCheckMs });
    d = reduce(d, { type: 'checked', at: 43_000, result: 'present' });
    expect(nextAction(d)).toEqual({ type: 'reissue' });
  });

  it('ignores events that do not fit the state', () => {
    const d = start();
    expect(reduce(d, { type: 'checked', at: 1, result: 'gone' })).toBe(d);
    expect(reduce(d, { type: 'retry', at: 1 })).toBe(d);
  });
});

describe('deletion machine: which read confirmed it, reloads, stops', () => {
  it('records the read that confirmed the deletion', () => {
    let d = reduce(start(), { type: 'accepted', at: 0 });
    expect(reduce(d, { type: 'checked', at: 3_000, result: 'gone' }).confirmedBy).toBe('base_info');
    d = reduce(d, { type: 'checked', at: 3_000, result: 'gone', via: 'total_files', detail: 'total_files:4' });
    expect(d).toMatchObject({ state: 'deleted', confirmedBy: 'total_files' });
  });

  it('total_files confirms only a drop that accounts for every awaiting deletion', () => {
    // One deletion: the count fell below the baseline.
    expect(totalFilesConfirms(6, 5, 0, 1)).toBe(true);
    expect(totalFilesConfirms(6, 6, 0, 1)).toBe(false);
    // A batch: 2 already seen gone, 3 awaiting; a drop of 4 cannot say which 2 of the 3 went.
    expect(totalFilesConfirms(40, 36, 2, 3)).toBe(false);
    expect(totalFilesConfirms(40, 35, 2, 3)).toBe(true);
    expect(totalFilesConfirms(40, 30, 0, 0)).toBe(false);
  });

  it('after a reload a DELETE that was in flight is checked at once, not sent again', () => {
    const d = resumeLoaded(start(), 10_000);
    expect(d.state).toBe('pending');
    expect(d.attempts[0]!.outcome).toBe('interrupted');
    expect(nextAction(d)).toEqual({ type: 'check', at: 10_000 });
    expect(reduce(d, { type: 'checked', at: 10_100, result: 'gone' }).state).toBe('deleted');
    // An accepted or pending one is left as it was.
    const pending = reduce(start(), { type: 'accepted', at: 5 });
    expect(resumeLoaded(pending, 10_000)).toBe(pending);
  });

  it('an interrupted DELETE is re-issued only once the service is done with it (its lock window from sending)', () => {
    const sent = () => reduce(start(), { type: 'sent', at: 0 });
    let d = resumeLoaded(sent(), 1_000);
    d = reduce(d, { type: 'checked', at: 1_100, result: 'present' });
    // The schedule runs from the sending (at 0), as for an answered DELETE.
    expect(nextAction(d)).toEqual({ type: 'check', at: 6_000 });
    d = checkUntilDecided(d);
    expect(nextAction(d)).toEqual({ type: 'reissue' });
    const lastCheck = d.attempts[0]!.checks.at(-1)!.at;
    expect(lastCheck).toBeGreaterThanOrEqual(T.lockWindowMs + T.graceMs);
    // Reloaded long after the window: one read, then straight to the re-issue.
    let late = resumeLoaded(sent(), 100_000);
    late = reduce(late, { type: 'checked', at: 100_050, result: 'present' });
    expect(nextAction(late)).toEqual({ type: 'reissue' });
  });

  it('a row started when its block was reserved, its sending never seen: the window runs from when that was found', () => {
    // Reserved at 0; the page went away later, having sent it at some unknown moment before 100 s.
    let d = resumeLoaded(start(), 100_000);
    d = reduce(d, { type: 'checked', at: 100_050, result: 'present' });
    expect(nextAction(d)).toEqual({ type: 'check', at: 106_000 });
    d = checkUntilDecided(d);
    expect(d.attempts[0]!.checks.at(-1)!.at).toBeGreaterThanOrEqual(100_000 + T.lockWindowMs + T.graceMs);
    expect(nextAction(d)).toEqual({ type: 'reissue' });
    // A second 'sent' for the same attempt changes nothing: the first one counts.
    const once = reduce(start(), { type: 'sent', at: 10 });
    expect(reduce(once, { type: 'sent', at: 20 })).toBe(once);
  });

  it('a stopped batch gives up a deletion that would be re-issued, and nothing else', () => {
    let d = checkUntilDecided(reduce(start(), { type: 'accepted', at: 0 }));
    expect(nextAction(d)).toEqual({ type: 'reissue' });
    d = reduce(d, { type: 'give_up', at: 50_000 });
    expect(d.state).toBe('not_deleted');
    const checking = reduce(start(), { type: 'accepted', at: 0 });
    expect(reduce(checking, { type: 'give_up', at: 1 })).toBe(checking);
  });

  it('a DELETE without an answer is unknown, not failed, and a read settles it: gone means deleted', () => {
    const lost = { message: 'Could not reach the secondary host' };
    let d = reduce(start(), { type: 'no_answer', at: 200, error: lost });
    expect(d.state).toBe('unknown');
    expect(d.attempts[0]).toMatchObject({ outcome: 'no_answer', error: lost });
    // Read at once (the runner holds it while offline): the DELETE may well have arrived.
    expect(nextAction(d)).toEqual({ type: 'check', at: 200 });
    // A read that fails (still offline) decides nothing.
    d = reduce(d, { type: 'checked', at: 200, result: 'error', detail: 'offline' });
    expect(d.state).toBe('unknown');
    d = reduce(d, { type: 'checked', at: 3_500, result: 'gone', via: 'base_info' });
    expect(d).toMatchObject({ state: 'deleted', confirmedBy: 'base_info' });
    expect(d.attempts).toHaveLength(1);
  });

  it('unknown and still there: re-issued only past the lock window from its sending, by the usual rules', () => {
    let d = reduce(start(), { type: 'no_answer', at: 100, error: { status: 504, message: 'Gateway Timeout' } });
    d = reduce(d, { type: 'checked', at: 150, result: 'present' });
    // The service may still be waiting for the lock: no second DELETE yet.
    expect(d.state).toBe('unknown');
    expect(nextAction(d).type).toBe('check');
    d = checkUntilDecided(d);
    expect(nextAction(d)).toEqual({ type: 'reissue' });
    expect(d.attempts[0]!.checks.at(-1)!.at).toBeGreaterThanOrEqual(T.lockWindowMs + T.graceMs);
    d = reduce(d, { type: 'reissue', at: 40_000 });
    expect(d.state).toBe('requesting');
    d = reduce(d, { type: 'accepted', at: 40_010 });
    d = reduce(d, { type: 'checked', at: 43_010, result: 'gone' });
    expect(d.state).toBe('deleted');
    // With every attempt used up, still there ends as not deleted, which "retry" takes up.
    let used = start();
    for (let i = 0; i < T.maxAttempts; i++) {
      used = reduce(used, { type: 'no_answer', at: i * 100_000, error: { message: 'offline' } });
      used = checkUntilDecided(used);
      if (i < T.maxAttempts - 1) used = reduce(used, { type: 'reissue', at: i * 100_000 + 50_000 });
    }
    expect(used.state).toBe('not_deleted');
    expect(reduce(used, { type: 'retry', at: 400_000 }).state).toBe('requesting');
  });

  it('a deferred DELETE (429) is sent again later and does not use up an attempt', () => {
    let d = reduce(start(), { type: 'deferred', at: 10, error: { status: 429, message: 'slow down' } });
    expect(d.state).toBe('requesting');
    expect(nextAction(d)).toEqual({ type: 'send' });
    expect(d.attempts.map((a) => a.outcome)).toEqual(['deferred', undefined]);
    expect(attemptsInRound(d)).toBe(1);
    // A stopped batch sends it no more: not deleted, with the deferred request in its history.
    const given = reduce(d, { type: 'give_up', at: 1_000 });
    expect(given.state).toBe('not_deleted');
    expect(given.attempts.map((a) => a.outcome)).toEqual(['deferred']);
    d = reduce(d, { type: 'accepted', at: 2_000 });
    expect(d.state).toBe('pending');
  });

  it('a refusal stays failed, and "retry" takes up a failed one as it does a not-deleted one', () => {
    const d = reduce(start(), { type: 'request_failed', at: 5, error: { status: 404, message: 'not in this base' } });
    expect(d.state).toBe('failed');
    expect(nextAction(d)).toEqual({ type: 'none' });
    expect(reduce(d, { type: 'retry', at: 9 })).toMatchObject({ state: 'requesting', roundStart: 1 });
  });
});
