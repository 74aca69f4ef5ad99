import { buildPath, ENDPOINTS, type Host } from '../../contract';
import { CALL_BOUNDS } from '../constants';
import { targetUrl } from '../http/host';
import { send } from '../http/transport';
import { checkFromAnswer, checkFromFailure, type HostCheck } from './host-answers';
import type { ConnectionProfile } from '../../lib/profiles/profile';

export type { HostCheck } from './host-answers';

/** An id no real record has: any answer but 401/403 proves the host is there and took the token. */
export const PROBE_ID = '__kc_probe__';

/** The read each host is probed with: a dataset on the base host, a knowledge base on the secondary. */
const PROBES: Record<Host, (id: string) => string> = {
  base: (id) => buildPath(ENDPOINTS.getDataset.pattern, { dataset_id: id }),
  secondary: (id) => buildPath(ENDPOINTS.getKnowledge.pattern, { knowledge_id: id }),
};

/** Reads one record of the host (`id`; by default one that cannot exist) and says what the answer tells. */
export async function checkHost(
  profile: ConnectionProfile,
  host: Host,
  { timeoutMs = CALL_BOUNDS.testConnectionTimeoutMs, signal, id = PROBE_ID }: ProbeOptions = {},
): Promise<HostCheck> {
  const url = targetUrl(profile, host);
  const t0 = performance.now();
  try {
    const { status, text, durationMs } = await send({
      profile,
      host,
      method: 'GET',
      path: PROBES[host](id),
      timeoutMs,
      signal,
      label: `Test connection (${host} host)`,
      purpose: 'test-connection',
    });
    return checkFromAnswer(host, url, status, text, durationMs);
  } catch (error) {
    const elapsed = Math.round(performance.now() - t0);
    return checkFromFailure(error, url, elapsed) ?? { kind: 'error', durationMs: elapsed, url, message: String(error) };
  }
}

export interface ProbeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The record to read; PROBE_ID when none is known to exist. */
  id?: string;
}

/**
 * Tells apart, for each host: reachable with the token accepted, token rejected (401/403),
 * unreachable (no answer, or none within the time limit) and blocked by CORS.
 */
export async function testConnection(
  profile: ConnectionProfile,
  options: { timeoutMs?: number; signal?: AbortSignal; ids?: Partial<Record<Host, string>> } = {},
): Promise<{ base: HostCheck; secondary: HostCheck }> {
  const { ids, ...rest } = options;
  const [base, secondary] = await Promise.all([
    checkHost(profile, 'base', { ...rest, id: ids?.base }),
    checkHost(profile, 'secondary', { ...rest, id: ids?.secondary }),
  ]);
  return { base, secondary };
}
