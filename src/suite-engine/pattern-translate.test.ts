import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { evaluate } from './assertions';
import { compileMatches, matchesProblem } from './pattern-translate';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every `matches` value in a parsed suite. */
function matchesIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => matchesIn(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'matches' && typeof v === 'string') out.push(v);
      else matchesIn(v, out);
    }
  return out;
}

const filesIn = (dir: string, re: RegExp): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && re.test(e.name))
    .map((e) => join(e.parentPath, e.name));

/** The repository's patterns: its suite files, and `matches: '…'` / `"matches": "…"` written in docs and e2e. */
function repositoryPatterns(): string[] {
  const out: string[] = [];
  for (const file of [...filesIn('src/server/fixtures', /\.json$/), ...filesIn('public/suites', /\.json$/)])
    matchesIn(JSON.parse(readFileSync(file, 'utf8')), out);
  for (const file of filesIn('src/server/fixtures', /\.ya?ml$/)) matchesIn(parseYaml(readFileSync(file, 'utf8')), out);
  const written = /\bmatches"?\s*:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  for (const file of [join(ROOT, 'README.md'), ...filesIn('docs', /\.md$/), ...filesIn('e2e', /\.ts$/)]) {
    for (const m of readFileSync(file, 'utf8').matchAll(written)) {
      // As JavaScript would read the literal (both quote styles escape alike here).
      const literal = m[1] ?? m[2]!;
      out.push(JSON.parse(`"${literal.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`));
    }
  }
  return out;
}

const verdict = (matches: string, text: string) =>
  evaluate({ matches }, { text, sources: [], latencyMs: 1 }).find((o) => o.key === 'matches')!;

