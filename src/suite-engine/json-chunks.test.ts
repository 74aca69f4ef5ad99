import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonChunks } from './json-chunks';

describe('jsonChunks', () => {
  it('writes what JSON.stringify(value, null, 2) writes, at every depth', () => {
    const value = {
      a: [1, { b: 'x\ny', c: undefined, d: [] }, undefined, null],
      e: {},
      f: new Date(0),
      g: 'say "hi"',
      h: () => 1,
      nested: { deeper: { deepest: [{ z: [1, 2] }] } },
    };
    for (const depth of [0, 1, 2, 3, 6])
      expect([...jsonChunks(value, depth)].join('')).toBe(JSON.stringify(value, null, 2));
  });

  it('matches JSON.stringify on any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 5 }), (value, depth) => {
        expect([...jsonChunks(value, depth)].join('')).toBe(JSON.stringify(value, null, 2));
      }),
      { seed: 32, numRuns: 300 },
    );
  });
});
