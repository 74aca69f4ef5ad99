import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { FEATURE_AREAS } from '../i18n';
import { HOME_ITEM, NAV_ITEMS, PAGE_LINKS } from './nav';
import { READS_BY_ID } from './prefetch';
import { PAGE_NAMES, pageAt, routeAt, ROUTES, type RoutePath } from './routes';

const SRC = resolve(import.meta.dirname, '..');
const routesOf = (page: (typeof PAGE_NAMES)[number]) => ROUTES[page].paths as readonly RoutePath[];
const features = readdirSync(join(SRC, 'features')).filter((name) =>
  statSync(join(SRC, 'features', name)).isDirectory(),
);

describe('the routes table', () => {
  it('every feature folder is a page whose row loads that folder with its messages areas', () => {
    const source = readFileSync(join(SRC, 'app', 'routes.ts'), 'utf8');
    for (const feature of features) {
      expect(PAGE_NAMES, feature).toContain(feature);
      const row = ROUTES[feature as keyof typeof ROUTES];
      expect(row.areas, feature).toEqual(FEATURE_AREAS[feature as keyof typeof FEATURE_AREAS]);
      expect(row.areas.length, `${feature} shows messages of its own`).toBeGreaterThan(0);
      // Its module is the feature folder's (the bundler needs the literal import to split it).
      expect(source, feature).toContain(`import('../features/${feature}')`);
    }
    expect(PAGE_NAMES.filter((page) => !features.includes(page)).sort()).toEqual(['home', 'notFound']);
  });

  it('every page but "not found" has a navigation entry: its first path, its label, a line on the overview', () => {
    expect(HOME_ITEM).toEqual({ to: '/', label: 'nav.home' });
    expect(NAV_ITEMS.map((item) => item.to).sort()).toEqual(
      features.map((f) => routesOf(f as keyof typeof ROUTES)[0]!.path).sort(),
    );
    expect(NAV_ITEMS).toHaveLength(features.length);
    for (const item of NAV_ITEMS) {
      expect(pageAt(item.to), item.to).not.toBe('notFound');
      expect(item.summary, item.to).toBeTruthy();
    }
    expect(PAGE_LINKS.map((l) => l.to)).toEqual(['/', ...NAV_ITEMS.map((i) => i.to)]);
    expect(ROUTES.notFound.paths).toEqual([]);
  });

  it('finds the page and parameters the router finds, for every route and any id', () => {
    const odd = 'a/b?c#d %e';
    const patterns = PAGE_NAMES.flatMap((page) => routesOf(page).map((route) => ({ page, route })));
    expect(new Set(patterns.map((p) => p.route.path)).size, 'each path is one route').toBe(patterns.length);
    for (const { route } of patterns)
      for (const segment of route.path.split('/').filter(Boolean))
        expect(segment, route.path).toMatch(/^(:[a-zA-Z]+|[a-z-]+)$/);
    for (const { page, route } of patterns) {
      const href = (route.href as (...ids: string[]) => string)(odd, odd);
      const pathname = href.split('?')[0]!;
      const found = routeAt(pathname);
      expect(found.page, route.path).toBe(page);
      expect(found.route?.path, route.path).toBe(route.path);
      const match = matchPath(route.path, pathname);
      // (The router leaves an encoded "/" encoded; both come back as given.)
      expect(found.params.map(decodeURIComponent), route.path).toEqual(
        Object.values(match?.params ?? {}).map((p) => decodeURIComponent(p!)),
      );
      expect(found.params.map(decodeURIComponent), route.path).toEqual(found.params.map(() => odd));
      // A trailing slash and another case are the same route, as for the router.
      if (pathname !== '/') expect(pageAt(`${pathname.toUpperCase()}/`), route.path).toBe(page);
    }
    expect(pageAt('')).toBe('home');
    expect(pageAt('/knowledge/a/b')).toBe('notFound');
    expect(pageAt('/nowhere')).toBe('notFound');
  });

  it('a route that reads ahead has one parameter, the id, and the console has a query for each read', () => {
    for (const page of PAGE_NAMES) {
      for (const route of routesOf(page)) {
        if (!route.reads) continue;
        expect(route.path.match(/:/g), route.path).toHaveLength(1);
        for (const read of route.reads) expect(Object.keys(READS_BY_ID), route.path).toContain(read.endpoint);
      }
    }
    expect(routeAt(paths.document.href('x')).route?.reads?.map((r) => r.endpoint)).toEqual([
      'queryDocumentBase',
      'getDocumentTexts',
    ]);
  });
});