describe('translatePattern: JavaScript patterns on the linear-time engine (RE2)', () => {
  it("passes every pattern in the repository's suites, docs and e2e specs that is meant to run", () => {
    // Patterns written to be refused (a syntax error, a backreference) are the specs' own examples of refusal.
    const meantToFail = new Set(['(', '(a)\\1', '(x)\\1']);
    const patterns = repositoryPatterns().filter((p) => !meantToFail.has(p));
    expect(patterns).toContain('\\b14\\s+days\\b');
    for (const pattern of patterns) expect([pattern, matchesProblem(pattern)]).toEqual([pattern, undefined]);
    expect(compileMatches('\\b14\\s+days\\b')!.test('Returns within 14  days.')).toBe(true);
  });

  it.each([
    ['/caf\\u00e9/', 'un café', 'café'],
    ['/\\u{1F600}+/u', 'ok 😀😀!', '😀😀'],
    ['/\\uD83D\\uDE00/', 'ok 😀', '😀'],
    ['(?<year>\\d{4})-(?<month>\\d{2})', 'on 2024-05-01', '2024-05'],
    ['/\\p{Script=Greek}+/u', 'x αβγ y', 'αβγ'],
    ['/\\p{Lu}\\p{Letter}+/u', 'é Étoile', 'Étoile'],
    ['/[\\p{N}]+/u', 'ab 42', '42'],
    ['a\\sb', 'a\u00a0b', 'a\u00a0b'],
    ['a[\\s]b', 'a\u3000b', 'a\u3000b'],
    ['a[^\\S]b', 'a\u2028b', 'a\u2028b'],
    ['\\x41\\cJ', 'xA\n', 'A\n'],
    ['[]]', ']', null],
    ['[^]', '\n', '\n'],
    ['a.c', 'a\rc abc', 'abc'],
    ['/a.c/s', 'a\rc', 'a\rc'],
    ['/^b$/m', 'a\nb\nc', 'b'],
    ['^b$', 'a\nb\nc', null],
    ['/DAYS/gi', '14 days', 'days'],
    ['a{2,3}?', 'aaaa', 'aa'],
    ['x{', 'x{', 'x{'],
    ['[a-c-]+', 'z-ab-', '-ab-'],
    ['[\\b]', 'a\bb', '\b'],
    ['\\/\\.\\*', 'a/.*', '/.*'],
    ['[[:alpha:]]', 'a:]', ':]'],
  ])('%s on %j finds %j, as JavaScript does', (pattern, text, found) => {
    const re = compileMatches(pattern);
    expect(re, matchesProblem(pattern)).toBeDefined();
    expect(re!.exec(text)?.[0] ?? null).toBe(found);
  });

  it.each([
    [
      '(a)\\1',
      '\\1 at character 4: a backreference (or a legacy octal escape), which the linear-time engine (RE2) cannot run',
    ],
    ['/(a)\\1/u', '\\1 at character 5: a backreference, which the linear-time engine (RE2) cannot run'],
    ['/(?<q>a)\\k<q>/u', '\\k<q> at character 9: a backreference, which the linear-time engine (RE2) cannot run'],
    ['x(?=y)', '(?= at character 2: a lookahead, which the linear-time engine (RE2) cannot run'],
    ['x(?!y)', '(?! at character 2: a lookahead, which the linear-time engine (RE2) cannot run'],
    ['(?<=\\$)\\d+', '(?<= at character 1: a lookbehind, which the linear-time engine (RE2) cannot run'],
    ['(?<!a)b', '(?<! at character 1: a lookbehind, which the linear-time engine (RE2) cannot run'],
    ['/\\u{41}/', '\\u{41} at character 2: \\u{…} needs the u flag (without it, it repeats the letter u)'],
    ['\\01', '\\01 at character 1: a legacy octal escape: write \\x{…} instead'],
    ['/a/y', 'the y flag is not supported: start the pattern with ^ instead'],
    ['/a/v', 'the v flag is not supported: use u'],
    [
      '/\\p{Script_Extensions=Greek}/u',
      '\\p{Script_Extensions=Greek} at character 2: the Unicode property Script_Extensions is not known to RE2 (use Script=)',
    ],
    ['a{1001}', 'a repeat count over 1000 (nested repeats multiply), more than the linear-time engine (RE2) allows'],
    ['(', 'not a valid regular expression'],
  ])('refuses %s with the place and why', (pattern, problem) => {
    expect(matchesProblem(pattern)).toBe(problem);
    expect(compileMatches(pattern)).toBeUndefined();
  });

  // Each takes seconds to hours in JavaScript's backtracking engine on the 40-character answer (the first, 55 s
  // on 26 characters); RE2 answers in linear time, so these verdicts come back at once even on 100 KB. Each row:
  // the pattern, the answer that almost matches (the hostile one), the answer that matches.
  it.each([
    ['/(k|\\u212A)+$/iu', (n: number) => `${'k'.repeat(n)}!`, (n: number) => 'K'.repeat(n)],
    ['/^(\\p{L}|\\p{Ll})+$/u', (n: number) => `${'a'.repeat(n)}1`, (n: number) => 'é'.repeat(n)],
    ['/^(.|\\s)*!$/s', (n: number) => `${' '.repeat(n)}x`, (n: number) => `${' \n'.repeat(n / 2)}!`],
    ['/^(?:a|[\\s\\S])+b$/s', (n: number) => `${'a'.repeat(n)}c`, (n: number) => `${'a'.repeat(n)}b`],
    ['^a.*.*.*.*.*.*.*.*.*.*.*.*b$', (n: number) => 'a'.repeat(n), (n: number) => `${'a'.repeat(n)}b`],
    ['(a+)+$', (n: number) => `${'a'.repeat(n)}!`, (n: number) => 'a'.repeat(n)],
    ['^(\\w+\\s?)+$', (n: number) => `${'a'.repeat(n)}!`, (n: number) => 'ab '.repeat(n / 2)],
  ])('judges %s on a hostile answer (40 characters and 100 KB) in linear time', (pattern, hostile, passing) => {
    for (const length of [40, 100_000]) {
      expect(verdict(pattern, hostile(length))).toEqual({
        key: 'matches',
        ok: false,
        detail: `no match for ${pattern}`,
      });
      expect(verdict(pattern, passing(length)).ok).toBe(true);
    }
  });
});
