import type { ConnectionProfile } from '../src/lib/profiles/profile';

/**
 * The connection profile a command-line run uses (`npm run suite`, `npm run remove`): the two hosts and the token
 * given to it, called directly (no dev proxy), never remembered. One place, so both CLIs talk to the service alike.
 */
export function cliProfile(
  hosts: { baseUrl: string; secondaryUrl: string; token: ConnectionProfile['token'] },
  extra: Pick<ConnectionProfile, 'streamIdleTimeoutMs'> = {},
): ConnectionProfile {
  return {
    id: 'command-line',
    name: 'command line',
    base_url: hosts.baseUrl,
    secondary_url: hosts.secondaryUrl,
    token: hosts.token,
    mode: 'direct',
    knowledgeSettingsParam: 'with_settings',
    source: 'user',
    rememberToken: false,
    ...extra,
  };
}
