/**
 * The bounds of the console's calls: how long one may take, how often it is retried, how long its answer
 * stays fresh, and how much of it the request log keeps. Choices of the console, named once; the service's
 * documented limits are LIMITS (src/contract/limits.ts).
 */
export const CALL_BOUNDS = {
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
