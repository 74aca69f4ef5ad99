import { afterEach, describe, expect, it } from 'vitest';
import type { DeletionTiming } from '../single/machine';
import { createTestNetwork, createTestService, newBatch } from '../test-support/bulk-service';
import { countPhases, phaseOf, type Batch } from './batch';
import { createBatchScheduler, timeLeftMs, type BatchScheduler, type SchedulerDeps } from './scheduler';
import { until } from '../../lib/test-support/until';

/** The single deletion's schedule (3 s first read, 30 s lock window), scaled down. */
const FAST: DeletionTiming = { firstCheckMs: 10, backoffFactor: 2, lockWindowMs: 60, graceMs: 10, maxAttempts: 3 };
const ids = (n: number, from = 100) => Array.from({ length: n }, (_, i) => String(from + i));

const running: BatchScheduler[] = [];
afterEach(() => running.splice(0).forEach((s) => s.dispose()));

/** A scheduler whose saves go to `saved` (a copy, as IndexedDB's structured clone makes). */
function run(batch: Batch, svc: ReturnType<typeof createTestService>, extra: Partial<SchedulerDeps> = {}) {
  const saved: { batch?: Batch; writes: number } = { writes: 0 };
  const scheduler = createBatchScheduler(batch, {
    io: svc.io,
    timing: FAST,
    save: async (b) => {
      saved.batch = structuredClone(b);
      saved.writes++;
    },
    ...extra,
  });
  running.push(scheduler);
  scheduler.start();
  return { scheduler, saved };
}

const phases = (s: BatchScheduler) => s.snapshot().rows.map(phaseOf);

