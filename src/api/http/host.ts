import type { Host } from '../../contract';
import type { ConnectionProfile } from '../../lib/profiles/profile';

/** Carries the real host URL to the dev/preview proxy in proxied mode. */
export const TARGET_HEADER = 'X-KC-Target';
/**
 * Set by the console's proxy on a 502/504 it generated itself (target unreachable), so the client
 * reports "unreachable" rather than a service error.
 */
export const PROXY_ERROR_HEADER = 'X-KC-Proxy-Error';
export const PROXY_PREFIX: Readonly<Record<Host, string>> = { base: '__base', secondary: '__secondary' };

/** Vite's base path; undefined outside Vite (plain Node), where the console is served from "/". */
function consoleBasePath(): string {
  const base = import.meta.env?.BASE_URL ?? '/';
  return base.endsWith('/') ? base : `${base}/`;
}

/** The service's own address for a host, trailing slashes trimmed. */
export function targetUrl(profile: ConnectionProfile, host: Host): string {
  return (host === 'base' ? profile.base_url : profile.secondary_url).trim().replace(/\/+$/, '');
}

/**
 * Where the browser sends a host's calls: the service itself (direct), or the console's own origin
 * under /__base or /__secondary (proxied), for services that send no CORS headers.
 */
export function hostUrl(profile: ConnectionProfile, host: Host): string {
  if (profile.mode === 'direct') return targetUrl(profile, host);
  const origin = globalThis.location?.origin ?? '';
  return `${origin}${consoleBasePath()}${PROXY_PREFIX[host]}`;
}

/** Headers a host's calls carry besides auth: the proxy target in proxied mode. */
export function hostHeaders(profile: ConnectionProfile, host: Host): Record<string, string> {
  return profile.mode === 'proxied' ? { [TARGET_HEADER]: targetUrl(profile, host) } : {};
}
