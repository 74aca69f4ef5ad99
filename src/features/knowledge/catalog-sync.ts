import { useEffect } from 'react';
import { catalogStore, type CatalogSighting, type RecordStatus } from '../../lib';
import type { Batch } from '../../removal-engine/batch/batch';
import type { TrackedDeletion } from '../../removal-engine/single/machine';

/** A tracked deletion's state as the catalog keeps it (what the document's page and the knowledge page say). */
export function statusOf(d: TrackedDeletion): RecordStatus | undefined {
  switch (d.state) {
    // Nothing until the service has the DELETE: a refused one (another knowledge base's document, 4xx) leaves the
    // catalog as it was, neither pending nor listed under this knowledge base.
    case 'requesting':
      return undefined;
    // Accepted, or perhaps accepted (its answer was lost): unproven either way.
    case 'pending':
    case 'unknown':
      return { state: 'pending', at: d.createdAt };
    case 'deleted':
      return {
        state: 'deleted',
        at: d.updatedAt,
        confirmedBy: d.confirmedBy === 'total_files' ? 'total_files' : 'read_404',
      };
    case 'not_deleted':
      return { state: 'seen', at: d.updatedAt };
    case 'failed':
      return undefined;
  }
}

/** The sightings that bring the catalog up to date with these deletions (none for what it already knows). */
export function deletionSightings(profileId: string, deletions: readonly TrackedDeletion[]): CatalogSighting[] {
  const out: CatalogSighting[] = [];
  for (const d of deletions) {
    if (d.profileId !== profileId) continue;
    const status = statusOf(d);
    if (!status) continue;
    const known = catalogStore.get(profileId, 'document', d.documentId);
    if (
      known?.knowledgeId === d.knowledgeId &&
      known.status?.state === status.state &&
      known.status.confirmedBy === status.confirmedBy
    )
      continue;
    out.push({ kind: 'document', id: d.documentId, label: d.documentName, knowledgeId: d.knowledgeId, status });
  }
  return out;
}

/**
 * Keeps the catalog's documents in step with this profile's deletions, single and bulk: a document deleted here is
 * known as deleted (when, how confirmed) on its own page, and listed with its knowledge base, after a reload too.
 */
export function useCatalogFromDeletions(
  profileId: string | undefined,
  deletions: readonly TrackedDeletion[],
  batches: readonly Batch[],
) {
  useEffect(() => {
    if (!profileId) return;
    const rows = batches
      .filter((b) => b.profileId === profileId)
      .flatMap((b) => b.rows.flatMap((r) => (r.deletion ? [r.deletion] : [])));
    catalogStore.remember(profileId, deletionSightings(profileId, [...deletions, ...rows]));
  }, [profileId, deletions, batches]);
}
