import { buildPath, ENDPOINTS, type Host } from '../../contract';
import { CALL_BOUNDS } from '../constants';
import { readErrorBody } from '../http/error-body';
import { isApiError } from '../http/errors';
import { targetUrl } from '../http/host';
import { send } from '../http/transport';
import type { ConnectionProfile } from './profile';

export interface HostCheck {
  kind: 'ok' | 'token_rejected' | 'unreachable' | 'cors' | 'error';
  status?: number;
  message: string;
  durationMs: number;
  /** The service address that was checked. */
  url: string;
}

/** An id no real record has: any answer but 401/403 proves the host is there and took the token. */
export const PROBE_ID = '__kc_probe__';

const PROBES: Record<Host, string> = {
  base: buildPath(ENDPOINTS.getDataset.pattern, { dataset_id: PROBE_ID }),
  secondary: buildPath(ENDPOINTS.getKnowledge.pattern, { knowledge_id: PROBE_ID }),
};

async function checkHost(
  profile: ConnectionProfile,
  host: Host,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HostCheck> {
  const url = targetUrl(profile, host);
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  try {
    const { status, text, durationMs } = await send({
      profile,
      host,
      method: 'GET',
      path: PROBES[host],
      timeoutMs,
      signal,
      label: `Test connection (${host} host)`,
      purpose: 'test-connection',
    });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (status === 401 || status === 403) {
      const serviceMessage = readErrorBody(status, text).message;
      return {
        kind: 'token_rejected',
        status,
        durationMs,
        url,
        message: `The ${host} host refused the token (HTTP ${status})${serviceMessage ? `: ${serviceMessage}` : ''}.`,
      };
    }
    const shape = body === undefined ? " The answer was not JSON: check that this is the service's address." : '';
    return {
      kind: 'ok',
      status,
      durationMs,
      url,
      message: `The ${host} host answered (HTTP ${status}) and did not refuse the token.${shape}`,
    };
  } catch (error) {
    if (!isApiError(error)) return { kind: 'error', durationMs: elapsed(), url, message: String(error) };
    const kind =
      error.kind === 'cors' ? 'cors' : error.kind === 'network' || error.kind === 'timeout' ? 'unreachable' : 'error';
    return { kind, status: error.status, durationMs: elapsed(), url, message: error.message };
  }
}

/**
 * Tells apart, for each host: reachable with the token accepted, token rejected (401/403),
 * unreachable (no answer, or none within the time limit) and blocked by CORS.
 */
export async function testConnection(
  profile: ConnectionProfile,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ base: HostCheck; secondary: HostCheck }> {
  const timeoutMs = options.timeoutMs ?? CALL_BOUNDS.testConnectionTimeoutMs;
  const [base, secondary] = await Promise.all([
    checkHost(profile, 'base', timeoutMs, options.signal),
    checkHost(profile, 'secondary', timeoutMs, options.signal),
  ]);
  return { base, secondary };
}
