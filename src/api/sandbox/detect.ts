import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ConnectionProfile } from '../connection/profile';
import { fetchDemoSuite } from '../suites/demo';

/**
 * Whether a profile's service is the local sandbox: the sandbox serves its demo suite at GET /__sandbox/demo-suite
 * (no token), a real service does not. One detection for every sandbox-only offer (the demo suite, starter ids,
 * sample questions), asked once per profile and load; the answer is the suite (null: not a sandbox), so
 * "Add the demo suite" shares it (same key).
 */
export function sandboxDemoQuery(profile: ConnectionProfile) {
  return queryOptions({
    // Not under the profile's answer keys: saving a suite must not ask the service again.
    queryKey: ['sandbox-demo-suite', profile.id, profile.base_url],
    queryFn: async ({ signal }) => (await fetchDemoSuite(profile, signal)) ?? null,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * true for a sandbox, false for any other service (or no profile), undefined while unknown. Asked only while
 * `enabled` (a page that has something to offer), so a real service is not asked on every page.
 */
export function useSandboxProfile(
  profile: ConnectionProfile | null | undefined,
  { enabled = true }: { enabled?: boolean } = {},
): boolean | undefined {
  const query = useQuery(
    profile && enabled
      ? sandboxDemoQuery(profile)
      : { queryKey: ['sandbox-demo-suite', profile?.id ?? '', profile?.base_url ?? ''], queryFn: skipToken },
  );
  if (!profile) return false;
  if (query.isSuccess) return query.data !== null;
  return query.isError ? false : undefined;
}
