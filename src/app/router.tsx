import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppLayout } from './layout/AppLayout';
import { pages } from './page-loaders';
import { RouteBoundary } from './RouteBoundary';

const page = (Page: ComponentType) => (
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