describe('batch scheduler', () => {
  it('never has more requests in flight than the concurrency, and deletes each document with one DELETE', async () => {
    const docs = ids(40);
    const svc = createTestService(docs);
    const { scheduler, saved } = run(newBatch(docs, { concurrency: 4 }), svc);
    await until(() => scheduler.ended);
    expect(scheduler.counts()).toMatchObject({ deleted: 40, waiting: 0, pending: 0, failed: 0 });
    expect(scheduler.maxInFlight).toBe(4);
    expect(svc.maxInFlight).toBeLessThanOrEqual(4);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
    expect(svc.deletes.size).toBe(40);
    expect(scheduler.snapshot().rows.every((r) => r.deletion?.confirmedBy === 'base_info')).toBe(true);
    expect(saved.batch).toMatchObject({ status: 'done', baselineTotalFiles: 40 });
    expect(saved.batch!.endedAt).toBeDefined();
  });

  it('a runner frozen between its lease check and its sends sends none then, and each DELETE once later', async () => {
    const docs = ids(12);
    const svc = createTestService(docs);
    // The lock's check in the sending task says no (the tab slept past its margin) for the first few rounds.
    let asked = 0;
    let deletesWhenAllowed: number | undefined;
    const { scheduler } = run(newBatch(docs, { concurrency: 4 }), svc, {
      stillRuns: async () => true,
      maySend: () => {
        if (++asked <= 7) return false;
        deletesWhenAllowed ??= svc.deletes.size;
        return true;
      },
    });
    await until(() => scheduler.ended);
    expect(deletesWhenAllowed).toBe(0);
    expect(scheduler.counts()).toMatchObject({ deleted: 12, failed: 0 });
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
  });

  it('re-issues a held document, ends it as not deleted after 3 attempts, and "retry" then deletes it', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    svc.locked.add('102');
    svc.foreign.add('104');
    const { scheduler } = run(newBatch(docs), svc);
    await until(() => scheduler.ended);
    const rows = scheduler.snapshot().rows;
    expect(rows.map(phaseOf)).toEqual(['deleted', 'deleted', 'not_deleted', 'deleted', 'failed', 'deleted']);
    expect(svc.deletes.get('102')).toBe(3);
    expect(rows[4]!.deletion!.attempts[0]!.error).toMatchObject({
      status: 404,
      message: 'document 104 does not belong to knowledge base k',
    });
    svc.locked.delete('102');
    scheduler.retryNotDeleted();
    expect(scheduler.ended).toBe(false);
    await until(() => scheduler.ended);
    expect(scheduler.snapshot().rows[2]!.deletion).toMatchObject({ state: 'deleted', roundStart: 3 });
    expect(svc.deletes.get('102')).toBe(4);
    // "Retry the not-deleted" takes every row not confirmed deleted: the refused one is sent again, and refused again.
    expect(svc.deletes.get('104')).toBe(2);
    expect(scheduler.snapshot().rows[4]!.deletion).toMatchObject({ state: 'failed', roundStart: 1 });
  });

  it('pause sends nothing new while the reads of what was sent go on; resume finishes the batch', async () => {
    const docs = ids(30);
    const svc = createTestService(docs);
    const { scheduler } = run(newBatch(docs, { concurrency: 2 }), svc);
    await until(() => svc.deletes.size >= 4);
    scheduler.pause();
    // Sent or in flight when paused (the DELETEs already on their way finish).
    const sentAtPause = scheduler.snapshot().rows.filter((r) => r.deletion).length;
    expect(scheduler.snapshot().status).toBe('paused');
    // What was in flight is confirmed while paused…
    await until(() => scheduler.counts().requesting === 0 && scheduler.counts().pending === 0);
    await new Promise((r) => setTimeout(r, 60));
    // …and nothing else was sent.
    expect(svc.deletes.size).toBe(sentAtPause);
    expect(scheduler.counts().waiting).toBe(30 - sentAtPause);
    expect(scheduler.ended).toBe(false);
    scheduler.resume();
    await until(() => scheduler.ended);
    expect(scheduler.counts().deleted).toBe(30);
  });

  it('stop: rows not sent yet are marked so, the ones sent are tracked to their outcome', async () => {
    const docs = ids(30);
    const svc = createTestService(docs);
    const { scheduler, saved } = run(newBatch(docs, { concurrency: 3 }), svc);
    await until(() => svc.deletes.size >= 3);
    scheduler.stop();
    const sent = scheduler.snapshot().rows.filter((r) => r.deletion).length;
    await until(() => scheduler.ended);
    const counts = scheduler.counts();
    expect(counts.deleted).toBe(sent);
    expect(counts.not_sent).toBe(30 - sent);
    expect(svc.deletes.size).toBe(sent);
    expect(saved.batch).toMatchObject({ status: 'stopped' });
  });

  it('a stopped batch does not re-issue: a held document ends as not deleted', async () => {
    const docs = ids(2);
    const svc = createTestService(docs);
    svc.locked.add('100');
    const { scheduler } = run(newBatch(docs), svc);
    await until(() => scheduler.counts().pending === 1 && scheduler.counts().deleted === 1);
    scheduler.stop();
    await until(() => scheduler.ended);
    expect(phases(scheduler)).toEqual(['not_deleted', 'deleted']);
    expect(svc.deletes.get('100')).toBe(1);
  });

  it('resumes after a reload from what was saved, without a second DELETE for any row already sent', async () => {
    const docs = ids(60);
    const svc = createTestService(docs);
    const first = run(newBatch(docs, { concurrency: 8 }), svc);
    await until(() => first.scheduler.counts().deleted >= 10);
    // A periodic save, then more DELETEs (saved ahead of sending), then the tab closes: whatever is in flight
    // may or may not have reached the service, and the confirmations since the save were not written.
    await first.scheduler.flush();
    await until(() => svc.deletes.size >= 30);
    first.scheduler.dispose();
    const reloaded = structuredClone(first.saved.batch!);
    const confirmedBefore = reloaded.rows.filter((r) => r.deletion?.state === 'deleted').length;
    expect(confirmedBefore).toBeGreaterThan(0);
    // Some rows were saved mid-flight (requesting or pending): those are read, not sent again.
    expect(reloaded.rows.some((r) => r.deletion && r.deletion.state !== 'deleted')).toBe(true);
    const second = run(reloaded, svc);
    await until(() => second.scheduler.ended);
    expect(second.scheduler.counts().deleted).toBe(60);
    // Every document got exactly one DELETE, across both "tabs".
    expect(svc.deletes.size).toBe(60);
    expect([...svc.deletes.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  });

  it('a refusal is saved at once: after a reload the refused row is not sent again', async () => {
    const docs = ids(3);
    const svc = createTestService(docs);
    svc.foreign.add('101');
    const first = run(newBatch(docs), svc);
    await until(() => first.saved.batch?.rows[1]?.deletion?.state === 'failed');
    first.scheduler.dispose();
    const second = run(structuredClone(first.saved.batch!), svc);
    await until(() => second.scheduler.ended);
    expect(phases(second.scheduler)).toEqual(['deleted', 'failed', 'deleted']);
    expect(svc.deletes.get('101')).toBe(1);
  });

  it('where base info keeps answering, total_files confirms once its drop accounts for every row', async () => {
    const docs = ids(12);
    const svc = createTestService([...docs, '900', '901'], { softBaseInfo: true });
    const { scheduler } = run(newBatch(docs, { concurrency: 4 }), svc);
    await until(() => scheduler.ended);
    const rows = scheduler.snapshot().rows;
    expect(rows.every((r) => r.deletion?.state === 'deleted' && r.deletion.confirmedBy === 'total_files')).toBe(true);
    expect(scheduler.snapshot().baselineTotalFiles).toBe(14);
  });

  it('with a held document and base info that keeps answering, total_files never confirms the wrong rows', async () => {
    const docs = ids(4);
    const svc = createTestService(docs, { softBaseInfo: true });
    svc.locked.add('101');
    const { scheduler } = run(newBatch(docs), svc);
    await until(() => scheduler.ended);
    // 3 went, 4 were awaited: the count cannot say which, so none is confirmed by it; all end not deleted.
    expect(scheduler.counts()).toMatchObject({ deleted: 0, not_deleted: 4 });
  });

  it('leaves out unknown ids, and waits while its profile is not the active one', async () => {
    const docs = ids(3);
    const svc = createTestService(docs);
    const batch = newBatch(docs);
    batch.rows[1] = { ...batch.rows[1]!, leftOut: true };
    let active = false;
    const { scheduler } = run(batch, svc, { canRun: () => active });
    await new Promise((r) => setTimeout(r, 20));
    expect(svc.deletes.size).toBe(0);
    active = true;
    scheduler.kick();
    await until(() => scheduler.ended);
    expect(phases(scheduler)).toEqual(['deleted', 'left_out', 'deleted']);
    expect(svc.deletes.has('101')).toBe(false);
  });
});

describe('batch scheduler under faults', () => {
  /** Small backoff steps, and the jitter pinned to its top: each wait is exactly the ceiling. */
  const faults = (network: ReturnType<typeof createTestNetwork> | null = null): Partial<SchedulerDeps> => ({
    network,
    random: () => 1,
    backoffBounds: { unreachableAfter: 3, baseMs: 40, capMs: 200 },
  });
  const noRowFailed = (s: BatchScheduler) => expect(s.counts().failed).toBe(0);
  const onceEach = (svc: ReturnType<typeof createTestService>) => [...svc.deletes.entries()].filter(([, n]) => n !== 1);

  it('a DELETE whose answer is lost is unknown, then settled by a read: deleted, with that one DELETE', async () => {
    const docs = ids(4);
    const svc = createTestService(docs);
    svc.loseAnswer.add('101');
    const { scheduler } = run(newBatch(docs), svc, faults());
    await until(() => scheduler.ended);
    expect(phases(scheduler)).toEqual(['deleted', 'deleted', 'deleted', 'deleted']);
    const row = scheduler.snapshot().rows[1]!.deletion!;
    expect(row.attempts.map((a) => a.outcome)).toEqual(['no_answer']);
    expect(row.attempts[0]!.checks.at(-1)).toMatchObject({ result: 'gone' });
    expect(onceEach(svc)).toEqual([]);
  });

  it('offline: sends nothing (and reads nothing) until back online, then resumes by itself; no row fails', async () => {
    const docs = ids(20);
    const svc = createTestService(docs);
    const network = createTestNetwork();
    const { scheduler, saved } = run(newBatch(docs, { concurrency: 4 }), svc, faults(network));
    await until(() => svc.deletes.size >= 6);
    // The network goes: the browser says so, and every request now fails without reaching the service.
    svc.unreachable = true;
    network.set(false);
    const triedAtCut = svc.sendAttempts;
    expect(scheduler.snapshot().hold).toEqual({ reason: 'offline' });
    await until(() => scheduler.counts().requesting === 0);
    await new Promise((r) => setTimeout(r, 100));
    // Nothing was sent into the outage (what was already on its way finished), and nothing has ended.
    expect(svc.sendAttempts).toBe(triedAtCut);
    expect(scheduler.ended).toBe(false);
    expect(saved.batch?.status).toBe('running');
    noRowFailed(scheduler);
    svc.unreachable = false;
    network.set(true);
    expect(scheduler.snapshot().hold).toBeUndefined();
    await until(() => scheduler.ended);
    expect(scheduler.counts().deleted).toBe(20);
    noRowFailed(scheduler);
    expect(svc.deletes.size).toBe(20);
    expect(onceEach(svc)).toEqual([]);
  });

  it('offline before the event arrives: the next request asks the browser and holds', async () => {
    const docs = ids(20);
    const svc = createTestService(docs);
    const network = createTestNetwork();
    const { scheduler } = run(newBatch(docs, { concurrency: 2 }), svc, faults(network));
    await until(() => svc.deletes.size >= 4);
    svc.unreachable = true;
    network.setQuietly(false);
    await until(() => scheduler.snapshot().hold?.reason === 'offline');
    const tried = svc.sendAttempts;
    await new Promise((r) => setTimeout(r, 60));
    expect(svc.sendAttempts).toBe(tried);
    svc.unreachable = false;
    network.set(true);
    await until(() => scheduler.ended);
    expect(scheduler.counts()).toMatchObject({ deleted: 20, failed: 0 });
    expect(onceEach(svc)).toEqual([]);
  });

  it('a cut the browser does not notice: unanswered DELETEs are unknown, and after 3 in a row the batch holds, then resumes', async () => {
    const docs = ids(12);
    const svc = createTestService(docs);
    const { scheduler } = run(newBatch(docs, { concurrency: 1 }), svc, faults());
    await until(() => svc.deletes.size >= 2);
    svc.unreachable = true;
    await until(() => scheduler.snapshot().hold?.reason === 'unreachable');
    const tried = svc.sendAttempts;
    expect(scheduler.counts().unknown).toBeGreaterThanOrEqual(1);
    noRowFailed(scheduler);
    svc.unreachable = false;
    await until(() => scheduler.ended);
    // One more try once the hold ran out, and the batch went on.
    expect(svc.sendAttempts).toBeGreaterThan(tried);
    expect(scheduler.counts().deleted).toBe(12);
    noRowFailed(scheduler);
    expect(onceEach(svc)).toEqual([]);
  });

  it('429: waits for its Retry-After, then sends the refused row again; nothing fails', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    svc.refusals.push({ status: 429, retryAfter: '1' });
    const { scheduler } = run(newBatch(docs, { concurrency: 1 }), svc, faults());
    await until(() => scheduler.snapshot().hold?.reason === 'rate_limited');
    const hold = scheduler.snapshot().hold!;
    expect(hold).toMatchObject({ status: 429 });
    await until(() => scheduler.ended);
    const [refused, next] = svc.arrivals;
    expect(refused).toMatchObject({ documentId: '100', status: 429 });
    // The next DELETE only once the second had passed.
    expect(next!.at - refused!.at).toBeGreaterThanOrEqual(990);
    expect(next).toMatchObject({ documentId: '100', status: 200 });
    expect(scheduler.counts().deleted).toBe(6);
    expect(scheduler.snapshot().rows[0]!.deletion!.attempts.map((a) => a.outcome)).toEqual(['deferred', 'accepted']);
    expect(onceEach(svc)).toEqual([]);
  });

  it('5xx: backs off exponentially between DELETEs, settles the unanswered rows by reads, and finishes', async () => {
    const docs = ids(5);
    const svc = createTestService(docs);
    // Two, so that even a row answered 5xx twice has its third attempt left (three per round).
    svc.refusals.push({ status: 503 }, { status: 502 });
    const { scheduler } = run(newBatch(docs, { concurrency: 1 }), svc, faults());
    await until(() => scheduler.snapshot().hold?.reason === 'server_error');
    expect(scheduler.snapshot().hold).toMatchObject({ status: 503 });
    await until(() => scheduler.ended);
    const at = svc.arrivals.map((a) => a.at);
    // 40 then 80 ms: each wait the ceiling of its step (the jitter pinned).
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(38);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(78);
    expect(scheduler.counts().deleted).toBe(5);
    noRowFailed(scheduler);
    expect(onceEach(svc)).toEqual([]);
  });

  it('401: stops sending and says why; after the admin resumes, the refused rows go again and all are deleted', async () => {
    const docs = ids(8);
    const svc = createTestService(docs);
    for (let i = 0; i < 2; i++) svc.refusals.push({ status: 401 });
    const { scheduler, saved } = run(newBatch(docs, { concurrency: 2 }), svc, faults());
    await until(() => scheduler.snapshot().hold?.reason === 'token_rejected');
    await until(() => scheduler.counts().requesting === 0 || svc.sendAttempts >= 2);
    const tried = svc.sendAttempts;
    expect(scheduler.snapshot()).toMatchObject({ status: 'paused', hold: { reason: 'token_rejected', status: 401 } });
    await new Promise((r) => setTimeout(r, 80));
    expect(svc.sendAttempts).toBe(tried);
    expect(saved.batch?.status).toBe('paused');
    noRowFailed(scheduler);
    scheduler.resume();
    expect(scheduler.snapshot().hold).toBeUndefined();
    await until(() => scheduler.ended);
    expect(scheduler.counts().deleted).toBe(8);
    expect(onceEach(svc)).toEqual([]);
  });

  it('a batch stopped while its token is refused still settles what it sent', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    svc.refusals.push({ status: 401 });
    const { scheduler } = run(newBatch(docs, { concurrency: 2 }), svc, faults());
    await until(() => scheduler.snapshot().hold?.reason === 'token_rejected');
    scheduler.stop();
    await until(() => scheduler.ended);
    // The one accepted alongside is confirmed; the refused one goes no more.
    expect(scheduler.counts()).toMatchObject({ deleted: 1, not_deleted: 1, not_sent: 4 });
  });

  it('"Retry the not-deleted" takes every row not confirmed deleted: failed, not deleted and not sent', async () => {
    const docs = ids(40);
    const svc = createTestService(docs);
    svc.locked.add('101');
    svc.foreign.add('102');
    const { scheduler } = run(newBatch(docs, { concurrency: 2 }), svc, faults());
    await until(() => scheduler.counts().failed === 1);
    scheduler.stop();
    await until(() => scheduler.ended);
    const before = scheduler.counts();
    expect(before.not_sent).toBeGreaterThan(0);
    expect(before.failed + before.not_deleted).toBe(2);
    svc.locked.delete('101');
    svc.foreign.delete('102');
    scheduler.retryNotDeleted();
    await until(() => scheduler.ended);
    expect(scheduler.counts()).toMatchObject({ deleted: 40, failed: 0, not_deleted: 0, not_sent: 0 });
  });
});

