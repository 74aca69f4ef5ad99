import type { AREAS } from './message-tables';

/** A message area: one file src/i18n/messages/<area>.ts, loaded as one chunk per language. */
export type Area = keyof typeof AREAS;

/**
 * The areas loaded before the first render: what the shell (src/app), the shared components, the api layer
 * and the overview page show. Their keys are checked by areas.test.ts; everything else loads with its page.
 */
export const START_AREAS = ['common', 'shell'] as const satisfies readonly Area[];

/**
 * The areas each feature folder (src/features/<name>/**) shows besides the start-up ones. Whatever loads a
 * feature's module — a route page, a header extra — loads these with it: lazyWithMessages(FEATURE_AREAS.x, …).
 * areas.test.ts fails if a feature uses a key of an area not listed here.
 */
export const FEATURE_AREAS = {
  knowledge: ['knowledge'],
  datasets: ['datasets'],
  documents: ['documents'],
  conversations: ['conversations'],
  playground: ['playground'],
  activity: ['activity'],
  catalog: ['catalog'],
  settings: ['settings'],
  suites: ['suites'],
} as const satisfies Record<string, readonly Area[]>;
