import { newId } from '../../../api';
import { LEASE_TIMING, releaseLease, renewLease, takeLease, type LeaseStore, type LeaseTiming } from './lease';
/**
 * Tabs of one console, coordinated: one lock per piece of work (a single deletion, a bulk batch) so only one tab
 * runs it while the others wait and take over when that tab closes; and a BroadcastChannel over which the running
 * tab tells the others each step, so they show its live state. The lock is a Web Lock where the page has them (a
 * secure context: https, localhost); elsewhere (plain http on a LAN address) a lease in the kept database
 * (lease.ts), renewed by a heartbeat, taken over once it lapses, and released with a word on the channel so a
 * waiting tab takes over at once. Every API is passed in (the browser's by default), so the logic is tested with
 * Node's BroadcastChannel, an in-memory lock manager and an in-memory IndexedDB.
 */

/** The part of the Web Locks API used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface LockClaim {
  /** Resolves once this tab holds the lock; never resolves when released while still waiting. */
  readonly acquired: Promise<void>;
  readonly held: boolean;
  /**
   * Whether this tab still holds the lock, asked right before each DELETE: a lease is renewed on the way (a Web
   * Lock cannot be lost). False once lost, and the claim's `onLost` has run.
   */
  confirm(): Promise<boolean>;
  /** Leaves the queue, or lets the lock go. */
  release(): void;
}

export interface TabCoordinator<M> {
  /**
   * Queues for the named lock; `onAcquired` runs once this tab holds it, `onLost` if a lease is taken over by
   * another tab (this one stopped renewing it: frozen in the background); the claim is then over.
   */
  claim(name: string, onAcquired?: () => void, onLost?: () => void): LockClaim;
  publish(message: M): void;
  subscribe(listener: (message: M) => void): () => void;
  close(): void;
}

export const CHANNEL_NAME = 'kc.deletions.v1';

interface Envelope<M> {
  from: string;
  message?: M;
  /** A lease let go (or its tab going away): whoever waits for it tries again now. */
  leaseReleased?: { name: string; holder: string };
}

export interface TabCoordinatorOptions {
  locks?: LockManagerLike | null;
  channel?: ChannelLike | null;
  /** The leases used where there are no Web Locks; null: none (each tab then runs what it holds). */
  leases?: LeaseStore | null;
  leaseTiming?: LeaseTiming;
  now?: () => number;
  tabId?: string;
}

