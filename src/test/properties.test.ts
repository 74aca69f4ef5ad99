import fc from 'fast-check';
import { describe, it } from 'vitest';
import { PROPERTIES, PROPERTY_SEED } from './properties';

// A fixed seed: `npm test` checks the same cases on every run; the bench runs them longer with random seeds.
describe('properties (fast-check, fixed seed)', () => {
  it.each(PROPERTIES.map((p) => [p.name, p] as const))('%s', (_name, p) => {
    fc.assert(p.property, { seed: PROPERTY_SEED, numRuns: p.runs });
  });
});
