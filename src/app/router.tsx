import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppLayout } from './layout/AppLayout';
import { pages } from './page-loaders';
import { RouteBoundary } from './RouteBoundary';
import { PAGE_NAMES, ROUTES, type RoutePath } from './routes';

const page = (Page: ComponentType) => (
  <RouteBoundary>
    <Page />
  </RouteBoundary>
);

/**
 * The console's routes, one per path of each page in the routes table (routes.ts). Declarative routes (not the data router): the console loads its data with
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
        {PAGE_NAMES.flatMap((name) =>
          (ROUTES[name].paths as readonly RoutePath[]).map((route) =>
            route.path === paths.home.path ? (
              <Route key={route.path} index element={page(pages[name])} />
            ) : (
              <Route key={route.path} path={route.path} element={page(pages[name])} />
            ),
          ),
        )}
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
