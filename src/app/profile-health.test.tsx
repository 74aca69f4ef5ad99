import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { connectionStore } from '../lib';
import { createQueryClient, healthKey, HEALTH_CHECK_INTERVAL_MS } from '../api';
import { json, startServer, type TestServer } from '../lib/test-support/http-server';
import { AppProviders } from './providers';
import { ProfileStatus } from './layout/ProfileStatus';
import SettingsPage from '../features/settings';

// Two real services: one takes the token (its 404 for the probe id proves it), one refuses every token.
let accepting: TestServer;
let refusing: TestServer;
beforeAll(async () => {
  accepting = await startServer((_, res) => json(res, 404, { detail: 'Not Found' }));
  refusing = await startServer((_, res) => json(res, 401, { detail: 'Invalid authentication credentials' }));
});
afterAll(async () => {
  await accepting.close();
  await refusing.close();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  connectionStore.init({
    default_profile: 'good',
    profiles: [
      { id: 'good', name: 'Good', base_url: accepting.url, secondary_url: accepting.url, token: 't' },
      { id: 'bad', name: 'Bad', base_url: refusing.url, secondary_url: refusing.url, token: 't' },
    ],
  });
});

const card = (id: string) => screen.getByTestId((_, el) => el?.getAttribute('data-profile-id') === id);

describe('connection health on React Query', () => {
  it("keeps every profile's last check in Settings when switching profiles clears the cached answers", async () => {
    const user = userEvent.setup();
    const client = createQueryClient();
    client.setQueryData(['good', 'dataset', '1'], { name: 'cached under Good' });
    render(
      <AppProviders queryClient={client} env="test" locale="en">
        <MemoryRouter>
          <ProfileStatus />
          <SettingsPage />
        </MemoryRouter>
      </AppProviders>,
    );
    // The header checks the active profile on start; its result shows on that profile's card too.
    await waitFor(() => expect(within(card('good')).getAllByText('Accepted')).toHaveLength(2));
    await user.click(within(card('bad')).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(within(card('bad')).getAllByText('Token rejected (401)')).toHaveLength(2));

    await user.click(within(card('bad')).getByRole('button', { name: 'Use this profile' }));
    await waitFor(() => expect(client.getQueryData(['good', 'dataset', '1'])).toBeUndefined());
    expect(within(card('good')).getAllByText('Accepted')).toHaveLength(2);
    expect(within(card('bad')).getAllByText('Token rejected (401)')).toHaveLength(2);
    expect(screen.getByTestId('profile-status')).toHaveAttribute('data-tone', 'error');
  });

  it("polls the active profile every minute, never from a hidden tab; Settings' cards only read", async () => {
    const client = createQueryClient();
    const refusedBefore = refusing.received.length;
    render(
      <AppProviders queryClient={client} env="test" locale="en">
        <MemoryRouter>
          <ProfileStatus />
          <SettingsPage />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(client.getQueryData(healthKey('good'))).toBeDefined());
    const observers = (id: string) => client.getQueryCache().find({ queryKey: healthKey(id) })!.observers;
    const polling = observers('good').filter((o) => o.options.enabled !== false);
    expect(polling).toHaveLength(1);
    expect(polling[0]!.options).toMatchObject({
      refetchInterval: HEALTH_CHECK_INTERVAL_MS,
      refetchIntervalInBackground: false,
    });
    expect(observers('bad').every((o) => o.options.enabled === false)).toBe(true);
    expect(refusing.received).toHaveLength(refusedBefore);
  });
});
