/**
 * The playground's own choices (not the service's limits, which live in src/contract/limits.ts).
 * Named once here so storage, rendering and tests agree.
 */
export const PLAYGROUND_LIMITS = {
  /** Exchanges kept per space in localStorage; older ones are dropped first (an export keeps them all). */
  storedExchanges: 50,
  /** A stored raw response is cut here so one long answer cannot fill the browser's ~5 MB of storage. */
  storedRawChars: 64_000,
  /** Presets kept in localStorage. */
  presets: 30,
  /** Unknown stream events kept per answer (the count keeps going). */
  unknownEventsKept: 20,
  /** Debounce of the session's save to localStorage. */
  saveDebounceMs: 250,
  /** Ids offered from the catalog in the option pickers. */
  catalogSuggestions: 50,
} as const;
