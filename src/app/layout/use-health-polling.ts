import { useEffect } from 'react';
import type { ConnectionProfile } from '../../api';
import { checkProfile, getProfileHealth } from '../../components';

/** How often the header re-checks the active profile while the tab is visible. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;

/**
 * Checks the active profile on start and on every switch, then every minute, but only while the
 * tab is visible: a hidden tab sends nothing, and catches up as soon as it is shown again.
 */
export function useHealthPolling(profile: ConnectionProfile | null): void {
  useEffect(() => {
    if (!profile) return;
    const check = () => {
      if (!getProfileHealth(profile.id).checking) void checkProfile(profile);
    };
    const stale = () => {
      const at = getProfileHealth(profile.id).checkedAt;
      return at === undefined || Date.now() - at >= HEALTH_CHECK_INTERVAL_MS;
    };
    check();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') check();
    }, HEALTH_CHECK_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && stale()) check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [profile]);
}
