import { z } from 'zod';
import type { Route, SandboxState } from './types';

/**
 * How soft deletion behaves, so an admin can rehearse what the interface leaves open: a purge that stalls (the
 * document keeps being answered from: "still in answers"), and a `document_id` restriction that hides a deleted
 * document at once while dataset-wide retrieval still serves it (the false-"gone" trap).
 */
export const DeletionBehaviourBody = z.strictObject(
  {
    purge_stalled: z.optional(z.boolean({ error: 'purge_stalled must be a boolean' })),
    restriction_hides_deleted: z.optional(z.boolean({ error: 'restriction_hides_deleted must be a boolean' })),
  },
  { error: 'the body must be an object with purge_stalled and/or restriction_hides_deleted (booleans)' },
);

const behaviourOf = (state: SandboxState) => ({
  purge_stalled: state.purge.stalled,
  restriction_hides_deleted: state.restrictionHidesDeleted,
  /** Deleted documents whose chunks are still in retrieval, and when their purge is (or was) due. */
  pending_purges: state.store.pendingPurges(),
});

export const deletionBehaviour: Route = {
  host: 'secondary',
  method: 'GET',
  pattern: '/__sandbox/deletion-behaviour',
  auth: true,
  bodySchema: null,
  handle: ({ state }) => ({ body: behaviourOf(state) }),
};

export const setDeletionBehaviour: Route = {
  host: 'secondary',
  method: 'PUT',
  pattern: '/__sandbox/deletion-behaviour',
  auth: true,
  bodySchema: DeletionBehaviourBody,
  handle({ body, state }) {
    const change = body as z.output<typeof DeletionBehaviourBody>;
    if (change.restriction_hides_deleted !== undefined)
      state.restrictionHidesDeleted = change.restriction_hides_deleted;
    // Resuming runs every purge already due before answering: the answer's pending_purges is what is left.
    if (change.purge_stalled !== undefined) state.purge.setStalled(change.purge_stalled);
    return { body: behaviourOf(state) };
  },
};
