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

/**
 * When the ids remembered from answers are written: `fn` runs once, later. The default waits at least
 * CATALOG_WRITE_DELAY_MS, then for an idle moment (at most as long again): sorting and writing the whole catalog took
 * 57 ms on a suite run's main thread when done after every answer. What is pending is written at once when the page is
 * left (`flushWhenLeaving`).
 */
export type ScheduleWrite = (fn: () => void) => void;

/** Least time between two writes of ids remembered from answers. */
export const CATALOG_WRITE_DELAY_MS = 1000;

const laterWhenIdle: ScheduleWrite = (fn) => {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: CATALOG_WRITE_DELAY_MS });
    else fn();
  }, CATALOG_WRITE_DELAY_MS);
};

/**
 * The id catalog: every id met, per connection profile and kind, persisted in localStorage (no secrets).
 * The admin's own changes (pin, forget, import, clear) are written at once; ids remembered from answers are kept in
 * memory at once (`get`, `list`, `getSnapshot` see them) and written, with listeners told, once per scheduled write.
 */
export function createCatalogStore(
  storage: StorageLike | null | undefined,
  now: () => number = Date.now,
  scheduleWrite: ScheduleWrite = laterWhenIdle,
) {
  const kept = safeStorage(storage);
  let entries = new Map<string, CatalogEntry>();
  let snapshot: CatalogEntry[] = [];
  /** Entries changed since `snapshot` was sorted. */
  let stale = false;
  /** A write is scheduled. */
  let pending = false;
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

  function sorted(): CatalogEntry[] {
    if (stale) {
      snapshot = [...entries.values()].sort((a, b) => b.lastSeenAt - a.lastSeenAt);
      stale = false;
    }
    return snapshot;
  }

  function commit() {
    pending = false;
    prune();
    stale = true;
    // Refused (quota, blocked storage): the catalog keeps working in memory.
    kept.writeJson(STORAGE_KEY, sorted());
    for (const l of listeners) l();
  }

  /** Writes what is pending now, if anything (the page is being left). */
  function flush() {
    if (pending) commit();
  }

  function commitLater() {
    stale = true;
    if (pending) return;
    pending = true;
    scheduleWrite(flush);
  }

  load();
  snapshot = [...entries.values()].sort((a, b) => b.lastSeenAt - a.lastSeenAt);

  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** All entries, most recently seen first. Stable between changes (for useSyncExternalStore). */
    getSnapshot: sorted,
    list(profileId: string, kind?: CatalogKind): CatalogEntry[] {
      return sorted().filter((e) => e.profileId === profileId && (kind === undefined || e.kind === kind));
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
        const knowledgeId = s.knowledgeId ?? prev?.knowledgeId;
        const datasetId = s.datasetId ?? prev?.datasetId;
        const status = s.status ? { ...s.status, at: s.status.at ?? now() } : prev?.status;
        entries.set(keyOf({ profileId, kind: s.kind, id }), {
          profileId,
          kind: s.kind,
          id,
          label: s.label?.slice(0, 512) || prev?.label,
          lastRecord: record ?? prev?.lastRecord,
          lastSeenAt: now(),
          pinned: prev?.pinned ?? false,
          ...(knowledgeId ? { knowledgeId: knowledgeId.slice(0, 256) } : {}),
          ...(datasetId ? { datasetId: datasetId.slice(0, 256) } : {}),
          ...(status ? { status } : {}),
        });
      }
      commitLater();
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
      const all = sorted();
      const list = profileId ? all.filter((e) => e.profileId === profileId) : all;
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
    flush,
    /** Test helper and "reset" action. */
    clear() {
      entries = new Map();
      commit();
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

/**
 * Writes the catalog's pending ids when the page is hidden or left (a closed tab, a reload, another app in front):
 * `pagehide` is the last event a closing page reliably gets, `visibilitychange` to hidden the last one on mobile.
 */
export function flushWhenLeaving(
  store: Pick<CatalogStore, 'flush'>,
  win: Pick<EventTarget, 'addEventListener'>,
  doc: Pick<EventTarget, 'addEventListener'> & { visibilityState: DocumentVisibilityState },
) {
  win.addEventListener('pagehide', () => store.flush());
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') store.flush();
  });
}
