import { describe, expect, it } from 'vitest';
import type { SuiteFile } from './suite-file';
import { readCsv } from '../lib/csv';
import { compareOutcomes } from './compare';
import { runToCsv, runToJson, runToJunit } from './export';
import { outcomeKey } from './plan';
import { caseOutcomes, runSuiteOf, trend } from './results';
import type { AttemptResult, AttemptStatus, SuiteRun, TurnResult } from './types';

const file: SuiteFile = {
  name: 'Beacon <support> & "answers"',
  space_id: '101',
  repeat: 2,
  variants: [{ id: 'json' }, { id: 'streamed', options: { stream: true } }],
  cases: [
    { id: 'battery', question: 'How long, exactly?', expect: { contains: ['14 days'], min_sources: 1 } },
    { id: 'price', question: 'Price?' },
    { id: 'returns', question: 'Returns?' },
  ],
};

function turn(
  status: TurnResult['status'],
  latencyMs: number,
  cited: string[],
  answer = 'About "14 days",\nsee sources',
): TurnResult {
  return {
    question: 'How long, exactly?',
    request: { method: 'POST', url: 'http://svc/v1/spaces/completions/101', body: { session_id: 's', message: 'q' } },
    status,
    answer,
    sources: cited.map((document_id) => ({ document_id, score: 0.7 })),
    assertions:
      status === 'error'
        ? []
        : [
            { key: 'contains', ok: status === 'pass', detail: status === 'pass' ? 'all found' : 'missing "14 days"' },
            { key: 'min_sources', ok: true, detail: '1 source' },
          ],
    latencyMs,
    totalTokens: 100,
    topScore: 0.7,
    ...(status === 'error' ? { error: { kind: 'http', message: 'HTTP 500 <boom>' } } : {}),
  };
}

function attempt(
  caseId: string,
  variantId: string,
  repetition: number,
  status: AttemptStatus,
  latency = 100,
  cited = ['403'],
): AttemptResult {
  return {
    caseId,
    variantId,
    repetition,
    status,
    sessionId: `s-${caseId}-${variantId}-${repetition}`,
    turns: [turn(status, latency, cited)],
    startedAt: 0,
    finishedAt: 1,
  };
}

function runOf(attempts: AttemptResult[], id = 'r1', startedAt = 1_700_000_000_000): SuiteRun {
  return {
    id,
    suiteId: 'suite-1',
    profileId: 'sandbox',
    service: { profileName: 'Local sandbox', base_url: 'http://svc', secondary_url: 'http://svc2', mode: 'direct' },
    startedAt,
    finishedAt: startedAt + 5000,
    status: 'done',
    concurrency: 2,
    suite: file,
    planned: 12,
    attempts,
  };
}

// battery: json passes twice; streamed 1 of 2. price: json errors; streamed passes. returns: json only one repetition (stopped).
const run = runOf([
  attempt('battery', 'json', 1, 'pass', 100),
  attempt('battery', 'json', 2, 'pass', 300),
  attempt('battery', 'streamed', 1, 'pass'),
  attempt('battery', 'streamed', 2, 'fail'),
  attempt('price', 'json', 1, 'error'),
  attempt('price', 'json', 2, 'pass'),
  attempt('price', 'streamed', 1, 'pass'),
  attempt('price', 'streamed', 2, 'pass'),
  attempt('returns', 'json', 1, 'pass'),
]);

