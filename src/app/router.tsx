import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FEATURE_AREAS, withMessages } from '../i18n';
import { trackedLoad } from './page-loading';
import { AppLayout } from './layout/AppLayout';
import { RouteBoundary } from './RouteBoundary';

// Every page is its own chunk, loaded when first visited, with its area's messages in the language on screen;
// the shell shows a loading bar meanwhile (the previous page stays on screen: navigations are transitions).
const pages = {
  home: lazy(trackedLoad(() => import('./pages/HomePage'))),
  knowledge: lazy(trackedLoad(withMessages(FEATURE_AREAS.knowledge, () => import('../features/knowledge')))),
  datasets: lazy(trackedLoad(withMessages(FEATURE_AREAS.datasets, () => import('../features/datasets')))),
  documents: lazy(trackedLoad(withMessages(FEATURE_AREAS.documents, () => import('../features/documents')))),
  conversations: lazy(
    trackedLoad(withMessages(FEATURE_AREAS.conversations, () => import('../features/conversations'))),
  ),
  playground: lazy(trackedLoad(withMessages(FEATURE_AREAS.playground, () => import('../features/playground')))),
  suites: lazy(trackedLoad(withMessages(FEATURE_AREAS.suites, () => import('../features/suites')))),
  activity: lazy(trackedLoad(withMessages(FEATURE_AREAS.activity, () => import('../features/activity')))),
  catalog: lazy(trackedLoad(withMessages(FEATURE_AREAS.catalog, () => import('../features/catalog')))),
  settings: lazy(trackedLoad(withMessages(FEATURE_AREAS.settings, () => import('../features/settings')))),
  notFound: lazy(trackedLoad(() => import('./pages/NotFoundPage'))),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

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
        <Route path="suites" element={page(pages.suites)} />
        <Route path="suites/:suiteId" element={page(pages.suites)} />
        <Route path="suites/:suiteId/compare" element={page(pages.suites)} />
        <Route path="suites/:suiteId/runs/:runId" element={page(pages.suites)} />
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
