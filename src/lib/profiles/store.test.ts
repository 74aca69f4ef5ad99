import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startServer, type TestServer } from '../test-support/http-server';
import { MemoryStorage } from '../test-support/memory-storage';
import type { ConsoleConfig, ConnectionProfile, ProfileInput } from './profile';
import { createConnectionStore, loadConsoleConfig, STORAGE_KEYS } from './store';

const CONFIG: ConsoleConfig = {
  default_profile: 'sandbox',
  profiles: [
    {
      id: 'sandbox',
      name: 'Local sandbox',
      base_url: 'http://127.0.0.1:8787',
      secondary_url: 'http://127.0.0.1:8788',
      token: 'config-token',
    },
    {
      id: 'staging',
      name: 'Staging',
      base_url: 'https://staging.example/api/',
      secondary_url: 'https://staging.example/kb',
    },
  ],
};

const input = (over: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Production',
  base_url: 'https://prod.example',
  secondary_url: 'https://prod-kb.example',
  token: 'user-token-XYZ',
  mode: 'direct',
  knowledgeSettingsParam: 'with_settings',
  rememberToken: false,
  ...over,
});

let local: MemoryStorage;
let session: MemoryStorage;
/** A fresh store over the same storages: what a reload of the page sees. */
const reload = () => {
  const store = createConnectionStore({ local, session });
  store.init(CONFIG);
  return store;
};

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
});

