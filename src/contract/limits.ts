/**
 * Every documented limit of the service, named once.
 * Schemas, forms and the sandbox all read from here; a bare number elsewhere is a bug.
 */
export const LIMITS = {
  conversation: {
    agentIdMax: 20,
    titleMax: 128,
    thirdUserIdMax: 32,
  },
  dataset: {
    nameMax: 128,
    descriptionMax: 256,
    promptMax: 4096,
    chunkSizeMin: 256,
    chunkSizeMax: 2048,
    chunkOverlapMin: 0,
    chunkOverlapMax: 512,
  },
  knowledge: {
    /** The spec lists 128, 512, 512 for string fields without saying which; we read them as name, description, icon. */
    nameMax: 128,
    descriptionMax: 512,
    iconMax: 512,
  },
  deletion: {
    /** The per-document status lock is waited for about this long before a 200 that deleted nothing. */
    lockWaitMs: 30_000,
  },
} as const;

/** Timestamps below this are read as seconds, at or above it as milliseconds (1e12 ms is Sept 2001). */
export const MILLISECOND_TIMESTAMP_FLOOR = 1e12;
