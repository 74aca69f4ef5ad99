import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import type { Locale } from '../i18n';

export interface RenderOptions {
  locale?: Locale;
  /** The URL the component is rendered at. */
  path?: string;
  /** A route pattern, so the component can read params (e.g. "/datasets/:id"). */
  route?: string;
}

/**
 * Renders a component inside the app's own providers (theme, notifications, React Query, i18n, the IndexedDB
 * context) with Mantine in test mode — no transitions or portals — and a router, without the app shell.
 * Each render gets its own query client, so no cached answer crosses tests.
 */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'en', path = '/', route = '*' }: RenderOptions = {},
): RenderResult {
  return render(
    <AppProviders env="test" locale={locale}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
