import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING, nextAction, nextCheckTime, reduce, startDeletion, type TrackedDeletion } from './machine';

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
