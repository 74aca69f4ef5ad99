/**
 * The console's own client-side limits, named once. These are choices of the console, not of the
 * service (whose documented limits live in src/contract/limits.ts).
 */
export const CLIENT_LIMITS = {
  /** Default per-call timeout, covering the answer's headers and body. */
  requestTimeoutMs: 30_000,
  /** A completion runs retrieval and a model call, so it gets longer than a read. */
  completionTimeoutMs: 120_000,
  /** Test connection must answer quickly in the Settings page. */
  testConnectionTimeoutMs: 8_000,
  /** The no-cors reachability probe that tells a CORS refusal from a dead host. */
  corsProbeTimeoutMs: 5_000,
  /** Calls kept by the request log (a ring buffer). */
  logCapacity: 300,
  /** Response bodies longer than this are cut in the request log (the ApiResult keeps them whole). */
  logBodyCapBytes: 256 * 1024,
  /** Query retries after the first failure (so at most 4 calls). */
  queryRetries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  staleTimeMs: 30_000,
} as const;
