import { z } from '../../contract/zod';
import { newId } from '../ids';
import { browserStorage, safeStorage, type StorageLike } from '../storage/web-storage';
import { DEFAULT_KNOWLEDGE_SETTINGS_PARAM, ProfileInput, type ConnectionProfile, type ConsoleConfig } from './profile';

export { loadConsoleConfig, parseConsoleConfig } from './config';

export const STORAGE_KEYS = {
  /** User-added profiles and edits of config profiles; never a token. */
  profiles: 'kc.profiles',
  activeProfile: 'kc.activeProfile',
  /** `kc.token.<id>` in sessionStorage, only while "remember in this tab" is on. */
  tokenPrefix: 'kc.token.',
} as const;

export interface ConnectionStoreOptions {
  /** Default: window.localStorage when present. `null`: keep nothing across reloads. */
  local?: StorageLike | null;
  /** Default: window.sessionStorage when present. */
  session?: StorageLike | null;
}

export interface ConnectionState {
  profiles: ConnectionProfile[];
  activeId: string | null;
}

export type ActiveChangeListener = (active: ConnectionProfile | null, previous: ConnectionProfile | null) => void;

export interface ConnectionStore {
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Builds the profile list from config.json plus what this browser kept; may be called again. */
  init(config: ConsoleConfig): void;
  setActive(id: string): void;
  /** Adds (no id) or updates (id) a profile; a config profile stays a config profile. Throws on invalid input. */
  saveProfile(input: ProfileInput, id?: string): ConnectionProfile;
  /** User-added profiles only; throws for a profile from config.json. */
  removeProfile(id: string): void;
  /** Drops this browser's edits of a config profile, back to what config.json says. */
  resetProfile(id: string): void;
  setToken(id: string, token: string | undefined, remember: boolean): void;
  getActiveProfile(): ConnectionProfile | null;
  /**
   * Called when the active connection changes: another profile, or the active profile's addresses,
   * mode or token edited. The app clears the query cache here so no answer crosses connections.
   */
  onActiveChange(listener: ActiveChangeListener): () => void;
}

/** What kc.profiles holds for one profile: never the token. Config profiles keep only the fields edited here. */
const StoredProfile = z.looseObject({
  id: z.string().check(z.minLength(1)),
  source: z.enum(['config', 'user']),
  name: z.optional(z.string()),
  base_url: z.optional(z.string()),
  secondary_url: z.optional(z.string()),
  mode: z.optional(z.enum(['direct', 'proxied'])),
  knowledgeSettingsParam: z.optional(z.string()),
  rememberToken: z.optional(z.boolean()),
});
type StoredProfile = z.infer<typeof StoredProfile>;

/** A user profile as kept in storage: the Settings form's fields without the token (never stored). */
const StoredProfileInput = z.omit(ProfileInput, { token: true });

const EDITABLE = ['name', 'base_url', 'secondary_url', 'mode', 'knowledgeSettingsParam', 'rememberToken'] as const;

function fromConfig(p: ConsoleConfig['profiles'][number]): ConnectionProfile {
  return {
    id: p.id,
    name: p.name,
    base_url: p.base_url.trim(),
    secondary_url: p.secondary_url.trim(),
    token: p.token || undefined,
    mode: p.mode ?? 'direct',
    knowledgeSettingsParam: p.knowledge_settings_param ?? DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
    source: 'config',
    rememberToken: false,
    ...(p.stream_idle_timeout_ms !== undefined ? { streamIdleTimeoutMs: p.stream_idle_timeout_ms } : {}),
  };
}

/** Identity of a connection: when it changes, cached answers belong to another connection. */
function connectionKey(p: ConnectionProfile | null): string {
  return p ? JSON.stringify([p.id, p.base_url, p.secondary_url, p.mode, p.token ?? '', p.knowledgeSettingsParam]) : '';
}

function newProfileId(name: string, taken: (id: string) => boolean): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 24) || 'profile';
  for (;;) {
    const id = `user-${slug}-${newId().slice(0, 8)}`;
    if (!taken(id)) return id;
  }
}

