import { describe, expect, it } from 'vitest';
import { createMasker, maskSecrets, profileSecrets, stripControl, urlSecrets } from './mask';

describe('masking secrets', () => {
  it("finds a URL's password as written and decoded, and none in a URL without one", () => {
    expect(urlSecrets('http://user:p%40ss@host:8080/v1')).toEqual(['p%40ss', 'p@ss']);
    expect(urlSecrets('https://user:plain@host')).toEqual(['plain']);
    expect(urlSecrets('https://user@host')).toEqual([]);
    expect(urlSecrets('https://host/path:with@colon')).toEqual([]);
    expect(urlSecrets(undefined)).toEqual([]);
  });

  it('masks every occurrence of every secret, the longest first', () => {
    const secrets = profileSecrets({
      token: 'tok-123',
      base_url: 'http://u:tok-123-long@h',
      secondary_url: 'http://h',
    });
    expect(maskSecrets('a tok-123 b tok-123-long c', secrets)).toBe('a *** b *** c');
    expect(createMasker([undefined, ''])('unchanged')).toBe('unchanged');
    // A secret of fewer than MIN_SECRET_CHARS characters would mask every such letter of every line.
    expect(maskSecrets('that text', ['t'])).toBe('that text');
  });

  it('strips terminal escapes, other control characters and bidi overrides, keeping line feeds and tabs', () => {
    const hostile =
      '\x1b[31mred\x1b[0m \x1b]0;title\x07 \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ over\rwrite \x9b2J \u202Eevil\u202C\tok\nnext\x00\x7f';
    expect(stripControl(hostile)).toBe('red  link overwrite  evil\tok\nnext');
  });
});
