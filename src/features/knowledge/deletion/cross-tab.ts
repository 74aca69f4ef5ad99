import { newId } from '../../../api';
/**
 * Tabs of one console, coordinated: a Web Lock per piece of work (a single deletion, a bulk batch) so only
 * one tab runs it while the others wait in the lock's queue and take over when that tab closes; and a
 * BroadcastChannel over which the running tab tells the others each step, so they show its live state.
 * Both APIs are passed in (the browser's by default), so the logic is tested with Node's BroadcastChannel
 * and an in-memory lock manager. Where a browser lacks Web Locks, every tab runs what it holds (as before).
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
  /** Leaves the queue, or lets the lock go. */
  release(): void;
}

export interface TabCoordinator<M> {
  /** Queues for the named lock; `onAcquired` runs once this tab holds it. */
  claim(name: string, onAcquired?: () => void): LockClaim;
  publish(message: M): void;
  subscribe(listener: (message: M) => void): () => void;
  close(): void;
}

export const CHANNEL_NAME = 'kc.deletions.v1';

interface Envelope<M> {
  from: string;
  message: M;
}

export function createTabCoordinator<M>(
  options: {
    locks?: LockManagerLike | null;
    channel?: ChannelLike | null;
    tabId?: string;
  } = {},
): TabCoordinator<M> {
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const channel = options.channel === undefined ? browserChannel() : options.channel;
  const tabId = options.tabId ?? newId();
  const listeners = new Set<(message: M) => void>();
  const claims = new Set<LockClaim>();

  channel?.addEventListener('message', (event) => {
    const envelope = event.data as Envelope<M> | null;
    if (!envelope || typeof envelope !== 'object' || envelope.from === tabId) return;
    for (const listener of listeners) listener(envelope.message);
  });

  return {
    claim(name, onAcquired) {
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
        // No Web Locks: this tab is on its own (queueMicrotask keeps the timing of a granted lock).
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
      try {
        channel?.postMessage({ from: tabId, message } satisfies Envelope<M>);
      } catch {
        // A closed channel (the tab is going away): the other tabs read the persisted state instead.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
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