export function createConnectionStore(options: ConnectionStoreOptions = {}): ConnectionStore {
  const local = safeStorage(() => (options.local !== undefined ? options.local : browserStorage('local')));
  const session = safeStorage(() => (options.session !== undefined ? options.session : browserStorage('session')));
  /** A write the browser refuses (quota, blocked storage) is said once in the console, not thrown. */
  const keep = (storage: typeof local, key: string, value: string) => {
    if (!storage.setText(key, value)) console.warn(`Could not store ${key}; the change lasts until reload.`);
  };

  let state: ConnectionState = { profiles: [], activeId: null };
  /** Config profiles as config.json gives them, to store only this browser's edits. */
  let configBase = new Map<string, ConnectionProfile>();
  const listeners = new Set<() => void>();
  const activeListeners = new Set<ActiveChangeListener>();

  const active = (s: ConnectionState) => s.profiles.find((p) => p.id === s.activeId) ?? null;
  const find = (id: string) => state.profiles.find((p) => p.id === id);

  function commit(next: ConnectionState): void {
    const previous = active(state);
    state = next;
    listeners.forEach((l) => l());
    const current = active(state);
    if (connectionKey(previous) !== connectionKey(current)) activeListeners.forEach((l) => l(current, previous));
  }

  function readStored(): StoredProfile[] {
    const stored = local.readJson(STORAGE_KEYS.profiles, {
      parse: (raw) =>
        Array.isArray(raw)
          ? raw.flatMap((item) => {
              const parsed = StoredProfile.safeParse(item);
              return parsed.success ? [parsed.data] : [];
            })
          : undefined,
      onUnreadable: (text) => {
        // Keep the unreadable text aside rather than overwrite it on the next save.
        keep(local, `${STORAGE_KEYS.profiles}.unreadable`, text);
        console.warn(
          `${STORAGE_KEYS.profiles} in localStorage is not JSON; it was set aside as ${STORAGE_KEYS.profiles}.unreadable.`,
        );
      },
    });
    return stored ?? [];
  }

  function persist(profiles: ConnectionProfile[]): void {
    const stored: StoredProfile[] = [];
    for (const p of profiles) {
      if (p.source === 'user') {
        stored.push({
          id: p.id,
          source: 'user',
          name: p.name,
          base_url: p.base_url,
          secondary_url: p.secondary_url,
          mode: p.mode,
          knowledgeSettingsParam: p.knowledgeSettingsParam,
          rememberToken: p.rememberToken,
        });
        continue;
      }
      const base = configBase.get(p.id);
      const edits: StoredProfile = { id: p.id, source: 'config' };
      let edited = false;
      for (const key of EDITABLE) {
        if (!base || base[key] !== p[key]) {
          (edits as Record<string, unknown>)[key] = p[key];
          edited = true;
        }
      }
      if (edited) stored.push(edits);
    }
    keep(local, STORAGE_KEYS.profiles, JSON.stringify(stored));
  }

  /** Applies the token rules: sessionStorage only with "remember" on, and never a token config.json supplies. */
  function storeToken(profile: ConnectionProfile): void {
    const key = STORAGE_KEYS.tokenPrefix + profile.id;
    const fromConfigFile = configBase.get(profile.id)?.token;
    if (profile.rememberToken && profile.token && profile.token !== fromConfigFile) keep(session, key, profile.token);
    else session.remove(key);
  }

  function userProfile(s: StoredProfile): ConnectionProfile | null {
    const input = StoredProfileInput.safeParse({
      name: s.name,
      base_url: s.base_url,
      secondary_url: s.secondary_url,
      mode: s.mode ?? 'direct',
      knowledgeSettingsParam: s.knowledgeSettingsParam ?? DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
      rememberToken: s.rememberToken ?? false,
    });
    if (!input.success) {
      const first = input.error.issues[0];
      console.warn(
        `Stored profile "${s.id}" is not valid and was skipped${first ? ` (${first.path.join('.')}: ${first.message})` : ''}.`,
      );
      return null;
    }
    return { id: s.id, source: 'user', ...input.data };
  }

  function setActiveId(next: ConnectionState, id: string | null): ConnectionState {
    if (id) keep(local, STORAGE_KEYS.activeProfile, id);
    else local.remove(STORAGE_KEYS.activeProfile);
    return { ...next, activeId: id };
  }

  const store: ConnectionStore = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    init(config) {
      configBase = new Map(config.profiles.map((p) => [p.id, fromConfig(p)]));
      const profiles: ConnectionProfile[] = [...configBase.values()].map((p) => ({ ...p }));
      for (const s of readStored()) {
        const index = profiles.findIndex((p) => p.id === s.id);
        if (s.source === 'config') {
          // Edits of a profile config.json no longer lists are stale: drop them.
          if (index < 0) continue;
          const edited = { ...profiles[index]! };
          for (const key of EDITABLE) if (s[key] !== undefined) (edited as Record<string, unknown>)[key] = s[key];
          profiles[index] = edited;
        } else if (index < 0) {
          const p = userProfile(s);
          if (p) profiles.push(p);
        }
      }
      for (const p of profiles) {
        const key = STORAGE_KEYS.tokenPrefix + p.id;
        const remembered = session.getText(key);
        if (p.rememberToken && remembered) p.token = remembered;
        else if (!p.rememberToken) session.remove(key);
      }
      const stored = local.getText(STORAGE_KEYS.activeProfile);
      const has = (id: string | null | undefined): id is string => !!id && profiles.some((p) => p.id === id);
      const activeId = has(stored)
        ? stored
        : has(config.default_profile)
          ? config.default_profile
          : (profiles[0]?.id ?? null);
      commit(setActiveId({ profiles, activeId: null }, activeId));
    },

    setActive(id) {
      if (!find(id)) throw new Error(`There is no connection profile "${id}".`);
      if (state.activeId === id) return;
      commit(setActiveId(state, id));
    },

    saveProfile(input, id) {
      const parsed = ProfileInput.safeParse(input);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new Error(first ? `${first.path.join('.')}: ${first.message}` : 'The profile is not valid.');
      }
      const fields = parsed.data;
      let profile: ConnectionProfile;
      if (id !== undefined) {
        const existing = find(id);
        if (!existing) throw new Error(`There is no connection profile "${id}".`);
        profile = { ...existing, ...fields, id: existing.id, source: existing.source };
      } else {
        profile = { ...fields, id: newProfileId(fields.name, (x) => !!find(x)), source: 'user' };
      }
      const profiles =
        id !== undefined ? state.profiles.map((p) => (p.id === id ? profile : p)) : [...state.profiles, profile];
      persist(profiles);
      storeToken(profile);
      const next = { ...state, profiles };
      commit(state.activeId === null ? setActiveId(next, profile.id) : next);
      return profile;
    },

    removeProfile(id) {
      const existing = find(id);
      if (!existing) return;
      if (existing.source === 'config')
        throw new Error(
          `"${existing.name}" comes from config.json and cannot be removed here; edit config.json instead.`,
        );
      const profiles = state.profiles.filter((p) => p.id !== id);
      persist(profiles);
      session.remove(STORAGE_KEYS.tokenPrefix + id);
      const next = { ...state, profiles };
      commit(state.activeId === id ? setActiveId(next, profiles[0]?.id ?? null) : next);
    },

    resetProfile(id) {
      const base = configBase.get(id);
      if (!base) throw new Error(`"${id}" is not a profile from config.json.`);
      const profiles = state.profiles.map((p) => (p.id === id ? { ...base } : p));
      persist(profiles);
      session.remove(STORAGE_KEYS.tokenPrefix + id);
      commit({ ...state, profiles });
    },

    setToken(id, token, remember) {
      const existing = find(id);
      if (!existing) throw new Error(`There is no connection profile "${id}".`);
      const profile: ConnectionProfile = { ...existing, token: token || undefined, rememberToken: remember };
      const profiles = state.profiles.map((p) => (p.id === id ? profile : p));
      persist(profiles);
      storeToken(profile);
      commit({ ...state, profiles });
    },

    getActiveProfile: () => active(state),

    onActiveChange(listener) {
      activeListeners.add(listener);
      return () => activeListeners.delete(listener);
    },
  };
  return store;
}

/** The console's one connection store (browser storage). */
export const connectionStore: ConnectionStore = createConnectionStore();
