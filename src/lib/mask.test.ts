import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLiveMasker, createMasker, maskSecrets, profileSecrets, stripControl, urlSecrets } from './mask';

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

  it('masks a growing text: at no step of any split does a token, or the start of one, show', () => {
    const token = 'tok-9f8e7d6c5b';
    const text = `is ${token} and ${token}`;
    const final = maskSecrets(text, [token]);
    // Every way to cut the text in two and in three deltas, the token split among them.
    for (let i = 0; i <= text.length; i++)
      for (let j = i; j <= text.length; j++) {
        const live = createLiveMasker([token]);
        let shown = '';
        for (const delta of [text.slice(0, i), text.slice(i, j), text.slice(j)]) {
          shown += live.push(delta);
          // Shown so far is the start of the masked text: no piece of the token that a later delta would complete.
          if (!final.startsWith(shown) || shown.includes(token.slice(0, 4)))
            throw new Error(`cut at ${i}, ${j}: ${shown} shows a piece of the token`);
        }
        if (shown + live.end() !== final) throw new Error(`cut at ${i}, ${j}: not ${final} at the end`);
      }
  });

  it('gives out a growing text at once where it cannot begin a secret, and everything at the end', () => {
    const live = createLiveMasker(['secret-token']);
    expect(live.push('Hello wor')).toBe('Hello wor');
    expect(live.push('ld, se')).toBe('ld, '); // `se` may begin the token
    expect(live.push('cond')).toBe('second');
    expect(live.push(' secret-tok')).toBe(' ');
    expect(live.end()).toBe('secret-tok'); // never completed: not a secret
    expect(createLiveMasker([]).push('as is')).toBe('as is');
  });

  it('holds back a whole secret that runs across the cut, also with self-overlapping secrets (property)', () => {
    const chars = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 40 });
    const secret = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 4, maxLength: 6 });
    fc.assert(
      fc.property(
        chars,
        fc.array(secret, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(40)),
        (text, secrets, cuts) => {
          const final = maskSecrets(text, secrets);
          const live = createLiveMasker(secrets);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          let shown = '';
          let from = 0;
          for (const at of [...points, text.length]) {
            shown += live.push(text.slice(from, at));
            from = at;
            if (!final.startsWith(shown)) throw new Error(`${JSON.stringify(shown)} is not the start of ${final}`);
            for (const s of secrets) if (shown.includes(s)) throw new Error(`${s} shown in ${shown}`);
          }
          expect(shown + live.end()).toBe(final);
        },
      ),
      { seed: 33, numRuns: 500 },
    );
  });
});
