import { callEndpoint } from '../../api/http/client';
import { isApiError } from '../../api/http/errors';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { placeFound, type CheckTarget, type Lookup } from './check-first';

/**
 * The check before confirming, for one id (./batch-io.ts's lookUp): does the document exist, its name, and its
 * knowledge base if the read says. A 404 is "unknown"; any other failure (the profile gone too) "unchecked", with
 * the service's words.
 */
export async function lookUpDocument(
  profile: () => ConnectionProfile,
  documentId: string,
  target: CheckTarget,
): Promise<Lookup> {
  try {
    const { record } = await callEndpoint('queryDocumentBase', {
      body: { document_id: documentId },
      profile: profile(),
      remember: false,
    });
    return placeFound(documentId, record as Record<string, unknown>, target);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404)
      return { id: documentId, status: 'unknown' };
    return {
      id: documentId,
      status: 'unchecked',
      error: isApiError(error) ? (error.serviceMessage ?? error.message) : String(error),
    };
  }
}
