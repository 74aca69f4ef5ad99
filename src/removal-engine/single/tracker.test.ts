// An in-memory IndexedDB for the leases of tabs without Web Locks.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb } from '../../lib';
import { keptLeaseStore } from '../../lib/tabs/lease';
import { createDeletionTracker, deletionKey, type DeletionIo } from './tracker';
import { createMemoryLocks } from '../../lib/tabs/memory-locks';
import { createTabCoordinator } from '../../lib/tabs/cross-tab';
import type { DeletionTiming, TrackedDeletion } from './machine';
import type { TabMessage } from '../tab-messages';
import { createTestNetwork } from '../test-support/bulk-service';
import { until } from '../../lib/test-support/until';

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
  key = (i: number) => [...this.map.keys()][i] ?? null;
  get length() {
    return this.map.size;
  }
}

/** Short real timings: the same schedule as 3 s / 30 s, scaled down. */
const FAST: DeletionTiming = { firstCheckMs: 10, backoffFactor: 2, lockWindowMs: 60, graceMs: 10, maxAttempts: 3 };

/** A small in-memory service: deletes succeed unless the document is locked. */
function fakeService() {
  const present = new Set(['d1', 'd2']);
  const locked = new Set<string>();
  const calls: string[] = [];
  const io: DeletionIo = {
    async send(d) {
      calls.push(`DELETE ${d.documentId}`);
      if (d.documentId === 'other')
        throw { status: 404, code: 404, serviceMessage: 'document other does not belong to knowledge base k' };
      if (!locked.has(d.documentId)) present.delete(d.documentId);
    },
    async check(d) {
      calls.push(`CHECK ${d.documentId}`);
      return { result: present.has(d.documentId) ? 'present' : 'gone' };
    },
    activeProfileId: () => 'p',
  };
  return { io, present, locked, calls };
}

const trackers: { stop(): void }[] = [];
afterEach(() => trackers.splice(0).forEach((t) => t.stop()));

