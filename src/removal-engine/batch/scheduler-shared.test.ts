import { afterEach, describe, expect, it } from 'vitest';
import { reduce, startDeletion, type DeletionTiming, type TrackedDeletion } from '../single/machine';
import { createTestService, newBatch } from '../test-support/bulk-service';
import { phaseOf } from './batch';
import { createBatchScheduler, type BatchScheduler } from './scheduler';
import { until } from '../../lib/test-support/until';

const FAST: DeletionTiming = { firstCheckMs: 10, backoffFactor: 2, lockWindowMs: 60, graceMs: 10, maxAttempts: 3 };
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100 + i));

const running: BatchScheduler[] = [];
afterEach(() => running.splice(0).forEach((s) => s.dispose()));

/** A single deletion of `documentId` as the tracker holds it: sent and accepted, awaiting its confirming read. */
const single = (documentId: string): TrackedDeletion =>
  reduce(startDeletion({ profileId: 'p', knowledgeId: 'k', documentId }, 1), { type: 'accepted', at: 2 });

describe('a batch and a single deletion of one document share one tracker', () => {
  function runWith(docs: string[], singles: Map<string, TrackedDeletion>) {
    const svc = createTestService(docs);
    const scheduler = createBatchScheduler(newBatch(docs, { concurrency: 3 }), {
      io: svc.io,
      timing: FAST,
      save: async () => undefined,
      singleDeletion: (id) => singles.get(id),
    });
    running.push(scheduler);
    scheduler.start();
    const row = (id: string) => scheduler.snapshot().rows.find((r) => r.documentId === id)!;
    return { svc, scheduler, row };
  }

  it('the row shows the single deletion and sends nothing; confirmed there, it ends deleted here', async () => {
    const docs = ids(10);
    const singles = new Map([['103', single('103')]]);
    const { svc, scheduler, row } = runWith(docs, singles);
    await until(() => scheduler.counts().deleted === 9);
    expect(phaseOf(row('103'))).toBe('pending');
    expect(row('103').sharedWithSingle).toBe(true);
    expect(scheduler.ended).toBe(false);
    // The single deletion is confirmed (by the tracker's read): the row takes that outcome, still without a DELETE.
    singles.set('103', reduce(singles.get('103')!, { type: 'checked', at: 3, result: 'gone' }));
    scheduler.kick();
    await until(() => scheduler.ended);
    expect(phaseOf(row('103'))).toBe('deleted');
    expect(svc.deletes.has('103')).toBe(false);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
  });

  it('ended otherwise (not deleted), the row goes on with a DELETE of its own', async () => {
    const docs = ids(6);
    const singles = new Map([['102', single('102')]]);
    const { svc, scheduler, row } = runWith(docs, singles);
    await until(() => scheduler.counts().deleted === 5);
    expect(svc.deletes.has('102')).toBe(false);
    singles.set('102', { ...singles.get('102')!, state: 'not_deleted', updatedAt: 4 });
    scheduler.kick();
    await until(() => scheduler.ended);
    expect(phaseOf(row('102'))).toBe('deleted');
    expect(svc.deletes.get('102')).toBe(1);
  });
});
