import { screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionStore } from '../lib';
import { AppProviders } from './providers';
import { RouteBoundary } from './RouteBoundary';
import { AppRoutes } from './router';
import { StartupContext } from './startup';

function renderApp(path: string, configError?: string) {
  return render(
    <StartupContext.Provider value={{ configError }}>
      <AppProviders env="test" locale="en">
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </StartupContext.Provider>,
  );
}

const NAV_EN = [
  'Knowledge bases',
  'Datasets',
  'Documents',
  'Conversations',
  'Playground',
  'Activity',
  'Id catalog',
  'Settings',
];
const NAV_ZH = ['知识库', '数据集', '文档', '会话', '调试台', '请求日志', 'ID 目录', '设置'];

beforeEach(() => {
  localStorage.clear();
  // No profile: the shell then sends no connection checks.
  connectionStore.init({ profiles: [] });
});

describe('app shell', () => {
  it('shows the navigation in English, then in Chinese after switching language', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The links and the header's controls come just after the first paint (AppLayout).
    expect(await within(nav).findByRole('link', { name: NAV_EN[0] })).toBeInTheDocument();
    for (const label of NAV_EN) expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), '简体中文');

    const navZh = screen.getByRole('navigation', { name: '主导航' });
    for (const label of NAV_ZH) expect(within(navZh).getByRole('link', { name: label })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('kc.locale')).toBe('zh-CN');
  });

  it('opens a deep link with its id', async () => {
    renderApp('/datasets/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
    // The dataset page names the id it was opened with, even before (or without) an answer.
    expect(await screen.findByText(/\babc\b/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Datasets' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('shows a not-found page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at /no/such/page.')).toBeInTheDocument();
  });

  it('still renders, with a warning, when config.json could not be loaded', async () => {
    renderApp('/settings', 'HTTP 404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByTestId('config-warning')).toHaveTextContent(
      'Could not load config.json, so no preset connection profiles are available; add one in Settings. Reason: HTTP 404',
    );
    expect(screen.getByRole('button', { name: 'Add profile' })).toBeInTheDocument();
  });

  it('toggles the colour scheme from the header', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: /Switch to (dark|light) theme/ });
    const before = toggle.getAttribute('aria-label');
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ }).getAttribute('aria-label')).not.toBe(
        before,
      ),
    );
  });

  it('shows a failing page as an error with a way out, never a blank page', async () => {
    function Broken(): never {
      throw new Error('chunk datasets-abc.js failed to load');
    }
    render(
      <AppProviders env="test" locale="en">
        <MemoryRouter>
          <RouteBoundary>
            <Broken />
          </RouteBoundary>
        </MemoryRouter>
      </AppProviders>,
    );
    const alert = await screen.findByTestId('route-error');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(alert).toHaveTextContent('chunk datasets-abc.js failed to load');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to the overview' })).toHaveAttribute('href', '/');
  });

  it('clears a failed page when the admin navigates to another page', async () => {
    const user = userEvent.setup();
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <AppProviders env="test" locale="en">
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/fine">elsewhere</Link>
          <Routes>
            <Route
              path="/broken"
              element={
                <RouteBoundary>
                  <Broken />
                </RouteBoundary>
              }
            />
            <Route
              path="/fine"
              element={
                <RouteBoundary>
                  <p>fine page</p>
                </RouteBoundary>
              }
            />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByTestId('route-error')).toHaveTextContent('render failed');
    await user.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('fine page')).toBeInTheDocument();
    expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
  });
});