describe('time left', () => {
  it('is the open rows at the pace so far, unknown before a row settles', () => {
    const counts = countPhases(newBatch(ids(10)).rows);
    expect(timeLeftMs({ activeMs: 0 }, counts)).toBeUndefined();
    expect(timeLeftMs({ activeMs: 4_000 }, { ...counts, waiting: 6, deleted: 4 })).toBe(6_000);
    expect(timeLeftMs({ activeMs: 4_000, endedAt: 1 }, counts)).toBe(0);
  });
});

describe('batch scheduler when the batch cannot be saved', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('sends no DELETE while its reservation cannot be saved, pauses with the reason, and runs unsaved when told', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    let attempts = 0;
    const { scheduler } = run(newBatch(docs), svc, {
      save: () => {
        attempts++;
        return Promise.reject(quota());
      },
    });
    await until(() => scheduler.snapshot().status === 'paused');
    const paused = scheduler.snapshot();
    expect(paused.storageError).toMatchObject({ kind: 'quota' });
    expect(svc.deletes.size).toBe(0);
    expect(paused.rows.map(phaseOf)).toEqual(Array(6).fill('waiting'));
    expect(attempts).toBeGreaterThan(0);
    // Nothing more happens on its own.
    await new Promise((r) => setTimeout(r, 30));
    expect(svc.deletes.size).toBe(0);

    scheduler.runUnsaved();
    await until(() => scheduler.ended);
    expect(scheduler.counts()).toMatchObject({ deleted: 6 });
    expect([...svc.deletes.values()]).toEqual(Array(6).fill(1));
    expect(scheduler.snapshot()).toMatchObject({ unsaved: true, storageError: undefined });
  });

  it('pauses mid-batch when a later reservation cannot be saved (what was saved goes on), and "Try again" resumes', async () => {
    const docs = ids(40);
    const svc = createTestService(docs);
    let failing = false;
    const saved: Batch[] = [];
    const { scheduler } = run(newBatch(docs, { concurrency: 2 }), svc, {
      save: async (b) => {
        if (failing) throw quota();
        saved.push(structuredClone(b));
      },
    });
    // The first block (2 × 4 rows) is saved; then storage fills up.
    await until(() => svc.deletes.size >= 1);
    failing = true;
    await until(() => scheduler.snapshot().status === 'paused');
    await until(() => scheduler.counts().requesting + scheduler.counts().pending === 0);
    const sent = svc.deletes.size;
    const lastSaved = saved.at(-1)!;
    // Every DELETE that left was covered by a saved reservation: a reload would read it before sending again.
    expect(sent).toBeLessThanOrEqual(lastSaved.reservedUntil!);
    expect(sent).toBeLessThan(40);
    expect(scheduler.snapshot().storageError?.kind).toBe('quota');
    await new Promise((r) => setTimeout(r, 30));
    expect(svc.deletes.size).toBe(sent);

    failing = false;
    scheduler.resume();
    await until(() => scheduler.ended);
    expect(scheduler.counts()).toMatchObject({ deleted: 40 });
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
    expect(scheduler.snapshot().storageError).toBeUndefined();
  });
});
