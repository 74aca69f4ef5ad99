import type { EndpointName, Host, Method } from '../../contract';
import type { ConnectionProfile } from '../../lib/profiles/profile';

/** One HTTP exchange with a host, before its answer is interpreted. */
export interface HostRequest {
  profile: ConnectionProfile;
  host: Host;
  method: Method;
  /** Path plus query string below the host, already encoded. */
  path: string;
  /** Already validated; sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Human name of the operation for messages, e.g. "Get dataset". */
  label: string;
  endpoint?: EndpointName;
  purpose?: string;
  accept?: string;
  /**
   * For a large answer shown piece by piece: called with the text received so far of a 2xx answer, as it arrives,
   * until it returns a promise (it has what it wanted). The answer is still read whole and returned as usual, once
   * that promise has settled and a frame has been painted: decoding and parsing several MB is one long task, and what
   * the watcher put on screen should be seen before it.
   */
  onFirstText?: (textSoFar: string) => Promise<void> | undefined;
}
