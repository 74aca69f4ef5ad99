import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../api/connection/store';
import { buildPath, ENDPOINTS, isPathId, type EndpointName } from '../contract';
import { FIRST_READS, isPathIdCopy, KEPT_PROFILE_KEYS, LOCALE_KEY } from '../boot/first-reads';
import { LOCALE_STORAGE_KEY } from '../i18n';

/** The first script's own copies (it may import nothing of the console) are the console's. */
describe('the first script’s copies', () => {
  it('each first read is its endpoint: host, method and path, with the id encoded', () => {
    const id = 'a b&1 文';
    for (const [page, reads] of Object.entries(FIRST_READS)) {
      for (const read of reads) {
        expect(Object.keys(ENDPOINTS), page).toContain(read.endpoint);
        const endpoint = ENDPOINTS[read.endpoint as EndpointName];
        expect(read.host, read.endpoint).toBe(endpoint.host);
        expect(read.method, read.endpoint).toBe(endpoint.method);
        const params = Object.fromEntries([...endpoint.pattern.matchAll(/:([a-z_]+)/g)].map((m) => [m[1]!, id]));
        expect(read.path(id), read.endpoint).toBe(buildPath(endpoint.pattern, params as never));
        // A body is one the endpoint's request schema accepts unchanged.
        if (read.body) {
          const body = JSON.parse(read.body(id));
          expect(endpoint.request?.parse(body), read.endpoint).toEqual(body);
        } else expect(endpoint.request, read.endpoint).toBeNull();
      }
    }
  });

  it('refuses the ids the contract refuses, and only those', () => {
    const ids = [
      '',
      '.',
      '..',
      '...',
      'a/b',
      'a?b',
      'a#b',
      'a\\b',
      '1\u0000',
      '1\n',
      '1\u007f',
      '1\u0085',
      '1\u00a0',
      '631',
      '文',
      '%2e%2e',
    ];
    for (const value of ids) expect(isPathIdCopy(value), JSON.stringify(value)).toBe(isPathId(value));
  });

  it('the storage keys are the stores’ own', () => {
    expect(KEPT_PROFILE_KEYS).toEqual({
      profiles: STORAGE_KEYS.profiles,
      activeProfile: STORAGE_KEYS.activeProfile,
      tokenPrefix: STORAGE_KEYS.tokenPrefix,
    });
    expect(LOCALE_KEY).toBe(LOCALE_STORAGE_KEY);
  });
});
