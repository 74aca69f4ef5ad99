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
  /** A monotonic clock (performance.now): the lease's age by it, besides the wall clock's expiry. */
  monotonic: () => number;
  timing: LeaseTiming;
  /** Every open claim of the tab, so closing the coordinator releases them. */
  claims: Set<LockClaim>;
  say(word: LeaseReleased): void;
  /** A lease is held from now on (the coordinator starts watching the page). */
  onHeld(): void;
}): LeaseClaims {
  const { store, tabId, now, monotonic, claims } = deps;
  const leaseTiming = deps.timing;
  const marginMs = leaseTiming.marginMs ?? leaseTiming.renewMs;
  /** Lease holders whose tab said it let go or went away: their record need not lapse first. */
  const gone = new Set<string>();
  /** Claims waiting for a lease, by name: woken when its holder lets go. */
  const waiters = new Map<string, Set<() => void>>();
  /** Claims holding a lease: let go when the page goes away (each returns its owner's `onLost`). */
  const leasesHeld = new Set<() => (() => void) | undefined>();
  let seq = 0;

  function leaseClaim(name: string, onAcquired?: () => void, onLost?: () => void): LockClaim {
    const holder = `${tabId}:${++seq}`;
    let held = false;
    let over = false;
    /** Until when the lease written last is this claim's: by the wall clock (the kept expiry) and the monotonic one. */
    let wallUntil = Number.NEGATIVE_INFINITY;
    let monoUntil = Number.NEGATIVE_INFINITY;
    /** The clocks read before a lease transaction: what it wrote lasts `lapseMs` from then, by either. */
    const written = (at: number, mono: number) => {
      wallUntil = at + leaseTiming.lapseMs;
      monoUntil = mono + leaseTiming.lapseMs;
    };
    /** Whether the lease written last still has `left` ms to go by both clocks. */
    const lasts = (left: number) => now() + left < wallUntil && monotonic() + left < monoUntil;
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
      let answer: { held: boolean; expiresAt?: number; failed?: boolean };
      const at = now();
      const mono = monotonic();
      try {
        answer = await takeLease(store, name, holder, at, leaseTiming.lapseMs, gone);
      } catch {
        // Storage refused (full, closed, broken): not held. Exclusion never turns off: a tab that cannot read the
        // lease cannot know who holds it, so it waits and asks again.
        answer = { held: false, failed: true };
      }
      if (held) return;
      if (answer.held) written(at, mono);
      if (over) {
        if (answer.held) void releaseLease(store, name, holder).catch(() => undefined);
        return;
      }
      if (answer.held) grant();
      else {
        // Polled when the holder's lease would lapse (renewed meanwhile: again then); a release wakes it sooner.
        const wait = answer.failed ? leaseTiming.renewMs : (answer.expiresAt ?? now()) - now() + 1;
        timer = setTimeout(attempt, Math.min(Math.max(wait, 50), leaseTiming.lapseMs));
      }
    }
    async function renew(): Promise<boolean> {
      if (!held || over) return false;
      const at = now();
      const mono = monotonic();
      let ok: boolean;
      try {
        ok = await renewLease(store, name, holder, at, leaseTiming.lapseMs);
        if (ok) written(at, mono);
      } catch {
        // Not renewed: the lease written last still counts while it lasts (maySend keeps its margin); once it
        // has lapsed another tab may hold it, so it is lost.
        ok = lasts(0);
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
      maySend: () => held && !over && lasts(marginMs),
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
