import { checkSuite, type SuiteFile } from '../../contract';
import type { ConnectionProfile } from '../connection/profile';
import { send } from '../http/transport';

/** Where the sandbox serves the demo suite of its demo spaces (base host, no auth needed). */
export const DEMO_SUITE_PATH = '/__sandbox/demo-suite';

/**
 * The sandbox's demo suite, or undefined when the service offers none (a real service: 404). Only a file the
 * suite schema accepts is offered.
 */
export async function fetchDemoSuite(profile: ConnectionProfile, signal?: AbortSignal): Promise<SuiteFile | undefined> {
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
    const checked = checkSuite(JSON.parse(text));
    return checked.ok ? checked.file : undefined;
  } catch {
    return undefined;
  }
}
