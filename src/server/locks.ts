import { setTimeout as sleep } from 'node:timers/promises';
import { LOCK_POLL_MS } from './bounds';

/**
 * The per-document status lock of "delete knowledge document", in memory: document id -> held until (epoch ms).
 * A delete takes it for its own work, so two deletes of one document run one after the other, and
 * POST /__sandbox/locks holds it to exercise the spec's lock-timeout row.
 */
export class DocumentLocks {
  private readonly heldUntil = new Map<string, number>();

  isHeld(documentId: string, now = Date.now()): boolean {
    const until = this.heldUntil.get(documentId);
    if (until === undefined) return false;
    if (until <= now) {
      this.heldUntil.delete(documentId);
      return false;
    }
    return true;
  }

  /** Holds the lock for `ms` whoever holds it now (the sandbox control). */
  hold(documentId: string, ms: number): number {
    const until = Date.now() + ms;
    this.heldUntil.set(documentId, until);
    return until;
  }

  release(documentId: string): boolean {
    return this.heldUntil.delete(documentId);
  }

  /** Takes the lock if free; held until released. */
  tryAcquire(documentId: string): boolean {
    if (this.isHeld(documentId)) return false;
    this.heldUntil.set(documentId, Number.POSITIVE_INFINITY);
    return true;
  }

  /** Waits up to `waitMs` for the lock, polling; true when taken (the caller must release it). */
  async acquire(documentId: string, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (this.tryAcquire(documentId)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await sleep(Math.min(LOCK_POLL_MS, left));
    }
  }

  clear(): void {
    this.heldUntil.clear();
  }
}