export function createTabCoordinator<M>(options: TabCoordinatorOptions = {}): TabCoordinator<M> {
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const channel = options.channel === undefined ? browserChannel() : options.channel;
  const leases = options.leases ?? null;
  const leaseTiming = options.leaseTiming ?? LEASE_TIMING;
  const now = options.now ?? Date.now;
  const tabId = options.tabId ?? newId();
  const listeners = new Set<(message: M) => void>();
  const claims = new Set<LockClaim>();
  /** Lease holders whose tab said it let go or went away: their record need not lapse first. */
  const gone = new Set<string>();
  /** Claims waiting for a lease, by name: woken when its holder lets go. */
  const waiters = new Map<string, Set<() => void>>();
  /** Claims holding a lease: let go when the page goes away (each returns its owner's `onLost`). */
  const leasesHeld = new Set<() => (() => void) | undefined>();
  /** Owners of the leases let go at pagehide: told they lost them if the page comes back (back-forward cache). */
  let hiddenLost: ((() => void) | undefined)[] = [];
  let seq = 0;
  /** A lease transaction failed (storage refused): from then on each tab runs what it holds, as without leases. */
  let leasesBroken = false;

  const post = (envelope: Envelope<M>) => {
    try {
      channel?.postMessage(envelope);
    } catch {
      // A closed channel (the tab is going away): the other tabs read the persisted state instead.
    }
  };

  channel?.addEventListener('message', (event) => {
    const envelope = event.data as Envelope<M> | null;
    if (!envelope || typeof envelope !== 'object' || envelope.from === tabId) return;
    if (envelope.leaseReleased) {
      gone.add(envelope.leaseReleased.holder);
      for (const wake of [...(waiters.get(envelope.leaseReleased.name) ?? [])]) wake();
      return;
    }
    for (const listener of listeners) listener(envelope.message as M);
  });

  const onPageHide = () => {
    hiddenLost = [...leasesHeld].map((letGoAtHide) => letGoAtHide());
  };
  const onPageShow = () => {
    for (const lost of hiddenLost.splice(0)) lost?.();
  };
  let watchingPage = false;
  /**
   * Added with the first lease held, so after the listeners of whoever uses the claims: they write their last state
   * at pagehide (a batch handed over) before the lease goes and the tab taking over reads it.
   */
  const watchPage = () => {
    if (watchingPage || typeof window === 'undefined') return;
    watchingPage = true;
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
  };

  /** A claim on a lease (no Web Locks): try now, then when its holder lets go or its lease lapses. */
  function leaseClaim(store: LeaseStore, name: string, onAcquired?: () => void, onLost?: () => void): LockClaim {
    const holder = `${tabId}:${++seq}`;
    let held = false;
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let granted: () => void = () => undefined;
    const acquired = new Promise<void>((resolve) => (granted = resolve));
    const waiting = waiters.get(name) ?? new Set<() => void>();
    waiters.set(name, waiting);

    const end = () => {
      over = true;
      clearTimeout(timer);
      waiting.delete(wake);
      if (waiting.size === 0 && waiters.get(name) === waiting) waiters.delete(name);
      leasesHeld.delete(letGoAtHide);
      claims.delete(claim);
    };
    const grant = () => {
      held = true;
      waiting.delete(wake);
      leasesHeld.add(letGoAtHide);
      watchPage();
      granted();
      onAcquired?.();
      beat();
    };
    const lose = () => {
      if (over) return;
      held = false;
      end();
      onLost?.();
    };
    /** Releases the lease and says so, so a waiting tab need not wait for it to lapse. */
    function letGo() {
      const wasHeld = held;
      held = false;
      end();
      if (!wasHeld) return;
      // Said before the transaction ends: a closing tab may not see it end, and the holder is gone either way.
      post({ from: tabId, leaseReleased: { name, holder } });
      void releaseLease(store, name, holder).catch(() => undefined);
    }
    function letGoAtHide() {
      letGo();
      return onLost;
    }
    function wake() {
      if (over || held) return;
      clearTimeout(timer);
      void attempt();
    }
    async function attempt() {
      timer = undefined;
      let answer: { held: boolean; expiresAt?: number };
      try {
        answer = leasesBroken ? { held: true } : await takeLease(store, name, holder, now(), leaseTiming.lapseMs, gone);
      } catch {
        leasesBroken = true;
        answer = { held: true };
      }
      if (held) return;
      if (over) {
        if (answer.held) void releaseLease(store, name, holder).catch(() => undefined);
        return;
      }
      if (answer.held) grant();
      else {
        // Polled when the holder's lease would lapse (renewed meanwhile: again then); a release wakes it sooner.
        const wait = (answer.expiresAt ?? now()) - now() + 1;
        timer = setTimeout(attempt, Math.min(Math.max(wait, 50), leaseTiming.lapseMs));
      }
    }
    async function renew(): Promise<boolean> {
      if (!held || over) return false;
      if (leasesBroken) return true;
      let ok: boolean;
      try {
        ok = await renewLease(store, name, holder, now(), leaseTiming.lapseMs);
      } catch {
        leasesBroken = true;
        ok = true;
      }
      if (!ok) lose();
      return ok && held && !over;
    }
    function beat() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void renew().then((ok) => ok && beat());
      }, leaseTiming.renewMs);
    }

    const claim: LockClaim = {
      acquired,
      get held() {
        return held;
      },
      confirm: renew,
      release: letGo,
    };
    claims.add(claim);
    waiting.add(wake);
    void attempt();
    return claim;
  }

  return {
    claim(name, onAcquired, onLost) {
      if (!locks && leases) return leaseClaim(leases, name, onAcquired, onLost);
      let held = false;
      let released = false;
      let letGo: () => void = () => undefined;
      let granted: () => void = () => undefined;
      const acquired = new Promise<void>((resolve) => (granted = resolve));
      const abort = new AbortController();
      const claim: LockClaim = {
        acquired,
        get held() {
          return held;
        },
        confirm: async () => held && !released,
        release() {
          if (released) return;
          released = true;
          claims.delete(claim);
          if (held) letGo();
          else abort.abort();
        },
      };
      claims.add(claim);
      const grant = () => {
        held = true;
        granted();
        onAcquired?.();
      };
      if (!locks) {
        // Neither Web Locks nor leases: this tab is on its own (queueMicrotask keeps the timing of a granted lock).
        queueMicrotask(() => {
          if (!released) grant();
        });
        return claim;
      }
      locks
        .request(name, { signal: abort.signal }, () => {
          if (released) return Promise.resolve();
          return new Promise<void>((resolve) => {
            letGo = resolve;
            grant();
          });
        })
        // Aborted while queued (released before it was granted): nothing to do.
        .catch(() => undefined);
      return claim;
    },
    publish(message) {
      post({ from: tabId, message });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (typeof window !== 'undefined') {
        window.removeEventListener('pagehide', onPageHide);
        window.removeEventListener('pageshow', onPageShow);
      }
      for (const claim of [...claims]) claim.release();
      listeners.clear();
      channel?.close();
    },
  };
}

function browserLocks(): LockManagerLike | null {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike });
  return nav?.locks ?? null;
}

function browserChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}
