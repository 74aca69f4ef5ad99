import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { checkConnection } from '../connection/connection-check';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { sandboxStartersQuery } from '../sandbox/starters';

/** How often the header re-checks the active profile while the tab is visible. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;

const HEALTH = '__health__';

/** Health is kept per profile, outside any profile's answers: it describes the profile, not its data. */
export const healthKey = (profileId: string) => [HEALTH, profileId] as const;

export const isHealthKey = (key: QueryKey) => key[0] === HEALTH;

/**
 * Test connection of a saved profile, as a query: one check at a time per profile (React Query de-duplicates),
 * fresh for a minute, kept for the session (Settings shows every profile's last check). A host that answered one
 * of the console's calls within the minute is not asked again (checkConnection). Failures are results, so the query
 * itself does not fail or retry.
 */
export function healthQuery(profile: ConnectionProfile) {
  return queryOptions({
    queryKey: healthKey(profile.id),
    queryFn: ({ signal, client }) =>
      checkConnection(profile, {
        signal,
        maxAgeMs: HEALTH_CHECK_INTERVAL_MS,
        // The sandbox detection every sandbox-only offer shares; any failure means "not a sandbox".
        sandboxStarters: () => client.fetchQuery(sandboxStartersQuery(profile)).catch(() => null),
      }),
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
