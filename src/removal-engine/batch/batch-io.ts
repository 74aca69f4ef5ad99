import { confirmByReads } from '../single/confirm';
import { profileOf, sendDelete, serviceReads, type DeletionIoDeps } from '../single/io';
import type { CheckTarget, Lookup } from './check-first';
import type { BatchIo } from './batch-requests';

/**
 * A batch's calls to the service: the same DELETE and confirmation reads as a single deletion (through
 * callEndpoint, logged in Activity). They leave the id catalog alone: a thousand documents would push out the
 * ids the admin met, and rewriting the catalog on every call would cost the page more than the calls. Checks
 * that run together share one read of the knowledge base instead of each asking for total_files.
 */
export function createBatchIo(deps: DeletionIoDeps): BatchIo & {
  lookUp(profileId: string, documentId: string, target: CheckTarget): Promise<Lookup>;
} {
  const totals = new Map<string, Promise<number | undefined>>();
  const sharedTotal = (key: string, read: () => Promise<number | undefined>) => {
    let p = totals.get(key);
    if (!p) {
      p = read().finally(() => totals.delete(key));
      totals.set(key, p);
    }
    return p;
  };
  return {
    send: async (d) => sendDelete(profileOf(deps, d), d.knowledgeId, d.documentId, false),
    async check(d, context) {
      const reads = serviceReads(profileOf(deps, d), false);
      return confirmByReads(
        {
          baseInfoAnswers: reads.baseInfoAnswers,
          totalFiles: (k) => sharedTotal(`${d.profileId}\u0000${k}`, () => reads.totalFiles(k)),
        },
        d,
        context,
      );
    },
    async baselineTotalFiles(batch) {
      return serviceReads(profileOf(deps, batch), false).totalFiles(batch.knowledgeId);
    },
    /**
     * The check before confirming: does the document exist, its name, and its knowledge base if the read says.
     * Loaded when the bulk dialog first checks (./look-up.ts), not with the batches a page resumes.
     */
    async lookUp(profileId, documentId, target) {
      const { lookUpDocument } = await import('./look-up');
      return lookUpDocument(() => profileOf(deps, { profileId }), documentId, target);
    },
  };
}
