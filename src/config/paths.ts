/**
 * Every in-app URL, one entry per route: `path` is the pattern the router matches, `href(...)` builds a link
 * to it with each id URI-encoded (an id may hold "/", "?" or "#"). Links and navigate() calls use the builders;
 * src/app/routes.ts gives each route its page, and the router, navigation, page loading, prefetch and the first
 * script's table derive from it. So a route is renamed here, and a page added there. Paths are below the base
 * path (/kc/ in a subpath deployment): the router adds it.
 *
 * This module imports nothing, so every layer above the api may use it (the features link with it).
 */
const enc = encodeURIComponent;

/** Settings can point at one profile and say why the admin was sent there. */
export interface SettingsTarget {
  profile?: string | null;
  reason?: 'token';
}

export const paths = {
  home: { path: '/', href: () => '/' },
  knowledge: { path: '/knowledge', href: () => '/knowledge' },
  knowledgeBase: { path: '/knowledge/:id', href: (knowledgeId: string) => `/knowledge/${enc(knowledgeId)}` },
  datasets: { path: '/datasets', href: () => '/datasets' },
  dataset: { path: '/datasets/:id', href: (datasetId: string) => `/datasets/${enc(datasetId)}` },
  documents: { path: '/documents', href: () => '/documents' },
  document: { path: '/documents/:id', href: (documentId: string) => `/documents/${enc(documentId)}` },
  conversations: { path: '/conversations', href: () => '/conversations' },
  conversation: {
    path: '/conversations/:id',
    href: (conversationId: string) => `/conversations/${enc(conversationId)}`,
  },
  playground: { path: '/playground', href: () => '/playground' },
  playgroundSpace: { path: '/playground/:spaceId', href: (spaceId: string) => `/playground/${enc(spaceId)}` },
  suites: { path: '/suites', href: () => '/suites' },
  /** A suite's page; `tab` opens one of its tabs (e.g. its runs); `caseId` opens the editor on that case. */
  suite: {
    path: '/suites/:suiteId',
    href: (suiteId: string, tab?: string, caseId?: string) =>
      `/suites/${enc(suiteId)}${tab ? `?tab=${enc(tab)}` : ''}${caseId ? `${tab ? '&' : '?'}case=${enc(caseId)}` : ''}`,
  },
  suiteRun: {
    path: '/suites/:suiteId/runs/:runId',
    href: (suiteId: string, runId: string) => `/suites/${enc(suiteId)}/runs/${enc(runId)}`,
  },
  /** Two runs, or two variants of one run (`a` and `b` are run ids, or `run:variant`). */
  suiteCompare: {
    path: '/suites/:suiteId/compare',
    href: (suiteId: string, compare?: { a: string; b: string }) =>
      `/suites/${enc(suiteId)}/compare${compare ? `?${new URLSearchParams(compare)}` : ''}`,
  },
  activity: { path: '/activity', href: () => '/activity' },
  /** The catalog, searching for `query` if given. */
  catalog: { path: '/catalog', href: (query?: string) => (query ? `/catalog?q=${enc(query)}` : '/catalog') },
  settings: {
    path: '/settings',
    href: ({ profile, reason }: SettingsTarget = {}) => {
      const params = new URLSearchParams();
      if (profile) params.set('profile', profile);
      if (reason) params.set('reason', reason);
      const query = params.toString();
      return query ? `/settings?${query}` : '/settings';
    },
  },
} as const;

export type PathName = keyof typeof paths;
