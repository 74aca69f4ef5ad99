import { describe, expect, it } from 'vitest';
import { outcomeKey } from './plan';
import { caseHash, parseShard, shardKeys, shardOfCase } from './shard';
import { normalizeSuite, type SuiteFile } from './suite-file';

const file = (n: number, variants = false): SuiteFile => ({
  name: 'S',
  space_id: '1',
  ...(variants ? { variants: [{ id: 'a' }, { id: 'b' }] } : {}),
  cases: Array.from({ length: n }, (_, i) => ({ id: `case-${i}`, question: `Q${i}` })),
});

describe('--shard', () => {
  it('reads i/n, 1-based, and refuses anything else with the rule', () => {
    expect(parseShard('2/4')).toEqual({ ok: true, shard: { index: 2, count: 4 } });
    expect(parseShard(' 1 / 1 ')).toEqual({ ok: true, shard: { index: 1, count: 1 } });
    for (const bad of ['0/4', '5/4', '1/0', '2', 'a/b', '1/257', '-1/4', '1.5/4'])
      expect(parseShard(bad)).toMatchObject({ ok: false, error: expect.stringContaining('1 ≤ i ≤ n') });
  });

  it('is a fixed number per id (the same on every machine), spread evenly over the parts', () => {
    // Pinned: a change of hash would move every CI's cases between machines.
    expect([caseHash('battery-life'), caseHash(''), caseHash('a'), caseHash('日本')]).toEqual([
      3389639677, 2872998923, 444641715, 4026831135,
    ]);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOfCase(`case-${i}`, 4) - 1]!++;
    for (const n of counts) expect(n).toBeGreaterThan(900);
  });

  it('puts every case × variant in exactly one of n parts, all variants of a case together', () => {
    const suite = normalizeSuite(file(50, true));
    for (const n of [1, 2, 3, 7]) {
      const seen = new Map<string, number>();
      for (let index = 1; index <= n; index++)
        for (const key of shardKeys(suite, { index, count: n })) seen.set(key, (seen.get(key) ?? 0) + 1);
      expect(seen.size).toBe(100);
      expect([...seen.values()].every((x) => x === 1)).toBe(true);
      for (let index = 1; index <= n; index++) {
        const keys = shardKeys(suite, { index, count: n });
        for (const c of suite.cases) expect(keys.has(outcomeKey(c.id, 'a'))).toBe(keys.has(outcomeKey(c.id, 'b')));
      }
    }
  });

  it('moves no case to another part when cases are added, removed or reordered', () => {
    const before = normalizeSuite(file(30));
    const grown = normalizeSuite({
      ...file(30),
      cases: [{ id: 'new-one', question: 'Q' }, ...file(30).cases.reverse()],
    });
    for (let index = 1; index <= 4; index++) {
      const a = shardKeys(before, { index, count: 4 });
      const b = shardKeys(grown, { index, count: 4 });
      expect([...a].every((k) => b.has(k))).toBe(true);
      expect([...b].filter((k) => !a.has(k)).every((k) => k.startsWith('new-one'))).toBe(true);
    }
  });

  it('stays within --filter', () => {
    const suite = normalizeSuite(file(20));
    const only = new Set([outcomeKey('case-1', 'default'), outcomeKey('case-2', 'default')]);
    const union = [1, 2, 3].flatMap((index) => [...shardKeys(suite, { index, count: 3 }, only)]);
    expect(union.sort()).toEqual([...only].sort());
  });
});
