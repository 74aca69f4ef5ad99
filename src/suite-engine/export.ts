import { ASSERTION_KEYS } from './suite-file';
import { writeCsv, type CsvValue } from '../lib/csv';
import {
  attemptLatency,
  attemptRetrieval,
  attemptTokens,
  caseOutcomes,
  runSuiteOf,
  summarize,
  type RunSummary,
} from './results';
import { documentIdOf } from './retrieval';
import type { CaseOutcome, SuiteRun } from './types';

/** The run's figures under the names CI scripts rely on (snake_case; null when there is nothing to measure). */
export interface RunMetrics {
  pass_rate: number;
  hit_rate: number | null;
  mrr: number | null;
  recall_at_k: number | null;
  median_latency_ms: number | null;
  p95_latency_ms: number | null;
  total_tokens: number | null;
}

export function runMetrics(s: RunSummary): RunMetrics {
  return {
    pass_rate: s.passRate,
    hit_rate: s.hitRate ?? null,
    mrr: s.mrr ?? null,
    recall_at_k: s.recallAtK ?? null,
    median_latency_ms: s.medianLatencyMs ?? null,
    p95_latency_ms: s.p95LatencyMs ?? null,
    total_tokens: s.totalTokens ?? null,
  };
}

/** The run as JSON: everything kept, plus the per-case outcomes, the summary and the metrics. */
export function runToJson(run: SuiteRun, extra: Record<string, unknown> = {}): string {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const strip = ({ attempts: _a, ...rest }: CaseOutcome) => rest;
  const summary = summarize(outcomes);
  return JSON.stringify(
    {
      format: 'knowledge-console-suite-run',
      version: 1,
      run,
      summary,
      metrics: runMetrics(summary),
      ...extra,
      cases: outcomes.map(strip),
    },
    null,
    2,
  );
}

const CSV_COLUMNS = [
  'case_id',
  'variant',
  'repetition',
  'status',
  ...ASSERTION_KEYS.filter((key) => key !== 'not_cites_document'),
  'answered',
  'latency_ms',
  'total_tokens',
  'top_score',
  'cited_document_ids',
  'conversation_id',
  'error',
  'question',
  'answer',
  // Added later, at the end, so a sheet reading columns by position keeps working.
  'similar_to',
  'similarity',
  'flaky',
  'hit_at_k',
  'reciprocal_rank',
  'recall_at_k',
  'rubric',
  'rubric_verdict',
  'rubric_reason',
  'not_cites_document',
] as const;

/**
 * One row per case × variant × repetition: each assertion's outcome (pass / fail, empty when not asserted; a
 * follow-up's failure counts), latency, tokens, cited document ids (`|`-separated) in their own columns — no JSON.
 * Questions and answers are text a document can steer: the CSV module defuses formulas in every cell.
 */
export function runToCsv(run: SuiteRun): string {
  const rows: CsvValue[][] = [];
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const cases = new Map(suite?.cases.map((c) => [c.id, c]));
  for (const outcome of outcomes) {
    const suiteCase = cases.get(outcome.caseId);
    const attempts = outcome.attempts.length ? outcome.attempts : [undefined];
    for (const a of attempts) {
      const verdict = new Map<string, boolean>();
      for (const t of a?.turns ?? [])
        for (const x of t.assertions) verdict.set(x.key, (verdict.get(x.key) ?? true) && x.ok);
      const cited = new Set<string>();
      for (const t of a?.turns ?? [])
        for (const s of t.sources) {
          const id = documentIdOf(s);
          if (id !== undefined) cited.add(id);
        }
      const first = a?.turns[0];
      const retrieval = a && suiteCase ? attemptRetrieval(suiteCase, a) : undefined;
      const error = a?.turns.find((t) => t.error)?.error?.message;
      const row: Record<(typeof CSV_COLUMNS)[number], string | number | undefined> = {
        case_id: outcome.caseId,
        variant: outcome.variantId,
        repetition: a?.repetition,
        status: a?.status ?? 'not_run',
        contains: undefined,
        contains_any: undefined,
        not_contains: undefined,
        matches: undefined,
        cites_document: undefined,
        not_cites_document: undefined,
        min_sources: undefined,
        min_top_score: undefined,
        max_latency_ms: undefined,
        max_total_tokens: undefined,
        answered: undefined,
        similar_to: undefined,
        similarity: first?.assertions.find((x) => x.key === 'similar_to')?.score,
        rubric: undefined,
        rubric_verdict: rubricOf(a)?.verdict,
        rubric_reason: rubricOf(a)?.reason,
        flaky: outcome.flaky ? 'flaky' : undefined,
        hit_at_k: retrieval?.hitAtK,
        reciprocal_rank: retrieval === undefined ? undefined : round(retrieval.reciprocalRank),
        recall_at_k: retrieval === undefined ? undefined : round(retrieval.recallAtK),
        latency_ms: a ? attemptLatency(a) : undefined,
        total_tokens: a ? attemptTokens(a) : undefined,
        top_score: first?.topScore,
        cited_document_ids: [...cited].join('|'),
        conversation_id: first?.conversationId,
        error,
        question: first?.question ?? suiteCase?.question,
        answer: first?.answer,
      };
      for (const [key, ok] of verdict) row[key as keyof typeof row] = ok ? 'pass' : 'fail';
      rows.push(CSV_COLUMNS.map((c) => row[c]));
    }
  }
  return writeCsv(CSV_COLUMNS, rows);
}

