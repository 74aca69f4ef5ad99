import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { TrackedDeletion } from '../../../removal-engine/single/machine';
import type { DeletionRuntime } from './runtime';
import { DeletionRuntimeContext, onRuntimeFilled } from './runtime-context';
import { ACTIVE_STATES } from '../../../removal-engine/single/states';

const NONE: readonly TrackedDeletion[] = [];
const noSubscription = () => () => undefined;
const nothing = () => NONE;

/**
 * How many deletions of a knowledge base (this profile's) still await confirmation, read from the app's deletion
 * runtime without importing it: 0 until something has loaded it. That is exact, since the runtime loads at start-up
 * whenever deletion work is kept (the header's badge, presence.ts) and is created by whatever starts a deletion;
 * when it arrives, the count follows its tracker.
 */
export function usePendingDeletionCount(profileId: string | undefined, knowledgeId: string): number {
  const slot = useContext(DeletionRuntimeContext);
  const [runtime, setRuntime] = useState<DeletionRuntime | undefined>(slot?.runtime);
  useEffect(() => {
    if (!slot || runtime) return;
    return onRuntimeFilled(slot, () => setRuntime(slot.runtime));
  }, [slot, runtime]);
  const all = useSyncExternalStore(
    runtime ? runtime.tracker.subscribe : noSubscription,
    runtime ? runtime.tracker.getSnapshot : nothing,
    runtime ? runtime.tracker.getSnapshot : nothing,
  );
  if (!profileId) return 0;
  return all.filter((d) => d.profileId === profileId && d.knowledgeId === knowledgeId && ACTIVE_STATES.has(d.state))
    .length;
}
