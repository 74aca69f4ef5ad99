import { describe, expect, it } from 'vitest';
import { gateVerdict, suiteGates } from './gate';
import type { RunSummary } from './results';

const summary = (over: Partial<RunSummary> = {}): RunSummary => ({
  total: 4,
  passed: 3,
  failed: 1,
  errors: 0,
  notRun: 0,
  passRate: 0.75,
  flaky: 0,
  ...over,
});

describe('the gate', () => {
  it('is the suite’s gate block, each figure overridden by a flag; the pass rate needs every case by default', () => {
    expect(suiteGates({})).toEqual({ min_pass_rate: 1 });
    expect(suiteGates({ gate: { min_hit_rate: 0.5 } })).toEqual({ min_pass_rate: 1, min_hit_rate: 0.5 });
    expect(
      suiteGates(
        { gate: { min_pass_rate: 0.8, min_hit_rate: 0.5, min_mrr: 0.4 } },
        { min_pass_rate: 0.5, min_mrr: 0.9 },
      ),
    ).toEqual({ min_pass_rate: 0.5, min_hit_rate: 0.5, min_mrr: 0.9 });
  });

  it('holds when every figure reaches its minimum, and names each figure measured', () => {
    const verdict = gateVerdict(summary({ hitRate: 0.5, mrr: 0.25 }), { min_pass_rate: 0.75, min_hit_rate: 0.5 });
    expect(verdict).toEqual({
      holds: true,
      results: [
        { name: 'min_pass_rate', min: 0.75, actual: 0.75, ok: true },
        { name: 'min_hit_rate', min: 0.5, actual: 0.5, ok: true },
      ],
    });
  });

  it('fails when any figure is below its minimum', () => {
    const verdict = gateVerdict(summary({ hitRate: 0.9, mrr: 0.2 }), { min_pass_rate: 0.5, min_mrr: 0.3 });
    expect(verdict.holds).toBe(false);
    expect(verdict.results.map((g) => [g.name, g.ok])).toEqual([
      ['min_pass_rate', true],
      ['min_mrr', false],
    ]);
  });

  it('does not hold an unmeasured hit rate or MRR, nor any gate of a run where nothing ran', () => {
    expect(gateVerdict(summary(), { min_pass_rate: 0, min_hit_rate: 0 })).toEqual({
      holds: false,
      results: [
        { name: 'min_pass_rate', min: 0, actual: 0.75, ok: true },
        { name: 'min_hit_rate', min: 0, actual: null, ok: false },
      ],
    });
    const empty = summary({ total: 0, passed: 0, failed: 0, passRate: 0 });
    expect(gateVerdict(empty, { min_pass_rate: 0 }).holds).toBe(false);
  });

  it('holds the pass-rate gate when every case judged passed', () => {
    const all = summary({ total: 3, passed: 3, failed: 0, passRate: 0.9999999999999999 });
    expect(gateVerdict(all, { min_pass_rate: 1 })).toEqual({
      holds: true,
      results: [{ name: 'min_pass_rate', min: 1, actual: 1, ok: true }],
    });
  });

  it('measures the pass rate over the cases judged: errors neither pass nor fail it, and a run of errors holds nothing', () => {
    // 3 passed, 1 failed, 4 errors: 3 of 4 judged, not 3 of 8.
    const withErrors = summary({ total: 8, passed: 3, failed: 1, errors: 4, passRate: 3 / 8 });
    expect(gateVerdict(withErrors, { min_pass_rate: 0.75 })).toEqual({
      holds: true,
      results: [{ name: 'min_pass_rate', min: 0.75, actual: 0.75, ok: true }],
    });
    const outage = summary({ total: 4, passed: 0, failed: 0, errors: 4, passRate: 0 });
    expect(gateVerdict(outage, { min_pass_rate: 0 }).holds).toBe(false);
  });
});
