// An in-memory IndexedDB for Node: each tab below opens its own connection to one database, as tabs do.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../storage/kept-db';
import { createTabCoordinator, type LockClaim, type TabCoordinator } from './cross-tab';
import { keptLeaseStore, type LeaseStore } from './lease';
import { until } from '../test-support/until';

/** No Web Locks (plain http on a LAN address): the coordinators share leases in the kept database. */
const opened: { coordinators: TabCoordinator<unknown>[]; dbs: KeptDb[] } = { coordinators: [], dbs: [] };
afterEach(async () => {
  opened.coordinators.splice(0).forEach((c) => c.close());
  await Promise.all(opened.dbs.splice(0).map((db) => db.close()));
});

/**
 * A tab whose transactions can be held back, as a background tab's are while the browser has it frozen, or fail, as
 * a broken storage's do.
 */
function freezable(store: LeaseStore) {
  let thaw: (() => void) | undefined;
  let frozen: Promise<void> | undefined;
  let broken = false;
  return {
    store: {
      update: async (name, decide) => {
        if (frozen) await frozen;
        if (broken) throw new Error('The browser storage failed.');
        return store.update(name, decide);
      },
    } satisfies LeaseStore,
    break() {
      broken = true;
    },
    heal() {
      broken = false;
    },
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

  it('a holder frozen between its check and its send may not send: the lease keeps its margin by both clocks', async () => {
    // Each tab's clocks, in hand: the wall clock (shared, as on one computer) and tab a's monotonic clock.
    const clock = { wall: 1_000_000, mono: 0 };
    const timing = { renewMs: 1_000, lapseMs: 3_000, marginMs: 1_000 };
    const dbName = `leases-${Math.random()}`;
    const channelName = `channel-${Math.random()}`;
    const tab = (id: string, monotonic: () => number) => {
      const db = createKeptDb({ name: dbName });
      opened.dbs.push(db);
      const coordinator = createTabCoordinator<unknown>({
        locks: null,
        leases: keptLeaseStore(db),
        leaseTiming: timing,
        channel: new BroadcastChannel(channelName),
        tabId: id,
        now: () => clock.wall,
        monotonic,
      });
      opened.coordinators.push(coordinator);
      return coordinator;
    };
    const a = tab('a', () => clock.mono);
    const claim = a.claim('kc.deletion:d1');
    await claim.acquired;
    expect(await claim.confirm()).toBe(true);
    expect(claim.maySend()).toBe(true);

    // Asleep (the monotonic clock stopped, the wall clock ran past the lease): no.
    clock.wall += timing.lapseMs;
    expect(claim.maySend()).toBe(false);
    expect(await claim.confirm()).toBe(true);
    expect(claim.maySend()).toBe(true);

    // The wall clock set back while the tab was frozen past the lease (only the monotonic clock saw the time): no.
    clock.mono += timing.lapseMs;
    expect(claim.maySend()).toBe(false);
    expect(await claim.confirm()).toBe(true);

    // Frozen right after its check for longer than its margin: no, by either clock.
    clock.wall += timing.lapseMs - timing.marginMs;
    clock.mono += timing.lapseMs - timing.marginMs;
    expect(claim.maySend()).toBe(false);
    // Meanwhile another tab took the lapsed lease: the frozen one, woken, learns it lost it.
    const b = tab('b', () => performance.now());
    clock.wall += timing.marginMs + 1;
    await b.claim('kc.deletion:d1').acquired;
    expect(await claim.confirm()).toBe(false);
    expect(claim.maySend()).toBe(false);
  });

  it('a waiting tab whose storage fails keeps waiting: a failed lease transaction never turns exclusion off', async () => {
    const [a, b] = tabs(2);
    const holding = a!.coordinator.claim('kc.bulk:b4');
    await holding.acquired;
    // b's storage breaks (full, closed under it): each of its lease transactions fails.
    b!.break();
    const waiting = b!.coordinator.claim('kc.bulk:b4');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(waiting.held).toBe(false);
    expect(holding.held).toBe(true);
    // Healed, it still waits for the holder; once that one lets go, it takes over.
    b!.heal();
    await new Promise((r) => setTimeout(r, 300));
    expect(waiting.held).toBe(false);
    holding.release();
    await waiting.acquired;
    expect(waiting.held).toBe(true);
  });

  it('a holder whose renewal fails sends while its lease lasts, then learns it lost it', async () => {
    const [a, b] = tabs(2);
    const holding = a!.coordinator.claim('kc.bulk:b5');
    await holding.acquired;
    a!.break();
    expect(await holding.confirm()).toBe(true);
    expect(holding.maySend()).toBe(true);
    const waiting = b!.coordinator.claim('kc.bulk:b5');
    await waiting.acquired;
    expect(holding.maySend()).toBe(false);
    expect(await holding.confirm()).toBe(false);
  });
});
