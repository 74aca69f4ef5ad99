import { useSyncExternalStore } from 'react';
import { browserStorage } from '../storage/web-storage';
import { createCatalogStore } from './store';
import type { CatalogEntry, CatalogKind } from './types';

export * from './types';
export { createCatalogStore, CATALOG_RECENT_LIMIT, type CatalogStore, type ImportReport } from './store';
export { sightingsFor } from './sightings';

/** The console's one catalog. */
export const catalogStore = createCatalogStore(browserStorage('local'));

/** Entries of one profile (and kind), most recently seen first, pinned ones first. */
export function useCatalog(profileId: string | null | undefined, kind?: CatalogKind): CatalogEntry[] {
  const all = useSyncExternalStore(catalogStore.subscribe, catalogStore.getSnapshot, catalogStore.getSnapshot);
  if (!profileId) return [];
  const list = all.filter((e) => e.profileId === profileId && (kind === undefined || e.kind === kind));
  return [...list.filter((e) => e.pinned), ...list.filter((e) => !e.pinned)];
}
