import { callEndpoint } from '../../api/http/client';
import { isApiError } from '../../api/http/errors';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { probeAnswerOf, probeBody, type ProbeAnswer } from '../probe';

/**
 * A batch's probe calls to the service, with one profile, through callEndpoint (bearer auth, timeouts, the token
 * masked in anything logged): the knowledge base's dataset, a document's text read before its DELETE, and one probe
 * (a completion of the space, see probeBody). Left out of the id catalog, like the batch's other calls.
 */
export function createProbeIo(profile: ConnectionProfile) {
  return {
    /** The knowledge base's `dataset_id` (undefined when its read does not name one). */
    async datasetOf(knowledgeId: string): Promise<string | undefined> {
      const { record } = await callEndpoint('getKnowledge', {
        params: { knowledge_id: knowledgeId },
        profile,
        remember: false,
      });
      const id = (record as { dataset_id?: unknown }).dataset_id;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    },
    async readText(documentId: string): Promise<string[]> {
      const { record } = await callEndpoint('getDocumentTexts', {
        params: { document_id: documentId },
        profile,
        remember: false,
      });
      const contents = (record as { document_contents?: unknown }).document_contents;
      return Array.isArray(contents) ? contents.filter((c): c is string => typeof c === 'string') : [];
    },
    /** One probe; an HTTP failure is a failed probe (never "nothing found"), not a rejection. */
    async send(
      { spaceId }: { spaceId: string },
      request: { question: string; datasetId?: string; documentId?: string },
    ): Promise<ProbeAnswer> {
      try {
        const res = await callEndpoint('chatCompletions', {
          params: { space_id: spaceId },
          body: probeBody(request),
          profile,
          remember: false,
        });
        return probeAnswerOf(res.status, res.raw);
      } catch (error) {
        if (isApiError(error))
          return { ok: false, status: error.status, message: error.serviceMessage ?? error.message };
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
