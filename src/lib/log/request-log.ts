import type { DriftWarning, EndpointName, Host, Method } from '../../contract';
import { newId } from '../ids';
import { maskSecrets } from '../mask';

/** What a log entry masks: the token, or every secret of its connection (the token and its URLs' passwords). */
export type Secret = string | readonly string[];

/** How much the request log keeps: choices of the console, named once. */
export const LOG_BOUNDS = {
  /** Calls kept (a ring buffer). */
  capacity: 300,
  /** Response bodies longer than this are cut in the log (the call's own result keeps them whole). */
  bodyCapBytes: 256 * 1024,
} as const;

/**
 * How a logged call failed, as the transport tells it (src/api/http/errors.ts names its ApiError kinds with this).
 * - http: the service answered with an error status; network, cors, timeout, aborted: no usable answer;
 * - invalid_json: an answer that is not JSON; unusable, invalid_request, no_profile: refused before sending.
 */
export type CallErrorKind =
  'http' | 'network' | 'cors' | 'timeout' | 'aborted' | 'invalid_json' | 'unusable' | 'invalid_request' | 'no_profile';

/** One call as the Activity page shows it. Holds no token: Authorization is always `Bearer ***`. */
export interface RequestLogEntry {
  id: string;
  /** Epoch milliseconds. */
  startedAt: number;
  method: Method;
  host: Host;
  /** The URL the browser fetched (the console's proxy in proxied mode). */
  url: string;
  /** The service's own URL for the call (equal to url in direct mode). */
  targetUrl: string;
  /** Path and query below the host, e.g. `/v1/datasets/abc`. */
  path: string;
  endpoint?: EndpointName;
  /** Why the console made the call when it is not a page's read or write, e.g. 'test-connection'. */
  purpose?: string;
  /** True until the answer (or failure) is complete. */
  pending: boolean;
  status?: number;
  durationMs?: number;
  sizeBytes?: number;
  errorKind?: CallErrorKind;
  errorMessage?: string;
  drift: DriftWarning[];
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** The answer's text, cut at LOG_BOUNDS.bodyCapBytes with a note saying so. */
  responseBody?: string;
  responseTruncated?: boolean;
  /** Read back from IndexedDB: sent before this page was loaded (see kept-history.ts). */
  restored?: boolean;
}

export type NewLogEntry = Omit<RequestLogEntry, 'id' | 'startedAt' | 'pending' | 'drift'> & { drift?: DriftWarning[] };
export type LogPatch = Partial<Omit<RequestLogEntry, 'id' | 'startedAt'>>;

export interface RequestLog {
  /**
   * Records a call that is starting; returns its id. `secret` (the call's token) is held outside
   * the entry and replaced by `***` wherever it appears in anything logged for this call.
   */
  start(entry: NewLogEntry, secret?: Secret): string;
  /** A long responseBody is cut here, after the secret is removed (a cut could split the secret). */
  update(id: string, patch: LogPatch): void;
  /** Oldest first; a new array whenever anything changes (safe for useSyncExternalStore). */
  getEntries(): readonly RequestLogEntry[];
  getEntry(id: string): RequestLogEntry | undefined;
  subscribe(listener: () => void): () => void;
  clear(): void;
  /**
   * Puts calls kept from earlier visits before this page's own (marked `restored`), within the capacity; an id
   * already held is not added twice.
   */
  restore(kept: readonly RequestLogEntry[]): void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The text's size in UTF-8, as TextEncoder would make it (a lone surrogate is U+FFFD, 3 bytes), counted without
 * encoding it: bodies of several MB (a 50,000-piece document) are logged, and encoding one costs tens of ms.
 */
export function byteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 2 code units, 4 bytes
      i += 1;
    } else bytes += 2;
  }
  return bytes;
}

