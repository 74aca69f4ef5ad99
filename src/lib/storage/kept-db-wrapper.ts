/**
 * The IndexedDB wrapper, for a page that reads kept rows as it shows (the suites pages) to import statically: its
 * chunk is then fetched beside the page's instead of after the page rendered and opened the database. Never imported
 * by the lib index: the first route keeps loading it lazily (kept-db.ts).
 */
export { openDB } from 'idb';
