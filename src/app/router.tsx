import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
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
        path={paths.home.path}
        element={
          // Only reached if the layout itself fails; pages have their own boundaries below.
          <RouteBoundary>
            <AppLayout />
          </RouteBoundary>
        }
      >
        <Route index element={page(pages.home)} />
        <Route path={paths.knowledge.path} element={page(pages.knowledge)} />
        <Route path={paths.knowledgeBase.path} element={page(pages.knowledge)} />
        <Route path={paths.datasets.path} element={page(pages.datasets)} />
        <Route path={paths.dataset.path} element={page(pages.datasets)} />
        <Route path={paths.documents.path} element={page(pages.documents)} />
        <Route path={paths.document.path} element={page(pages.documents)} />
        <Route path={paths.conversations.path} element={page(pages.conversations)} />
        <Route path={paths.conversation.path} element={page(pages.conversations)} />
        <Route path={paths.playground.path} element={page(pages.playground)} />
        <Route path={paths.playgroundSpace.path} element={page(pages.playground)} />
        <Route path={paths.suites.path} element={page(pages.suites)} />
        <Route path={paths.suite.path} element={page(pages.suites)} />
        <Route path={paths.suiteCompare.path} element={page(pages.suites)} />
        <Route path={paths.suiteRun.path} element={page(pages.suites)} />
        <Route path={paths.activity.path} element={page(pages.activity)} />
        <Route path={paths.catalog.path} element={page(pages.catalog)} />
        <Route path={paths.settings.path} element={page(pages.settings)} />
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
