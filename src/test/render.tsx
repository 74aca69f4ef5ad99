import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../api';
import { I18nProvider, type Locale } from '../i18n';

export interface RenderOptions {
  locale?: Locale;
  /** The URL the component is rendered at. */
  path?: string;
  /** A route pattern, so the component can read params (e.g. "/datasets/:id"). */
  route?: string;
}

/**
 * Renders a component the way the app does (Mantine in test mode — no transitions or portals —,
 * notifications, React Query, i18n, a router) without the app shell.
 */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'en', path = '/', route = '*' }: RenderOptions = {},
): RenderResult {
  const queryClient = createQueryClient();
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <I18nProvider locale={locale}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
