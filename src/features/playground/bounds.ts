/**
 * The playground's own choices (the service's documented limits are LIMITS, in src/contract/limits.ts),
 * named once here so storage, rendering and tests agree.
 */

/** What the playground keeps in localStorage, and how often it writes. */
export const STORAGE_BOUNDS = {
  /** Exchanges kept per space; older ones are dropped first (an export keeps them all). */
  storedExchanges: 50,
  /** A stored raw response is cut here so one long answer cannot fill the browser's ~5 MB of storage. */
  storedRawChars: 64_000,
  /** Presets kept. */
  presets: 30,
  /** Debounce of the session's save. */
  saveDebounceMs: 250,
} as const;

/** How much of a long list an answer shows or reports. */
export const SHOWN_BOUNDS = {
  /** Ids offered from the catalog in the option pickers. */
  catalogSuggestions: 50,
  /** Unknown stream events reported in the browser console per answer (the count keeps going). */
  unknownEventsKept: 20,
} as const;