describe('deletion tracker runner', () => {
  it('goes pending → deleted once a read confirms', async () => {
    const svc = fakeService();
    const tracker = createDeletionTracker(svc.io, { timing: FAST });
    trackers.push(tracker);
    const d = tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    expect(d.state).toBe('requesting');
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted');
    expect(svc.calls).toEqual(['DELETE d1', 'CHECK d1']);
  });

  it('re-issues while the lock is held, and confirms once it is released', async () => {
    const svc = fakeService();
    svc.locked.add('d2');
    // The lock is released just before the second DELETE arrives, as when another holder finishes.
    const send = svc.io.send;
    let sends = 0;
    const io: DeletionIo = { ...svc.io, send: (d) => (++sends === 2 && svc.locked.delete('d2'), send(d)) };
    const tracker = createDeletionTracker(io, { timing: FAST });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' });
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted');
    expect(svc.calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE d2', 'DELETE d2']);
    expect(tracker.getSnapshot()[0]?.attempts.map((a) => a.outcome)).toEqual(['accepted', 'accepted']);
  });

  it('gives up as not deleted after 3 attempts, and a retry starts again', async () => {
    const svc = fakeService();
    svc.locked.add('d2');
    const tracker = createDeletionTracker(svc.io, { timing: FAST });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' });
    await until(() => tracker.getSnapshot()[0]?.state === 'not_deleted');
    expect(svc.calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(3);
    svc.locked.delete('d2');
    tracker.retry(deletionKey({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' }));
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted');
    expect(tracker.getSnapshot()[0]?.attempts).toHaveLength(4);
  });

  it('rolls back to failed with the service message when the DELETE fails', async () => {
    const svc = fakeService();
    const tracker = createDeletionTracker(svc.io, { timing: FAST });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'other' });
    await until(() => tracker.getSnapshot()[0]?.state === 'failed');
    expect(tracker.getSnapshot()[0]?.attempts[0]?.error).toEqual({
      status: 404,
      code: 404,
      message: 'document other does not belong to knowledge base k',
    });
  });

  it('survives a reload: a new tracker on the same storage resumes the pending deletion', async () => {
    const svc = fakeService();
    svc.locked.add('d2');
    const storage = new MemoryStorage() as unknown as Storage;
    const first = createDeletionTracker(svc.io, { timing: FAST, storage });
    first.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' });
    await until(() => first.getSnapshot()[0]?.state === 'pending');
    first.stop();
    const saved = JSON.parse(storage.getItem('kc.deletions.v1')!) as TrackedDeletion[];
    expect(saved[0]).toMatchObject({ documentId: 'd2', state: 'pending' });
    expect(JSON.stringify(saved)).not.toMatch(/token|Bearer/i);
    svc.locked.delete('d2');
    const second = createDeletionTracker(svc.io, { timing: FAST, storage });
    trackers.push(second);
    expect(second.getSnapshot()[0]?.state).toBe('pending');
    second.resume();
    await until(() => second.getSnapshot()[0]?.state === 'deleted');
  });

  it("leaves another profile's deletions waiting", async () => {
    const svc = fakeService();
    const tracker = createDeletionTracker({ ...svc.io, activeProfileId: () => 'someone-else' }, { timing: FAST });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(svc.calls).toEqual([]);
    expect(tracker.getSnapshot()[0]?.state).toBe('requesting');
  });
});

describe('deletion tracker with a lease: no DELETE after a lost lease', () => {
  it('a tab frozen between its lease check and its send sends no DELETE until its lease is fresh again', async () => {
    const svc = fakeService();
    const db = createKeptDb({ name: `frozen-${Math.random()}` });
    trackers.push({ stop: () => void db.close() });
    const leases = keptLeaseStore(db);
    // The coordinator's clocks, in hand: each lease transaction is followed by a freeze as long as the lease.
    const clock = { wall: Date.now(), mono: 0, freezeAfterEachCheck: true, checks: 0 };
    const coordinator = createTabCoordinator<TabMessage>({
      locks: null,
      channel: null,
      tabId: 'a',
      leaseTiming: { renewMs: 50, lapseMs: 400, marginMs: 100 },
      now: () => clock.wall,
      monotonic: () => clock.mono,
      leases: {
        async update(name, decide) {
          const kept = await leases.update(name, decide);
          clock.checks++;
          if (clock.freezeAfterEachCheck) {
            clock.wall += 400;
            clock.mono += 400;
          }
          return kept;
        },
      },
    });
    const tracker = createDeletionTracker(svc.io, { timing: FAST, coordinator });
    trackers.push({ stop: () => (tracker.stop(), coordinator.close()) });
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    // Several checks (claim, renewals before the send, heartbeats) and not one DELETE.
    await until(() => clock.checks >= 6);
    expect(svc.calls).toEqual([]);
    expect(tracker.getSnapshot()[0]?.state).toBe('requesting');
    // Awake for good: the next check leaves its margin, and the one DELETE goes.
    clock.freezeAfterEachCheck = false;
    tracker.resume();
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted');
    expect(svc.calls).toEqual(['DELETE d1', 'CHECK d1']);
  });
});

describe.each(['Web Locks', 'leases (plain http: no Web Locks)'])('deletion tracker in two tabs, %s', (mode) => {
  function twoTabs(svc: ReturnType<typeof fakeService>) {
    const storage = new MemoryStorage() as unknown as Storage;
    const name = `tabs-${Math.random()}`;
    const withLocks = mode === 'Web Locks';
    const memoryLocks = createMemoryLocks();
    const lockOptions = (id: string) => {
      if (withLocks) return { locks: memoryLocks };
      const db = createKeptDb({ name });
      trackers.push({ stop: () => void db.close() });
      return { locks: null, leases: keptLeaseStore(db), leaseTiming: { renewMs: 50, lapseMs: 400 }, tabId: id };
    };
    const tab = (id: string) => {
      const sent: string[] = [];
      const io: DeletionIo = {
        ...svc.io,
        send: (d) => (sent.push(d.documentId), svc.io.send(d)),
        check: (d) => (sent.push(`check ${d.documentId}`), svc.io.check(d)),
      };
      const coordinator = createTabCoordinator<TabMessage>({
        channel: new BroadcastChannel(name),
        tabId: id,
        ...lockOptions(id),
      });
      const tracker = createDeletionTracker(io, { timing: FAST, storage, coordinator });
      trackers.push({ stop: () => (tracker.stop(), coordinator.close()) });
      return { tracker, sent, coordinator };
    };
    return { a: tab('a'), b: tab('b') };
  }

  it('a deletion started in one tab shows its live state in the other, which sends nothing', async () => {
    const svc = fakeService();
    svc.locked.add('d2');
    const { a, b } = twoTabs(svc);
    a.tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' });
    await until(() => b.tracker.getSnapshot()[0]?.state === 'pending');
    svc.locked.delete('d2');
    await until(() => b.tracker.getSnapshot()[0]?.state === 'deleted');
    expect(a.tracker.getSnapshot()[0]?.state).toBe('deleted');
    expect(b.sent).toEqual([]);
    expect(svc.calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(2);
  });

  it('when the running tab closes, the other takes over without sending the DELETE again', async () => {
    const svc = fakeService();
    svc.locked.add('d2');
    const { a, b } = twoTabs(svc);
    a.tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd2' });
    await until(() => b.tracker.getSnapshot()[0]?.state === 'pending');
    a.tracker.stop();
    a.coordinator.close();
    svc.locked.delete('d2');
    await until(() => b.tracker.getSnapshot()[0]?.state === 'deleted');
    // The first DELETE, accepted while the lock was held, deleted nothing: b re-issued it once after the lock
    // window, the one further DELETE a would have sent.
    expect(b.sent.filter((c) => !c.startsWith('check'))).toEqual(['d2']);
    expect(svc.calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(2);
  });

  it('a deletion runs in one tab however often both resume', async () => {
    const svc = fakeService();
    const { a, b } = twoTabs(svc);
    a.tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    a.tracker.resume();
    b.tracker.resume();
    await until(() => a.tracker.getSnapshot()[0]?.state === 'deleted');
    await until(() => b.tracker.getSnapshot()[0]?.state === 'deleted');
    expect(svc.calls).toEqual(['DELETE d1', 'CHECK d1']);
  });

  it('a DELETE whose answer never came is unknown (not failed), and read once the network is back: deleted', async () => {
    const svc = fakeService();
    const network = createTestNetwork();
    const send = svc.io.send;
    // The DELETE arrives and acts, and the network goes before its answer comes back.
    svc.io.send = async (d) => {
      await send(d);
      network.set(false);
      throw { kind: 'network', message: 'Could not reach the secondary host (Failed to fetch).' };
    };
    const tracker = createDeletionTracker(svc.io, { timing: FAST, network });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    await until(() => tracker.getSnapshot()[0]?.state === 'unknown');
    await new Promise((r) => setTimeout(r, 40));
    // No read while offline (it could only fail), and no second DELETE.
    expect(svc.calls).toEqual(['DELETE d1']);
    expect(tracker.getSnapshot()[0]?.state).toBe('unknown');
    network.set(true);
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted');
    expect(svc.calls).toEqual(['DELETE d1', 'CHECK d1']);
  });

  it('a 429 is not a failure: the DELETE goes again once its Retry-After has passed', async () => {
    const svc = fakeService();
    const send = svc.io.send;
    const sentAt: number[] = [];
    svc.io.send = async (d) => {
      sentAt.push(Date.now());
      if (sentAt.length === 1) throw { kind: 'http', status: 429, retryAfter: '1', message: 'too many requests' };
      return send(d);
    };
    const tracker = createDeletionTracker(svc.io, { timing: FAST, network: undefined });
    trackers.push(tracker);
    tracker.track({ profileId: 'p', knowledgeId: 'k', documentId: 'd1' });
    await until(() => tracker.getSnapshot()[0]?.state === 'deleted', 4_000);
    expect(sentAt).toHaveLength(2);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(990);
    expect(tracker.getSnapshot()[0]!.attempts.map((a) => a.outcome)).toEqual(['deferred', 'accepted']);
  });
});
