import { queryOptions, skipToken, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { KnowledgeWithSettingsReadRecord } from '../../contract';
import { DEFAULT_KNOWLEDGE_SETTINGS_PARAM, type ConnectionProfile } from '../../lib/profiles/profile';
import { connectionStore } from '../../lib/profiles/store';
import { callEndpoint } from '../http/client';
import { firstStringItems } from '../http/first-items';
import { apiKeys, profileKey } from './keys';

export interface ProfileOption {
  /** Default: the active profile when the options are made. */
  profile?: ConnectionProfile | null;
}

/** The profile a query is bound to; its key and its queryFn use the same one. */
const bound = (profile: ConnectionProfile | null | undefined): ConnectionProfile | null =>
  profile === undefined ? connectionStore.getActiveProfile() : profile;

export interface KnowledgeQueryOptions extends ProfileOption {
  withSettings?: boolean;
  /** The "with settings" query parameter's name (not shown by the spec). Default: the profile's knowledgeSettingsParam. */
  param?: string;
}

/** Get knowledge; "with settings" sends `?<param>=true` and expects extra fields without drift. */
export function knowledgeQuery(id: string, options: KnowledgeQueryOptions = {}) {
  const profile = bound(options.profile);
  const withSettings = options.withSettings ?? false;
  const param = options.param ?? profile?.knowledgeSettingsParam ?? DEFAULT_KNOWLEDGE_SETTINGS_PARAM;
  return queryOptions({
    queryKey: [
      ...apiKeys.knowledge(profileKey(profile), id),
      { withSettings, param: withSettings ? param : null },
    ] as const,
    queryFn: ({ signal }) =>
      callEndpoint('getKnowledge', {
        params: { knowledge_id: id },
        query: withSettings ? { [param]: true } : undefined,
        responseRecord: withSettings ? KnowledgeWithSettingsReadRecord : undefined,
        signal,
        profile,
      }),
  });
}

export function datasetQuery(id: string, options: ProfileOption = {}) {
  const profile = bound(options.profile);
  return queryOptions({
    queryKey: apiKeys.dataset(profileKey(profile), id),
    queryFn: ({ signal }) => callEndpoint('getDataset', { params: { dataset_id: id }, signal, profile }),
  });
}

/** Query document base info is a POST but only reads, so it is a query (cached, retried on 5xx). */
export function documentBaseQuery(id: string, options: ProfileOption = {}) {
  const profile = bound(options.profile);
  return queryOptions({
    queryKey: apiKeys.documentBase(profileKey(profile), id),
    queryFn: ({ signal }) => callEndpoint('queryDocumentBase', { body: { document_id: id }, signal, profile }),
  });
}

/**
 * A large text's preview: its first this many pieces, shown once they are in. More than a tall screen shows (the
 * pieces' box is at most 48rem, a row at least 40 px) and few enough to lay out as plain rows, without the
 * virtualizer's measuring (documents/PieceList.tsx PiecePreview); a text with fewer is not drawn twice.
 */
export const PREVIEW_PIECES = 30;
/**
 * How long the whole answer waits for a page to show the preview: the read can start before the page has mounted (a
 * cold load's first script asks for it at once), and parsing 3.7 MB first would hold the page's first paint behind it.
 */
const PREVIEW_SHOWN_WAIT_MS = 1_000;

/** Resolves once a query has an observer (a mounted page reads it), or after PREVIEW_SHOWN_WAIT_MS. */
function observed(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const cache = client.getQueryCache();
  const isObserved = () => (cache.find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
  if (isObserved()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, PREVIEW_SHOWN_WAIT_MS);
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === 'observerAdded' && isObserved()) done();
    });
  });
}

/**
 * A document's full text. While a large one arrives (3.7 MB for 50,000 pieces), its first pieces go to
 * documentTextsPreviewQuery as soon as they are in, and the whole answer is read and checked once a page shows
 * them (or nobody has come to within a second); the preview is dropped when the answer is in. Not on a refetch: the
 * text on screen stays until then.
 */
export function documentTextsQuery(id: string, options: ProfileOption = {}) {
  const profile = bound(options.profile);
  const queryKey = apiKeys.documentTexts(profileKey(profile), id);
  const previewKey = documentTextsPreviewQuery(id, { profile }).queryKey;
  return queryOptions({
    queryKey,
    // React Query's signal is left unused, so the read is not cancelled when its last observer goes: a page
    // remounted while the text arrives (seen on cold loads of a busy machine) would otherwise abort it and send it
    // again, 3.7 MB for the largest. The transport's timeout still ends it; a text left behind lands in the cache.
    queryFn: async ({ client }) => {
      const showsText = client.getQueryData(queryKey) !== undefined;
      try {
        return await callEndpoint('getDocumentTexts', {
          params: { document_id: id },
          profile,
          onFirstText: showsText
            ? undefined
            : (text) => {
                const pieces = firstStringItems(text, 'document_contents', PREVIEW_PIECES);
                if (pieces.length < PREVIEW_PIECES) return undefined;
                client.setQueryData(previewKey, pieces);
                return observed(client, previewKey);
              },
        });
      } finally {
        client.removeQueries({ queryKey: previewKey, exact: true });
      }
    },
  });
}

/** The first pieces of a document's text while the rest arrives (documentTextsQuery sets them); never fetched. */
export function documentTextsPreviewQuery(id: string, options: ProfileOption = {}) {
  const profile = bound(options.profile);
  return queryOptions<readonly string[]>({
    queryKey: [...apiKeys.documentTexts(profileKey(profile), id), 'preview'] as const,
    queryFn: skipToken,
    staleTime: Infinity,
  });
}
