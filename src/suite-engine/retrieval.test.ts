import { describe, expect, it } from 'vitest';
import { checkSuite, type SuiteFile } from './suite-file';
import { evaluate } from './assertions';
import { runToCsv, runToJson, runToJunit } from './export';
import { caseOutcomes, summarize, trend } from './results';
import { readCsv } from '../lib/csv';
import { documentIdText, retrievalScore } from './retrieval';
import type { AttemptResult, AttemptStatus, SuiteRun } from './types';

function attempt(
  caseId: string,
  repetition: number,
  status: AttemptStatus,
  ranked: (string | number)[],
): AttemptResult {
  return {
    caseId,
    variantId: 'default',
    repetition,
    status,
    sessionId: 's',
    startedAt: 0,
    finishedAt: 1,
    turns: [
      {
        question: 'q',
        request: { method: 'POST', url: 'u', body: { session_id: 's', message: 'q' } },
        status: status === 'error' ? 'error' : status,
        answer: 'a',
        // Kept as given: a run stored or imported from elsewhere may hold a number (0 included).
        sources: ranked.map((id) => ({ document_id: id as string })),
        assertions: status === 'error' ? [] : [{ key: 'answered', ok: status === 'pass', detail: '' }],
        latencyMs: 100 * repetition,
        totalTokens: 10,
      },
    ],
  };
}

const file: SuiteFile = {
  name: 'retrieval',
  space_id: '101',
  k: 2,
  cases: [
    // First relevant at rank 2; one of two relevant documents in the top 2.
    { id: 'second', question: 'q', relevant_documents: ['7', '9'] },
    // Relevant only at rank 3: outside the suite's k of 2, inside the case's k of 3.
    { id: 'third', question: 'q', relevant_documents: [9], k: 3 },
    { id: 'missed', question: 'q', relevant_documents: ['8'] },
    // Document id 0 is an id like any other.
    { id: 'zero', question: 'q', relevant_documents: [0], expect: { cites_document: ['0'] } },
    { id: 'plain', question: 'q' },
  ],
};
const checked = checkSuite(file);
if (!checked.ok) throw new Error(checked.errors.join('\n'));
const attempts = [
  attempt('second', 1, 'pass', ['1', '7', '9']),
  attempt('third', 1, 'pass', ['1', '2', 9]),
  attempt('missed', 1, 'pass', ['1', '2', '8']),
  attempt('zero', 1, 'pass', [0, '5']),
  attempt('plain', 1, 'pass', ['1']),
];
const run: SuiteRun = {
  id: 'r',
  suiteId: 's',
  profileId: 'p',
  service: { profileName: 'p', base_url: 'http://svc', secondary_url: 'http://svc', mode: 'direct' },
  startedAt: 0,
  finishedAt: 1,
  status: 'done',
  concurrency: 1,
  suite: file,
  planned: 5,
  attempts,
};

