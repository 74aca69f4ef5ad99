/**
 * Bounds of the console's bulk removal: choices of the console, not of the service (whose documented limits,
 * such as the ~30 s lock wait each DELETE may spend, are LIMITS in src/contract).
 */
export const BULK_BOUNDS = {
  /** Ids in one batch at most; further ones are refused with a reason. */
  maxIds: 5_000,
  /**
   * An id file (or pasted text) larger than this is refused before it is read whole: 5,000 ids fit in ≈170 KB,
   * and an 80 MB file read into the textarea crashed the tab.
   */
  inputBytesMax: 2 * 1024 * 1024,
  /** A document id is a numeric string; longer than this it is not a plausible one. */
  idMaxLength: 32,
  /** Requests in flight at once (DELETEs and confirmation reads): the default, and the most the admin may pick. */
  concurrencyDefault: 4,
  concurrencyMax: 8,
  /** Base-info reads in flight at once during the check before confirming. */
  checkConcurrency: 8,
  /** A changed batch is shown (and told to other tabs) at most this often. */
  publishIntervalMs: 250,
  /** A batch's progress is written to IndexedDB at least this often while it changes. */
  saveIntervalMs: 2_000,
  /** New rows are reserved (saved as possibly sent, ahead of their DELETEs) this many times the concurrency at once. */
  reserveBlockFactor: 4,
} as const;

/**
 * The "gone from answers" sample of a batch (./probe-sample.ts): up to `perBatch` rows by default (the CLI's
 * --probe-sample changes it, up to `max`). Here, apart from the picker, so the bulk dialog's count does not load it.
 */
export const PROBE_SAMPLE = { perBatch: 10, max: 1_000 } as const;

/** Bounds of `npm run remove` (scripts/remove.ts): the same engine, without a tab's memory to spare. */
export const REMOVE_CLI_BOUNDS = {
  /** Ids in one run at most: a larger file is refused (exit 2, nothing sent). */
  maxIds: 100_000,
  /** The ids file, refused unread when larger (100,000 ids of 32 digits fit in ≈3.4 MB). */
  inputBytesMax: 8 * 1024 * 1024,
  concurrencyDefault: 4,
  concurrencyMax: 16,
} as const;
