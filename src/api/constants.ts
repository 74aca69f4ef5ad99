/**
 * The bounds of the console's calls: how long one may take, how often it is retried, how long its answer
 * stays fresh (what the request log keeps: LOG_BOUNDS, src/lib/log/request-log.ts). Choices of the console, named once; the service's
 * documented limits are LIMITS (src/contract/limits.ts).
 */
export const CALL_BOUNDS = {
  /** Default per-call timeout, covering the answer's headers and body. */
  requestTimeoutMs: 30_000,
  /** A completion runs retrieval and a model call, so it gets longer than a read. */
  completionTimeoutMs: 120_000,
  /**
   * A streamed answer that sends no byte for this long has stalled: the read ends with an error naming the limit.
   * The header timeout ends when the stream opens; without this a silent stream would hang a tab or a CI job forever.
   * A profile in config.json may set its own (stream_idle_timeout_ms); the suite CLI takes --idle-timeout-ms.
   */
  streamIdleTimeoutMs: 60_000,
  /** Test connection must answer quickly in the Settings page. */
  testConnectionTimeoutMs: 8_000,
  /** The no-cors reachability probe that tells a CORS refusal from a dead host. */
  corsProbeTimeoutMs: 5_000,
  /** Query retries after the first failure (so at most 4 calls). */
  queryRetries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  staleTimeMs: 30_000,
} as const;

const MB = 1024 * 1024;

/**
 * The most the console and the CLI read of an answer, in bytes: a service or a grader that sends more is cut off
 * with an error naming the cap (a 1 GB body read whole took 2.2 GB of memory; an endless line never ended).
 * Named once here; the README's Reliability table and docs/suites.md say them.
 */
export const READ_BOUNDS = {
  /** One JSON answer: any operation's body, a completion answered as JSON. */
  bodyBytes: 32 * MB,
  /** A streamed completion, all its bytes together. */
  streamBytes: 64 * MB,
  /** One line of an event stream (a final result event, sources and all, is one line). */
  sseLineBytes: 8 * MB,
  /** A grader's reply. */
  graderReplyBytes: 4 * MB,
} as const;

/** "32 MB": a cap as messages name it. */
export const bytesLabel = (bytes: number): string =>
  bytes % MB === 0 ? `${bytes / MB} MB` : bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
