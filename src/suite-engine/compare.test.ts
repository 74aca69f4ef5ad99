import { describe, expect, it } from 'vitest';
import { checkSuite, type SuiteFile } from './suite-file';
import {
  compareWithBaseline,
  editedKeys,
  VERDICT_TABLE,
  VERDICTS,
  verdictOf,
  type BaselineSide,
  type EditState,
  type SideStatus,
} from './compare';
import { runMetrics } from './export';
import { caseOutcomes, summarize } from './results';
import type { AttemptResult, AttemptStatus, TurnResult } from './types';

const suiteOf = (file: SuiteFile) => {
  const checked = checkSuite(file);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite;
};

const base: SuiteFile = {
  name: 'verdicts',
  space_id: '101',
  cases: [
    { id: 'price', question: 'How much is shipping?', expect: { contains: ['$4.99'] } },
    { id: 'returns', question: 'Returns?', expect: { contains: ['14 days'] } },
  ],
};

/** One answered turn (the answer kept, as a run keeps it) judged by the suite's expectations at the time. */
const turn = (question: string, answer: string, status: 'pass' | 'fail' | 'error', extra: Partial<TurnResult> = {}) =>
  ({
    question,
    request: { method: 'POST', url: 'http://svc', body: { session_id: 's', message: question } },
    status,
    answer,
    sources: [],
    assertions: [],
    latencyMs: 100,
    ...extra,
  }) satisfies TurnResult;

const attempt = (caseId: string, status: AttemptStatus, answer: string, repetition = 1): AttemptResult => ({
  caseId,
  variantId: 'default',
  repetition,
  status,
  sessionId: 's',
  startedAt: 0,
  finishedAt: 1,
  turns: [turn('q', answer, status)],
});

const side = (file: SuiteFile, attempts: AttemptResult[]): BaselineSide => {
  const suite = suiteOf(file);
  const cases = caseOutcomes(suite, attempts);
  return { cases, metrics: runMetrics(summarize(cases)), suite };
};
const verdicts = (cmp: ReturnType<typeof compareWithBaseline>) =>
  Object.fromEntries(cmp.rows.map((r) => [r.caseId, r.verdict]));

const withCase = (file: SuiteFile, id: string, change: object): SuiteFile => ({
  ...file,
  cases: file.cases.map((c) => (c.id === id ? { ...c, ...change } : c)),
});

