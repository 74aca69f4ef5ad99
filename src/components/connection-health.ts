import { useSyncExternalStore } from 'react';
import { testConnection, type ConnectionProfile, type HostCheck } from '../api';
import type { StatusTone } from './StatusBadge';

/**
 * The last connection test of each profile, shared so a test run in Settings also updates the
 * header's status dot, and the header's periodic check shows in Settings.
 */
export interface ProfileHealth {
  checking: boolean;
  result?: { base: HostCheck; secondary: HostCheck };
  /** Date.now() of the last finished check. */
  checkedAt?: number;
}

const health = new Map<string, ProfileHealth>();
const listeners = new Set<() => void>();
const EMPTY: ProfileHealth = { checking: false };

function set(id: string, value: ProfileHealth): void {
  health.set(id, value);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getProfileHealth(id: string | undefined): ProfileHealth {
  return (id && health.get(id)) || EMPTY;
}

export function useProfileHealth(id: string | undefined): ProfileHealth {
  return useSyncExternalStore(
    subscribe,
    () => getProfileHealth(id),
    () => EMPTY,
  );
}

/** Runs Test connection for a saved profile and records the outcome. */
export async function checkProfile(profile: ConnectionProfile): Promise<{ base: HostCheck; secondary: HostCheck }> {
  set(profile.id, { ...getProfileHealth(profile.id), checking: true });
  try {
    const result = await testConnection(profile);
    set(profile.id, { checking: false, result, checkedAt: Date.now() });
    return result;
  } catch (error) {
    // testConnection reports failures as results; anything thrown is a bug, still shown as a failed check.
    const check: HostCheck = { kind: 'error', message: String(error), durationMs: 0, url: '' };
    const result = { base: check, secondary: check };
    set(profile.id, { checking: false, result, checkedAt: Date.now() });
    return result;
  }
}

/** Green when both hosts accepted the token, red when one did not, grey while unknown. */
export function healthTone(h: ProfileHealth): StatusTone {
  if (!h.result) return 'unknown';
  return h.result.base.kind === 'ok' && h.result.secondary.kind === 'ok' ? 'ok' : 'error';
}

/** The first host that failed, for the tooltip. */
export function failedHost(h: ProfileHealth): { host: 'base' | 'secondary'; check: HostCheck } | null {
  if (!h.result) return null;
  if (h.result.base.kind !== 'ok') return { host: 'base', check: h.result.base };
  if (h.result.secondary.kind !== 'ok') return { host: 'secondary', check: h.result.secondary };
  return null;
}

/** For tests: forget every recorded check. */
export function resetProfileHealth(): void {
  health.clear();
  listeners.forEach((l) => l());
}
