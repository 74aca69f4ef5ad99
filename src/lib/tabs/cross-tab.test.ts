import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLocks } from './memory-locks';
import { createTabCoordinator, type TabCoordinator } from './cross-tab';

// Node's BroadcastChannel delivers between channels of one name as browsers do between tabs.
const open: TabCoordinator<unknown>[] = [];
afterEach(() => open.splice(0).forEach((c) => c.close()));

function tabs(n: number, locks = createMemoryLocks()) {
  const name = `test-${Math.random()}`;
  return Array.from({ length: n }, (_, i) => {
    const c = createTabCoordinator<{ n: number }>({ locks, channel: new BroadcastChannel(name), tabId: `tab${i}` });
    open.push(c as TabCoordinator<unknown>);
    return c;
  });
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('tab coordinator', () => {
  it('one tab holds a lock at a time; the next in line gets it when the first lets go', async () => {
    const [a, b] = tabs(2);
    const order: string[] = [];
    const ca = a!.claim('work', () => order.push('a'));
    const cb = b!.claim('work', () => order.push('b'));
    await ca.acquired;
    await tick();
    expect(order).toEqual(['a']);
    expect(cb.held).toBe(false);
    ca.release();
    await cb.acquired;
    expect(order).toEqual(['a', 'b']);
    expect(cb.held).toBe(true);
  });

  it('a tab that closes hands its locks to the tab waiting for them', async () => {
    const [a, b] = tabs(2);
    await a!.claim('batch-1').acquired;
    const waiting = b!.claim('batch-1');
    await tick();
    expect(waiting.held).toBe(false);
    a!.close();
    await waiting.acquired;
    expect(waiting.held).toBe(true);
  });

  it('a claim given up while waiting leaves the queue and never runs', async () => {
    const locks = createMemoryLocks();
    const [a, b, c] = tabs(3, locks);
    const ca = a!.claim('x');
    await ca.acquired;
    let ran = false;
    const cb = b!.claim('x', () => (ran = true));
    const cc = c!.claim('x');
    cb.release();
    ca.release();
    await cc.acquired;
    expect(ran).toBe(false);
    expect(locks.holders()).toEqual(['x']);
    cc.release();
    await tick();
    expect(locks.holders()).toEqual([]);
  });

  it('different names do not wait for each other', async () => {
    const locks = createMemoryLocks();
    const [a, b] = tabs(2, locks);
    const one = a!.claim('one');
    await one.acquired;
    const two = b!.claim('two');
    // Granted while 'one' is still held (a claim queued behind it would still be waiting after the tick).
    await Promise.race([two.acquired, tick()]);
    expect(one.held).toBe(true);
    expect(two.held).toBe(true);
    expect(locks.holders().sort()).toEqual(['one', 'two']);
  });

  it('messages reach the other tabs, not the sender', async () => {
    const [a, b, c] = tabs(3);
    const seen: string[] = [];
    a!.subscribe((m) => seen.push(`a${m.n}`));
    b!.subscribe((m) => seen.push(`b${m.n}`));
    c!.subscribe((m) => seen.push(`c${m.n}`));
    a!.publish({ n: 1 });
    await tick();
    expect(seen.sort()).toEqual(['b1', 'c1']);
  });

  it('without Web Locks every claim is granted (one tab on its own, as before)', async () => {
    const solo = createTabCoordinator<{ n: number }>({ locks: null, channel: null });
    open.push(solo as TabCoordinator<unknown>);
    const first = solo.claim('x');
    const second = solo.claim('x');
    await Promise.all([first.acquired, second.acquired]);
    expect(first.held && second.held).toBe(true);
    solo.publish({ n: 1 });
  });
});
