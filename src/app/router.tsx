import type { ComponentType, LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { pages } from './page-loaders';
import { RouteBoundary } from './RouteBoundary';

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
