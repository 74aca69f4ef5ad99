import { hashKey, type FetchQueryOptions, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { connectionStore } from '../lib';
import { datasetQuery, documentBaseQuery, documentTextsPreviewQuery, documentTextsQuery, knowledgeQuery } from '../api';
import { isPathId, type EndpointName } from '../contract';
import { preloadPage } from './page-loaders';
import { routeAt, type FirstRead, type WarmContext } from './routes';

/** How long a failed read ahead of a page stays its first answer, from a hover to the click that follows it. */
const FAILURE_KEPT_MS = 10_000;

/**
 * Reads a query ahead of the page that will show it. Its answer, an error included, is the page's first answer: the
 * page's first mount does not ask again because the prefetch failed (a 404 is one call, as when the page asks
 * itself); later mounts behave as usual.
 */
function prefetchForPage(client: QueryClient, options: FetchQueryOptions<any, any, any, any>): Promise<void> {
  const { queryKey } = options;
  // A failure answered moments ago (a read started on hover, src/app/prefetch-on-intent.ts) is the page's first
  // answer too: the click does not ask again.
  const state = client.getQueryState(queryKey);
  if (state?.status === 'error' && state.fetchStatus === 'idle' && Date.now() - state.errorUpdatedAt < FAILURE_KEPT_MS)
    return Promise.resolve();
  const hash = hashKey(queryKey);
  client.setQueryDefaults(queryKey, { retryOnMount: false });
  const cache = client.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'observerAdded' || event.query.queryHash !== hash) return;
    client.setQueryDefaults(queryKey, {});
    unsubscribe();
  });
  return client.prefetchQuery(unabortable(options));
}

/**
 * The same read, deaf to React Query's abort signal: a read started ahead of its page is not cancelled and sent again
 * when the page it was started for unmounts before its answer (once in a few loaded runs a page mounted and remounted
 * while its read was in flight, and the read went out twice; documentTextsQuery is deaf to it for the same reason).
 * The transport's own timeout still ends it. The context is copied field by field: reading its `signal` is what
 * marks a read as cancellable.
 */
function unabortable<O extends FetchQueryOptions<any, any, any, any>>(options: O): O {
  const { queryFn } = options;
  if (typeof queryFn !== 'function') return options;
  const never = new AbortController().signal;
  return {
    ...options,
    queryFn: (context: QueryFunctionContext) =>
      queryFn({ client: context.client, queryKey: context.queryKey, meta: context.meta, signal: never } as never),
  };
}

/** How the console reads one endpoint by one id: the same query options as the page uses, so it finds them. */
interface ReadById {
  query: (id: string) => FetchQueryOptions<any, any, any, any>;
  /**
   * Waits for the page's chunk before reading, and says when the read is far enough along. A document's full text
   * (3.7 MB for 50,000 pieces) waits for the page's chunk: arriving beside the chunk, it slowed the chunk's arrival and
   * compiling on a two-core machine (in-app to the first pieces, 9 interleaved runs: 415 ms started with the
   * navigation, 327 ms after the chunk; with 100 ms latency per request 367 / 382 ms). A cold load's first script
   * asks for it earlier still (src/boot/early-fetches.ts): the entry takes longer to arrive than the text.
   */
  afterChunk?: (client: QueryClient, id: string, read: Promise<void>) => Promise<void>;
}

/** Every endpoint a route's first reads name (routes.ts), with the query that reads it (held so by routes.test.ts). */
export const READS_BY_ID = {
  getKnowledge: { query: (id) => knowledgeQuery(id) },
  getDataset: { query: (id) => datasetQuery(id) },
  queryDocumentBase: { query: (id) => documentBaseQuery(id) },
  getDocumentTexts: { query: (id) => documentTextsQuery(id), afterChunk: untilPreviewOrSettled },
} satisfies Partial<Record<EndpointName, ReadById>>;

export type ReadEndpoint = keyof typeof READS_BY_ID;

/** Starts one first read; routes.test.ts holds every read's endpoint to a row of READS_BY_ID. */
function startRead(client: QueryClient, pathname: string, read: FirstRead, id: string): Promise<void> {
  const by: ReadById = READS_BY_ID[read.endpoint as ReadEndpoint];
  const { afterChunk } = by;
  if (!afterChunk) return prefetchForPage(client, by.query(id));
  return preloadPage(pathname).then(() => afterChunk(client, id, prefetchForPage(client, by.query(id))));
}

/**
 * Resolves once a large text's first pieces are in (documentTextsQuery's preview: what the page's first render shows
 * of it), or once the read has settled. The whole answer is parsed only after a page shows the preview, so the first
 * render must not wait for it.
 */
function untilPreviewOrSettled(client: QueryClient, id: string, read: Promise<void>): Promise<void> {
  const { queryKey } = documentTextsPreviewQuery(id);
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.getQueryData(queryKey) !== undefined) done();
    });
    void read.then(done, done);
  });
}

/**
 * Asks for the data of the page at `pathname` (below the base path) as soon as config.json is in, before the page's
 * chunk has arrived and rendered: on a cold load the request runs beside the chunks instead of after them. The page's
 * own query then finds it in flight or answered (a failure shows there, as its own would). Resolves when every read
 * has settled, answered or failed (a large text: when its first pieces are in).
 */
export function prefetchPageData(client: QueryClient, pathname: string): Promise<void> {
  const { route, params } = routeAt(pathname);
  const id = params[0];
  if (!route?.reads || params.length !== 1 || !id || !connectionStore.getActiveProfile()) return Promise.resolve();
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    return Promise.resolve();
  }
  // An id its page refuses (src/contract/path-id.ts) is not asked for ahead of it either.
  if (!isPathId(decoded)) return Promise.resolve();
  return Promise.all(route.reads.map((read) => startRead(client, pathname, read, decoded))).then(() => undefined);
}

/**
 * Reads ahead what the page at `pathname` shows first from this browser's own store (its route's `warm`, routes.ts):
 * a kept suite run's start. Resolves when done; a failure is left for the page, which reads again and shows it.
 */
export function warmPage(context: WarmContext, pathname: string): Promise<void> {
  const { route, params } = routeAt(pathname);
  if (!route?.warm || !connectionStore.getActiveProfile()) return Promise.resolve();
  let decoded: string[];
  try {
    decoded = params.map(decodeURIComponent);
  } catch {
    return Promise.resolve();
  }
  return route.warm(context, decoded).catch(() => undefined);
}

/** The path below the base path of a URL of this console, or null for another origin or outside the base. */
export function pathBelowBase(url: string, base: string = import.meta.env.BASE_URL): string | null {
  const u = new URL(url, window.location.href);
  if (u.origin !== window.location.origin || !`${u.pathname}/`.startsWith(base)) return null;
  return u.pathname.slice(base.length - 1);
}

/**
 * On every in-app navigation (a link, navigate(), Back), asks for the next page's data and chunk at once, instead of
 * after the router has rendered the route (the chunk) and the page has rendered (the data). Uses the Navigation API's navigate event where the
 * browser has it (Chromium); elsewhere pages load their data as they render, as before.
 */
export function prefetchOnNavigation(context: WarmContext): void {
  const { client } = context;
  if (typeof navigation === 'undefined') return;
  navigation.addEventListener('navigate', (event) => {
    // The router's own replaceState of the URL on screen is not a new page.
    if (event.destination.url === window.location.href) return;
    const path = pathBelowBase(event.destination.url);
    if (path === null) return;
    void prefetchPageData(client, path);
    void preloadPage(path);
    void warmPage(context, path);
  });
}
