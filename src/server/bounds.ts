/**
 * The sandbox's own bounds and defaults: choices of this program, not of the service (the service's
 * documented limits are LIMITS, in src/contract/limits.ts).
 */

/** What the sandbox accepts in one request. */
export const REQUEST_BOUNDS = {
  /** Largest request body read; a bigger one answers 413 (the spec shows no size limit). */
  maxBodyBytes: 1024 * 1024,
  /** After a 413 the rest of an oversized upload is discarded up to this much, then the socket is cut. */
  maxDrainBytes: 8 * 1024 * 1024,
  /**
   * Deepest nesting of arrays/objects in a JSON body (the service's bodies nest 2 or 3 levels; context_params is
   * free-form). Deeper is refused before parsing: a 40 KB body of nested arrays otherwise overflows the stack
   * wherever it is walked again (validation, echoing the input in a FastAPI-style 422).
   */
  maxBodyDepth: 32,
  /** Ids in dataset_ids / document_ids of one completion at most. */
  maxIdsPerCompletion: 200,
  /** Upper bound of POST /__sandbox/locks hold_ms (one hour). */
  maxLockHoldMs: 60 * 60 * 1000,
} as const;

/** How much work one completion's answer does. */
export const ANSWER_BOUNDS = {
  /** Query terms used for retrieval at most (long questions are cut, not refused). */
  maxQueryTerms: 32,
  /** Candidates read from FTS per dataset, as a multiple of its top_k, before the threshold is applied. */
  candidateFactor: 4,
  /** Earlier turns of a conversation given to the model (and read for retrieval) at most. */
  historyTurns: 10,
  /** Sentences in an extractive reply at most. */
  maxReplySentences: 3,
  /** Words per streamed delta. */
  wordsPerDelta: 3,
  /** Time allowed for the optional LLM endpoint. */
  llmTimeoutMs: 60_000,
} as const;

/** How often a delete looks at a held document lock. */
export const LOCK_POLL_MS = 50;

export const SANDBOX_DEFAULTS = {
  basePort: 8787,
  secondaryPort: 8788,
  dataDir: './.sandbox-data',
  purgeDelayMs: 3000,
  streamDelayMs: 15,
} as const;

export const EXTRACTIVE_MODEL_NAME = 'sandbox-extractive';
