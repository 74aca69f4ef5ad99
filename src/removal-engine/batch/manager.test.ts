// The browser's IndexedDB, in memory: the kept database is shared by the "tabs" below as by a browser's tabs.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../lib';
import { createTabCoordinator } from '../../lib/tabs/cross-tab';
import { keptLeaseStore } from '../../lib/tabs/lease';
import type { DeletionTiming } from '../single/machine';
import type { TabMessage } from '../tab-messages';
import { createTestService } from '../test-support/bulk-service';
import { createMemoryLocks } from '../../lib/tabs/memory-locks';
import { countPhases, parseBatch } from './batch';
import { createBatchManager, type BatchManager, type NewBatch } from './manager';
import type { RowProbeDeps } from './row-probes';
import { memoryBehaviourStore, probeTiming, type ProbeAnswer } from '../probe';
import { until } from '../../lib/test-support/until';

const FAST: DeletionTiming = { firstCheckMs: 10, backoffFactor: 2, lockWindowMs: 60, graceMs: 10, maxAttempts: 3 };
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(500 + i));

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/**
 * Tabs of one browser: one kept database, one lock manager (or, without Web Locks as on plain http, leases in the
 * kept database), one channel name; each with its own service calls. A `deaf` tab hears nothing on the channel.
 */
function browser(svc: ReturnType<typeof createTestService>, mode: 'locks' | 'leases' = 'locks') {
  const name = `kept-${Math.random()}`;
  const locks = createMemoryLocks();
  const channel = `bulk-${Math.random()}`;
  const tab = (id: string, { deaf = false, probes }: { deaf?: boolean; probes?: () => Promise<RowProbeDeps> } = {}) => {
    const db: KeptDb = createKeptDb({ name });
    const coordinator = createTabCoordinator<TabMessage>({
      ...(mode === 'locks'
        ? { locks }
        : { locks: null, leases: keptLeaseStore(db), leaseTiming: { renewMs: 50, lapseMs: 400 } }),
      channel: deaf ? null : new BroadcastChannel(channel),
      tabId: id,
    });
    const sent: string[] = [];
    const manager = createBatchManager({
      store: db.store('bulkBatches', parseBatch),
      io: { ...svc.io, send: (d) => (sent.push(d.documentId), svc.io.send(d)) },
      coordinator,
      activeProfileId: () => 'p',
      timing: FAST,
      probes,
    });
    const close = () => {
      manager.dispose();
      coordinator.close();
      return db.close();
    };
    cleanup.push(close);
    return { manager, sent, close };
  };
  return { tab, name, locks };
}

const init = (docs: string[], concurrency = 4): NewBatch => ({
  profileId: 'p',
  profileName: 'P',
  knowledgeId: 'k',
  concurrency,
  rows: docs.map((documentId) => ({ documentId })),
});

const only = (m: BatchManager) => m.getSnapshot()[0]!;

