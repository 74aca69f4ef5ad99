import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWithoutTokens } from './config-json-plugin';

describe('the build’s config.json', () => {
  it('is public/config.json without any token: the sandbox’s profile stays, its demo token does not', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../public/config.json'), 'utf8');
    expect(source).toContain('"token"');
    const built = configWithoutTokens(source);
    expect(built).not.toContain('token');
    expect(JSON.parse(built)).toEqual({
      ...JSON.parse(source),
      profiles: JSON.parse(source).profiles.map((profile: { token?: string }) => {
        const rest = { ...profile };
        delete rest.token;
        return rest;
      }),
    });
  });

  it('keeps every other field of every profile, and a file without profiles as it is', () => {
    const config = {
      default_profile: 'b',
      profiles: [
        { id: 'a', name: 'A', base_url: 'https://a', secondary_url: 'https://a2', token: 'secret-a', mode: 'proxied' },
        { id: 'b', name: 'B', base_url: 'https://b', secondary_url: 'https://b2' },
      ],
    };
    expect(JSON.parse(configWithoutTokens(JSON.stringify(config)))).toEqual({
      default_profile: 'b',
      profiles: [
        { id: 'a', name: 'A', base_url: 'https://a', secondary_url: 'https://a2', mode: 'proxied' },
        { id: 'b', name: 'B', base_url: 'https://b', secondary_url: 'https://b2' },
      ],
    });
    expect(JSON.parse(configWithoutTokens('{"profiles": "x"}'))).toEqual({ profiles: 'x' });
    expect(() => configWithoutTokens('{')).toThrow(/not JSON/);
  });
});
