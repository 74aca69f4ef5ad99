import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './pages/RouteError';

// Every page is its own chunk, loaded when first visited.
const pages = {
  home: lazy(() => import('./pages/HomePage')),
  knowledge: lazy(() => import('../features/knowledge')),
  datasets: lazy(() => import('../features/datasets')),
  documents: lazy(() => import('../features/documents')),
  conversations: lazy(() => import('../features/conversations')),
  playground: lazy(() => import('../features/playground')),
  activity: lazy(() => import('../features/activity')),
  catalog: lazy(() => import('../features/catalog')),
  settings: lazy(() => import('../features/settings')),
  notFound: lazy(() => import('./pages/NotFoundPage')),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

const route = (path: string | undefined, Page: LazyExoticComponent<ComponentType>): RouteObject =>
  path === undefined ? { index: true, element: <Page />, errorElement: <RouteError /> } : { path, element: <Page />, errorElement: <RouteError /> };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    // Only reached if the layout itself fails; pages have their own boundaries below.
    errorElement: <RouteError />,
    children: [
      route(undefined, pages.home),
      route('knowledge', pages.knowledge),
      route('knowledge/:id', pages.knowledge),
      route('datasets', pages.datasets),
      route('datasets/:id', pages.datasets),
      route('documents', pages.documents),
      route('documents/:id', pages.documents),
      route('conversations', pages.conversations),
      route('conversations/:id', pages.conversations),
      route('playground', pages.playground),
      route('playground/:spaceId', pages.playground),
      route('activity', pages.activity),
      route('catalog', pages.catalog),
      route('settings', pages.settings),
      route('*', pages.notFound),
    ],
  },
];

/** The router is served under Vite's base path (BASE_PATH at build time). */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' });
}

/** For tests: the same routes in memory, starting at `path`. */
export function createTestRouter(path = '/') {
  return createMemoryRouter(routes, { initialEntries: [path] });
}
