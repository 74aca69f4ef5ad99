import { useSyncExternalStore } from 'react';
import { browserStorage, safeStorage, type StorageLike } from '../storage/web-storage';

export const GRADER_STORAGE_KEYS = {
  /** The grader's URL and model (not secret) in localStorage; never its key. */
  settings: 'kc.grader',
  /** The key in sessionStorage, only while "remember in this tab" is on (as a profile's token). */
  key: 'kc.grader.key',
} as const;

/** What Settings shows and edits: the grader, whether a key is held, whether it is remembered in this tab. */
export interface GraderSettings {
  url: string;
  model: string;
  key?: string;
  rememberKey: boolean;
}

export interface GraderStore {
  /** The grader configured, or null. */
  get(): GraderSettings | null;
  subscribe(listener: () => void): () => void;
  /** Saves the grader; `key` undefined keeps the key held now, '' drops it. */
  save(input: { url: string; model: string; key?: string; rememberKey: boolean }): void;
  clear(): void;
}

/**
 * The LLM that grades `expect.rubric` in suite runs. Its key is held like a profile's token: in memory, in
 * sessionStorage for this tab only when asked, never in localStorage, cookies, URLs, logs or a kept run.
 */
export function createGraderStore(options: { local?: StorageLike | null; session?: StorageLike | null } = {}) {
  const local = safeStorage(() => (options.local !== undefined ? options.local : browserStorage('local')));
  const session = safeStorage(() => (options.session !== undefined ? options.session : browserStorage('session')));
  const listeners = new Set<() => void>();
  let loaded = false;
  let state: GraderSettings | null = null;

  const load = () => {
    loaded = true;
    const kept = local.readJson(GRADER_STORAGE_KEYS.settings, {
      parse: (v) => {
        const o = v as Partial<GraderSettings> | null;
        return o && typeof o.url === 'string' && typeof o.model === 'string' ? o : undefined;
      },
    });
    if (!kept) return;
    const key = kept.rememberKey ? (session.getText(GRADER_STORAGE_KEYS.key) ?? undefined) : undefined;
    state = { url: kept.url!, model: kept.model!, rememberKey: !!kept.rememberKey, ...(key ? { key } : {}) };
  };
  const commit = (next: GraderSettings | null) => {
    state = next;
    listeners.forEach((l) => l());
  };

  const store: GraderStore = {
    get() {
      if (!loaded) load();
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save({ url, model, key, rememberKey }) {
      const held = key === undefined ? store.get()?.key : key || undefined;
      local.writeJson(GRADER_STORAGE_KEYS.settings, { url: url.trim(), model: model.trim(), rememberKey });
      if (rememberKey && held) session.setText(GRADER_STORAGE_KEYS.key, held);
      else session.remove(GRADER_STORAGE_KEYS.key);
      commit({ url: url.trim(), model: model.trim(), rememberKey, ...(held ? { key: held } : {}) });
    },
    clear() {
      local.remove(GRADER_STORAGE_KEYS.settings);
      session.remove(GRADER_STORAGE_KEYS.key);
      commit(null);
    },
  };
  return store;
}

export const graderStore: GraderStore = createGraderStore();

/** The grader a suite run uses (the engine's Grader), or undefined when none is configured. */
export function activeGrader(
  store: GraderStore = graderStore,
): Pick<GraderSettings, 'url' | 'model' | 'key'> | undefined {
  const g = store.get();
  return g ? { url: g.url, model: g.model, ...(g.key ? { key: g.key } : {}) } : undefined;
}

/** The grader configured in Settings; re-renders when it changes. */
export function useGraderSettings(store: GraderStore = graderStore): GraderSettings | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
