/**
 * What the first script (early-fetches.ts) must know of the console without importing it (anything it imported
 * would be split into a chunk shared with the entry): the reads each page opened by id starts with, the storage
 * keys that say a profile is this browser's own, and where the build lists each page's chunks. Written out here
 * once; src/test/boot-first-reads.test.ts holds them to the contract's endpoints and the stores' keys.
 */

export interface FirstRead {
  /** The contract's endpoint this read is (ENDPOINTS[endpoint]). */
  endpoint: string;
  host: 'base' | 'secondary';
  method: 'GET' | 'POST';
  path: (id: string) => string;
  body?: (id: string) => string;
}

const id = encodeURIComponent;

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

/** Per page opened by id, the reads it starts with: src/app/prefetch.ts's table, as requests. */
export const FIRST_READS: Record<string, FirstRead[]> = {
  knowledge: [{ endpoint: 'getKnowledge', host: 'secondary', method: 'GET', path: (k) => `/v1/knowledge/${id(k)}` }],
  datasets: [{ endpoint: 'getDataset', host: 'base', method: 'GET', path: (d) => `/v1/datasets/${id(d)}` }],
  documents: [
    {
      endpoint: 'queryDocumentBase',
      host: 'base',
      method: 'POST',
      path: () => '/v1/documents/query-base',
      body: (d) => JSON.stringify({ document_id: d }),
    },
    { endpoint: 'getDocumentTexts', host: 'base', method: 'GET', path: (d) => `/v1/documents/texts/${id(d)}` },
  ],
};

/** The connection store's keys (src/api/connection/store.ts STORAGE_KEYS): any of them set, the profile is not config.json's. */
export const KEPT_PROFILE_KEYS = {
  profiles: 'kc.profiles',
  activeProfile: 'kc.activeProfile',
  tokenPrefix: 'kc.token.',
} as const;

/** The chosen language's key (src/i18n LOCALE_STORAGE_KEY). */
export const LOCALE_KEY = 'kc.locale';

/** The id of the JSON block in index.html that lists each page's chunks (vite/early-fetches-plugin.ts writes it). */
export const FIRST_CHUNKS_ID = 'kc-first-chunks';

/** Per feature page: its code's chunks, and its messages' chunks per language. */
export type FirstChunks = Record<string, { code: string[]; en: string[]; zhCN: string[] }>;
