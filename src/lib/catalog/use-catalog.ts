import { useSyncExternalStore } from 'react';
import { catalogStore } from '.';
import type { CatalogEntry, CatalogKind } from './types';

/** Entries of one profile (and kind), most recently seen first, pinned ones first. */
export function useCatalog(profileId: string | null | undefined, kind?: CatalogKind): CatalogEntry[] {
  const all = useSyncExternalStore(catalogStore.subscribe, catalogStore.getSnapshot, catalogStore.getSnapshot);
  if (!profileId) return [];
  const list = all.filter((e) => e.profileId === profileId && (kind === undefined || e.kind === kind));
  return [...list.filter((e) => e.pinned), ...list.filter((e) => !e.pinned)];
}