describe('connection store', () => {
  it('starts from config.json with the default profile active and config tokens in memory only', () => {
    const store = reload();
    expect(store.getState().profiles.map((p) => p.id)).toEqual(['sandbox', 'staging']);
    expect(store.getActiveProfile()).toMatchObject({
      id: 'sandbox',
      token: 'config-token',
      mode: 'direct',
      source: 'config',
      knowledgeSettingsParam: 'with_settings',
    });
    expect(local.dump()).not.toContain('config-token');
    expect(session.dump()).not.toContain('config-token');
  });

  it('keeps a user profile across reloads without its token when remember is off', () => {
    const store = reload();
    const saved = store.saveProfile(input());
    expect(saved).toMatchObject({ source: 'user', token: 'user-token-XYZ' });
    expect(local.dump()).toContain('Production');
    expect(local.dump()).not.toContain('user-token-XYZ');
    expect(session.dump()).not.toContain('user-token-XYZ');

    const after = reload()
      .getState()
      .profiles.find((p) => p.id === saved.id);
    expect(after).toMatchObject({ name: 'Production', base_url: 'https://prod.example', rememberToken: false });
    expect(after?.token).toBeUndefined();
  });

  it('remembers a token in sessionStorage only, reads it back, and forgets it when remember is turned off', () => {
    const store = reload();
    const saved = store.saveProfile(input({ rememberToken: true }));
    expect(session.getItem(STORAGE_KEYS.tokenPrefix + saved.id)).toBe('user-token-XYZ');
    expect(local.dump()).not.toContain('user-token-XYZ');
    expect(
      reload()
        .getState()
        .profiles.find((p) => p.id === saved.id)?.token,
    ).toBe('user-token-XYZ');

    store.setToken(saved.id, 'user-token-XYZ', false);
    expect(session.getItem(STORAGE_KEYS.tokenPrefix + saved.id)).toBeNull();
    expect(
      reload()
        .getState()
        .profiles.find((p) => p.id === saved.id)?.token,
    ).toBeUndefined();
    expect(local.dump() + session.dump()).not.toContain('user-token-XYZ');
  });

  it('lets a config profile be edited, keeps its source, stores only the edited fields and never the config token', () => {
    const store = reload();
    store.saveProfile(
      input({
        name: 'Sandbox (proxied)',
        base_url: 'http://127.0.0.1:8787',
        secondary_url: 'http://127.0.0.1:8788',
        token: 'config-token',
        mode: 'proxied',
        rememberToken: true,
      }),
      'sandbox',
    );
    expect(store.getActiveProfile()).toMatchObject({ source: 'config', mode: 'proxied', name: 'Sandbox (proxied)' });
    const stored = JSON.parse(local.getItem(STORAGE_KEYS.profiles)!) as Record<string, unknown>[];
    expect(stored).toEqual([
      { id: 'sandbox', source: 'config', name: 'Sandbox (proxied)', mode: 'proxied', rememberToken: true },
    ]);
    // The token is the one config.json supplies: it comes back from there, so it is not stored.
    expect(local.dump() + session.dump()).not.toContain('config-token');
    expect(reload().getActiveProfile()).toMatchObject({ mode: 'proxied', token: 'config-token', source: 'config' });

    store.resetProfile('sandbox');
    expect(reload().getActiveProfile()).toMatchObject({ mode: 'direct', name: 'Local sandbox' });
  });

  it('removes user profiles only, and keeps the active id across reloads', () => {
    const store = reload();
    const saved = store.saveProfile(input({ rememberToken: true }));
    store.setActive(saved.id);
    expect(local.getItem(STORAGE_KEYS.activeProfile)).toBe(saved.id);
    expect(reload().getActiveProfile()?.id).toBe(saved.id);

    expect(() => store.removeProfile('sandbox')).toThrow(/config\.json/);
    store.removeProfile(saved.id);
    expect(store.getActiveProfile()?.id).toBe('sandbox');
    expect(session.getItem(STORAGE_KEYS.tokenPrefix + saved.id)).toBeNull();
    expect(
      reload()
        .getState()
        .profiles.map((p) => p.id),
    ).toEqual(['sandbox', 'staging']);
  });

  it('tells listeners when the active connection changes, not on unrelated edits', () => {
    const store = reload();
    const changes: [string | undefined, string | undefined][] = [];
    store.onActiveChange((active, previous) => changes.push([active?.id, previous?.id]));
    let notified = 0;
    store.subscribe(() => notified++);

    store.setActive('staging');
    store.saveProfile(input({ name: 'Other' })); // not active: no connection change
    store.setToken('staging', 'new-token', false); // active token changed: cached answers are stale
    store.setActive('staging'); // same: nothing
    expect(changes).toEqual([
      ['staging', 'sandbox'],
      ['staging', 'staging'],
    ]);
    expect(notified).toBe(3);
  });

  it('rejects invalid input with a clear message and changes nothing', () => {
    const store = reload();
    const before = store.getState();
    expect(() => store.saveProfile(input({ base_url: 'ftp://x' }))).toThrow(
      'base_url: base_url must be an http(s) URL',
    );
    expect(() => store.setActive('missing')).toThrow('There is no connection profile "missing".');
    expect(store.getState()).toBe(before);
    expect(local.getItem(STORAGE_KEYS.profiles)).toBeNull();
  });

  it('survives unreadable storage: sets it aside and starts from config.json', () => {
    local.setItem(STORAGE_KEYS.profiles, '{not json');
    const store = reload();
    expect(store.getState().profiles.map((p) => p.id)).toEqual(['sandbox', 'staging']);
    expect(local.getItem(`${STORAGE_KEYS.profiles}.unreadable`)).toBe('{not json');
  });

  it('works with no storage at all (tokens and profiles in memory)', () => {
    const store = createConnectionStore({ local: null, session: null });
    store.init(CONFIG);
    const saved: ConnectionProfile = store.saveProfile(input({ rememberToken: true }));
    expect(store.getState().profiles.at(-1)).toEqual(saved);
  });
});

describe('loadConsoleConfig', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('reads a valid config.json', async () => {
    server.handle((_, res) => json(res, 200, CONFIG));
    await expect(loadConsoleConfig(`${server.url}/config.json`)).resolves.toEqual(CONFIG);
  });

  it.each([
    ['a missing file', 404, 'nope', /HTTP 404\. Put a config\.json next to index\.html/],
    ['an HTML page', 200, '<!doctype html><html></html>', /is not valid JSON/],
    ['a wrong shape', 200, { profiles: [{ id: 'x', name: 'X', base_url: 'http://a' }] }, /profiles\.0\.secondary_url/],
    [
      'a non-http URL',
      200,
      { profiles: [{ id: 'x', name: 'X', base_url: 'file:///etc', secondary_url: 'http://a' }] },
      /base_url "file:\/\/\/etc" is not an http\(s\) URL/,
    ],
    [
      'an unknown default',
      200,
      { default_profile: 'prod', profiles: [{ id: 'x', name: 'X', base_url: 'http://a', secondary_url: 'http://a' }] },
      /default_profile "prod" is not the id of any profile \(x\)/,
    ],
  ])('explains %s', async (_, status, body, message) => {
    server.handle((__, res) => json(res, status, body));
    await expect(loadConsoleConfig(`${server.url}/config.json`)).rejects.toThrow(message);
  });
});
