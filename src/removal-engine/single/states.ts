/**
 * The states of a tracked deletion, in a leaf of its own: the machine (machine.ts) and the start-up check
 * (the knowledge feature's presence.ts, which must not load the machine) both need them, and neither may import the other.
 */
/** Where the tracker keeps single deletions (ids and steps, never a token): a browser's localStorage key. */
export const DELETIONS_KEY = 'kc.deletions.v1';

export type DeletionState = 'requesting' | 'pending' | 'unknown' | 'deleted' | 'not_deleted' | 'failed';

/** The states of a single deletion that still has work to do. */
export const ACTIVE_STATES: ReadonlySet<DeletionState> = new Set<DeletionState>(['requesting', 'pending', 'unknown']);