describe.each(['locks', 'leases'] as const)('batch manager across tabs (%s)', (mode) => {
  const browserOf = (svc: ReturnType<typeof createTestService>) => browser(svc, mode);

  it('a batch started in one tab shows live in another, which sends nothing and forwards Pause', async () => {
    const docs = ids(40);
    const svc = createTestService(docs);
    // The last DELETE is held until the end, so the batch cannot finish before it is paused.
    const openLast = svc.gate(docs[39]!);
    const b = browserOf(svc);
    const one = b.tab('one');
    const two = b.tab('two');
    const batch = await one.manager.create(init(docs, 2));
    await two.manager.load('p');
    await until(() => two.manager.getSnapshot().length === 1 && countPhases(only(two.manager).rows).deleted >= 4);
    expect(two.manager.runsHere(batch.id)).toBe(false);
    two.manager.command(batch.id, 'pause');
    await until(() => only(one.manager).status === 'paused');
    await until(() => only(two.manager).status === 'paused');
    two.manager.command(batch.id, 'resume');
    await until(() => countPhases(only(two.manager).rows).deleted === 39);
    openLast();
    await until(() => countPhases(only(two.manager).rows).deleted === 40);
    expect(two.sent).toEqual([]);
    expect(svc.deletes.size).toBe(40);
  });

  it('a tab that opens between two saves shows the running tab’s rows, not the older saved ones', async () => {
    const docs = ids(10);
    const svc = createTestService(docs);
    // The last DELETE gets no answer: the batch then stays unfinished and quiet, nothing more to tell the others.
    const openLast = svc.gate(docs[9]!);
    const b = browserOf(svc);
    const one = b.tab('one');
    await one.manager.create(init(docs, 4));
    await until(() => countPhases(only(one.manager).rows).deleted === 9);
    // Well within the save interval (BULK_BOUNDS.saveIntervalMs, 2 s): the saved copy still has them in flight.
    const two = b.tab('two');
    await two.manager.load('p');
    await until(
      () => two.manager.getSnapshot().length === 1 && countPhases(only(two.manager).rows).deleted === 9,
      1_000,
    );
    expect(two.manager.runsHere(only(one.manager).id)).toBe(false);
    openLast();
    await until(() => countPhases(only(two.manager).rows).deleted === 10);
    expect(two.sent).toEqual([]);
  });

  it('when the running tab closes, the other takes over from the saved batch and sends no DELETE twice', async () => {
    const docs = ids(60);
    const svc = createTestService(docs);
    const b = browserOf(svc);
    const one = b.tab('one');
    const two = b.tab('two');
    const batch = await one.manager.create(init(docs, 8));
    await two.manager.load('p');
    await until(() => svc.deletes.size >= 20);
    await one.close();
    await until(() => two.manager.runsHere(batch.id) || countPhases(only(two.manager).rows).deleted === 60);
    await until(() => only(two.manager).endedAt !== undefined);
    expect(countPhases(only(two.manager).rows).deleted).toBe(60);
    expect(two.sent.length).toBeGreaterThan(0);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
  });

  it('a reload (a new tab on the same database) resumes the saved batch; a finished one can be retried', async () => {
    const docs = ids(8);
    const svc = createTestService(docs);
    svc.locked.add(docs[0]!);
    const b = browserOf(svc);
    const one = b.tab('one');
    await one.manager.create(init(docs));
    await until(() => svc.deletes.size >= 4);
    await one.close();
    const again = b.tab('again');
    await again.manager.load('p');
    await until(() => only(again.manager).endedAt !== undefined);
    expect(countPhases(only(again.manager).rows)).toMatchObject({ deleted: 7, not_deleted: 1 });
    svc.locked.delete(docs[0]!);
    again.manager.command(only(again.manager).id, 'retry_not_deleted');
    await until(() => countPhases(only(again.manager).rows).deleted === 8);
    expect(svc.deletes.get(docs[0]!)).toBe(4);
  });

  it('a Stop asked in a tab not running it is kept in the saved batch: the runner, deaf to it, closes; the next one stops', async () => {
    const docs = ids(30);
    const svc = createTestService(docs);
    // The last DELETE gets no answer until the end: the batch cannot finish before the Stop.
    const openLast = svc.gate(docs[29]!);
    const b = browserOf(svc);
    const one = b.tab('one', { deaf: true });
    const batch = await one.manager.create(init(docs, 1));
    await until(() => svc.deletes.size >= 3);
    const two = b.tab('two');
    const three = b.tab('three');
    await two.manager.load('p');
    await three.manager.load('p');
    three.manager.command(batch.id, 'stop');
    expect(three.manager.requestedHere(batch.id)).toBe('stop');
    // Written to the saved batch; the asking tab goes away, then the runner, which never heard it on the channel.
    await new Promise((r) => setTimeout(r, 50));
    await three.close();
    await one.close();
    openLast();
    await until(() => only(two.manager).endedAt !== undefined);
    expect(only(two.manager).status).toBe('stopped');
    expect(countPhases(only(two.manager).rows).not_sent).toBeGreaterThan(0);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
  });

  it('a finished batch lets its lock go', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    const b = browserOf(svc);
    const one = b.tab('one');
    await one.manager.create(init(docs, 2));
    await until(() => only(one.manager).endedAt !== undefined);
    // What holds a batch's lock: a Web Lock, or (leases) a row in the kept database, which a release deletes.
    const kept = createKeptDb({ name: b.name });
    cleanup.push(() => kept.close());
    const leases = kept.store('leases', (raw) => raw as { name: string });
    const holders = async () =>
      mode === 'locks' ? b.locks.holders() : (await leases.all()).rows.map((lease) => lease.name);
    const end = Date.now() + 5_000;
    while ((await holders()).length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(await holders()).toEqual([]);
    // Another tab loading it takes nothing over: the batch is finished, so it is not run again.
    const two = b.tab('two');
    await two.manager.load('p');
    expect(only(two.manager).endedAt).toBe(only(one.manager).endedAt);
    expect(two.manager.runsHere(only(one.manager).id)).toBe(false);
    expect(await holders()).toEqual([]);
  });
});

