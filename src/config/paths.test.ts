import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('every href matches its own route pattern, and an id comes back as given', () => {
    const odd = 'a/b?c#d %e';
    const cases: [keyof typeof paths, string][] = [
      ['knowledgeBase', 'id'],
      ['dataset', 'id'],
      ['document', 'id'],
      ['conversation', 'id'],
      ['playgroundSpace', 'spaceId'],
    ];
    for (const [name, param] of cases) {
      const route = paths[name] as { path: string; href: (id: string) => string };
      // The browser hands the router the encoded path; the router decodes each param.
      const match = matchPath(route.path, route.href(odd));
      expect(decodeURIComponent(match?.params[param] ?? ''), name).toBe(odd);
    }
    for (const name of ['home', 'knowledge', 'datasets', 'documents', 'conversations', 'playground'] as const)
      expect(matchPath(paths[name].path, paths[name].href())).not.toBeNull();
  });

  it('the catalog can open on a search', () => {
    expect(paths.catalog.href()).toBe('/catalog');
    expect(paths.catalog.href('a b/c?')).toBe('/catalog?q=a%20b%2Fc%3F');
  });

  it('settings can name the profile to fix and why', () => {
    expect(paths.settings.href()).toBe('/settings');
    expect(paths.settings.href({ profile: 'p 1', reason: 'token' })).toBe('/settings?profile=p+1&reason=token');
    expect(paths.settings.href({ profile: null, reason: 'token' })).toBe('/settings?reason=token');
  });
});
