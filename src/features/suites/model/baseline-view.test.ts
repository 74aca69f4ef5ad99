import { describe, expect, it } from 'vitest';
import type { AttemptResult, AttemptStatus, SuiteRun, SuiteFile } from '../../../suite-engine';
import { baselineView, editedKeys, latencyMatters } from './baseline-view';

const FILE: SuiteFile = {
  name: 'gate',
  space_id: '101',
  cases: [
    { id: 'battery', question: 'How long?', expect: { contains: ['14 days'] } },
    { id: 'price', question: 'How much?', expect: { contains: ['$4.99'] } },
    { id: 'returns', question: 'Returns?' },
  ],
};

/** An attempt with its answer kept (as a run in memory, or read back with its details). */
const attempt = (caseId: string, status: AttemptStatus, answer: string): AttemptResult => ({
  caseId,
  variantId: 'default',
  repetition: 1,
  status,
  sessionId: 's',
  startedAt: 0,
  finishedAt: 100,
  turns: [
    {
      question: 'q',
      request: { method: 'POST', url: 'http://svc', body: { session_id: 's', message: 'q' } },
      status: status === 'error' ? 'error' : status,
      answer,
      sources: [],
      assertions: [],
      latencyMs: 100,
    },
  ],
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
  it('judges an edited case again from the kept answer: passing then under the new check and failing now is a regression', () => {
    const baseline = run('a', FILE, [
      attempt('battery', 'pass', 'It lasts 14 days.'),
      attempt('price', 'pass', '$4.99'),
      attempt('returns', 'pass', 'Yes'),
    ]);
    // Between the runs the admin loosened battery's expectation; today's answer fails it anyway.
    const edited: SuiteFile = {
      ...FILE,
      cases: [{ ...FILE.cases[0]!, expect: { contains: ['days'] } }, ...FILE.cases.slice(1)],
    };
    const current = run('b', edited, [
      attempt('battery', 'fail', 'It lasts two weeks.'),
      attempt('price', 'fail', '$5.99'),
      attempt('returns', 'pass', 'Yes'),
    ]);
    expect([...editedKeys(baseline, current)]).toEqual(['battery\u0000default']);
    const view = baselineView({ run: baseline }, { run: current });
    expect(view.regressions.map((r) => [r.caseId, r.edited, r.rejudged])).toEqual([
      ['battery', true, 'pass'],
      ['price', false, undefined],
    ]);
    expect(view.edited).toEqual([]);
    expect(view.unchanged.map((r) => r.caseId)).toEqual(['returns']);
    expect(view.deltas.pass_rate).toEqual({ baseline: 1, current: 1 / 3, delta: 1 / 3 - 1 });
  });

  it('a kept run read without its answers: the edited case has no verdict until they are read', () => {
    const apart = (a: AttemptResult): AttemptResult => ({
      ...a,
      turns: a.turns.map(({ answer: _answer, ...t }) => t as AttemptResult['turns'][number]),
    });
    const kept = attempt('battery', 'pass', 'It lasts 14 days.');
    const baseline = { ...run('a', FILE, [apart(kept)]), detailsApart: true as const };
    const edited: SuiteFile = { ...FILE, cases: [{ ...FILE.cases[0]!, expect: { contains: ['days'] } }] };
    const current = run('b', edited, [attempt('battery', 'fail', 'Two weeks.')]);
    expect(baselineView({ run: baseline }, { run: current }).rows[0]).toMatchObject({
      verdict: 'edited',
      note: "the baseline's answers are not at hand",
    });
    // With the answers read back (useCaseDetails), it is judged again.
    const detailed = [{ caseId: 'battery', variantId: 'default', status: 'pass', attempts: [kept] }] as never;
    expect(baselineView({ run: baseline }, { run: current }, detailed).rows[0]).toMatchObject({
      verdict: 'regression',
      edited: true,
    });
  });

  it('the same definition in another key order is not edited; two variants of one run are matched by case', () => {
    const reordered: SuiteFile = { ...FILE, cases: FILE.cases.map((c) => ({ expect: c.expect, ...c })) };
    expect(editedKeys(run('a', FILE, []), run('b', reordered, [])).size).toBe(0);
    const twoVariants: SuiteFile = { ...FILE, variants: [{ id: 'json' }, { id: 'web' }] };
    const both = run('v', twoVariants, [
      { ...attempt('price', 'pass', '$4.99'), variantId: 'json' },
      { ...attempt('price', 'fail', '$5'), variantId: 'web' },
    ]);
    const view = baselineView({ run: both, variant: 'json' }, { run: both, variant: 'web' });
    expect(view.regressions.map((r) => r.caseId)).toEqual(['price']);
    expect(view.onlyBaseline).toEqual([]);
  });

  it('colours a latency change only when it matters: at least 100 ms and 20 % of the baseline', () => {
    expect(latencyMatters(900, 22)).toBe(false);
    expect(latencyMatters(900, 150)).toBe(false);
    expect(latencyMatters(338, 77)).toBe(false);
    expect(latencyMatters(400, 120)).toBe(true);
    expect(latencyMatters(1500, -400)).toBe(true);
    expect(latencyMatters(null, 500)).toBe(false);
  });
});
