import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING, startDeletion } from '../single/machine';
import { newBatch } from '../test-support/bulk-service';
import { reduceBatch, type BatchAction, type BatchData } from './batch-reducer';

/** A batch's state as the scheduler starts it, and the reducer applied as batch-state.ts applies it. */
function stateOf(ids: string[]): BatchData {
  const { rows, ...header } = newBatch(ids);
  return { header, rows, cursor: 0, started: false, disposed: false, lastTouch: 0 };
}
function apply(s: BatchData, ...actions: BatchAction[]): BatchData {
  for (const a of actions) {
    const { rows, allRows, ...rest } = reduceBatch(s, a, DEFAULT_TIMING);
    const next = [...(allRows ?? s.rows)];
    for (const [i, row] of rows ?? []) next[i] = row;
    s = { ...s, ...rest, rows: next };
  }
  return s;
}
const started = (s: BatchData, i: number, at: number) => ({
  ...s.rows[i]!,
  deletion: startDeletion({ profileId: 'p', knowledgeId: 'k', documentId: s.rows[i]!.documentId }, at),
});

describe('the batch reducer', () => {
  it('moves one row through the deletion machine, and changes nothing else', () => {
    let s = apply(stateOf(['1', '2']), { type: 'start', at: 10 });
    s = apply(s, { type: 'row', i: 0, row: started(s, 0, 10), at: 10 });
    const change = reduceBatch(s, { type: 'deletion', i: 0, event: { type: 'sent', at: 20 }, at: 20 }, DEFAULT_TIMING);
    expect(change.rows?.map(([i]) => i)).toEqual([0]);
    expect(change.rows?.[0]?.[1].updatedAt).toBe(20);
    expect(change.cursor).toBeUndefined();
    // An event the machine ignores (a read on a row not sent) is no change at all.
    expect(reduceBatch(s, { type: 'deletion', i: 1, event: { type: 'sent', at: 20 }, at: 20 }, DEFAULT_TIMING)).toEqual(
      {},
    );
  });

  it('counts running time only while running, and a failed save pauses a running batch', () => {
    let s = apply(stateOf(['1']), { type: 'start', at: 0 }, { type: 'hold', hold: undefined, at: 1_000 });
    expect(s.header.activeMs).toBe(1_000);
    s = apply(s, { type: 'status', status: 'paused', at: 2_000 }, { type: 'hold', hold: undefined, at: 9_000 });
    expect(s.header.activeMs).toBe(2_000);
    s = apply(s, { type: 'status', status: 'running', at: 9_000 });
    s = apply(s, { type: 'storage-failed', error: { kind: 'quota', message: 'full' }, at: 9_500 });
    expect(s.header).toMatchObject({ status: 'paused', storageError: { kind: 'quota' }, activeMs: 2_500 });
    s = apply(s, { type: 'saved' });
    expect(s.header.storageError).toBeUndefined();
  });

  it('a stopped batch ends stopped; a running one ends done, and a retry round runs it again', () => {
    const stopped = apply(stateOf(['1']), { type: 'status', status: 'stopped', at: 5 }, { type: 'ended', at: 6 });
    expect(stopped.header).toMatchObject({ status: 'stopped', endedAt: 6 });
    const done = apply(stateOf(['1']), { type: 'ended', at: 6 });
    expect(done.header).toMatchObject({ status: 'done', endedAt: 6 });
    expect(apply(done, { type: 'retry-round', at: 7 }).header).toMatchObject({ status: 'running', endedAt: undefined });
  });

  it('handing over puts back rows started but never sent, and reserves only up to the last row sent', () => {
    let s = apply(stateOf(['1', '2', '3', '4']), { type: 'start', at: 0 }, { type: 'reserve', until: 4, at: 0 });
    s = apply(
      s,
      { type: 'row', i: 0, row: started(s, 0, 1), at: 1 },
      { type: 'row', i: 1, row: started(s, 1, 1), at: 1 },
      { type: 'deletion', i: 0, event: { type: 'sent', at: 2 }, at: 2 },
    );
    s = apply(s, { type: 'hand-over', at: 3 });
    expect(s.disposed).toBe(true);
    expect(s.header.reservedUntil).toBe(1);
    expect(s.rows[0]!.deletion).toBeDefined();
    expect(s.rows[1]).toEqual({ documentId: '2', name: 'doc 2', updatedAt: 3 });
  });
});
