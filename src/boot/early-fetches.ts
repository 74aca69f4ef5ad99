/**
 * The console's first script, ≈2 KB that index.html runs first (before the entry, in order), while the entry is still
 * arriving and compiling (≈300 ms on a two-core machine). It preloads the chunks of the page at the address and its
 * messages, asks for config.json and, once that is in, for the data of the page opened by id, exactly as the console
 * will ask for them; the console's fetch layer then takes these answers instead of asking again
 * (src/lib/early-fetch.ts). A read goes out here only when this browser keeps no profile of its own (no
 * profiles, choice or remembered token stored), so the profile is the one config.json names; a guess that is still
 * wrong matches nothing and is left unused. What it knows of the console's routes, reads and chunks the build writes
 * into index.html, generated from src/app/routes.ts. It imports only first-reads.ts (see there why).
 */
import {
  BOOT_TABLE_ID,
  isPathIdCopy,
  KEPT_PROFILE_KEYS,
  LOCALE_KEY,
  type BootRoute,
  type BootTable,
} from './first-reads';

export interface EarlyFetch {
  method: string;
  url: string;
  /** As sent; matched without regard to the names' case or order. */
  headers: Record<string, string>;
  body?: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Requests this script started; each is taken (removed) by the one call it stands for. */
    kcEarlyFetches?: EarlyFetch[];
    /** Set by the entry's first module (src/app/early-preload.ts): this script then starts nothing. */
    kcEntryStarted?: boolean;
  }
}

interface Profile {
  id?: unknown;
  base_url?: unknown;
  secondary_url?: unknown;
  token?: unknown;
  mode?: unknown;
}

/** Whether this browser keeps a profile of its own: then the profile may not be config.json's. */
function keepsOwnProfile(profileId: string): boolean {
  try {
    return (
      localStorage.getItem(KEPT_PROFILE_KEYS.profiles) !== null ||
      localStorage.getItem(KEPT_PROFILE_KEYS.activeProfile) !== null ||
      sessionStorage.getItem(`${KEPT_PROFILE_KEYS.tokenPrefix}${profileId}`) !== null
    );
  } catch {
    return true;
  }
}

const base = import.meta.env.BASE_URL;
const list: EarlyFetch[] = (window.kcEarlyFetches = []);

function start(method: string, url: string, headers: Record<string, string>, body?: string): EarlyFetch {
  const entry = {
    method,
    url,
    headers,
    body,
    response: handled(fetch(url, { method, headers, body, cache: 'no-store' })),
  };
  list.push(entry);
  return entry;
}

/**
 * The same promise, its failure marked as handled: a request that fails before the console takes it (or that it
 * never takes) is not an uncaught error of the page; the call that takes it still gets the failure.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The build's table (vite/early-fetches-plugin.ts), or null when it is missing or unreadable. */
function bootTable(): BootTable | null {
  try {
    const table: Partial<BootTable> | null = JSON.parse(document.getElementById(BOOT_TABLE_ID)?.textContent ?? 'null');
    return Array.isArray(table?.routes) && table.chunks ? (table as BootTable) : null;
  } catch {
    return null;
  }
}

/** The route at the address, with its parameters (still encoded), as the console's routes.ts matches it. */
function routeHere(table: BootTable): { route: BootRoute; params: string[] } | null {
  const path = window.location.pathname.slice(base.length - 1);
  for (const route of table.routes) {
    const match = new RegExp(route.pattern, 'i').exec(path);
    if (match) return { route, params: match.slice(1) };
  }
  return null;
}

function startReads(
  here: { route: BootRoute; params: string[] },
  config: { default_profile?: unknown; profiles?: unknown },
): void {
  const { reads } = here.route;
  const pageId = here.params[0];
  if (!reads || here.params.length !== 1 || !pageId || !Array.isArray(config.profiles)) return;
  const profiles = config.profiles as Profile[];
  const profile = profiles.find((p) => p.id === config.default_profile) ?? profiles[0];
  if (!profile || typeof profile.id !== 'string' || (profile.mode ?? 'direct') !== 'direct') return;
  if (keepsOwnProfile(profile.id)) return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pageId);
  } catch {
    return;
  }
  if (!isPathIdCopy(decoded)) return;
  for (const read of reads) {
    const host = read.host === 'base' ? profile.base_url : profile.secondary_url;
    if (typeof host !== 'string') return;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (typeof profile.token === 'string' && profile.token) headers.Authorization = `Bearer ${profile.token}`;
    const body = read.body === undefined ? undefined : JSON.stringify({ [read.body]: decoded });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const path = read.path.replace('{id}', encodeURIComponent(decoded));
    start(read.method, host.trim().replace(/\/+$/, '') + path, headers, body);
  }
}

/**
 * Asks for the chunks (and stylesheets) of the page at the address and of its messages in the language it will show (as
 * src/i18n's initialLocale picks it), listed by the build in index.html (vite/early-fetches-plugin.ts): they
 * arrive while the entry compiles, instead of in two waves after it has run.
 */
function preloadPageChunks(table: BootTable, page: string): void {
  const forPage = Object.hasOwn(table.chunks, page) ? table.chunks[page] : undefined;
  if (!forPage) return;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_KEY);
  } catch {
    // blocked storage: the browser's languages decide
  }
  const languages = navigator.languages ?? [navigator.language];
  const zh = stored === 'zh-CN' || (stored !== 'en' && languages.some((l) => l?.toLowerCase().startsWith('zh')));
  for (const file of [...forPage.code, ...(zh ? forPage.zhCN : forPage.en)]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `${base}${file}`;
    document.head.append(link);
  }
  // Its stylesheets as the page's loading will ask for them (a stylesheet link, no CORS): from the cache then.
  for (const file of forPage.css ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.href = `${base}${file}`;
    document.head.append(link);
  }
}

// Async: it runs as soon as it has arrived, not after the page is parsed, its stylesheet is in and the main thread has
// compiled the entry (≈200 ms later under load). The entry always arrives later (150 KB against 2); should it run
// first all the same, it asks for everything itself, and nothing here is asked for twice.
if (`${window.location.pathname}/`.startsWith(base) && !window.kcEntryStarted) {
  const table = bootTable();
  const here = table ? routeHere(table) : null;
  if (table && here) preloadPageChunks(table, here.route.page);
  const config = start('GET', `${base}config.json`, { Accept: 'application/json' });
  // The console waits for config.json: it finds this page's reads already started when its answer arrives.
  config.response = handled(
    config.response.then(async (response) => {
      try {
        if (response.ok && here) startReads(here, await response.clone().json());
      } catch {
        // Not JSON: the console says so when it reads it.
      }
      return response;
    }),
  );
}
