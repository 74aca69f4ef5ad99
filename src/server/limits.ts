/**
 * The sandbox's own limits and defaults: choices of this program, not of the service
 * (the documented limits live in src/contract/limits.ts).
 */
export const SANDBOX_LIMITS = {
  /** Largest request body read; a bigger one answers 413 (the spec shows no size limit). */
  maxBodyBytes: 1024 * 1024,
  /** After a 413 the rest of an oversized upload is discarded up to this much, then the socket is cut. */
  maxDrainBytes: 8 * 1024 * 1024,
  /** How often a delete looks at a held document lock. */
  lockPollMs: 50,
  /** Upper bound of POST /__sandbox/locks hold_ms (one hour). */
  maxLockHoldMs: 60 * 60 * 1000,
  /** Query terms used for retrieval at most (long questions are cut, not refused). */
  maxQueryTerms: 32,
  /** Sentences in an extractive reply at most. */
  maxReplySentences: 3,
  /** Words per streamed delta. */
  wordsPerDelta: 3,
  /** Candidates read from FTS per dataset, as a multiple of its top_k, before the threshold is applied. */
  candidateFactor: 4,
  /** Earlier turns of a conversation given to the model (and read for retrieval) at most. */
  historyTurns: 10,
  /** Ids in dataset_ids / document_ids of one completion at most. */
  maxIdsPerCompletion: 200,
  /** Time allowed for the optional LLM endpoint. */
  llmTimeoutMs: 60_000,
} as const;

export const SANDBOX_DEFAULTS = {
  basePort: 8787,
  secondaryPort: 8788,
  dataDir: './.sandbox-data',
  purgeDelayMs: 3000,
  streamDelayMs: 15,
} as const;

export const EXTRACTIVE_MODEL_NAME = 'sandbox-extractive';