describe('batch manager when storage fails', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('a batch whose reservation cannot be saved sends nothing and says why; run unsaved only when asked', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    const tab = browser(svc).tab('one');
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw quota();
    };
    try {
      await expect(tab.manager.create(init(docs))).rejects.toMatchObject({ name: 'KeptDbError', kind: 'quota' });
      expect(tab.manager.getSnapshot()).toEqual([]);
      await new Promise((r) => setTimeout(r, 30));
      expect(tab.sent).toEqual([]);
      const batch = await tab.manager.create(init(docs), { unsaved: true });
      await until(() => only(tab.manager).endedAt !== undefined);
      expect(countPhases(only(tab.manager).rows).deleted).toBe(6);
      expect(tab.sent).toHaveLength(6);
      expect(only(tab.manager)).toMatchObject({ id: batch.id, unsaved: true });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });

  it('a batch whose later save fails pauses for storage, in every tab, and sends nothing more', async () => {
    const docs = ids(40);
    const svc = createTestService(docs);
    const b = browser(svc);
    const one = b.tab('one');
    const two = b.tab('two');
    const put = IDBObjectStore.prototype.put;
    try {
      const batch = await one.manager.create(init(docs, 2));
      await two.manager.load('p');
      await until(() => svc.deletes.size >= 1);
      IDBObjectStore.prototype.put = () => {
        throw quota();
      };
      await until(() => only(two.manager).storageError?.kind === 'quota' && only(two.manager).status === 'paused');
      await until(
        () => countPhases(only(one.manager).rows).requesting + countPhases(only(one.manager).rows).pending === 0,
      );
      const sent = one.sent.length;
      await new Promise((r) => setTimeout(r, 50));
      expect(one.sent).toHaveLength(sent);
      expect(sent).toBeLessThan(40);
      // "Run unsaved" from the other tab.
      two.manager.command(batch.id, 'run_unsaved');
      await until(() => countPhases(only(two.manager).rows).deleted === 40);
      expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
      // Its stale saved copy is gone: a reload does not resume it and send again.
      IDBObjectStore.prototype.put = put;
      const raw = createKeptDb({ name: b.name });
      cleanup.push(() => raw.close());
      expect(await raw.store<unknown>('bulkBatches', (r) => r).all()).toEqual({ rows: [], unreadable: 0 });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });

  it('a failed read of the saved batches is an error, not "no batch"; unreadable ones are counted', async () => {
    const docs = ids(3);
    const svc = createTestService(docs);
    const b = browser(svc);
    const one = b.tab('one');
    await one.manager.create(init(docs));
    await until(() => only(one.manager).endedAt !== undefined);
    const two = b.tab('two');
    const getAll = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = () => {
      throw new DOMException('The operation failed for reasons unrelated to the database itself.', 'UnknownError');
    };
    try {
      await expect(two.manager.load('p')).rejects.toMatchObject({ kind: 'other' });
      expect(two.manager.getLoadIssue()).toMatchObject({ profileId: 'p', error: { kind: 'other' } });
    } finally {
      IDBIndex.prototype.getAll = getAll;
    }
    // One record written by another build that no longer parses.
    const raw = createKeptDb({ name: b.name });
    cleanup.push(() => raw.close());
    await raw.store<unknown>('bulkBatches', (r) => r).put({ id: 'old', profileId: 'p', rows: 'not rows' });
    expect(await two.manager.load('p')).toEqual({ unreadable: 1 });
    expect(two.manager.getLoadIssue()).toEqual({ profileId: 'p', unreadable: 1 });
    expect(two.manager.getSnapshot()).toHaveLength(1);
  });

  it('a sample is probed only in the tab holding the batch; the tab taking over goes on from the kept runs', async () => {
    const docs = ids(6);
    const svc = createTestService(docs);
    const b = browser(svc);
    // Each document is still in answers until `purged`; who sent each probe, and each text read, are counted.
    const purged = { now: false };
    const sentBy: string[] = [];
    let reads = 0;
    const text = (id: string) =>
      `Data sheet ${id}: the retired beacon's lamp, its battery and its mount, kept until this batch removes them all.`;
    const probesOf = (tabId: string): RowProbeDeps => ({
      io: () => ({
        send: async (_t, req): Promise<ProbeAnswer> => {
          sentBy.push(tabId);
          const id = /sheet (\d+)/.exec(req.question)?.[1] ?? '';
          return purged.now
            ? { ok: true, chunks: [], tokens: 2 }
            : { ok: true, chunks: [{ document_id: id, content: text(id) }], tokens: 5 };
        },
        readText: async (id) => (reads++, [text(id)]),
      }),
      behaviour: memoryBehaviourStore(),
      timing: probeTiming({ minGapMs: 20, windowMs: 5_000 }),
    });
    const one = b.tab('one', { probes: async () => probesOf('one') });
    const two = b.tab('two', { probes: async () => probesOf('two') });
    const batch = await one.manager.create({
      ...init(docs, 2),
      probeTarget: { spaceId: '101', datasetId: 'ds' },
      probeSampleSize: 2,
    });
    await two.manager.load('p');
    const probing = (m: BatchManager) => only(m).rows.filter((r) => r?.probe?.stage === 'probing').length;
    await until(() => probing(two.manager) === 2);
    expect(new Set(sentBy)).toEqual(new Set(['one']));
    await one.close();
    await until(() => two.manager.runsHere(batch.id));
    purged.now = true;
    await until(() => only(two.manager).endedAt !== undefined);
    const rows = only(two.manager).rows;
    expect(rows.filter((r) => r.sampled).map((r) => r.probe?.stage)).toEqual(['not_retrieved', 'not_retrieved']);
    expect(sentBy).toContain('two');
    // No control again in the tab taking over: each sampled text was read once.
    expect(reads).toBe(2);
    expect([...svc.deletes.values()].every((n) => n === 1)).toBe(true);
  });
});