/** Cuts a body for the log at a byte budget, saying how much was left out. Only the kept head is encoded. */
export function capBody(
  text: string,
  capBytes: number = LOG_BOUNDS.bodyCapBytes,
  /** The text's size in UTF-8 when the caller knows it (the bytes it was decoded from): not counted again. */
  knownSize?: number,
): { body: string; truncated: boolean } {
  // A UTF-16 code unit is at most 3 bytes; at least 1, so the head is within the first capBytes units.
  if (text.length * 3 <= capBytes) return { body: text, truncated: false };
  const size = knownSize ?? byteLength(text);
  if (size <= capBytes) return { body: text, truncated: false };
  const head = decoder.decode(encoder.encode(text.slice(0, capBytes)).subarray(0, capBytes));
  return {
    body: `${head}\n… [truncated: the log keeps the first ${capBytes} of ${size} bytes]`,
    truncated: true,
  };
}

/** Authorization values become `Bearer ***` (or `***`); every other header is kept. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = name.toLowerCase() === 'authorization' ? (/^bearer\s/i.test(value) ? 'Bearer ***' : '***') : value;
  }
  return out;
}

/** Replaces every occurrence of a secret, e.g. a service that echoes the Authorization header in an error. */
export function redactSecret(text: string, secret: Secret | undefined): string {
  if (!secret) return text;
  return maskSecrets(text, typeof secret === 'string' ? [secret] : secret);
}

/** Removes a secret from every string of an entry patch; headers are redacted too. */
function scrubPatch<T extends LogPatch>(patch: T, secret: Secret | undefined): T {
  const out: Record<string, unknown> = { ...patch };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') out[key] = redactSecret(value, secret);
  }
  if (patch.requestHeaders) {
    out.requestHeaders = Object.fromEntries(
      Object.entries(redactHeaders(patch.requestHeaders)).map(([name, value]) => [name, redactSecret(value, secret)]),
    );
  }
  if (typeof out.responseBody === 'string') {
    const capped = capBody(out.responseBody, LOG_BOUNDS.bodyCapBytes, patch.sizeBytes);
    out.responseBody = capped.body;
    out.responseTruncated = capped.truncated;
  }
  return out as T;
}

export function createRequestLog(capacity: number = LOG_BOUNDS.capacity): RequestLog {
  let entries: readonly RequestLogEntry[] = [];
  /** Kept beside the entries, never in them. */
  const secrets = new Map<string, Secret>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    start(entry, secret) {
      const id = newId();
      if (secret && secret.length > 0) secrets.set(id, secret);
      const clean = scrubPatch(entry, secret);
      const full: RequestLogEntry = { ...clean, id, startedAt: Date.now(), pending: true, drift: entry.drift ?? [] };
      const next = [...entries, full];
      if (next.length > capacity) {
        next.splice(0, next.length - capacity).forEach((gone) => secrets.delete(gone.id));
      }
      entries = next;
      emit();
      return id;
    },
    update(id, patch) {
      const index = entries.findIndex((e) => e.id === id);
      // An entry pushed out of the ring buffer while its call ran is simply gone.
      if (index < 0) return;
      const next = entries.slice();
      next[index] = { ...next[index]!, ...scrubPatch(patch, secrets.get(id)) };
      entries = next;
      emit();
    },
    getEntries: () => entries,
    getEntry: (id) => entries.find((e) => e.id === id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      entries = [];
      secrets.clear();
      emit();
    },
    restore(kept) {
      const held = new Set(entries.map((e) => e.id));
      const older = kept
        .filter((e) => !held.has(e.id))
        .map((e) => ({ ...e, pending: false, restored: true }))
        .sort((a, b) => a.startedAt - b.startedAt);
      if (older.length === 0) return;
      const next = [...older, ...entries];
      entries = next.length > capacity ? next.slice(next.length - capacity) : next;
      emit();
    },
  };
}

/** The console's one request log. */
export const requestLog: RequestLog = createRequestLog();

/** The log as pretty JSON for a download; entries hold no token. */
export function exportLog(log: RequestLog = requestLog): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), entries: log.getEntries() }, null, 2);
}
