import { useMemo, useSyncExternalStore } from 'react';
import type { ConnectionProfile } from './profile';
import { connectionStore, type ConnectionStore } from './store';

// Apart from the store so that what the suite CLI loads (the store, through the client) never loads React.
/** The profiles and the active one; re-renders when either changes. */
export function useConnection(store: ConnectionStore = connectionStore): {
  profiles: ConnectionProfile[];
  active: ConnectionProfile | null;
} {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => ({ profiles: state.profiles, active: state.profiles.find((p) => p.id === state.activeId) ?? null }),
    [state],
  );
}
