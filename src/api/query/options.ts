import { queryOptions } from '@tanstack/react-query';
import { KnowledgeWithSettingsReadRecord } from '../../contract';
import { DEFAULT_KNOWLEDGE_SETTINGS_PARAM, type ConnectionProfile } from '../connection/profile';
import { connectionStore } from '../connection/store';
import { callEndpoint } from '../http/client';
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

export function documentTextsQuery(id: string, options: ProfileOption = {}) {
  const profile = bound(options.profile);
  return queryOptions({
    queryKey: apiKeys.documentTexts(profileKey(profile), id),
    queryFn: ({ signal }) => callEndpoint('getDocumentTexts', { params: { document_id: id }, signal, profile }),
  });
}