describe('one comparison: a verdict per case × variant', () => {
  it('the golden table: every (baseline, current, edit) has one verdict, and errors are never regressions', () => {
    const sides: SideStatus[] = ['pass', 'fail', 'error', 'not_run', 'missing'];
    const edits: EditState[] = ['none', 'rejudged', 'unjudgeable'];
    for (const e of edits)
      for (const b of sides)
        for (const c of sides) {
          const v = verdictOf(b, c, e);
          expect(VERDICTS).toContain(v);
          if (c === 'error') expect(v).toBe('error');
          if (v === 'regression') expect([b, c]).toEqual(['pass', 'fail']);
        }
    // The rows docs/suites.md prints.
    expect(VERDICT_TABLE.none.pass).toEqual({
      pass: 'unchanged',
      fail: 'regression',
      error: 'error',
      not_run: 'not_run',
      missing: 'removed',
    });
    expect(VERDICT_TABLE.none.fail).toMatchObject({ pass: 'improvement', fail: 'still_failing' });
    expect(VERDICT_TABLE.none.error).toMatchObject({ pass: 'improvement', fail: 'still_failing' });
    expect(VERDICT_TABLE.none.missing).toMatchObject({ pass: 'new', fail: 'new', error: 'error' });
    expect(VERDICT_TABLE.rejudged).toEqual(VERDICT_TABLE.none);
    expect(VERDICT_TABLE.unjudgeable.pass).toMatchObject({ pass: 'edited', fail: 'edited', error: 'error' });
  });

  it('regression, improvement, still failing, unchanged, error, not run: one class each, one list each', () => {
    const file: SuiteFile = {
      ...base,
      cases: ['reg', 'imp', 'still', 'same', 'err', 'err2', 'stopped'].map((id) => ({ id, question: `${id}?` })),
    };
    const then = side(file, [
      attempt('reg', 'pass', 'ok'),
      attempt('imp', 'fail', ''),
      attempt('still', 'fail', ''),
      attempt('same', 'pass', 'ok'),
      attempt('err', 'pass', 'ok'),
      attempt('err2', 'fail', ''),
      attempt('stopped', 'pass', 'ok'),
    ]);
    const now = side(file, [
      attempt('reg', 'fail', ''),
      attempt('imp', 'pass', 'ok'),
      attempt('still', 'fail', ''),
      attempt('same', 'pass', 'ok'),
      attempt('err', 'error', ''),
      attempt('err2', 'error', ''),
    ]);
    const cmp = compareWithBaseline(then, now);
    expect(verdicts(cmp)).toEqual({
      reg: 'regression',
      imp: 'improvement',
      still: 'still_failing',
      same: 'unchanged',
      err: 'error',
      err2: 'error',
      stopped: 'not_run',
    });
    // Each case in exactly one list.
    const lists = [
      cmp.regressions,
      cmp.improvements,
      cmp.stillFailing,
      cmp.unchanged,
      cmp.edited,
      cmp.errors,
      cmp.notRun,
      cmp.onlyBaseline,
      cmp.onlyCurrent,
    ];
    expect(
      lists
        .flat()
        .map((r) => r.caseId)
        .sort(),
    ).toEqual(cmp.rows.map((r) => r.caseId).sort());
    expect(cmp.counts).toMatchObject({ regression: 1, improvement: 1, still_failing: 1, error: 2, not_run: 1 });
    // The deltas: over the cases both runs ran (not `stopped`, not the errors' absence of a verdict).
    expect(cmp.compared).toBe(6);
  });

  it('new and removed: cases on one side only, never regressions', () => {
    const now: SuiteFile = { ...base, cases: [base.cases[0]!, { id: 'added', question: 'New?' }] };
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', '$4.99'), attempt('returns', 'pass', '14 days')]),
      side(now, [attempt('price', 'pass', '$4.99'), attempt('added', 'fail', '')]),
    );
    expect(verdicts(cmp)).toEqual({ price: 'unchanged', added: 'new', returns: 'removed' });
    expect(cmp.onlyCurrent.map((r) => r.caseId)).toEqual(['added']);
    expect(cmp.onlyBaseline.map((r) => r.caseId)).toEqual(['returns']);
  });

  it('an edited expectation: the baseline answer judged again; passes then, fails now → regression (edited)', () => {
    // The baseline's answer named both prices; the expectation is now "$5.99" and the service lost it.
    const edited = withCase(base, 'price', { expect: { contains: ['$5.99'] } });
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', 'Shipping is $5.99 ($4.99 for members)')]),
      side(edited, [attempt('price', 'fail', 'Shipping is $4.99')]),
    );
    const row = cmp.rows.find((r) => r.caseId === 'price')!;
    expect(row).toMatchObject({ edited: true, edit: 'rejudged', rejudged: 'pass', verdict: 'regression' });
    expect(cmp.regressions.map((r) => r.caseId)).toEqual(['price']);
  });

  it('an edited case whose baseline answer fails the new expectation too → still failing (edited)', () => {
    const edited = withCase(base, 'price', { expect: { contains: ['$5.99'] } });
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', 'Shipping is $4.99')]),
      side(edited, [attempt('price', 'fail', 'Shipping is $4.99')]),
    );
    expect(cmp.rows[0]).toMatchObject({ edited: true, rejudged: 'fail', verdict: 'still_failing' });
    expect(cmp.regressions).toEqual([]);
  });

  it('edited and passing now, judged again: improvement or unchanged', () => {
    const edited = withCase(base, 'price', { expect: { contains: ['$5.99'] } });
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', 'Shipping is $4.99'), attempt('returns', 'pass', '14 days')]),
      side(edited, [attempt('price', 'pass', 'Shipping is $5.99'), attempt('returns', 'pass', '14 days')]),
    );
    expect(verdicts(cmp)).toEqual({ price: 'improvement', returns: 'unchanged' });
    expect(cmp.rows.map((r) => r.edited)).toEqual([true, false]);
  });

  it('an edited question cannot be judged from the old answer: edited, no verdict either way', () => {
    const edited = withCase(base, 'price', { question: 'How much is express shipping?' });
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', '$4.99')]),
      side(edited, [attempt('price', 'fail', '$9.99')]),
    );
    expect(cmp.rows[0]).toMatchObject({ verdict: 'edited', edit: 'unjudgeable' });
    expect(cmp.rows[0]!.note).toMatch(/question changed/);
    expect(cmp.edited).toHaveLength(1);
  });

  it('a changed rubric is not re-judged offline (edited); an unchanged one keeps its kept verdict', () => {
    const graded: SuiteFile = withCase(base, 'price', { expect: { contains: ['$4.99'], rubric: 'Polite.' } });
    const keptVerdict = (ok: boolean): AttemptResult => ({
      ...attempt('price', ok ? 'pass' : 'fail', 'Shipping is $4.99'),
      turns: [
        turn('q', 'Shipping is $4.99', ok ? 'pass' : 'fail', {
          assertions: [{ key: 'rubric', ok, verdict: ok ? 'pass' : 'fail', detail: '' }],
        }),
      ],
    });
    const newRubric = withCase(base, 'price', { expect: { contains: ['$4.99'], rubric: 'Polite and brief.' } });
    const changed = compareWithBaseline(side(graded, [keptVerdict(true)]), side(newRubric, [keptVerdict(false)]));
    expect(changed.rows[0]).toMatchObject({ verdict: 'edited', edit: 'unjudgeable' });
    expect(changed.rows[0]!.note).toMatch(/rubric/);
    // Only `contains` changed: the kept rubric verdict (pass) stands with the new contains (fails) → fail then.
    const moreText = withCase(base, 'price', { expect: { contains: ['$4.99', 'free'], rubric: 'Polite.' } });
    const same = compareWithBaseline(side(graded, [keptVerdict(true)]), side(moreText, [keptVerdict(false)]));
    expect(same.rows[0]).toMatchObject({ edit: 'rejudged', rejudged: 'fail', verdict: 'still_failing' });
  });

  it('suite-wide edits (name, gate, k, relevant documents) mark no case; a default option marks every case', () => {
    const before = suiteOf(base);
    const renamed = suiteOf({
      ...base,
      name: 'renamed',
      gate: { min_pass_rate: 0.9 },
      k: 3,
      cases: base.cases.map((c) => ({ ...c, relevant_documents: ['7'] })),
    });
    expect([...editedKeys(before, renamed)]).toEqual([]);
    const reworded = suiteOf({ ...base, defaults: { stream: true } });
    expect(editedKeys(before, reworded).size).toBe(2);
    const repeated = suiteOf(withCase(base, 'returns', { repeat: 3, pass_at_least: 2 }));
    expect(editedKeys(before, repeated).size).toBe(1);
  });

  it('a case edited to repeat 3 / pass 2 is judged from its one kept answer in proportion', () => {
    const repeated = withCase(base, 'price', { repeat: 3, pass_at_least: 2 });
    const cmp = compareWithBaseline(
      side(base, [attempt('price', 'pass', 'Shipping is $4.99')]),
      side(repeated, [
        attempt('price', 'fail', 'no', 1),
        attempt('price', 'fail', 'no', 2),
        attempt('price', 'pass', '$4.99', 3),
      ]),
    );
    expect(cmp.rows[0]).toMatchObject({ edited: true, rejudged: 'pass', verdict: 'regression' });
  });

  it('the deltas are over the cases both runs ran (a filtered run against a whole baseline)', () => {
    const then = side(base, [attempt('price', 'pass', '$4.99'), attempt('returns', 'fail', '')]);
    const filtered = suiteOf(base);
    const cases = caseOutcomes(filtered, [attempt('price', 'pass', '$4.99')], ['price\u0000default']);
    const cmp = compareWithBaseline(then, { cases, metrics: runMetrics(summarize(cases)), suite: filtered });
    // Against the whole baseline it would read 50% → 100%; over the one case both ran, no change.
    expect(cmp.deltas.pass_rate).toEqual({ baseline: 1, current: 1, delta: 0 });
    expect(cmp.compared).toBe(1);
    // The baseline's case outside the filter is neither removed nor compared.
    expect(cmp.rows.map((r) => r.caseId)).toEqual(['price']);
  });
});
