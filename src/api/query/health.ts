import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ConnectionProfile } from '../connection/profile';
import { testConnection } from '../connection/test-connection';

/** How often the header re-checks the active profile while the tab is visible. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;

const HEALTH = '__health__';

/** Health is kept per profile, outside any profile's answers: it describes the profile, not its data. */
export const healthKey = (profileId: string) => [HEALTH, profileId] as const;

export const isHealthKey = (key: QueryKey) => key[0] === HEALTH;

/**
 * Test connection of a saved profile, as a query: one check at a time per profile (React Query de-duplicates),
 * fresh for a minute, kept for the session (Settings shows every profile's last check). testConnection
 * reports failures as results, so the query itself does not fail or retry.
 */
export function healthQuery(profile: ConnectionProfile) {
  return queryOptions({
    queryKey: healthKey(profile.id),
    queryFn: ({ signal }) => testConnection(profile, { signal }),
    staleTime: HEALTH_CHECK_INTERVAL_MS,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * Forgets every cached answer when the active profile changes (an answer cached for one connection must never
 * show under another), but keeps each profile's health, so Settings still shows the other profiles' last checks.
 */
export function clearAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isHealthKey(query.queryKey) });
}
