import {
  CALL_BOUNDS,
  ApiError,
  callEndpoint,
  connectionStore,
  deleteKnowledgeDocument,
  isApiError,
  reportRefusedWrite,
  type ConnectionProfile,
} from '../../../api';
import { LIMITS } from '../../../contract';
import type { DeletionIo } from './tracker';
import type { TrackedDeletion } from './machine';

/**
 * The service really waits for the document lock for ~30 s before answering, so the DELETE gets the
 * lock window on top of the usual timeout; a shorter one would report a failure for an accepted call.
 */
export const DELETE_TIMEOUT_MS = LIMITS.deletion.lockWaitMs + CALL_BOUNDS.requestTimeoutMs;

/** Machine-readable check details (the page words them); anything else is an error message shown as is. */
export const CHECK_DETAIL = { baseInfoNotFound: 'base_info_404', totalFiles: 'total_files' } as const;

export interface DeletionIoDeps {
  /** The profile a deletion belongs to (its token is held in memory by the connection store). */
  profileFor(profileId: string): ConnectionProfile | null;
  activeProfileId(): string | null;
}

const storeDeps: DeletionIoDeps = {
  profileFor: (id) => connectionStore.getState().profiles.find((p) => p.id === id) ?? null,
  activeProfileId: () => connectionStore.getState().activeId,
};

function profileOf(deps: DeletionIoDeps, d: TrackedDeletion): ConnectionProfile {
  const profile = deps.profileFor(d.profileId);
  if (!profile)
    throw new ApiError({
      kind: 'no_profile',
      message: `The connection profile "${d.profileId}" of this deletion no longer exists.`,
    });
  return profile;
}

/**
 * How the tracker talks to the service. Every call goes through callEndpoint, so it is logged in
 * Activity and its ids enter the catalog. A check reads the document's base info (not found ⇒ gone),
 * then the knowledge base (total_files below the count before the delete ⇒ gone).
 */
export function createDeletionIo(deps: DeletionIoDeps = storeDeps): DeletionIo {
  return {
    async send(d) {
      const profile = profileOf(deps, d);
      try {
        await deleteKnowledgeDocument(d.knowledgeId, d.documentId, { profile, timeoutMs: DELETE_TIMEOUT_MS });
      } catch (error) {
        // Sent outside React Query: a refused token is told to the shell here (one notice pointing to Settings).
        reportRefusedWrite(error, profile.id);
        throw error;
      }
    },
    async check(d) {
      const profile = profileOf(deps, d);
      try {
        await callEndpoint('queryDocumentBase', { body: { document_id: d.documentId }, profile });
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && error.status === 404)
          return { result: 'gone', detail: CHECK_DETAIL.baseInfoNotFound };
        return { result: 'error', detail: isApiError(error) ? (error.serviceMessage ?? error.message) : String(error) };
      }
      try {
        const { record } = await callEndpoint('getKnowledge', { params: { knowledge_id: d.knowledgeId }, profile });
        const total = record.total_files;
        if (typeof total === 'number' && d.baselineTotalFiles !== undefined && total < d.baselineTotalFiles) {
          return { result: 'gone', detail: `${CHECK_DETAIL.totalFiles}:${total}` };
        }
        return {
          result: 'present',
          detail: typeof total === 'number' ? `${CHECK_DETAIL.totalFiles}:${total}` : undefined,
        };
      } catch (error) {
        return { result: 'error', detail: isApiError(error) ? (error.serviceMessage ?? error.message) : String(error) };
      }
    },
    activeProfileId: () => deps.activeProfileId(),
  };
}