describe('retrieval metrics by id', () => {
  it('gives each case hit@k, reciprocal rank and recall@k, and the run hit rate, MRR and recall@k', () => {
    const outcomes = caseOutcomes(checked.suite, attempts);
    const by = (id: string) => outcomes.find((o) => o.caseId === id)!.retrieval;
    expect(by('second')).toMatchObject({ k: 2, hitAtK: 1, reciprocalRank: 0.5, recallAtK: 0.5 });
    expect(by('third')).toMatchObject({ k: 3, hitAtK: 1, reciprocalRank: 1 / 3, recallAtK: 1 });
    expect(by('missed')).toMatchObject({ k: 2, hitAtK: 0, reciprocalRank: 0, recallAtK: 0 });
    expect(by('zero')).toMatchObject({ k: 2, hitAtK: 1, reciprocalRank: 1, recallAtK: 1 });
    expect(by('plain')).toBeUndefined();
    const s = summarize(outcomes);
    expect(s.hitRate).toBe(0.75);
    expect(s.mrr).toBeCloseTo((0.5 + 1 / 3 + 0 + 1) / 4, 10);
    expect(s.recallAtK).toBe((0.5 + 1 + 0 + 1) / 4);
  });

  it('ranks documents, not pieces: two pieces of one document ahead put the third document at rank 3; k counts documents', () => {
    // Pieces: doc 1, doc 1, doc 2, doc 2, doc 3 (relevant). By pieces it would be rank 5; by document it is 3.
    const pieces = ['1', '1', '2', 2, '3'].map((document_id) => ({ document_id }));
    expect(retrievalScore(pieces, ['3'])).toEqual({
      k: 3,
      hitAtK: 1,
      reciprocalRank: 1 / 3,
      recallAtK: 1,
      ranked: ['1', '2', '3'],
      relevant: ['3'],
    });
    // k = 2 documents: the third document is outside, although it is only the fifth piece of five.
    expect(retrievalScore(pieces, ['3'], 2)).toMatchObject({ k: 2, hitAtK: 0, reciprocalRank: 0, recallAtK: 0 });
    // Numeric and text ids are one id; a number in relevant_documents matches a text id from the service.
    expect(retrievalScore([{ document_id: '831506272047403' }], [831506272047403])).toMatchObject({ hitAtK: 1 });
    expect(
      evaluate(
        { cites_document: [831506272047403] },
        { text: 'a', sources: [{ document_id: '831506272047403' }], latencyMs: 1 },
      )[0]!.ok,
    ).toBe(true);
    expect(documentIdText(' 42 ')).toBe('42');
    expect(documentIdText(1.5)).toBeUndefined();
  });

  it('a document id 0 is cited, counted and exported like any id', () => {
    expect(evaluate({ cites_document: ['0'] }, { text: 'a', sources: [{ document_id: 0 }], latencyMs: 1 })[0]!.ok).toBe(
      true,
    );
    expect(caseOutcomes(checked.suite, attempts).find((o) => o.caseId === 'zero')!.cited).toEqual(['0', '5']);
    const table = readCsv(runToCsv(run));
    const header = table.rows[0]!.cells;
    const zero = table.rows.find((r) => r.cells[0] === 'zero')!.cells;
    expect(zero[header.indexOf('cited_document_ids')]).toBe('0|5');
  });

  it('the trend carries each run’s hit rate and MRR, and none for a run that measured no retrieval', () => {
    const plain: SuiteFile = { ...file, cases: [{ id: 'plain', question: 'q' }] };
    const points = trend([
      run,
      { ...run, id: 'later', startedAt: 2, suite: plain, attempts: [attempt('plain', 1, 'pass', ['1'])] },
    ]);
    expect(points[0]).toMatchObject({ runId: 'r', hitRate: 0.75, mrr: expect.closeTo(0.4583, 3) });
    expect(points[1]!.hitRate).toBeUndefined();
    expect(points[1]!.mrr).toBeUndefined();
  });

  it('every export carries them: JSON metrics, CSV columns, JUnit properties', () => {
    const json = JSON.parse(runToJson(run));
    expect(json.metrics).toEqual({
      pass_rate: 1,
      hit_rate: 0.75,
      mrr: expect.closeTo(0.4583, 3),
      recall_at_k: 0.625,
      median_latency_ms: 100,
      p95_latency_ms: 100,
      total_tokens: 50,
    });
    expect(json.cases.find((c: { caseId: string }) => c.caseId === 'second').retrieval.reciprocalRank).toBe(0.5);
    const table = readCsv(runToCsv(run));
    const header = table.rows[0]!.cells;
    const row = table.rows.find((r) => r.cells[0] === 'third')!.cells;
    expect([
      row[header.indexOf('hit_at_k')],
      row[header.indexOf('reciprocal_rank')],
      row[header.indexOf('recall_at_k')],
    ]).toEqual(['1', '0.3333', '1']);
    const xml = runToJunit(run);
    expect(xml).toContain('<property name="hit_rate" value="0.75"/>');
    expect(xml).toContain('<property name="mrr" value="0.4583"/>');
    expect(xml).toContain('<property name="recall_at_k" value="0.625"/>');
    expect(xml).toMatch(/<testcase name="third"[^>]*>\n\s+<properties>\n\s+<property name="k" value="3"\/>/);
  });
});

describe('repeat with pass_at_least', () => {
  const flaky: SuiteFile = {
    name: 'flaky',
    space_id: '101',
    repeat: 3,
    cases: [
      { id: 'two-of-three', question: 'q', pass_at_least: 2 },
      { id: 'all', question: 'q' },
      { id: 'steady', question: 'q' },
    ],
  };
  const suite = checkSuite(flaky);
  if (!suite.ok) throw new Error(suite.errors.join('\n'));
  const reps = (id: string, statuses: AttemptStatus[]) => statuses.map((s, i) => attempt(id, i + 1, s, []));

  it('passes a case when pass_at_least repetitions pass, and marks disagreeing repetitions flaky', () => {
    const outcomes = caseOutcomes(suite.suite, [
      ...reps('two-of-three', ['pass', 'fail', 'pass']),
      ...reps('all', ['pass', 'fail', 'pass']),
      ...reps('steady', ['pass', 'pass', 'pass']),
    ]);
    expect(outcomes.map((o) => `${o.caseId} ${o.status} ${o.flaky}`)).toEqual([
      'two-of-three pass true',
      'all fail true',
      'steady pass false',
    ]);
    expect(summarize(outcomes).flaky).toBe(2);
    // Still reachable after one failure: not decided yet.
    expect(caseOutcomes(suite.suite, reps('two-of-three', ['fail']))[0]!.status).toBe('not_run');
    expect(caseOutcomes(suite.suite, reps('two-of-three', ['fail', 'fail']))[0]!.status).toBe('fail');
  });

  it('refuses pass_at_least above the repeat, and exports flaky', () => {
    const bad = checkSuite({
      name: 'x',
      space_id: '1',
      cases: [{ id: 'a', question: 'q', repeat: 2, pass_at_least: 3 }],
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'cases[0].pass_at_least: must be at most the case\'s repeat (2) (case "a")',
    ]);
    const table = readCsv(
      runToCsv({ ...run, suite: flaky, planned: 9, attempts: reps('two-of-three', ['pass', 'fail', 'pass']) }),
    );
    const header = table.rows[0]!.cells;
    expect(table.rows.slice(1).filter((r) => r.cells[header.indexOf('flaky')] === 'flaky')).toHaveLength(3);
  });
});
