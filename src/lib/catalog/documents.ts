import type { CatalogEntry } from './types';

/** A knowledge base as the catalog can place documents in it: its id, and its dataset when its read named one. */
export interface KnowledgePlace {
  knowledgeId: string;
  datasetId?: string;
}

/** Whether the catalog has seen this document in the knowledge base (an answer placed it there, or in its dataset). */
export function isIn(entry: CatalogEntry, place: KnowledgePlace): boolean {
  return (
    entry.kind === 'document' &&
    (entry.knowledgeId === place.knowledgeId ||
      (place.datasetId !== undefined && entry.knowledgeId === undefined && entry.datasetId === place.datasetId))
  );
}

/**
 * The documents this browser has seen in a knowledge base (the service lists none), most recently learnt first:
 * `entries` is one profile's catalog (useCatalog), in any order.
 */
export function documentsIn(entries: readonly CatalogEntry[], place: KnowledgePlace): CatalogEntry[] {
  return entries
    .filter((e) => isIn(e, place))
    .sort((a, b) => (b.status?.at ?? b.lastSeenAt) - (a.status?.at ?? a.lastSeenAt));
}

/** Documents that may still be deleted: not known as deleted, or as gone. */
export const stillThere = (e: CatalogEntry) => e.status?.state !== 'deleted' && e.status?.state !== 'not_retrieved';
