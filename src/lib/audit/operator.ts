import { useSyncExternalStore } from 'react';
import { browserStorage, safeStorage, type StorageLike } from '../storage/web-storage';

/** Who is at this browser, as the admin says in Settings: the service exposes no identity. Not a secret. */
export const OPERATOR_STORAGE_KEY = 'kc.operator';

/** An operator name longer than this is refused in Settings (a name, not a note). */
export const OPERATOR_NAME_MAX = 80;

export interface OperatorStore {
  /** The name set, or '' when none. */
  get(): string;
  /** Saves a name ('' removes it); false when the browser refused to keep it. */
  set(name: string): boolean;
  subscribe(listener: () => void): () => void;
}

export function createOperatorStore(local?: StorageLike | null): OperatorStore {
  const storage = safeStorage(() => (local !== undefined ? local : browserStorage('local')));
  const listeners = new Set<() => void>();
  let cached: string | undefined;
  return {
    get: () => (cached ??= storage.getText(OPERATOR_STORAGE_KEY) ?? ''),
    set(name) {
      const clean = name.trim();
      const kept = clean ? storage.setText(OPERATOR_STORAGE_KEY, clean) : (storage.remove(OPERATOR_STORAGE_KEY), true);
      if (kept) cached = clean;
      listeners.forEach((l) => l());
      return kept;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's one operator name. */
export const operatorStore: OperatorStore = /* @__PURE__ */ createOperatorStore();

export function useOperatorName(store: OperatorStore = operatorStore): string {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
