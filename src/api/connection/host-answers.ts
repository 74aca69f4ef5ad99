import type { Host } from '../../contract';
import { readErrorBody } from '../http/error-body';
import { isApiError } from '../http/errors';
import type { ConnectionProfile } from '../../lib/profiles/profile';

export interface HostCheck {
  kind: 'ok' | 'token_rejected' | 'unreachable' | 'cors' | 'error';
  status?: number;
  message: string;
  durationMs: number;
  /** The service address that was checked. */
  url: string;
}

/**
 * What an HTTP answer of a host says of the connection: any answer but 401/403 took the token. `text` is the body
 * (undefined for a stream, whose body is read elsewhere).
 */
export function checkFromAnswer(
  host: Host,
  url: string,
  status: number,
  text: string | undefined,
  durationMs: number,
): HostCheck {
  if (status === 401 || status === 403) {
    const serviceMessage = readErrorBody(status, text ?? '').message;
    return {
      kind: 'token_rejected',
      status,
      durationMs,
      url,
      message: `The ${host} host refused the token (HTTP ${status})${serviceMessage ? `: ${serviceMessage}` : ''}.`,
    };
  }
  let json = true;
  try {
    if (text !== undefined) JSON.parse(text);
  } catch {
    json = false;
  }
  const shape = json ? '' : " The answer was not JSON: check that this is the service's address.";
  return {
    kind: 'ok',
    status,
    durationMs,
    url,
    message: `The ${host} host answered (HTTP ${status}) and did not refuse the token.${shape}`,
  };
}

/** What a call that got no answer says of the connection (undefined: it was cancelled, which says nothing). */
export function checkFromFailure(error: unknown, url: string, durationMs: number): HostCheck | undefined {
  if (!isApiError(error)) return { kind: 'error', durationMs, url, message: String(error) };
  if (error.kind === 'aborted') return undefined;
  const kind =
    error.kind === 'cors' ? 'cors' : error.kind === 'network' || error.kind === 'timeout' ? 'unreachable' : 'error';
  return { kind, status: error.status, durationMs, url, message: error.message };
}

interface Heard {
  check: HostCheck;
  at: number;
}

/**
 * What each host of a profile answered the console's calls on this load. A page that reads a record learns from
 * that read whether the token is accepted, so the header's check (connection-check.ts) asks the host nothing more.
 * Kept per profile object: an edited profile (another address or token) is a new object and starts unheard.
 */
const heard = new WeakMap<ConnectionProfile, Partial<Record<Host, Heard>>>();
const inFlight = new WeakMap<ConnectionProfile, Set<Promise<void>>>();

export const hostAnswers = {
  /** A call of the service's interface starts; its answer (or failure) is then noted with the returned functions. */
  start(profile: ConnectionProfile, host: Host) {
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    const calls = inFlight.get(profile) ?? new Set();
    inFlight.set(profile, calls.add(settled));
    const note = (check: HostCheck | undefined) => {
      if (check) heard.set(profile, { ...heard.get(profile), [host]: { check, at: Date.now() } });
    };
    return {
      note,
      end() {
        calls.delete(settled);
        done();
      },
    };
  },
  /** The host's last verdict on this load, if it is at most `maxAgeMs` old. */
  heard(profile: ConnectionProfile, host: Host, maxAgeMs: number): HostCheck | undefined {
    const last = heard.get(profile)?.[host];
    return last && Date.now() - last.at <= maxAgeMs ? last.check : undefined;
  },
  /** Resolves once the calls to the profile's hosts in flight now have ended. */
  async settled(profile: ConnectionProfile): Promise<void> {
    await Promise.all([...(inFlight.get(profile) ?? [])]);
  },
  /** Forgets what the hosts answered (a test asked for by the admin probes afresh). */
  forget(profile: ConnectionProfile): void {
    heard.delete(profile);
  },
};
