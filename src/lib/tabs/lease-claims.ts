import type { LockClaim } from './lock-claim';
import { releaseLease, renewLease, takeLease, type LeaseStore, type LeaseTiming } from './lease';

/** A lease let go (or its tab going away), as said to the other tabs. */
export interface LeaseReleased {
  name: string;
  holder: string;
}

export interface LeaseClaims {
  /** A claim on a lease: tried now, then when its holder lets go or its lease lapses. */
  claim(name: string, onAcquired?: () => void, onLost?: () => void): LockClaim;
  /** Another tab let this lease go or went away: whoever waits for it tries again now. */
  released(word: LeaseReleased): void;
  /** The page goes away: every lease held is let go; returns their owners' `onLost`, to run if it comes back. */
  letGoAll(): ((() => void) | undefined)[];
}

/**
 * The locks of a page without Web Locks (plain http on a LAN address): leases in the kept database (lease.ts),
 * renewed by a heartbeat, taken over once they lapse, and released with a word to the other tabs (`say`) so a
 * waiting tab takes over at once.
 */
export function createLeaseClaims(deps: {
  store: LeaseStore;
  tabId: string;
  now: () => number;
  timing: LeaseTiming;
  /** Every open claim of the tab, so closing the coordinator releases them. */
  claims: Set<LockClaim>;
  say(word: LeaseReleased): void;
  /** A lease is held from now on (the coordinator starts watching the page). */
  onHeld(): void;
}): LeaseClaims {
  const { store, tabId, now, claims } = deps;
  const leaseTiming = deps.timing;
  /** Lease holders whose tab said it let go or went away: their record need not lapse first. */
  const gone = new Set<string>();
  /** Claims waiting for a lease, by name: woken when its holder lets go. */
  const waiters = new Map<string, Set<() => void>>();
  /** Claims holding a lease: let go when the page goes away (each returns its owner's `onLost`). */
  const leasesHeld = new Set<() => (() => void) | undefined>();
  let seq = 0;
  /** A lease transaction failed (storage refused): from then on each tab runs what it holds, as without leases. */
  let leasesBroken = false;

  function leaseClaim(name: string, onAcquired?: () => void, onLost?: () => void): LockClaim {
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
      deps.onHeld();
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
      deps.say({ name, holder });
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
    claim: leaseClaim,
    released(word) {
      gone.add(word.holder);
      for (const wake of [...(waiters.get(word.name) ?? [])]) wake();
    },
    letGoAll: () => [...leasesHeld].map((letGoAtHide) => letGoAtHide()),
  };
}
