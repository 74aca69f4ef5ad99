import { describe, expect, it } from 'vitest';
import { mergeRuns, type MergePart } from './merge';
import { caseOutcomes, summarize } from './results';
import { runMetrics } from './export';
import { normalizeSuite, type SuiteFile } from './suite-file';
import { shardKeys } from './shard';
import { flakyCases } from './flaky';
import { flippingCases } from './flipping';
import { dryRunPlan } from './dry-run';
import { tokenBudget } from './token-budget';
import type { AttemptResult, RunStatus, Shard, SuiteRun } from './types';

const FILE: SuiteFile = {
  name: 'Support',
  space_id: '7',
  cases: Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, question: `Q${i}`, repeat: 2 })),
};
const SUITE = normalizeSuite(FILE);

/** An attempt as the runner keeps it: `pass` when the case's number says so, with a latency and tokens. */
const attempt = (caseId: string, repetition: number, status: 'pass' | 'fail', latencyMs: number): AttemptResult => ({
  caseId,
  variantId: 'default',
  repetition,
  status,
  sessionId: `s-${caseId}-${repetition}`,
  startedAt: 0,
  finishedAt: 1,
  turns: [
    {
      question: 'Q',
      request: { method: 'POST', url: 'http://x', body: { session_id: 's', message: 'Q' } },
      status,
      answer: 'A',
      sources: [],
      assertions: [],
      latencyMs,
      totalTokens: 100 + latencyMs,
    },
  ],
});

const verdict = (id: string) => (Number(id.slice(1)) % 3 === 0 ? 'fail' : 'pass');
const attemptsOf = (ids: readonly string[]) =>
  ids.flatMap((id) => {
    const k = Number(id.slice(1));
    return [attempt(id, 1, verdict(id), 10 * k + 5), attempt(id, 2, 'pass', 10 * k + 7)];
  });

let n = 0;
const run = (over: Partial<SuiteRun> = {}, file: SuiteFile = FILE): SuiteRun => ({
  id: `run-${++n}`,
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'cli', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt: 1000 + n,
  finishedAt: 2000 + n,
  status: 'done' as RunStatus,
  concurrency: 2,
  suite: file,
  planned: 0,
  attempts: [],
  ...over,
});

const shardRun = (shard: Shard, file: SuiteFile = FILE): SuiteRun => {
  const only = [...shardKeys(normalizeSuite(file), shard)];
  const ids = [...new Set(only.map((k) => k.split('\u0000')[0]!))];
  return run({ shard, only, planned: ids.length * 2, attempts: attemptsOf(ids) }, file);
};
const parts = (count: number) =>
  Array.from({ length: count }, (_, i): MergePart => ({
    name: `p${i + 1}.json`,
    run: shardRun({ index: i + 1, count }),
  }));
const metricsOf = (r: SuiteRun) => runMetrics(summarize(caseOutcomes(SUITE, r.attempts, r.only)));

describe('merging shards', () => {
  it('gives the figures of the whole suite run at once (medians, rates, tokens, flaky list)', () => {
    const whole = run({ attempts: attemptsOf(SUITE.cases.map((c) => c.id)), planned: 18 });
    for (const count of [2, 3, 4]) {
      const merged = mergeRuns(parts(count));
      expect(merged.ok).toBe(true);
      if (!merged.ok) continue;
      expect(merged.run.only).toBeUndefined();
      expect(merged.run.status).toBe('done');
      expect(merged.run.planned).toBe(18);
      // Latencies depend on the case, not the part: equal multisets, equal medians and p95.
      const sortedLatencies = (r: SuiteRun) => r.attempts.map((a) => a.turns[0]!.latencyMs).sort();
      expect(sortedLatencies(merged.run)).toEqual(sortedLatencies(whole));
      expect(metricsOf(merged.run)).toEqual(metricsOf(whole));
      const statuses = (r: SuiteRun) => caseOutcomes(SUITE, r.attempts, r.only).map((o) => [o.caseId, o.status]);
      expect(statuses(merged.run)).toEqual(statuses(whole));
    }
  });

  it('refuses parts of different suites, or of two revisions of one, naming why', () => {
    const other = mergeRuns([
      { name: 'a.json', run: shardRun({ index: 1, count: 2 }) },
      { name: 'b.json', run: shardRun({ index: 2, count: 2 }, { ...FILE, name: 'Billing' }) },
    ]);
    expect(other).toEqual({
      ok: false,
      error: 'a.json is a run of the suite "Support" and b.json of "Billing": parts of different suites are not merged',
    });
    const edited = { ...FILE, cases: FILE.cases.map((c) => (c.id === 'c4' ? { ...c, question: 'changed' } : c)) };
    const revised = mergeRuns([
      { name: 'a.json', run: shardRun({ index: 1, count: 2 }) },
      { name: 'b.json', run: shardRun({ index: 2, count: 2 }, edited) },
    ]);
    expect(revised).toMatchObject({ ok: false, error: expect.stringContaining('different revisions') });
    expect(!revised.ok && revised.error).toContain('case "c4" differs');
    const added = mergeRuns([
      { name: 'a.json', run: shardRun({ index: 1, count: 2 }) },
      {
        name: 'b.json',
        run: shardRun({ index: 2, count: 2 }, { ...FILE, cases: [...FILE.cases, { id: 'c9', question: 'Q' }] }),
      },
    ]);
    expect(!added.ok && added.error).toContain('case "c9" is in one and not the other');
  });

  it('refuses the same shard twice, shards of different splits, the same run twice and overlapping parts', () => {
    const [a, b] = parts(2);
    expect(mergeRuns([a!, { name: 'again.json', run: { ...shardRun({ index: 1, count: 2 }) } }])).toEqual({
      ok: false,
      error: 'p1.json and again.json are both shard 1/2: each shard once',
    });
    expect(mergeRuns([a!, { name: 'copy.json', run: a!.run }])).toMatchObject({
      ok: false,
      error: expect.stringContaining('are the same run'),
    });
    expect(mergeRuns([a!, { name: 'x.json', run: shardRun({ index: 2, count: 3 }) }])).toMatchObject({
      ok: false,
      error: expect.stringContaining('shards of different splits are not merged'),
    });
    const whole = run({ attempts: attemptsOf(['c0']) });
    expect(mergeRuns([b!, { name: 'whole.json', run: whole }])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^p2\.json and whole\.json both ran case "c\d": parts that overlap are not merged$/),
    });
  });

  it('keeps a missing shard’s cases in the run, not run, and says so (never silently out of the gate)', () => {
    const [a, , c] = parts(3);
    const merged = mergeRuns([a!, c!]);
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    expect(merged.missingShards).toEqual([{ index: 2, count: 3 }]);
    expect(merged.run.status).toBe('interrupted');
    expect(merged.run.endReason).toMatch(/^shard\(s\) 2\/3 missing from the merge: their \d+ case\(s\) not run/);
    const s = summarize(caseOutcomes(SUITE, merged.run.attempts, merged.run.only));
    expect(s.total).toBe(9);
    expect(s.notRun).toBe(shardKeys(SUITE, { index: 2, count: 3 }).size);
  });

  it('is as finished as its least finished part', () => {
    const [a, b] = parts(2);
    const merged = mergeRuns([a!, { ...b!, run: { ...b!.run, status: 'timed_out', endReason: 'the time limit' } }]);
    expect(merged).toMatchObject({ ok: true, run: { status: 'timed_out', endReason: 'p2.json: the time limit' } });
  });
});

