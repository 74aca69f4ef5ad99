import type { Store } from './store/store';

/**
 * Runs the purge jobs written by soft deletes: each removes a document's chunks from retrieval once due.
 * Jobs live in the store, so a restart runs the overdue ones at once and arms a timer for the rest.
 */
export class PurgeScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** While stalled, due jobs wait (a deleted document's chunks stay in retrieval): PUT /__sandbox/deletion-behaviour. */
  private isStalled = false;

  constructor(
    private readonly store: Store,
    private readonly onError: (err: unknown) => void = (err) => console.error('sandbox: purge failed:', err),
  ) {}

  start(): void {
    this.stopped = false;
    this.runDue();
  }

  get stalled(): boolean {
    return this.isStalled;
  }

  /** Stalls purges (jobs are kept, none runs), or resumes them: every job already due then runs at once. */
  setStalled(stalled: boolean): void {
    this.isStalled = stalled;
    if (stalled) {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
    } else this.runDue();
  }

  /** Runs every due job, then arms the timer for the next one. */
  runDue(): void {
    if (this.stopped || this.isStalled) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    try {
      for (const documentId of this.store.duePurgeJobs(Date.now())) this.store.purgeDocument(documentId);
    } catch (err) {
      this.onError(err);
    }
    this.arm();
  }

  /** Re-arms after a new job was written. */
  arm(): void {
    if (this.stopped || this.isStalled) return;
    let next: number | undefined;
    try {
      next = this.store.nextPurgeDueAt();
    } catch (err) {
      this.onError(err);
      return;
    }
    if (next === undefined) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    const delay = Math.min(Math.max(next - Date.now(), 0), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.runDue(), delay);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
