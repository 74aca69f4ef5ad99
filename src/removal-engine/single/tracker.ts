import { safeStorage, type StorageLike } from '../../lib/storage/web-storage';
import {
  DEFAULT_TIMING,
  isActive,
  isRetryable,
  nextAction,
  reduce,
  resumeLoaded,
  startDeletion,
  type DeletionEvent,
  type DeletionTiming,
  type TrackedDeletion,
} from './machine';
import type { LockClaim, TabCoordinator } from '../../lib/tabs/cross-tab';
import type { TabMessage } from '../tab-messages';
import { checkAnswer, deleteAnswer, type DeletionIo } from './deletion-io';
import { deletionKey, dropOldFinished, newer, readStored, sortNewestFirst, writeStored } from './kept-deletions';
import { browserNetwork, type NetworkWatch } from './network';

export { deletionKey };
export type { CheckOutcome, DeletionIo } from './deletion-io';

export interface TrackerOptions {
  /** Where pending deletions are kept (ids only); read and written through the one safe-storage helper. */
  storage?: StorageLike;
  now?: () => number;
  timing?: DeletionTiming;
  /** Other tabs: one runs each deletion (a Web Lock per deletion), the others show its steps. */
  coordinator?: TabCoordinator<TabMessage>;
  /** Reads of a deletion whose answer never came wait while offline; default: the browser's online signal. */
  network?: NetworkWatch;
}

/** The Web Lock held by the tab that runs a deletion. */
const lockName = (key: string) => `kc.deletion:${encodeURIComponent(key)}`;

/**
 * Runs tracked deletions: sends, schedules confirmation reads, re-issues, and persists every step
 * (without secrets) so pending deletions survive a reload and resume where they were. With a coordinator,
 * a deletion runs in the one tab holding its lock; the others mirror its steps and take over if it closes.
 */
