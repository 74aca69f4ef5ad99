import { isPathId } from '../../contract/path-id';
import { z } from '../../contract/zod';

export const CATALOG_KINDS = ['knowledge', 'dataset', 'document', 'conversation', 'agent', 'space'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

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
}
