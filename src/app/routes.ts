import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import type { EndpointName } from '../contract';
import type { KeptDb } from '../lib';
import type { MessageKey } from '../i18n';
import { FEATURE_AREAS, type Area } from '../i18n/areas';

/**
 * The console's pages, one row each: the router, the navigation, page loading (module with its message areas), the
 * prefetch of a page's data and the first script's table of first reads (written into index.html by
 * vite/early-fetches-plugin.ts) all derive from this table. Adding a page: its feature folder, one row, its messages.
 *
 * The entry holds this table, so it holds only lazy imports and small descriptors: no page's code. It imports nothing
 * at run time but config/paths.ts and the i18n areas map (early-preload.ts runs it first), and the build plugin loads
 * it in Node. URLs and their `href` builders stay in config/paths.ts, which the features link with (a feature may not
 * import the app).
 */

/**
 * A read a page opened by id starts with, asked for before its chunk has arrived (src/app/prefetch.ts) and, on a cold
 * load, by the first script (src/boot/early-fetches.ts). The id is the route's one parameter: it fills the endpoint's
 * one path parameter, or `body` names the request body's field that holds it.
 */
export interface FirstRead {
  endpoint: EndpointName;
  body?: string;
}

/** What a page's `warm` may fill ahead of it: the app's query cache, and the database of what it keeps. */
export interface WarmContext {
  client: QueryClient;
  keptDb: KeptDb;
}

/** One URL of a page: the router's pattern, its link builder, and the reads a visit starts with. */
export interface RoutePath {
  path: string;
  href: (...args: never[]) => string;
  reads?: readonly FirstRead[];
  /**
   * What else the page shows first, read ahead on intent and as a navigation starts (src/app/prefetch.ts): rows kept
   * in this browser, which no service read names. `params` are the route's, decoded. Lazily imported: no page code
   * here.
   */
  warm?: (context: WarmContext, params: readonly string[]) => Promise<void>;
}

export interface PageRoute {
  paths: readonly RoutePath[];
  /** The page's module, its own chunk; loaded with `areas`' messages. */
  module: () => Promise<{ default: ComponentType }>;
  /** Message areas the page shows besides the start-up ones (src/i18n/areas.ts). */
  areas: readonly Area[];
  /** Its entry in the navigation, the overview and the spotlight; `summary` is its line on the overview. */
  nav?: { label: MessageKey; summary?: MessageKey };
}

/** A route with the reads its visit starts with. */
const reading = (route: Omit<RoutePath, 'reads'>, ...reads: FirstRead[]): RoutePath => ({ ...route, reads });

export const ROUTES = {
  home: {
    paths: [paths.home],
    module: () => import('./pages/HomePage'),
    areas: [],
    nav: { label: 'nav.home' },
  },
  knowledge: {
    paths: [paths.knowledge, reading(paths.knowledgeBase, { endpoint: 'getKnowledge' })],
    module: () => import('../features/knowledge'),
    areas: FEATURE_AREAS.knowledge,
    nav: { label: 'nav.knowledge', summary: 'home.area.knowledge' },
  },
  datasets: {
    paths: [paths.datasets, reading(paths.dataset, { endpoint: 'getDataset' })],
    module: () => import('../features/datasets'),
    areas: FEATURE_AREAS.datasets,
    nav: { label: 'nav.datasets', summary: 'home.area.datasets' },
  },
  documents: {
    paths: [
      paths.documents,
      reading(paths.document, { endpoint: 'queryDocumentBase', body: 'document_id' }, { endpoint: 'getDocumentTexts' }),
    ],
    module: () => import('../features/documents'),
    areas: FEATURE_AREAS.documents,
    nav: { label: 'nav.documents', summary: 'home.area.documents' },
  },
  conversations: {
    paths: [paths.conversations, paths.conversation],
    module: () => import('../features/conversations'),
    areas: FEATURE_AREAS.conversations,
    nav: { label: 'nav.conversations', summary: 'home.area.conversations' },
  },
  playground: {
    paths: [paths.playground, paths.playgroundSpace],
    module: () => import('../features/playground'),
    areas: FEATURE_AREAS.playground,
    nav: { label: 'nav.playground', summary: 'home.area.playground' },
  },
  suites: {
    paths: [
      paths.suites,
      paths.suite,
      paths.suiteCompare,
      {
        ...paths.suiteRun,
        warm: ({ client, keptDb }, [, runId]) =>
          import('../features/suites/warm').then((m) => (runId ? m.warmRunPage(client, keptDb, runId) : undefined)),
      },
    ],
    module: () => import('../features/suites'),
    areas: FEATURE_AREAS.suites,
    nav: { label: 'nav.suites', summary: 'home.area.suites' },
  },
  activity: {
    paths: [paths.activity],
    module: () => import('../features/activity'),
    areas: FEATURE_AREAS.activity,
    nav: { label: 'nav.activity', summary: 'home.area.activity' },
  },
  catalog: {
    paths: [paths.catalog],
    module: () => import('../features/catalog'),
    areas: FEATURE_AREAS.catalog,
    nav: { label: 'catalog.title', summary: 'catalog.summary' },
  },
  settings: {
    paths: [paths.settings],
    module: () => import('../features/settings'),
    areas: FEATURE_AREAS.settings,
    nav: { label: 'nav.settings', summary: 'home.area.settings' },
  },
  /** Any other address. */
  notFound: {
    paths: [],
    module: () => import('./pages/NotFoundPage'),
    areas: [],
  },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof ROUTES;

export const PAGE_NAMES = Object.keys(ROUTES) as PageName[];

/**
 * A route pattern as a regular expression on a path below the base path, as the router matches it: case-insensitive,
 * a trailing slash allowed, each `:param` one non-empty segment (captured). The first script gets these as text.
 * A fixed segment is taken as written: routes.test.ts holds them to letters and hyphens.
 */
export function patternSource(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '([^/]+)' : s));
  return segments.length ? `^/${segments.join('/')}/?$` : '^/?$';
}

const MATCHERS = PAGE_NAMES.flatMap((page) =>
  (ROUTES[page].paths as readonly RoutePath[]).map((route) => ({
    page,
    route,
    re: new RegExp(patternSource(route.path), 'i'),
  })),
);

/** The page and route at a path below the base path, with the route's parameters as in the URL (still encoded). */
export function routeAt(pathname: string): { page: PageName; route?: RoutePath; params: string[] } {
  for (const { page, route, re } of MATCHERS) {
    const match = re.exec(pathname);
    if (match) return { page, route, params: match.slice(1) };
  }
  return { page: 'notFound', params: [] };
}

/** The page shown at a path below the base path. */
export const pageAt = (pathname: string): PageName => routeAt(pathname).page;
