import { isPathId } from '../../contract/path-id';
import { z } from '../../contract/zod';

export const CATALOG_KINDS = ['knowledge', 'dataset', 'document', 'conversation', 'agent', 'space'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/**
 * What this browser last knew of a document: `seen` (a read answered, or an answer cited it), `pending` (a DELETE was
 * accepted, not yet confirmed: its 200 proves nothing), `deleted` (a deletion this profile sent, confirmed), and
 * `not_retrieved` (a read of it answered "not found" with no deletion of ours: gone, or never there).
 */
export const DOCUMENT_STATES = ['seen', 'pending', 'deleted', 'not_retrieved'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** How a deletion this profile sent was confirmed: the record's read answered 404, or its knowledge base's count fell. */
export const CONFIRMATIONS = ['read_404', 'total_files', 'delete_200'] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** A record's last known state, and when it was learnt. */
export const RecordStatus = z.object({
  state: z.enum(DOCUMENT_STATES),
  at: z.number(),
  /** For `deleted`: how it was confirmed. */
  confirmedBy: z.optional(z.enum(CONFIRMATIONS)),
});
export type RecordStatus = z.infer<typeof RecordStatus>;

/** One id the console has met. Nothing secret: ids, labels and the last record the service returned. */
export const CatalogEntry = z.object({
  profileId: z.string().check(z.minLength(1)),
  kind: z.enum(CATALOG_KINDS),
  // Every entry opens a page that puts its id into a request's path: one that could change that path is refused.
  id: z.string().check(z.minLength(1), z.maxLength(256), z.refine(isPathId)),
  label: z.optional(z.string().check(z.maxLength(512))),
  lastRecord: z.optional(z.unknown()),
  lastSeenAt: z.number(),
  pinned: z.boolean(),
  /** A document's knowledge base, once an answer showed it (an accepted DELETE under it, a base info naming it). */
  knowledgeId: z.optional(z.string().check(z.maxLength(256))),
  /** A document's dataset, once an answer showed it (a completion's cited piece). */
  datasetId: z.optional(z.string().check(z.maxLength(256))),
  /** A document's or conversation's last known state. */
  status: z.optional(RecordStatus),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

export const CatalogFile = z.object({
  format: z.literal('knowledge-console-catalog'),
  version: z.literal(1),
  exportedAt: z.optional(z.number()),
  entries: z.array(z.unknown()),
});

export interface CatalogSighting {
  kind: CatalogKind;
  id: string;
  label?: string;
  record?: unknown;
  knowledgeId?: string;
  datasetId?: string;
  /** Said only by what knows it (a read, a DELETE's answer): a citation leaves the known state as it was. */
  status?: Omit<RecordStatus, 'at'> & { at?: number };
}
