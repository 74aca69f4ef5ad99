// An in-memory IndexedDB for Node: each tab below opens its own connection to one database, as tabs do.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../storage/kept-db';
import { createTabCoordinator, type LockClaim, type TabCoordinator } from './cross-tab';
import { keptLeaseStore, type LeaseStore } from './lease';

/** No Web Locks (plain http on a LAN address): the coordinators share leases in the kept database. */
const opened: { coordinators: TabCoordinator<unknown>[]; dbs: KeptDb[] } = { coordinators: [], dbs: [] };
afterEach(async () => {
  opened.coordinators.splice(0).forEach((c) => c.close());
  await Promise.all(opened.dbs.splice(0).map((db) => db.close()));
});

/** A tab whose transactions can be held back, as a background tab's are while the browser has it frozen. */
function freezable(store: LeaseStore) {
  let thaw: (() => void) | undefined;
  let frozen: Promise<void> | undefined;
  return {
    store: {
      update: async (name, decide) => {
        if (frozen) await frozen;
        return store.update(name, decide);
      },
    } satisfies LeaseStore,
    freeze() {
      frozen = new Promise((resolve) => (thaw = resolve));
    },
    thaw() {
      frozen = undefined;
      thaw?.();
    },
  };
}

function tabs(n: number, leaseTiming = { renewMs: 100, lapseMs: 600 }) {
  const dbName = `leases-${Math.random()}`;
  const channelName = `channel-${Math.random()}`;
  return Array.from({ length: n }, (_, i) => {
    const db = createKeptDb({ name: dbName });
    const leases = freezable(keptLeaseStore(db));
    const coordinator = createTabCoordinator<unknown>({
      locks: null,
      leases: leases.store,
      leaseTiming,
      channel: new BroadcastChannel(channelName),
      tabId: `tab${i}`,
    });
    opened.dbs.push(db);
    opened.coordinators.push(coordinator);
    return { coordinator, ...leases };
  });
}

const until = async (condition: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const heldBy = (claims: LockClaim[]) => claims.map((c, i) => (c.held ? i : -1)).filter((i) => i >= 0);

describe('tab coordinator without Web Locks: a lease in the kept database', () => {
  it('three tabs claim one batch at once: exactly one holds it, and keeps it past several lapses', async () => {
    const all = tabs(3);
    const claims = all.map((t) => t.coordinator.claim('kc.bulk:b1'));
    await Promise.race(claims.map((c) => c.acquired));
    // Three lapses later the holder (renewing) still holds it alone.
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 300));
      expect(heldBy(claims)).toHaveLength(1);
    }
    expect(await claims[heldBy(claims)[0]!]!.confirm()).toBe(true);
  });

  it('two claims of one tab exclude each other too, and different names do not wait', async () => {
    const [a] = tabs(1);
    const first = a!.coordinator.claim('x');
    await first.acquired;
    const second = a!.coordinator.claim('x');
    await new Promise((r) => setTimeout(r, 100));
    expect(second.held).toBe(false);
    await a!.coordinator.claim('y').acquired;
    first.release();
    await second.acquired;
  });

  it('a release wakes the waiting tab at once, long before the lease would lapse', async () => {
    const [a, b] = tabs(2, { renewMs: 2_000, lapseMs: 6_000 });
    const held = a!.coordinator.claim('kc.deletion:d1');
    await held.acquired;
    const waiting = b!.coordinator.claim('kc.deletion:d1');
    await new Promise((r) => setTimeout(r, 50));
    expect(waiting.held).toBe(false);
    const released = Date.now();
    held.release();
    await waiting.acquired;
    expect(Date.now() - released).toBeLessThan(1_000);
  });

  it('a closed tab hands its lease to the waiting one', async () => {
    const [a, b] = tabs(2, { renewMs: 2_000, lapseMs: 6_000 });
    await a!.coordinator.claim('kc.bulk:b2').acquired;
    const waiting = b!.coordinator.claim('kc.bulk:b2');
    const closed = Date.now();
    a!.coordinator.close();
    await waiting.acquired;
    expect(Date.now() - closed).toBeLessThan(1_000);
  });

  it('a frozen holder loses the lease once it lapses; thawed, it learns so before it could send', async () => {
    const [a, b, c] = tabs(3);
    let lost = 0;
    const first = a!.coordinator.claim('kc.bulk:b3', undefined, () => lost++);
    await first.acquired;
    const others = [b!.coordinator.claim('kc.bulk:b3'), c!.coordinator.claim('kc.bulk:b3')];
    await new Promise((r) => setTimeout(r, 400));
    expect(heldBy(others)).toEqual([]);
    // Frozen: its heartbeat's transactions do not run; within a lapse (600 ms) or so a live tab takes over.
    a!.freeze();
    const frozenAt = Date.now();
    await Promise.race(others.map((o) => o.acquired));
    expect(Date.now() - frozenAt).toBeLessThan(1_500);
    expect(heldBy(others)).toHaveLength(1);
    // Thawed: the check before a DELETE says no, and the owner is told it lost the batch.
    a!.thaw();
    expect(await first.confirm()).toBe(false);
    expect(first.held).toBe(false);
    expect(lost).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(heldBy(others)).toHaveLength(1);
  });

  it('a holder released and taken over by another tab meanwhile is not renewed back', async () => {
    const [a, b] = tabs(2);
    const first = a!.coordinator.claim('w');
    await first.acquired;
    a!.freeze();
    const second = b!.coordinator.claim('w');
    await second.acquired;
    second.release();
    await until(() => !second.held);
    a!.thaw();
    // The record is gone (free), yet the old holder may not renew into it: what it knows may be stale.
    expect(await first.confirm()).toBe(false);
  });
});
