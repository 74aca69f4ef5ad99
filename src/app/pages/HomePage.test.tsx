import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionStore } from '../../lib';
import { NAV_ITEMS } from '../nav';
import { AppProviders } from '../providers';
import { AppRoutes } from '../router';
import { StartupContext } from '../startup';

beforeEach(() => {
  localStorage.clear();
  // No profile: the shell then sends no connection checks.
  connectionStore.init({ profiles: [] });
});

describe('the overview', () => {
  it('lists every page of the navigation with its line, as the layout hands them over', async () => {
    render(
      <StartupContext.Provider value={{}}>
        <AppProviders env="test" locale="en">
          <MemoryRouter initialEntries={['/']}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </StartupContext.Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const areas = screen.getByRole('heading', { level: 2, name: 'Areas' }).parentElement!;
    const cards = within(areas).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(NAV_ITEMS.map((item) => item.to));
    expect(within(areas).getByRole('link', { name: /Test suites/ })).toHaveTextContent(/question/i);
  });
});
