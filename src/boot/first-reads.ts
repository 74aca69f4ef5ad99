/**
 * What the first script (early-fetches.ts) must know of the console without importing it (anything it imported
 * would be split into a chunk shared with the entry): the shape of the table the build writes into index.html (the
 * routes, each page's first reads and chunks: generated from src/app/routes.ts, never written by hand), the storage
 * keys that say a profile is this browser's own, and the path-id check. src/test/boot-first-reads.test.ts holds the
 * copies to the console's.
 */

/**
 * A read a page opened by id starts with, as a request (generated from src/app/routes.ts and the contract's
 * endpoints by src/app/boot-table.ts): `path` holds `{id}` where the encoded id goes; `body`, if any, names the JSON
 * body's one field, which holds the id.
 */
export interface BootRead {
  host: 'base' | 'secondary';
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A route of the console: its pattern as a regular expression's source (case-insensitive), its page, its reads. */
export interface BootRoute {
  pattern: string;
  page: string;
  reads?: BootRead[];
}

/** Per feature page: its code's chunks, and its messages' chunks per language. */
/** Per page: its chunks, its stylesheets (which its chunks' loading waits for), and its messages' chunks per language. */
export type FirstChunks = Record<string, { code: string[]; css: string[]; en: string[]; zhCN: string[] }>;

/** What the build writes into index.html for the first script (vite/early-fetches-plugin.ts). */
export interface BootTable {
  routes: BootRoute[];
  chunks: FirstChunks;
}

/**
 * The contract's isPathId (src/contract/path-id.ts): an id its page refuses is not read ahead. C0 and C1 controls
 * and DEL, `/`, `?`, `#`, `\`; empty, `.` and `..`.
 */
export const isPathIdCopy = (value: string): boolean =>
  value !== '' &&
  value !== '.' &&
  value !== '..' &&
  // oxlint-disable-next-line no-control-regex -- control characters are what it looks for
  !/[/?#\\\u0000-\u001f\u007f-\u009f]/.test(value);

/** The connection store's keys (src/lib/profiles/store.ts STORAGE_KEYS): any of them set, the profile is not config.json's. */
export const KEPT_PROFILE_KEYS = {
  profiles: 'kc.profiles',
  activeProfile: 'kc.activeProfile',
  tokenPrefix: 'kc.token.',
} as const;

/** The chosen language's key (src/i18n LOCALE_STORAGE_KEY). */
export const LOCALE_KEY = 'kc.locale';

/** The id of the JSON block in index.html that holds the BootTable (vite/early-fetches-plugin.ts writes it). */
export const BOOT_TABLE_ID = 'kc-boot-table';
