import { describe, expect, it } from 'vitest';
import { earlyFetchesPlugin } from '../../vite/early-fetches-plugin';
import { STORAGE_KEYS } from '../lib/profiles/store';
import { bootRoutes, pageAreas } from '../app/boot-table';
import { READS_BY_ID } from '../app/prefetch';
import { PAGE_NAMES, ROUTES, type RoutePath } from '../app/routes';
import { BOOT_TABLE_ID, isPathIdCopy, KEPT_PROFILE_KEYS, LOCALE_KEY, type BootTable } from '../boot/first-reads';
import { buildPath, ENDPOINTS, isPathId } from '../contract';
import { LOCALE_STORAGE_KEY } from '../i18n';

/** The first script's table, as the build plugin writes it into index.html (the dev server's way: no bundle). */
async function tableInIndexHtml(): Promise<BootTable> {
  const plugin = earlyFetchesPlugin();
  const config = { base: '/', root: process.cwd(), command: 'serve' };
  (plugin.configResolved as (c: typeof config) => void)(config);
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: object) => Promise<unknown> };
  const tags = (await hook.handler('', {})) as { attrs: { id?: string }; children?: string }[];
  const block = tags.find((tag) => tag.attrs.id === BOOT_TABLE_ID);
  return JSON.parse(block!.children!);
}

/** The first script's table comes from the routes table; its own copies (it may import nothing) are the console's. */
describe('the first script’s table and copies', () => {
  it('index.html’s table is the one the routes table generates: every route, in order, with its reads', async () => {
    const table = await tableInIndexHtml();
    expect(table.routes).toEqual(bootRoutes());
    const paths = PAGE_NAMES.flatMap((page) => (ROUTES[page].paths as readonly RoutePath[]).map((r) => r.path));
    expect(table.routes).toHaveLength(paths.length);
    // The reads a cold load of a document starts with, spelled out once as the requests they are.
    expect(table.routes.find((r) => new RegExp(r.pattern, 'i').test('/Documents/a%2Fb/'))).toEqual({
      pattern: '^/documents/([^/]+)/?$',
      page: 'documents',
      reads: [
        { host: 'base', method: 'POST', path: '/v1/documents/query-base', body: 'document_id' },
        { host: 'base', method: 'GET', path: '/v1/documents/texts/{id}' },
      ],
    });
    expect(pageAreas().documents).toEqual(ROUTES.documents.areas);
  }, 20_000);

  it('each first read is its endpoint: host, method and path, with the id encoded; a body the endpoint accepts', () => {
    const id = 'a b&1 文';
    const routes = bootRoutes();
    const reading = PAGE_NAMES.flatMap((page) =>
      (ROUTES[page].paths as readonly RoutePath[]).flatMap((route) => route.reads ?? []),
    );
    expect(routes.flatMap((r) => r.reads ?? [])).toHaveLength(reading.length);
    for (const [i, read] of routes.flatMap((r) => r.reads ?? []).entries()) {
      const { endpoint: name, body: field } = reading[i]!;
      const endpoint = ENDPOINTS[name];
      expect(read.host, name).toBe(endpoint.host);
      expect(read.method, name).toBe(endpoint.method);
      const params = Object.fromEntries([...endpoint.pattern.matchAll(/:([a-z_]+)/g)].map((m) => [m[1]!, id]));
      expect(read.path.replace('{id}', encodeURIComponent(id)), name).toBe(
        buildPath(endpoint.pattern, params as never),
      );
      if (field) {
        const body = { [field]: id };
        expect(endpoint.request?.parse(body), name).toEqual(body);
      } else expect(endpoint.request, name).toBeNull();
      // The console reads it ahead too, with the page's own query.
      expect(Object.keys(READS_BY_ID), name).toContain(name);
    }
  });

  it('refuses the ids the contract refuses, and only those', () => {
    const ids = [
      '',
      '.',
      '..',
      '...',
      'a/b',
      'a?b',
      'a#b',
      'a\\b',
      '1\u0000',
      '1\n',
      '1\u007f',
      '1\u0085',
      '1\u00a0',
      '631',
      '文',
      '%2e%2e',
    ];
    for (const value of ids) expect(isPathIdCopy(value), JSON.stringify(value)).toBe(isPathId(value));
  });

  it('the storage keys are the stores’ own', () => {
    expect(KEPT_PROFILE_KEYS).toEqual({
      profiles: STORAGE_KEYS.profiles,
      activeProfile: STORAGE_KEYS.activeProfile,
      tokenPrefix: STORAGE_KEYS.tokenPrefix,
    });
    expect(LOCALE_KEY).toBe(LOCALE_STORAGE_KEY);
  });
});
