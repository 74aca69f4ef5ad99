import { z } from '../../contract/zod';

export const CATALOG_KINDS = ['knowledge', 'dataset', 'document', 'conversation', 'agent', 'space'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** One id the console has met. Nothing secret: ids, labels and the last record the service returned. */
export const CatalogEntry = z.object({
  profileId: z.string().min(1),
  kind: z.enum(CATALOG_KINDS),
  id: z.string().min(1).max(256),
  label: z.string().max(512).optional(),
  lastRecord: z.unknown().optional(),
  lastSeenAt: z.number(),
  pinned: z.boolean(),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

export const CatalogFile = z.object({
  format: z.literal('knowledge-console-catalog'),
  version: z.literal(1),
  exportedAt: z.number().optional(),
  entries: z.array(z.unknown()),
});

export interface CatalogSighting {
  kind: CatalogKind;
  id: string;
  label?: string;
  record?: unknown;
}
