import { classifyDeleteFailure, errorInfo, failureEvent, retryAfterMs } from './answer';
import type { CheckResult, ConfirmingRead, DeletionEvent, TrackedDeletion } from './machine';

export interface CheckOutcome {
  result: CheckResult;
  detail?: string;
  /** With 'gone': which read said so. */
  via?: ConfirmingRead;
}

/** What the tracker asks of the service (io.ts is the real one; tests pass their own). */
export interface DeletionIo {
  /** Sends the DELETE; resolves on a 2xx, rejects with { status?, code?, message } otherwise. */
  send(d: TrackedDeletion): Promise<void>;
  /** Reads whether the document is still there (base info 404, or total_files below the baseline, means gone). */
  check(d: TrackedDeletion): Promise<CheckOutcome>;
  /** Deletions run only for the active profile: the others wait for its token. */
  activeProfileId(): string | null;
}

/** Sends the DELETE; its answer as the machine's event, and when rate-limited, the time it may go again. */
export function deleteAnswer(
  io: DeletionIo,
  d: TrackedDeletion,
  now: () => number,
): Promise<{ event: DeletionEvent; retryAt?: number }> {
  return io.send(d).then(
    () => ({ event: { type: 'accepted', at: now() } }),
    (err: unknown) => {
      const at = now();
      const failure = classifyDeleteFailure(err);
      const retryAt = failure.kind === 'throttled' ? at + retryAfterMs(failure.retryAfter, at) : undefined;
      return { event: failureEvent(err, at, false), retryAt };
    },
  );
}

/** Reads whether the document is gone; the answer (or the read's own failure) as the machine's event. */
export function checkAnswer(io: DeletionIo, d: TrackedDeletion, now: () => number): Promise<DeletionEvent> {
  return io.check(d).then(
    (r): DeletionEvent => ({ type: 'checked', at: now(), result: r.result, detail: r.detail, via: r.via }),
    (err: unknown): DeletionEvent => ({ type: 'checked', at: now(), result: 'error', detail: errorInfo(err).message }),
  );
}
