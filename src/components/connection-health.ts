import { skipToken, useQuery } from '@tanstack/react-query';
import { HEALTH_CHECK_INTERVAL_MS, healthKey, healthQuery, hostAnswers, NO_PROFILE_KEY, type HostCheck } from '../api';
import { type ConnectionProfile } from '../lib';
import type { StatusTone } from './StatusBadge';

/**
 * The last connection test of a profile. It is a query, shared by key: a test run in Settings also
 * updates the header's status dot, and the header's periodic check shows in Settings.
 */
export interface ProfileHealth {
  checking: boolean;
  result?: { base: HostCheck; secondary: HostCheck };
  /** Date.now() of the last finished check. */
  checkedAt?: number;
  /** Runs Test connection now. */
  check(): void;
}

/**
 * A profile's health. With `poll` (the header, for the active profile) it is checked on start and on
 * every switch, then every minute while the tab is visible (a hidden tab sends nothing and catches up,
 * when stale, as soon as it is shown again); without it the last check is only read, and `check()` runs one.
 */
export function useProfileHealth(
  profile: ConnectionProfile | null | undefined,
  { poll = false }: { poll?: boolean } = {},
): ProfileHealth {
  const query = useQuery({
    ...(profile ? healthQuery(profile) : { queryKey: healthKey(NO_PROFILE_KEY), queryFn: skipToken }),
    enabled: poll && !!profile,
    refetchInterval: poll ? HEALTH_CHECK_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: poll,
  });
  return {
    checking: query.fetchStatus === 'fetching',
    result: query.data,
    checkedAt: query.dataUpdatedAt || undefined,
    check: () => {
      if (!profile) return;
      // Asked for by the admin: each host is probed now, not judged by the page's last call.
      hostAnswers.forget(profile);
      void query.refetch();
    },
  };
}

/** Green when both hosts accepted the token, red when one did not, grey while unknown. */
export function healthTone(h: Pick<ProfileHealth, 'result'>): StatusTone {
  if (!h.result) return 'unknown';
  return h.result.base.kind === 'ok' && h.result.secondary.kind === 'ok' ? 'ok' : 'error';
}

/** The first host that failed, for the tooltip. */
export function failedHost(h: Pick<ProfileHealth, 'result'>): { host: 'base' | 'secondary'; check: HostCheck } | null {
  if (!h.result) return null;
  if (h.result.base.kind !== 'ok') return { host: 'base', check: h.result.base };
  if (h.result.secondary.kind !== 'ok') return { host: 'secondary', check: h.result.secondary };
  return null;
}
