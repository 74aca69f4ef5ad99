import type { ConnectionProfile } from '../../lib/profiles/profile';

/** The key prefix of a query made without a profile; such a query fails with kind 'no_profile'. */
export const NO_PROFILE_KEY = '__no_profile__';

export const profileKey = (profile: ConnectionProfile | null): string => profile?.id ?? NO_PROFILE_KEY;

/**
 * Query keys. Every key starts with the profile id so two profiles never share a cached answer;
 * a prefix invalidates everything below it (e.g. apiKeys.knowledge(p, id) covers both variants).
 */
export const apiKeys = {
  profile: (profileId: string) => [profileId] as const,
  knowledge: (profileId: string, id: string) => [profileId, 'knowledge', id] as const,
  dataset: (profileId: string, id: string) => [profileId, 'dataset', id] as const,
  document: (profileId: string, id: string) => [profileId, 'document', id] as const,
  documentBase: (profileId: string, id: string) => [profileId, 'document', id, 'base'] as const,
  documentTexts: (profileId: string, id: string) => [profileId, 'document', id, 'texts'] as const,
};
