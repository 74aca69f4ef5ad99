import { safeStorage, type StorageLike } from '../storage/web-storage';
import { CatalogEntry, CatalogFile, type CatalogKind, type CatalogSighting } from './types';

const STORAGE_KEY = 'kc.catalog.v1';
/** Unpinned entries kept per profile and kind; the oldest are forgotten first. */
export const CATALOG_RECENT_LIMIT = 200;
/** A record larger than this is not kept (localStorage holds about 5 MB in all). */
export const CATALOG_RECORD_MAX_CHARS = 32_000;

type Listener = () => void;

const keyOf = (e: Pick<CatalogEntry, 'profileId' | 'kind' | 'id'>) => `${e.profileId}\u0000${e.kind}\u0000${e.id}`;

function fitRecord(record: unknown): unknown {
  if (record === undefined) return undefined;
  try {
    const text = JSON.stringify(record);
    return text !== undefined && text.length <= CATALOG_RECORD_MAX_CHARS ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface ImportReport {
  added: number;
  updated: number;
  rejected: number;
}

/** The id catalog: every id met, per connection profile and kind, persisted in localStorage (no secrets). */
export function createCatalogStore(storage: StorageLike | null | undefined, now: () => number = Date.now) {
  const kept = safeStorage(storage);
  let entries = new Map<string, CatalogEntry>();
  let snapshot: CatalogEntry[] = [];
  const listeners = new Set<Listener>();

  /** A corrupt catalog, or a corrupt entry, is dropped rather than breaking the console. */
  function load() {
    const list = kept.readJson(STORAGE_KEY, { parse: (value) => (Array.isArray(value) ? value : undefined) }) ?? [];
    for (const item of list) {
      const parsed = CatalogEntry.safeParse(item);
      if (parsed.success) entries.set(keyOf(parsed.data), parsed.data);
    }
  }

  function prune() {
    const groups = new Map<string, CatalogEntry[]>();
    for (const e of entries.values()) {
      if (e.pinned) continue;
      const g = `${e.profileId}\u0000${e.kind}`;
      (groups.get(g) ?? groups.set(g, []).get(g)!).push(e);
    }
    for (const group of groups.values()) {
      if (group.length <= CATALOG_RECENT_LIMIT) continue;
      group.sort((a, b) => b.lastSeenAt - a.lastSeenAt);
      for (const old of group.slice(CATALOG_RECENT_LIMIT)) entries.delete(keyOf(old));
    }
  }

  function commit() {
    prune();
    snapshot = [...entries.values()].sort((a, b) => b.lastSeenAt - a.lastSeenAt);
    // Refused (quota, blocked storage): the catalog keeps working in memory.
    kept.writeJson(STORAGE_KEY, snapshot);
    for (const l of listeners) l();
  }

  load();
  snapshot = [...entries.values()].sort((a, b) => b.lastSeenAt - a.lastSeenAt);

  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** All entries, most recently seen first. Stable between changes (for useSyncExternalStore). */
    getSnapshot: () => snapshot,
    list(profileId: string, kind?: CatalogKind): CatalogEntry[] {
      return snapshot.filter((e) => e.profileId === profileId && (kind === undefined || e.kind === kind));
    },
    get(profileId: string, kind: CatalogKind, id: string): CatalogEntry | undefined {
      return entries.get(keyOf({ profileId, kind, id }));
    },
    /** Remembers ids; a later sighting refreshes the label and record but keeps the pin. */
    remember(profileId: string, sightings: CatalogSighting[]) {
      if (!sightings.length) return;
      for (const s of sightings) {
        const id = s.id.trim();
        if (!id) continue;
        const prev = entries.get(keyOf({ profileId, kind: s.kind, id }));
        const record = fitRecord(s.record);
        entries.set(keyOf({ profileId, kind: s.kind, id }), {
          profileId,
          kind: s.kind,
          id,
          label: s.label?.slice(0, 512) || prev?.label,
          lastRecord: record ?? prev?.lastRecord,
          lastSeenAt: now(),
          pinned: prev?.pinned ?? false,
        });
      }
      commit();
    },
    setPinned(profileId: string, kind: CatalogKind, id: string, pinned: boolean) {
      const prev = entries.get(keyOf({ profileId, kind, id }));
      if (!prev) return;
      entries.set(keyOf(prev), { ...prev, pinned });
      commit();
    },
    forget(profileId: string, kind: CatalogKind, id: string) {
      if (entries.delete(keyOf({ profileId, kind, id }))) commit();
    },
    /** JSON for download; one profile's entries or all. */
    exportJson(profileId?: string): string {
      const list = profileId ? snapshot.filter((e) => e.profileId === profileId) : snapshot;
      return JSON.stringify(
        { format: 'knowledge-console-catalog', version: 1, exportedAt: now(), entries: list },
        null,
        2,
      );
    },
    /**
     * Merges an exported file; invalid entries are counted and skipped, never half-applied.
     * `intoProfile` files every entry under that profile (a teammate's export carries their profile ids).
     */
    importJson(text: string, options: { intoProfile?: string } = {}): ImportReport {
      let file: unknown;
      try {
        file = JSON.parse(text);
      } catch {
        throw new Error('The file is not JSON.');
      }
      const parsed = CatalogFile.safeParse(file);
      if (!parsed.success) throw new Error('The file is not a Knowledge Console catalog export.');
      const report: ImportReport = { added: 0, updated: 0, rejected: 0 };
      for (const item of parsed.data.entries) {
        const retargeted =
          options.intoProfile && item && typeof item === 'object' && !Array.isArray(item)
            ? { ...item, profileId: options.intoProfile }
            : item;
        const entry = CatalogEntry.safeParse(retargeted);
        if (!entry.success) {
          report.rejected++;
          continue;
        }
        const key = keyOf(entry.data);
        const prev = entries.get(key);
        if (!prev) {
          entries.set(key, { ...entry.data, lastRecord: fitRecord(entry.data.lastRecord) });
          report.added++;
        } else {
          entries.set(key, {
            ...prev,
            label: entry.data.label ?? prev.label,
            pinned: prev.pinned || entry.data.pinned,
            lastSeenAt: Math.max(prev.lastSeenAt, entry.data.lastSeenAt),
            lastRecord:
              entry.data.lastSeenAt > prev.lastSeenAt
                ? (fitRecord(entry.data.lastRecord) ?? prev.lastRecord)
                : prev.lastRecord,
          });
          report.updated++;
        }
      }
      commit();
      return report;
    },
    /** Test helper and "reset" action. */
    clear() {
      entries = new Map();
      commit();
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;
