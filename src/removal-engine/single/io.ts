import { reportRefusedWrite } from '../../api/auth/refusals';
import { CALL_BOUNDS } from '../../api/constants';
import { callEndpoint } from '../../api/http/client';
import { ApiError, isApiError } from '../../api/http/errors';
import { deleteKnowledgeDocument } from '../../api/query/mutations';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { LIMITS } from '../../contract/limits';
import type { DeletionIo } from './deletion-io';
import { confirmByReads, type ConfirmReads } from './confirm';
import type { TrackedDeletion } from './machine';

/**
 * The service really waits for the document lock for ~30 s before answering, so the DELETE gets the
 * lock window on top of the usual timeout; a shorter one would report a failure for an accepted call.
 */
export const DELETE_TIMEOUT_MS = LIMITS.deletion.lockWaitMs + CALL_BOUNDS.requestTimeoutMs;

export interface DeletionIoDeps {
  /** The profile a deletion belongs to (its token is held in memory by the connection store). */
  profileFor(profileId: string): ConnectionProfile | null;
  activeProfileId(): string | null;
}

export function profileOf(deps: DeletionIoDeps, d: Pick<TrackedDeletion, 'profileId'>): ConnectionProfile {
  const profile = deps.profileFor(d.profileId);
  if (!profile)
    throw new ApiError({
      kind: 'no_profile',
      message: `The connection profile "${d.profileId}" of this deletion no longer exists.`,
    });
  return profile;
}

/** The confirmation reads against the service, through callEndpoint (logged in Activity, ids into the catalog). */
export function serviceReads(profile: ConnectionProfile, remember = true): ConfirmReads {
  return {
    async baseInfoAnswers(documentId) {
      try {
        await callEndpoint('queryDocumentBase', { body: { document_id: documentId }, profile, remember });
        return true;
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && error.status === 404) return false;
        throw error;
      }
    },
    async totalFiles(knowledgeId) {
      const { record } = await callEndpoint('getKnowledge', {
        params: { knowledge_id: knowledgeId },
        profile,
        remember,
      });
      return typeof record.total_files === 'number' ? record.total_files : undefined;
    },
  };
}

/** Sends one DELETE with the lock window on top of the timeout; a refused token is told to the shell. */
export async function sendDelete(profile: ConnectionProfile, knowledgeId: string, documentId: string, remember = true) {
  try {
    await deleteKnowledgeDocument(knowledgeId, documentId, { profile, timeoutMs: DELETE_TIMEOUT_MS, remember });
  } catch (error) {
    // Sent outside React Query: a refused token is told to the shell here (one notice pointing to Settings).
    reportRefusedWrite(error, profile.id);
    throw error;
  }
}

/**
 * How the tracker talks to the service. A check reads the document's base info (not found ⇒ gone), then
 * the knowledge base (total_files below the count before the delete ⇒ gone): see confirmByReads.
 */
export function createDeletionIo(deps: DeletionIoDeps): DeletionIo {
  return {
    send: async (d) => sendDelete(profileOf(deps, d), d.knowledgeId, d.documentId),
    check: async (d) =>
      confirmByReads(serviceReads(profileOf(deps, d)), d, {
        baseline: d.baselineTotalFiles,
        confirmed: 0,
        awaiting: 1,
      }),
    activeProfileId: () => deps.activeProfileId(),
  };
}
