import { describe, expect, it } from 'vitest';
import type { AttemptResult, AttemptStatus, SuiteRun, SuiteFile } from '../../../suite-engine';
import { baselineView, editedKeys } from './baseline-view';

const FILE: SuiteFile = {
  name: 'gate',
  space_id: '101',
  cases: [
    { id: 'battery', question: 'How long?', expect: { contains: ['14 days'] } },
    { id: 'price', question: 'How much?', expect: { contains: ['$4.99'] } },
    { id: 'returns', question: 'Returns?' },
  ],
};

const attempt = (caseId: string, status: AttemptStatus, latency = 100): AttemptResult => ({
  caseId,
  variantId: 'default',
  repetition: 1,
  status,
  sessionId: 's',
  startedAt: 0,
  finishedAt: latency,
  turns: [],
});
const run = (id: string, suite: SuiteFile, attempts: AttemptResult[]): SuiteRun => ({
  id,
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt: 0,
  status: 'done',
  concurrency: 1,
  suite,
  planned: suite.cases.length,
  attempts,
});

describe('a run against its baseline in the console', () => {
  it('lists regressions and improvements apart, and a case whose expectation changed as edited, never a flip', () => {
    const baseline = run('a', FILE, [attempt('battery', 'fail'), attempt('price', 'pass'), attempt('returns', 'pass')]);
    // Between the runs the admin changed battery's expectation: it passes now because the check changed.
    const edited: SuiteFile = {
      ...FILE,
      cases: [{ ...FILE.cases[0]!, expect: { contains: ['days'] } }, ...FILE.cases.slice(1)],
    };
    const current = run('b', edited, [
      attempt('battery', 'pass'),
      attempt('price', 'fail'),
      attempt('returns', 'pass'),
    ]);
    expect([...editedKeys(baseline, current)]).toEqual(['battery\u0000default']);
    const view = baselineView({ run: baseline }, { run: current });
    expect(view.edited.map((r) => [r.caseId, r.baseline, r.current])).toEqual([['battery', 'fail', 'pass']]);
    expect(view.regressions.map((r) => r.caseId)).toEqual(['price']);
    expect(view.improvements).toEqual([]);
    expect(view.unchanged.map((r) => r.caseId)).toEqual(['returns']);
    expect(view.deltas.pass_rate).toEqual({ baseline: 2 / 3, current: 2 / 3, delta: 0 });
  });

  it('the same definition in another key order is not edited; two variants of one run are matched by case', () => {
    const reordered: SuiteFile = { ...FILE, cases: FILE.cases.map((c) => ({ expect: c.expect, ...c })) };
    expect(editedKeys(run('a', FILE, []), run('b', reordered, [])).size).toBe(0);
    const twoVariants: SuiteFile = { ...FILE, variants: [{ id: 'json' }, { id: 'web' }] };
    const both = run('v', twoVariants, [
      { ...attempt('price', 'pass'), variantId: 'json' },
      { ...attempt('price', 'fail'), variantId: 'web' },
    ]);
    const view = baselineView({ run: both, variant: 'json' }, { run: both, variant: 'web' });
    expect(view.regressions.map((r) => r.caseId)).toEqual(['price']);
    expect(view.onlyBaseline).toEqual([]);
  });
});
