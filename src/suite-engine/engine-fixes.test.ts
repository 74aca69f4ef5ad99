import { describe, expect, it } from 'vitest';
import { checkSuite, type SuiteFile } from './suite-file';
import { compareWithBaseline } from './compare';
import { compareOutcomes } from './compare';
import { runMetrics } from './export';
import { outcomeKey, planAttempts } from './plan';
import { caseOutcomes, failedKeys, summarize, trend } from './results';
import type { AttemptResult, AttemptStatus, RunStatus, SuiteRun } from './types';

const file: SuiteFile = {
  name: 'fixes',
  space_id: '101',
  variants: [{ id: 'json' }, { id: 'streamed', options: { stream: true } }],
  cases: [
    { id: 'a', question: 'A?' },
    { id: 'b', question: 'B?' },
    { id: 'c', question: 'C?' },
  ],
};
const checked = checkSuite(file);
if (!checked.ok) throw new Error(checked.errors.join('\n'));
const suite = checked.suite;

const attempt = (caseId: string, variantId: string, status: AttemptStatus): AttemptResult => ({
  caseId,
  variantId,
  repetition: 1,
  status,
  sessionId: 's',
  startedAt: 0,
  finishedAt: 1,
  turns: [],
});
const runOf = (
  id: string,
  startedAt: number,
  status: RunStatus,
  attempts: AttemptResult[],
  only?: string[],
): SuiteRun => ({
  id,
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt,
  status,
  concurrency: 1,
  suite: file,
  planned: 6,
  attempts,
  ...(only ? { only } : {}),
});
const all = (status: (caseId: string, variantId: string) => AttemptStatus) =>
  ['a', 'b', 'c'].flatMap((c) => ['json', 'streamed'].map((v) => attempt(c, v, status(c, v))));

describe('engine fixes (issue 25)', () => {
  it('an id-less case never takes a written id: each case is asked once', () => {
    const collide = checkSuite({
      name: 'ids',
      space_id: '1',
      cases: [{ question: 'first?' }, { id: 'case-1', question: 'second?' }, { question: 'third?' }],
    });
    if (!collide.ok) throw new Error(collide.errors.join('\n'));
    expect(collide.suite.cases.map((c) => c.id)).toEqual(['case-1-2', 'case-1', 'case-3']);
    const asked = planAttempts(collide.suite).map((p) => collide.suite.cases.find((c) => c.id === p.caseId)!.question);
    expect(asked).toEqual(['first?', 'second?', 'third?']);
  });

  it('compare by case alone against a side with several variants keeps every variant apart', () => {
    const outcomes = caseOutcomes(
      suite,
      all((c, v) => (c === 'a' && v === 'json' ? 'fail' : 'pass')),
    );
    const json = outcomes.filter((o) => o.variantId === 'json');
    // One side a variant, the other the whole run: keyed by case alone, a's streamed pass hid its json failure.
    const cmp = compareOutcomes(outcomes, json, (o) => o.caseId);
    expect(cmp.rows).toHaveLength(6);
    expect(cmp.flipped).toEqual([]);
    expect(cmp.missing.map((r) => r.label)).toEqual(['a', 'b', 'c'].map((c) => outcomeKey(c, 'streamed')));
  });

  it('a run compared with its own re-run flips only the re-run cases that changed', () => {
    const first = all((c) => (c === 'b' ? 'fail' : 'pass'));
    const only = [outcomeKey('b', 'json'), outcomeKey('b', 'streamed')];
    const rerun = [attempt('b', 'json', 'pass'), attempt('b', 'streamed', 'fail')];
    const cmp = compareOutcomes(caseOutcomes(suite, first), caseOutcomes(suite, rerun, only));
    expect(cmp.flipped.map((r) => r.label)).toEqual([outcomeKey('b', 'json')]);
    expect(cmp.missing).toHaveLength(4);
  });

  it('the trend leaves out runs that did not finish their plan', () => {
    const done = runOf(
      'done',
      1,
      'done',
      all(() => 'pass'),
    );
    const stopped = runOf('stopped', 2, 'stopped', [attempt('a', 'json', 'pass')]);
    const timedOut = runOf('timed-out', 3, 'timed_out', [attempt('a', 'json', 'pass')]);
    expect(trend([done, stopped, timedOut]).map((p) => [p.runId, p.passRate])).toEqual([['done', 1]]);
  });

  it('a baseline: deltas, regressions, improvements and unchanged by case and variant; others not compared', () => {
    const before = caseOutcomes(
      suite,
      all((c) => (c === 'c' ? 'fail' : 'pass')),
    );
    const now = caseOutcomes(
      suite,
      all((c, v) => (c === 'a' && v === 'streamed' ? 'fail' : 'pass')),
    ).filter((o) => !(o.caseId === 'b' && o.variantId === 'streamed'));
    const cmp = compareWithBaseline(
      { cases: before, metrics: runMetrics(summarize(before)) },
      { cases: now, metrics: runMetrics(summarize(now)) },
    );
    const ids = (rows: { caseId: string; variantId: string }[]) => rows.map((r) => `${r.caseId}/${r.variantId}`);
    expect(ids(cmp.regressions)).toEqual(['a/streamed']);
    expect(ids(cmp.improvements)).toEqual(['c/json', 'c/streamed']);
    expect(ids(cmp.unchanged)).toEqual(['a/json', 'b/json']);
    expect(ids(cmp.onlyBaseline)).toEqual(['b/streamed']);
    // Over the five case × variants both sides ran (b/streamed is in the baseline only).
    expect(cmp.deltas.pass_rate).toEqual({ baseline: 3 / 5, current: 4 / 5, delta: 4 / 5 - 3 / 5 });
    expect(cmp.deltas.hit_rate).toEqual({ baseline: null, current: null, delta: null });
  });

  it('"Re-run failed cases" asks again what failed or errored, not what never ran (a stopped run)', () => {
    const stopped = [attempt('a', 'json', 'fail'), attempt('b', 'json', 'error'), attempt('c', 'json', 'pass')];
    const outcomes = caseOutcomes(suite, stopped);
    expect(outcomes.filter((o) => o.status === 'not_run')).toHaveLength(3);
    expect(failedKeys(outcomes)).toEqual([outcomeKey('a', 'json'), outcomeKey('b', 'json')]);
  });

  it('the trend marks the runs where the suite changed since the run before', () => {
    const pass = all(() => 'pass');
    const edited: SuiteFile = {
      ...file,
      cases: [{ ...file.cases[0]!, expect: { contains: ['x'] } }, ...file.cases.slice(1)],
    };
    const points = trend([
      runOf('r1', 1, 'done', pass),
      runOf('r2', 2, 'done', pass),
      { ...runOf('r3', 3, 'done', pass), suite: edited },
      { ...runOf('r4', 4, 'done', pass), suite: { ...edited, name: 'renamed' } },
    ]);
    expect(points.map((p) => [p.runId, p.suiteChanged ?? false])).toEqual([
      ['r1', false],
      ['r2', false],
      ['r3', true],
      ['r4', false],
    ]);
  });
});
