import { newId } from '../ids';
import { LEASE_TIMING, type LeaseStore, type LeaseTiming } from './lease';
import { createLeaseClaims, type LeaseReleased } from './lease-claims';
import { webLockClaim, type LockClaim, type LockManagerLike } from './lock-claim';
/**
 * Tabs of one console, coordinated: one lock per piece of work (a single deletion, a bulk batch) so only one tab
 * runs it while the others wait and take over when that tab closes; and a BroadcastChannel over which the running
 * tab tells the others each step, so they show its live state. The lock is a Web Lock where the page has them (a
 * secure context: https, localhost); elsewhere (plain http on a LAN address) a lease in the kept database
 * (lease.ts), renewed by a heartbeat, taken over once it lapses, and released with a word on the channel so a
 * waiting tab takes over at once. Every API is passed in (the browser's by default), so the logic is tested with
 * Node's BroadcastChannel, an in-memory lock manager and an in-memory IndexedDB.
 */

export type { LockClaim, LockManagerLike } from './lock-claim';

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
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
  leaseReleased?: LeaseReleased;
}

export interface TabCoordinatorOptions {
  locks?: LockManagerLike | null;
  channel?: ChannelLike | null;
  /** The leases used where there are no Web Locks; null: none (each tab then runs what it holds). */
  leases?: LeaseStore | null;
  leaseTiming?: LeaseTiming;
  now?: () => number;
  /** The BroadcastChannel's name, when the browser's is used (one per kind of work: deletions, suite runs). */
  channelName?: string;
  /** The monotonic clock a lease's age is also measured by (default performance.now). */
  monotonic?: () => number;
  tabId?: string;
}

export function createTabCoordinator<M>(options: TabCoordinatorOptions = {}): TabCoordinator<M> {
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const channel = options.channel === undefined ? browserChannel(options.channelName) : options.channel;
  const leaseTiming = options.leaseTiming ?? LEASE_TIMING;
  const now = options.now ?? Date.now;
  const tabId = options.tabId ?? newId();
  const listeners = new Set<(message: M) => void>();
  const claims = new Set<LockClaim>();
  const leases = options.leases
    ? createLeaseClaims({
        store: options.leases,
        tabId,
        now,
        monotonic: options.monotonic ?? (() => performance.now()),
        timing: leaseTiming,
        claims,
        say: (leaseReleased) => post({ from: tabId, leaseReleased }),
        onHeld: () => watchPage(),
      })
    : null;
  /** Owners of the leases let go at pagehide: told they lost them if the page comes back (back-forward cache). */
  let hiddenLost: ((() => void) | undefined)[] = [];

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
      leases?.released(envelope.leaseReleased);
      return;
    }
    for (const listener of listeners) listener(envelope.message as M);
  });

  const onPageHide = () => {
    hiddenLost = leases?.letGoAll() ?? [];
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

  return {
    claim(name, onAcquired, onLost) {
      if (!locks && leases) return leases.claim(name, onAcquired, onLost);
      return webLockClaim(locks, name, claims, onAcquired);
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

function browserChannel(name = CHANNEL_NAME): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}
