import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FEATURE_AREAS, withMessages } from '../i18n';
import { trackedLoad } from './page-loading';
import { AppLayout } from './layout/AppLayout';
import { RouteBoundary } from './RouteBoundary';

// Every page is its own chunk, loaded when first visited, with its area's messages in the language on screen;
// the shell shows a loading bar meanwhile (the previous page stays on screen: navigations are transitions).
const loaders = {
  home: trackedLoad(() => import('./pages/HomePage')),
  knowledge: trackedLoad(withMessages(FEATURE_AREAS.knowledge, () => import('../features/knowledge'))),
  datasets: trackedLoad(withMessages(FEATURE_AREAS.datasets, () => import('../features/datasets'))),
  documents: trackedLoad(withMessages(FEATURE_AREAS.documents, () => import('../features/documents'))),
  conversations: trackedLoad(withMessages(FEATURE_AREAS.conversations, () => import('../features/conversations'))),
  playground: trackedLoad(withMessages(FEATURE_AREAS.playground, () => import('../features/playground'))),
  activity: trackedLoad(withMessages(FEATURE_AREAS.activity, () => import('../features/activity'))),
  catalog: trackedLoad(withMessages(FEATURE_AREAS.catalog, () => import('../features/catalog'))),
  settings: trackedLoad(withMessages(FEATURE_AREAS.settings, () => import('../features/settings'))),
  notFound: trackedLoad(() => import('./pages/NotFoundPage')),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PageName = keyof typeof loaders;

const pages = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, lazy<ComponentType>(load)]),
) as Record<PageName, LazyExoticComponent<ComponentType>>;

/**
 * Starts loading the chunk (and messages) of the page at `pathname` (below the base path), before React renders:
 * on a cold load it downloads beside config.json instead of after the shell's first render. React.lazy's own
 * load then finds the module already fetched.
 */
export function preloadPage(pathname: string): void {
  const first = pathname.split('/').find(Boolean) ?? '';
  const name: PageName =
    first === '' ? 'home' : Object.hasOwn(loaders, first) && first !== 'home' ? (first as PageName) : 'notFound';
  loaders[name]().catch(() => {
    // The route's own load reports it (its error boundary offers a retry).
  });
}

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <RouteBoundary>
    <Page />
  </RouteBoundary>
);

/**
 * The console's routes. Declarative routes (not the data router): the console loads its data with
 * React Query, so the data router's loaders would be ≈16 KB gzip of unused code in the first route.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          // Only reached if the layout itself fails; pages have their own boundaries below.
          <RouteBoundary>
            <AppLayout />
          </RouteBoundary>
        }
      >
        <Route index element={page(pages.home)} />
        <Route path="knowledge" element={page(pages.knowledge)} />
        <Route path="knowledge/:id" element={page(pages.knowledge)} />
        <Route path="datasets" element={page(pages.datasets)} />
        <Route path="datasets/:id" element={page(pages.datasets)} />
        <Route path="documents" element={page(pages.documents)} />
        <Route path="documents/:id" element={page(pages.documents)} />
        <Route path="conversations" element={page(pages.conversations)} />
        <Route path="conversations/:id" element={page(pages.conversations)} />
        <Route path="playground" element={page(pages.playground)} />
        <Route path="playground/:spaceId" element={page(pages.playground)} />
        <Route path="activity" element={page(pages.activity)} />
        <Route path="catalog" element={page(pages.catalog)} />
        <Route path="settings" element={page(pages.settings)} />
        <Route path="*" element={page(pages.notFound)} />
      </Route>
    </Routes>
  );
}

/** The router is served under Vite's base path (BASE_PATH at build time). */
export function AppRouter() {
  return (
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '') || '/'}>
      <AppRoutes />
    </BrowserRouter>
  );
}
