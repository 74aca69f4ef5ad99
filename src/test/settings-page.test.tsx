import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectionStore, STORAGE_KEYS } from '../lib';
import SettingsPage from '../features/settings';
import { renderWithProviders } from './render';

// A real service stand-in that rejects every token, for the form's "Test connection".
let rejecting: Server;
let rejectingUrl = '';
beforeAll(async () => {
  rejecting = http.createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify({ code: 401, message: 'invalid token' }));
  });
  await new Promise<void>((r) => rejecting.listen(0, '127.0.0.1', r));
  rejectingUrl = `http://127.0.0.1:${(rejecting.address() as AddressInfo).port}`;
});
afterAll(() => {
  rejecting.closeAllConnections();
  rejecting.close();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  connectionStore.init({
    default_profile: 'sandbox',
    profiles: [
      {
        id: 'sandbox',
        name: 'Local sandbox',
        base_url: 'http://127.0.0.1:8787',
        secondary_url: 'http://127.0.0.1:8788',
        token: 'sandbox-demo-token',
      },
    ],
  });
});

async function openNewProfileForm() {
  const user = userEvent.setup();
  renderWithProviders(<SettingsPage />, { path: '/settings' });
  await user.click(screen.getByRole('button', { name: 'Add profile' }));
  const form = screen.getByRole('region', { name: 'New profile' });
  return { user, form: within(form) };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof within>,
  values: Record<string, string>,
) {
  for (const [label, value] of Object.entries(values)) {
    const input = form.getByLabelText(label, { exact: false, selector: 'input' });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Settings page', () => {
  it('lists the config profile as active and from config.json', () => {
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const card = screen.getByRole('article', { name: 'Local sandbox' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('from config.json')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows an inline error for an invalid URL and saves nothing', async () => {
    const { user, form } = await openNewProfileForm();
    await fill(user, form, {
      Name: 'Staging',
      'Base URL': 'ftp://files.example.com',
      'Secondary URL': 'not a url',
      'Access token': 'abc',
    });
    await user.click(form.getByRole('button', { name: 'Save' }));

    const base = form.getByLabelText('Base URL', { exact: false, selector: 'input' });
    await waitFor(() => expect(base).toHaveAttribute('aria-invalid', 'true'));
    expect(form.getAllByText('Must be an http:// or https:// URL')).toHaveLength(2);
    expect(connectionStore.getState().profiles.map((p) => p.name)).toEqual(['Local sandbox']);
    expect(localStorage.getItem(STORAGE_KEYS.profiles) ?? '').not.toContain('Staging');
    // What was typed is still there to fix.
    expect(base).toHaveValue('ftp://files.example.com');
    for (const input of form.getAllByRole('textbox')) expect(input).not.toHaveAttribute('maxlength');
  });

  it('requires a token', async () => {
    const { user, form } = await openNewProfileForm();
    await fill(user, form, {
      Name: 'Staging',
      'Base URL': 'https://a.example.com',
      'Secondary URL': 'https://b.example.com',
    });
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A token is required')).toBeInTheDocument();
    expect(connectionStore.getState().profiles).toHaveLength(1);
  });

  it('adds a valid profile, confirms it, and keeps the token out of storage', async () => {
    const { user, form } = await openNewProfileForm();
    await fill(user, form, {
      Name: 'Staging',
      'Base URL': 'https://kb.example.com',
      'Secondary URL': 'https://conv.example.com',
      'Access token': 'secret-staging-token',
    });
    await user.click(form.getByLabelText('Proxied'));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile “Staging” saved')).toBeInTheDocument();
    const saved = connectionStore.getState().profiles.find((p) => p.name === 'Staging');
    expect(saved).toMatchObject({
      base_url: 'https://kb.example.com',
      secondary_url: 'https://conv.example.com',
      mode: 'proxied',
      source: 'user',
      token: 'secret-staging-token',
    });
    expect(screen.getByRole('article', { name: 'Staging' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New profile' })).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-staging-token');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-staging-token');
  });

  it('remembers the token in sessionStorage only when asked to', async () => {
    const { user, form } = await openNewProfileForm();
    await fill(user, form, {
      Name: 'Kept',
      'Base URL': 'http://127.0.0.1:9001',
      'Secondary URL': 'http://127.0.0.1:9002',
      'Access token': 'kept-token',
    });
    await user.click(form.getByRole('switch', { name: /Remember token in this tab/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile “Kept” saved');
    expect(JSON.stringify({ ...sessionStorage })).toContain('kept-token');
    expect(JSON.stringify({ ...localStorage })).not.toContain('kept-token');
  });

  it('tests unsaved form values against a real host and reports a rejected token', async () => {
    const { user, form } = await openNewProfileForm();
    await fill(user, form, {
      Name: 'Rejecting',
      'Base URL': rejectingUrl,
      'Secondary URL': rejectingUrl,
      'Access token': 'wrong',
    });
    await user.click(form.getByRole('button', { name: 'Test connection' }));
    const results = await screen.findByTestId('connection-test-results', {}, { timeout: 10_000 });
    expect(within(results).getAllByText('Token rejected (401)')).toHaveLength(2);
    expect(connectionStore.getState().profiles).toHaveLength(1);
  });

  it('deletes a user profile after confirmation', async () => {
    const added = connectionStore.saveProfile({
      name: 'Old',
      base_url: 'http://127.0.0.1:1',
      secondary_url: 'http://127.0.0.1:2',
      token: 't',
      mode: 'direct',
      knowledgeSettingsParam: 'with_settings',
      rememberToken: false,
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await user.click(within(screen.getByRole('article', { name: 'Old' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(connectionStore.getState().profiles.some((p) => p.id === added.id)).toBe(false));
    expect(screen.queryByRole('article', { name: 'Old' })).toBeNull();
  });

  it('is labelled in Chinese', () => {
    renderWithProviders(<SettingsPage />, { path: '/settings', locale: 'zh-CN' });
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加配置' })).toBeInTheDocument();
  });

  it("shows the console's version, package.json's", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    expect(screen.getByText(`Knowledge Console ${version}`)).toBeInTheDocument();
  });
});