const round = (n: number) => Number(n.toFixed(4));

/** The grader's verdict on an attempt's question (the first turn), when the case has a rubric. */
const rubricOf = (a: CaseOutcome['attempts'][number] | undefined) =>
  a?.turns[0]?.assertions.find((x) => x.key === 'rubric');

const xml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    // oxlint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function failureText(o: CaseOutcome): string {
  const lines: string[] = [];
  for (const a of o.attempts) {
    for (const [i, t] of a.turns.entries()) {
      const where = `repetition ${a.repetition}${i > 0 ? `, follow-up ${i}` : ''}`;
      if (t.error) lines.push(`${where}: ${t.error.message}`);
      for (const x of t.assertions) if (!x.ok) lines.push(`${where}: ${x.key}: ${x.detail}`);
    }
  }
  return lines.join('\n');
}

const property = (indent: string, name: string, value: string | number) =>
  `${indent}<property name="${name}" value="${xml(String(value))}"/>`;

/** A variant's figures as JUnit <properties>: pass rate, flaky cases and, when measured, hit rate, MRR, recall@k. */
function suiteProperties(s: RunSummary): string {
  const m = runMetrics(s);
  const lines = [
    property('      ', 'pass_rate', round(m.pass_rate)),
    property('      ', 'flaky', s.flaky),
    ...(['hit_rate', 'mrr', 'recall_at_k', 'median_latency_ms', 'p95_latency_ms', 'total_tokens'] as const).flatMap(
      (name) => (m[name] === null ? [] : [property('      ', name, round(m[name]!))]),
    ),
  ];
  return ['    <properties>', ...lines, '    </properties>'].join('\n');
}

/** A case's own properties: flaky, similarity, its retrieval scores; empty when it has none. */
function caseProperties(o: CaseOutcome): string {
  const lines: string[] = [];
  if (o.flaky) lines.push(property('        ', 'flaky', 'true'));
  if (o.similarity !== undefined) lines.push(property('        ', 'similarity', o.similarity));
  const rubric = rubricOf(o.attempts[0]);
  if (rubric?.verdict) lines.push(property('        ', 'rubric_verdict', rubric.verdict));
  if (rubric?.reason !== undefined) lines.push(property('        ', 'rubric_reason', rubric.reason));
  if (o.retrieval) {
    lines.push(property('        ', 'k', o.retrieval.k));
    lines.push(property('        ', 'hit_at_k', round(o.retrieval.hitAtK)));
    lines.push(property('        ', 'reciprocal_rank', round(o.retrieval.reciprocalRank)));
    lines.push(property('        ', 'recall_at_k', round(o.retrieval.recallAtK)));
  }
  return lines.length ? ['      <properties>', ...lines, '      </properties>'].join('\n') : '';
}

/**
 * JUnit XML: one testsuite per variant, one testcase per case. A failed assertion is a <failure>, an answer with
 * an error an <error> (counted apart), a case that did not run <skipped/>.
 */
export function runToJunit(run: SuiteRun): string {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const name = run.suite.name;
  const variants = [...new Set(outcomes.map((o) => o.variantId))];
  const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);
  // A run cut short says why beside each case it did not reach.
  const ended = run.endReason ? `; ${run.endReason}` : run.status === 'stopped' ? '; the run was stopped' : '';
  const count = (list: CaseOutcome[], s: CaseOutcome['status']) => list.filter((o) => o.status === s).length;
  const blocks = variants.map((variant) => {
    const list = outcomes.filter((o) => o.variantId === variant);
    const suiteName = suite?.hasVariants ? `${name} [${variant}]` : name;
    const time = list.reduce((t, o) => t + o.attempts.reduce((u, a) => u + (attemptLatency(a) ?? 0), 0), 0);
    const cases = list.map((o) => {
      const attrs = `name="${xml(o.caseId)}" classname="${xml(suiteName)}" time="${seconds(o.attempts.reduce((u, a) => u + (attemptLatency(a) ?? 0), 0))}"`;
      const ran = `${o.passed} of ${o.planned} passed`;
      const props = caseProperties(o);
      if (o.status === 'pass')
        return props ? `    <testcase ${attrs}>\n${props}\n    </testcase>` : `    <testcase ${attrs}/>`;
      if (o.status === 'not_run')
        return `    <testcase ${attrs}>\n${props ? `${props}\n` : ''}      <skipped message="${xml(`not run (${o.done} of ${o.planned} finished${ended})`)}"/>\n    </testcase>`;
      const tag = o.status === 'fail' ? 'failure' : 'error';
      return `    <testcase ${attrs}>\n${props ? `${props}\n` : ''}      <${tag} message="${xml(ran)}" type="${o.status === 'fail' ? 'assertion' : 'service-error'}">${xml(failureText(o))}</${tag}>\n    </testcase>`;
    });
    return [
      `  <testsuite name="${xml(suiteName)}" tests="${list.length}" failures="${count(list, 'fail')}" errors="${count(list, 'error')}" skipped="${count(list, 'not_run')}" time="${seconds(time)}" timestamp="${new Date(run.startedAt).toISOString()}">`,
      suiteProperties(summarize(list)),
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const s = summarize(outcomes);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${s.total}" failures="${s.failed}" errors="${s.errors}" skipped="${s.notRun}">`,
    ...blocks,
    '</testsuites>',
    '',
  ].join('\n');
}