describe('flaky cases', () => {
  it('lists the cases whose repetitions disagreed, with how many passed', () => {
    const outcomes = caseOutcomes(SUITE, attemptsOf(['c0', 'c1', 'c3']));
    expect(flakyCases(outcomes)).toEqual([
      { caseId: 'c0', variantId: 'default', passed: 1, done: 2 },
      { caseId: 'c3', variantId: 'default', passed: 1, done: 2 },
    ]);
  });

  it('marks a case that flips across runs (pass, fail, pass), not one that changed once or was edited', () => {
    const one = (id: string, status: 'pass' | 'fail') => [attempt(id, 1, status, 1), attempt(id, 2, status, 1)];
    const runs = [
      run({ startedAt: 1, attempts: [...one('c1', 'pass'), ...one('c2', 'pass'), ...one('c3', 'pass')] }),
      run({ startedAt: 2, attempts: [...one('c1', 'fail'), ...one('c2', 'fail'), ...one('c3', 'fail')] }),
      // A re-run of a subset and a stopped run are not the trend's.
      run({ startedAt: 3, only: ['c1\u0000default'], attempts: one('c1', 'pass') }),
      run({ startedAt: 4, status: 'stopped', attempts: one('c1', 'pass') }),
      run(
        { startedAt: 5, attempts: [...one('c1', 'pass'), ...one('c2', 'fail'), ...one('c3', 'pass')] },
        { ...FILE, cases: FILE.cases.map((c) => (c.id === 'c3' ? { ...c, question: 'edited' } : c)) },
      ),
    ];
    const flips = flippingCases(runs);
    expect(flips.map((f) => [f.caseId, f.flips, f.history.map((h) => h.status).join(' ')])).toEqual([
      ['c1', 2, 'pass fail pass'],
    ]);
  });
});

describe('--dry-run and --max-total-tokens', () => {
  it('plans completions per case and variant, estimating tokens from a previous run', () => {
    const file: SuiteFile = {
      ...FILE,
      variants: [{ id: 'a' }, { id: 'b' }],
      cases: [
        { id: 'c1', question: 'Q', repeat: 3, follow_ups: [{ question: 'F' }] },
        { id: 'new', question: 'Q' },
      ],
    };
    const suite = normalizeSuite(file);
    expect(dryRunPlan(suite)).toMatchObject({ sessions: 8, completions: 14 });
    expect(dryRunPlan(suite).tokens).toBeUndefined();
    const prev = (variantId: string) => ({ ...attempt('c1', 1, 'pass', 0), variantId });
    const previous = caseOutcomes(suite, [prev('a'), prev('b')]);
    const plan = dryRunPlan(suite, undefined, { cases: previous, metrics: runMetrics(summarize(previous)) });
    // c1: 100 tokens per session there × 3 sessions; `new`: 100 per completion (the mean) × 1.
    expect(plan.rows.map((r) => [r.caseId, r.variantId, r.completions, r.tokens, r.estimate])).toEqual([
      ['c1', 'a', 6, 300, 'case'],
      ['c1', 'b', 6, 300, 'case'],
      ['new', 'a', 1, 100, 'mean'],
      ['new', 'b', 1, 100, 'mean'],
    ]);
    expect(plan.tokens).toBe(800);
  });

  it('adds up the reported usage and says when the budget is reached', () => {
    const budget = tokenBudget(250);
    expect(budget.add(attempt('c1', 1, 'pass', 20))).toBe(false);
    expect(budget.add(attempt('c1', 2, 'pass', 30))).toBe(true);
    expect(budget.used).toBe(250);
  });
});
