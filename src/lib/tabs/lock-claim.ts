/** The part of the Web Locks API used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
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
  /**
   * Whether a request may leave now, asked in the very task that sends it (after `confirm`): a Web Lock held; a
   * lease with its margin left both by the wall clock against its kept expiry and by the monotonic clock since it
   * was written (the monotonic clock stops while the computer sleeps; the wall clock may be set back). A tab frozen
   * between `confirm` and its send answers false here when it wakes, and must `confirm` again.
   */
  maySend(): boolean;
  /** Leaves the queue, or lets the lock go. */
  release(): void;
}

/**
 * A claim on a Web Lock, held until released (a Web Lock cannot be lost); with no lock manager at all (and no
 * leases either), the tab is on its own and the claim is granted at once.
 */
export function webLockClaim(
  locks: LockManagerLike | null,
  name: string,
  claims: Set<LockClaim>,
  onAcquired?: () => void,
): LockClaim {
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
    maySend: () => held && !released,
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
}