export function createDeletionTracker(io: DeletionIo, options: TrackerOptions = {}) {
  const { coordinator } = options;
  const storage = options.storage ? safeStorage(options.storage) : undefined;
  const now = options.now ?? Date.now;
  const timing = options.timing ?? DEFAULT_TIMING;
  const items = new Map<string, TrackedDeletion>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const busy = new Set<string>();
  const listeners = new Set<() => void>();
  /** Deletions this tab runs (holds the lock of), or is queued for. */
  const claims = new Map<string, LockClaim>();
  /** Dismissed here or in another tab: not brought back from another tab's stored list. */
  const dismissed = new Set<string>();
  /** Deletions whose current request was started in this tab and not sent yet (not interrupted: just queued). */
  const fresh = new Set<string>();
  let snapshot: TrackedDeletion[] = [];
  let stopped = false;
  const network = 'network' in options ? options.network : browserNetwork();
  /** A rate-limited DELETE goes again only after the Retry-After the service gave. */
  const deferredUntil = new Map<string, number>();

  // Without other tabs to ask, a DELETE in flight when the page went away is settled by a read now;
  // with them, when this tab gets the deletion's lock (the runner may be another, still open tab).
  for (const d of readStored(storage)) items.set(deletionKey(d), coordinator ? d : resumeLoaded(d, now()));

  const runsHere = (key: string) => !coordinator || claims.get(key)?.held === true;

  /** Queues for an active deletion's lock; once held, takes the freshest copy and runs it. */
  function claim(key: string) {
    if (!coordinator || claims.has(key) || stopped) return;
    const d = items.get(key);
    if (!d || !isActive(d)) return;
    claims.set(
      key,
      coordinator.claim(
        lockName(key),
        () => {
          // The previous runner (a closed tab) persisted every step: its copy may be newer than the last message.
          const stored = readStored(storage).find((s) => deletionKey(s) === key);
          const mine = items.get(key);
          const latest = stored && newer(mine, stored) ? stored : mine;
          if (!latest || !isActive(latest)) {
            release(key);
            return;
          }
          items.set(key, fresh.has(key) ? latest : resumeLoaded(latest, now()));
          commit([key]);
          pump(key);
        },
        () => lost(key),
      ),
    );
  }

  /** Another tab took the deletion over (this one stopped renewing its lease): show its steps, queue again. */
  function lost(key: string) {
    claims.delete(key);
    fresh.delete(key);
    clearTimeout(timers.get(key));
    timers.delete(key);
    claim(key);
  }

  function release(key: string) {
    claims.get(key)?.release();
    claims.delete(key);
  }

  /** Publishes what changed here, persists, and tells the listeners. */
  function commit(changed: string[]) {
    dropOldFinished(items);
    snapshot = sortNewestFirst([...items.values()]);
    writeStored(storage, items, dismissed);
    for (const key of changed) {
      const d = items.get(key);
      // Only the tab running a deletion tells the others. A new one is told once its lock is held here: had the
      // others heard of it first, one of them could queue for the lock ahead of this tab and take it over.
      if (d && runsHere(key)) coordinator?.publish({ kind: 'deletion', record: d });
      if (!d || !isActive(d)) release(key);
    }
    notify();
  }

  function notify() {
    for (const l of listeners) l();
  }

  function dispatch(key: string, event: DeletionEvent) {
    const d = items.get(key);
    if (!d) return;
    const next = reduce(d, event, timing);
    if (next === d) return;
    items.set(key, next);
    commit([key]);
    pump(key);
  }

  /**
   * Sends the DELETE, if this tab still runs the deletion: a lease is renewed on the way, and from the last check
   * (`maySend`, which needs the lease's margin left by both clocks) to the send nothing waits, so a tab frozen after
   * renewing finds out when it wakes, before it sends.
   */
  async function send(key: string) {
    const held = claims.get(key);
    if (coordinator && !(await stillHeld(held))) {
      busy.delete(key);
      return;
    }
    const before = items.get(key);
    if (stopped || !before) {
      busy.delete(key);
      return;
    }
    // Recorded (and kept) before it leaves: its lock window runs from here.
    const sent = reduce(before, { type: 'sent', at: now() }, timing);
    if (sent !== before) {
      items.set(key, sent);
      commit([key]);
    }
    void deleteAnswer(io, sent, now).then(({ event, retryAt }) => {
      busy.delete(key);
      if (retryAt !== undefined) deferredUntil.set(key, retryAt);
      dispatch(key, event);
    });
  }

  /** Renews the claim until it leaves its margin in this task (a few tries: each renewal starts a fresh lease). */
  async function stillHeld(held: LockClaim | undefined): Promise<boolean> {
    for (let tries = 0; tries < 3; tries++) {
      if (!held || !(await held.confirm())) return false;
      if (held.maySend()) return true;
    }
    return false;
  }

  function pump(key: string) {
    if (stopped || busy.has(key) || !runsHere(key)) return;
    const d = items.get(key);
    if (!d || d.profileId !== io.activeProfileId()) return;
    const action = nextAction(d, timing);
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (action.type === 'send') {
      const waitMs = (deferredUntil.get(key) ?? 0) - now();
      if (waitMs > 0) {
        timers.set(
          key,
          setTimeout(() => pump(key), waitMs),
        );
        return;
      }
      deferredUntil.delete(key);
      busy.add(key);
      fresh.delete(key);
      void send(key);
    } else if (action.type === 'check') {
      // Offline, a read can only fail: it waits for the 'online' event (subscribed below).
      if (network && !network.online()) return;
      timers.set(
        key,
        setTimeout(
          () => {
            timers.delete(key);
            const current = items.get(key);
            if (!current || stopped || !runsHere(key)) return;
            busy.add(key);
            void checkAnswer(io, current, now).then((event) => {
              busy.delete(key);
              dispatch(key, event);
            });
          },
          Math.max(0, action.at - now()),
        ),
      );
    } else if (action.type === 'reissue') {
      dispatch(key, { type: 'reissue', at: now() });
    }
  }

  // Another tab's steps: shown here as they happen; an active one is claimed, so this tab takes over if that one closes.
  const unsubscribe = coordinator?.subscribe((message) => {
    if (message.kind === 'deletion') {
      const key = deletionKey(message.record);
      if (runsHere(key) || !newer(items.get(key), message.record)) return;
      dismissed.delete(key);
      fresh.delete(key);
      items.set(key, message.record);
      snapshot = sortNewestFirst([...items.values()]);
      notify();
      if (isActive(message.record)) claim(key);
      else release(key);
    } else if (message.kind === 'deletion-dismissed') {
      dismissed.add(message.key);
      if (items.delete(message.key)) {
        snapshot = sortNewestFirst([...items.values()]);
        notify();
      }
    }
  });

  // Back online: the reads that waited for the network (deletions whose answer never came) go now.
  const unwatchNetwork = network?.subscribe((online) => {
    if (online) for (const key of items.keys()) pump(key);
  });

  snapshot = sortNewestFirst([...items.values()]);

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Starts tracking (and sending) a deletion; an active one for the same document is returned as is. */
    track(
      init: Pick<TrackedDeletion, 'profileId' | 'knowledgeId' | 'documentId' | 'documentName' | 'baselineTotalFiles'>,
    ): TrackedDeletion {
      const key = deletionKey(init);
      const existing = items.get(key);
      if (existing && isActive(existing)) return existing;
      const d = startDeletion(init, now());
      dismissed.delete(key);
      fresh.add(key);
      items.set(
        key,
        existing ? { ...d, attempts: [...existing.attempts, ...d.attempts], roundStart: existing.attempts.length } : d,
      );
      claim(key);
      commit([key]);
      pump(key);
      return items.get(key)!;
    },
    retry(key: string) {
      const d = items.get(key);
      if (!d || !isRetryable(d)) return;
      // The retried deletion runs in this tab: it is finished, so no tab holds its lock.
      items.set(key, reduce(d, { type: 'retry', at: now() }, timing));
      fresh.add(key);
      claim(key);
      commit([key]);
      pump(key);
    },
    dismiss(key: string) {
      const d = items.get(key);
      if (!d || isActive(d)) return;
      items.delete(key);
      dismissed.add(key);
      coordinator?.publish({ kind: 'deletion-dismissed', key });
      commit([]);
    },
    /** (Re)starts the work of the active profile's deletions: at start-up and after a profile switch. */
    resume() {
      for (const key of items.keys()) {
        claim(key);
        pump(key);
      }
    },
    /** This tab stops working on deletions (closing, or a test ending): another tab takes over. */
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      unsubscribe?.();
      unwatchNetwork?.();
      for (const key of [...claims.keys()]) release(key);
    },
  };
}

export type DeletionTracker = ReturnType<typeof createDeletionTracker>;
