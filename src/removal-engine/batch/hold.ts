import { afterDelete, INITIAL_BACKOFF, type BackoffBounds, type BackoffState, type DeleteOutcome } from './backoff';
import type { Batch } from './batch';
import type { BatchState } from './batch-state';

/** The batch's backoff (./backoff.ts), its hold kept in the header so the panel (here and in other tabs) shows it. */
export function createHold(
  state: BatchState,
  options: {
    random?: () => number;
    limits?: BackoffBounds;
    setStatus(status: Batch['status']): void;
  },
) {
  let backoff: BackoffState = INITIAL_BACKOFF;

  function set(next: BackoffState) {
    const holdChanged = next.hold !== backoff.hold;
    backoff = next;
    if (!holdChanged) return;
    state.dispatch({ type: 'hold', hold: next.hold, at: state.now() });
  }

  return {
    get current() {
      return backoff;
    },
    set,
    /** The hold read back with the batch (at start), without touching the header. */
    restore(hold: BackoffState['hold']) {
      backoff = { ...backoff, hold };
    },
    /** A DELETE's outcome, for the backoff; a refused token pauses the batch until the admin resumes. */
    noteDelete(outcome: DeleteOutcome) {
      if (state.disposed) return;
      set(afterDelete(backoff, outcome, state.now(), options.random, options.limits));
      if (backoff.hold?.reason === 'token_rejected' && state.header.status === 'running') options.setStatus('paused');
    },
  };
}

export type Hold = ReturnType<typeof createHold>;