describe('run exports', () => {
  it('CSV: one row per case × variant × repetition, assertions and ids in their own columns, no JSON in cells', () => {
    const csv = runToCsv(run);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffcase_id,variant,repetition,status,contains,contains_any,not_contains,matches,cites_document,min_sources,min_top_score,max_latency_ms,max_total_tokens,answered,latency_ms,total_tokens,top_score,cited_document_ids,conversation_id,error,question,answer,similar_to,similarity,flaky,hit_at_k,reciprocal_rank,recall_at_k,rubric,rubric_verdict,rubric_reason,not_cites_document,k,ranked_document_ids,relevant_document_ids,max_ttft_ms,stream_completes,abstains,ttft_ms',
    );
    // 9 attempts plus one line for each case × variant with nothing finished (returns/streamed).
    expect(lines.filter((l) => /^(battery|price|returns),/.test(l))).toHaveLength(10);
    expect(csv).toContain(
      'battery,streamed,2,fail,fail,,,,,pass,,,,,100,100,0.7,403,,,"How long, exactly?","About ""14 days"",\nsee sources"',
    );
    expect(csv).toContain('price,json,1,error,,,,,,,,,,,100,100,0.7,403,,HTTP 500 <boom>,');
    expect(csv).toContain('returns,streamed,,not_run,');
    expect(csv).not.toMatch(/[[{]"/);
  });

  it('CSV: answers and questions a document can steer are defused, not left as formulas', () => {
    const steered = ['=HYPERLINK("http://x","click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =1+1'];
    const steeredRun = runOf(
      steered.map((answer, i) => ({
        ...attempt('battery', 'json', i + 1, 'pass'),
        turns: [{ ...turn('pass', 100, []), question: answer, answer }],
      })),
    );
    const table = readCsv(runToCsv(steeredRun));
    const header = table.rows[0]!.cells;
    const ran = table.rows.filter((r) => r.cells[header.indexOf('status')] === 'pass');
    const cells = (name: string) => ran.map((r) => r.cells[header.indexOf(name)]);
    const defused = steered.map((text) => `'${text}`.replace(/\r/g, '\n'));
    expect(cells('answer')).toEqual(defused);
    expect(cells('question')).toEqual(defused);
  });

  it('JUnit: a testsuite per variant, failures and errors apart, unfinished cases skipped, XML escaped', () => {
    const xml = runToJunit(run);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Beacon &lt;support&gt; &amp; &quot;answers&quot;" tests="6" failures="1" errors="1" skipped="2">/,
    );
    expect(xml).toContain(
      'name="Beacon &lt;support&gt; &amp; &quot;answers&quot; [json]" tests="3" failures="0" errors="1" skipped="1"',
    );
    expect(xml).toContain('[streamed]" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toMatch(
      /<testcase name="battery" [^>]*\[streamed\][^>]*>\n\s+<properties>\n\s+<property name="flaky" value="true"\/>\n\s+<\/properties>\n\s+<failure message="1 of 2 passed" type="assertion">repetition 2: contains: missing &quot;14 days&quot;<\/failure>/,
    );
    expect(xml).toMatch(
      /<testcase name="price" [^>]*\[json\][^>]*>\n\s+<properties>\n\s+<property name="flaky" value="true"\/>\n\s+<\/properties>\n\s+<error message="1 of 2 passed" type="service-error">repetition 1: HTTP 500 &lt;boom&gt;<\/error>/,
    );
    expect(xml).toMatch(
      /<testcase name="returns" [^>]*\[json\][^>]*>\n\s+<skipped message="not run \(1 of 2 finished\)"\/>/,
    );
    expect(xml.match(/<testcase /g)).toHaveLength(6);
  });

  it('JSON: the run as kept, with the summary and per-case outcomes', () => {
    const parsed = JSON.parse(runToJson(run));
    expect(parsed.run.id).toBe('r1');
    expect(parsed.summary).toMatchObject({ total: 6, passed: 2, failed: 1, errors: 1, notRun: 2 });
    expect(
      parsed.cases.map(
        (c: { caseId: string; variantId: string; status: string; passed: number }) =>
          `${c.caseId}/${c.variantId} ${c.status} ${c.passed}`,
      ),
    ).toEqual([
      'battery/json pass 2',
      'battery/streamed fail 1',
      'price/json error 1',
      'price/streamed pass 2',
      'returns/json not_run 1',
      'returns/streamed not_run 0',
    ]);
  });
});

describe('comparing runs', () => {
  const suite = runSuiteOf(run)!;
  const later = runOf(
    [
      attempt('battery', 'json', 1, 'fail', 150, ['403', '401']),
      attempt('battery', 'json', 2, 'pass', 150, ['403', '401']),
      attempt('price', 'json', 1, 'pass', 900),
      attempt('price', 'json', 2, 'pass', 900),
    ],
    'r2',
    1_700_000_100_000,
  );
  const key = (o: { caseId: string; variantId: string }) => outcomeKey(o.caseId, o.variantId);

  it('flips first, then latency and token deltas, then sources; a missing case is missing, never passing', () => {
    const a = caseOutcomes(suite, run.attempts).filter((o) => o.variantId === 'json');
    const b = caseOutcomes(suite, later.attempts).filter((o) => o.variantId === 'json' && o.caseId !== 'returns');
    const cmp = compareOutcomes(a, b, key);
    expect(cmp.flipped.map((r) => [r.caseId, r.a, r.b])).toEqual([
      ['battery', 'pass', 'fail'],
      ['price', 'error', 'pass'],
    ]);
    expect(cmp.missing.map((r) => [r.caseId, r.a, r.b])).toEqual([['returns', 'not_run', 'missing']]);
    expect(cmp.deltas.map((r) => [r.caseId, r.latencyDelta])).toEqual([
      ['price', 800],
      ['battery', -50],
    ]);
    expect(cmp.sources.map((r) => [r.caseId, r.onlyA, r.onlyB])).toEqual([['battery', [], ['401']]]);
  });

  it('compares two variants of one run by case', () => {
    const all = caseOutcomes(suite, run.attempts);
    const cmp = compareOutcomes(
      all.filter((o) => o.variantId === 'json'),
      all.filter((o) => o.variantId === 'streamed'),
      (o) => o.caseId,
    );
    expect(cmp.flipped.map((r) => [r.caseId, r.a, r.b])).toEqual([
      ['battery', 'pass', 'fail'],
      ['price', 'error', 'pass'],
    ]);
  });

  it('trend: pass rate and median latency per run, oldest first', () => {
    expect(trend([later, run])).toEqual([
      { runId: 'r1', startedAt: run.startedAt, passRate: 2 / 6, medianLatencyMs: 100 },
      { runId: 'r2', startedAt: later.startedAt, passRate: 1 / 6, medianLatencyMs: 525 },
    ]);
  });
});

describe('the run CSV’s retrieval columns', () => {
  it('carry k, the ranked document ids (each once, as first seen) and the relevant ones, beside each metric', () => {
    const retrievalFile: SuiteFile = {
      name: 'Retrieval',
      space_id: '101',
      cases: [{ id: 'battery', question: 'Q', relevant_documents: ['403', 404], k: 3 }],
    };
    const a = attempt('battery', 'default', 1, 'pass', 100, ['401', '401', '403', '402']);
    const csv = runToCsv({ ...runOf([a]), suite: retrievalFile, planned: 1 });
    const [header, row] = readCsv(csv).rows.map((r) => r.cells);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('k')).toBe('3');
    expect(cell('ranked_document_ids')).toBe('401|403|402');
    expect(cell('relevant_document_ids')).toBe('403|404');
    expect([cell('hit_at_k'), cell('reciprocal_rank'), cell('recall_at_k')]).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    // A case without relevant documents leaves them empty.
    const plain = runToCsv(runOf([attempt('battery', 'json', 1, 'pass')]));
    const [h2, r2] = readCsv(plain).rows.map((r) => r.cells);
    expect(['k', 'ranked_document_ids', 'relevant_document_ids'].map((n) => r2![h2!.indexOf(n)])).toEqual(['', '', '']);
  });
});
