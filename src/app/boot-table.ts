import { ENDPOINTS } from '../contract';
import type { Area } from '../i18n/areas';
import { PAGE_NAMES, patternSource, ROUTES, type FirstRead, type RoutePath } from './routes';

/**
 * A first read as the request the first script sends: the endpoint's host, method and path, the id's place (the
 * shape is src/boot/first-reads.ts's BootRead, checked where the build plugin writes it: the app may not import boot).
 */
function bootRead(read: FirstRead) {
  const { host, method, pattern } = ENDPOINTS[read.endpoint];
  const params = [...pattern.matchAll(/:([a-z_]+)/g)];
  if (method !== 'GET' && method !== 'POST') throw new Error(`${read.endpoint}: a first read only reads`);
  if (read.body ? params.length !== 0 : params.length !== 1)
    throw new Error(`${read.endpoint}: the id must fill its one path parameter, or the body's field`);
  return {
    host,
    method,
    path: params.length ? pattern.replace(params[0]![0], '{id}') : pattern,
    ...(read.body ? { body: read.body } : {}),
  };
}

/**
 * The routes table (routes.ts) as the first script needs it: every route of a page, matched in the table's order,
 * with the reads it starts with. vite/early-fetches-plugin.ts writes it into index.html; loaded in Node there, so
 * this file and what it imports at run time stay free of browser code.
 */
export function bootRoutes() {
  return PAGE_NAMES.flatMap((page) =>
    (ROUTES[page].paths as readonly RoutePath[]).map((route) => ({
      pattern: patternSource(route.path),
      page,
      ...(route.reads ? { reads: route.reads.map(bootRead) } : {}),
    })),
  );
}

/** Each page's message areas besides the start-up ones: the build lists their chunks with the page's. */
export function pageAreas(): Record<string, readonly Area[]> {
  return Object.fromEntries(PAGE_NAMES.map((page) => [page, ROUTES[page].areas]));
}
