import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { browserStorage, safeStorage } from '../../lib/storage/web-storage';
import { fetchDemoSuiteBody } from './demo-suite';

/**
 * Addresses that answered "no demo suite here" in this tab: a real service is asked once per tab, not on every page
 * load (its 404 shows in red in the browser's console). A sandbox is asked each load (its 200 is harmless).
 */
const notSandbox = safeStorage(() => browserStorage('session'));
const NOT_SANDBOX_KEY = (baseUrl: string) => `kc.notSandbox.${baseUrl}`;

/**
 * Whether a profile's service is the local sandbox: the sandbox serves its demo suite at GET /__sandbox/demo-suite
 * (no token), a real service does not. One detection for every sandbox-only offer (the demo suite, starter ids,
 * sample questions), asked once per profile and load; the answer is the suite as sent, unchecked (null: not a
 * sandbox), so "Add the demo suite" shares it (same key) and checks it (demoSuiteOf) in the suites chunk.
 */
export function sandboxDemoQuery(profile: ConnectionProfile) {
  return queryOptions({
    // Not under the profile's answer keys: saving a suite must not ask the service again.
    queryKey: ['sandbox-demo-suite', profile.id, profile.base_url],
    queryFn: async ({ signal }) => {
      if (notSandbox.getText(NOT_SANDBOX_KEY(profile.base_url)) !== null) return null;
      // A network failure throws (unknown, asked again next load); an answer without the suite is a verdict.
      const suite = (await fetchDemoSuiteBody(profile, signal)) ?? null;
      if (suite === null) notSandbox.setText(NOT_SANDBOX_KEY(profile.base_url), '1');
      return suite;
    },
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
