import type { ConnectionProfile } from '../../lib/profiles/profile';
import { send } from '../http/transport';

/** Where the sandbox serves the demo suite of its demo spaces (base host, no auth needed). */
export const DEMO_SUITE_PATH = '/__sandbox/demo-suite';

/**
 * The sandbox's demo suite as it answered, unchecked, or undefined when the service offers none (a real service:
 * 404). Unchecked on purpose: the answer also tells whether a profile is the sandbox, which the first page asks,
 * and the suite schema (with its pattern checker) belongs to the suites pages' chunk, which checks it (demoSuiteOf).
 */
export async function fetchDemoSuiteBody(profile: ConnectionProfile, signal?: AbortSignal): Promise<unknown> {
  const { status, text } = await send({
    profile,
    host: 'base',
    method: 'GET',
    path: DEMO_SUITE_PATH,
    signal,
    timeoutMs: 8_000,
    label: 'Sandbox demo suite',
    purpose: 'sandbox-demo-suite',
  });
  if (status !== 200) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
