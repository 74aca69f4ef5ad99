/**
 * The first part of every React Query key under which the console reads kept suites: the suites area builds its keys
 * on it, and the playground's "Add to suite" invalidates it (features do not import each other). A file of its own:
 * the suites area's prefetch, loaded with the first page, imports it without the engine.
 */
export const KEPT_SUITES_QUERY_ROOT = ['suites'] as const;
