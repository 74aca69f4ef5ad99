import { ASSERTION_KEYS } from './suite-file';
import { csvChunks, type CsvValue } from '../lib/csv';
import { jsonChunks } from './json-chunks';
import { cutNote, reportTurns, withDetails, type DetailsOf } from './report-case';
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
import { flakyCases } from './flaky';
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

/**
 * The run as JSON: everything kept, plus the per-case outcomes, the summary and the metrics — in pieces (the CLI
 * streams them to its file, the console puts them in a Blob), so no answer count makes one string too long.
 */
export function* runJsonChunks(run: SuiteRun, extra: Record<string, unknown> = {}): Generator<string> {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const strip = ({ attempts: _a, ...rest }: CaseOutcome) => rest;
  const summary = summarize(outcomes);
  yield* jsonChunks({
    format: 'knowledge-console-suite-run',
    version: 1,
    run,
    summary,
    metrics: runMetrics(summary),
    // The cases whose repetitions disagreed, by name (each case also says `flaky`).
    flaky: flakyCases(outcomes),
    ...extra,
    // Each case without its attempts (the run has them).
    cases: outcomes.map(strip),
  });
}

/** The same JSON as one string (tests, small runs). */
export const runToJson = (run: SuiteRun, extra: Record<string, unknown> = {}) =>
  [...runJsonChunks(run, extra)].join('');

/** Assertions added after the first columns were fixed: written at the end, so earlier columns keep their place. */
const LATER_KEYS = new Set<string>(['max_ttft_ms', 'stream_completes', 'abstains']);

const CSV_COLUMNS = [
  'case_id',
  'variant',
  'repetition',
  'status',
  ...ASSERTION_KEYS.filter((key) => key !== 'not_cites_document' && !LATER_KEYS.has(key)),
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
  // What hit_at_k, reciprocal_rank and recall_at_k were measured on, so a sheet can recompute them: the distinct
  // document ids of the question's sources in the order first seen, the cut-off, the case's relevant documents.
  'k',
  'ranked_document_ids',
  'relevant_document_ids',
  // Streaming and abstention (stream-checks.ts, abstention.ts); ttft_ms: the first turn's time to first text.
  'max_ttft_ms',
  'stream_completes',
  'abstains',
  'ttft_ms',
] as const;

/**
 * One row per case × variant × repetition: each assertion's outcome (pass / fail, empty when not asserted; a
 * follow-up's failure counts), latency, tokens, cited document ids (`|`-separated) in their own columns — no JSON.
 * Questions and answers are text a document can steer: the CSV module defuses formulas in every cell.
 */
export function runCsvChunks(run: SuiteRun, details?: DetailsOf): Generator<string> {
  return csvChunks(CSV_COLUMNS, csvRows(run, details));
}

/** The same CSV as one string. */
export const runToCsv = (run: SuiteRun) => [...runCsvChunks(run)].join('');

function* csvRows(run: SuiteRun, details?: DetailsOf): Generator<CsvValue[]> {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const cases = new Map(suite?.cases.map((c) => [c.id, c]));
  for (const outcome of outcomes) {
    const suiteCase = cases.get(outcome.caseId);
    const attempts = outcome.attempts.length ? withDetails(outcome, details).attempts : [undefined];
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
        k: retrieval?.k,
        ranked_document_ids: retrieval && first ? rankedIds(first.sources).join('|') : undefined,
        relevant_document_ids: retrieval ? suiteCase?.relevant_documents?.map(String).join('|') : undefined,
        latency_ms: a ? attemptLatency(a) : undefined,
        total_tokens: a ? attemptTokens(a) : undefined,
        top_score: first?.topScore,
        cited_document_ids: [...cited].join('|'),
        conversation_id: first?.conversationId,
        error,
        question: first?.question ?? suiteCase?.question,
        answer: first?.answer,
        max_ttft_ms: undefined,
        stream_completes: undefined,
        abstains: undefined,
        ttft_ms: first?.firstTextMs,
      };
      for (const [key, ok] of verdict) row[key as keyof typeof row] = ok ? 'pass' : 'fail';
      yield CSV_COLUMNS.map((c) => row[c]);
    }
  }
}

const round = (n: number) => Number(n.toFixed(4));

/** A question's sources as the ranked list of documents: each document id once, where it was first seen. */
const rankedIds = (sources: readonly { document_id?: string | number | null }[]) => [
  ...new Set(sources.map(documentIdOf).filter((id): id is string => id !== undefined)),
];

/** The grader's verdict on an attempt's question (the first turn), when the case has a rubric. */
const rubricOf = (a: CaseOutcome['attempts'][number] | undefined) =>
  a?.turns[0]?.assertions.find((x) => x.key === 'rubric');

const xml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    // oxlint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    // …nor half a surrogate pair (an answer cut in the middle of one by the service).
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
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
 * What a testcase's <system-out> says: the question and the answer the report shows (cut at REPORT_ANSWER_CHARS,
 * with a note), the documents cited, and the assertions that failed — so a CI page shows why without the JSON.
 */
function systemOut(o: CaseOutcome): string {
  const { turns } = reportTurns(o);
  const lines: string[] = [];
  for (const t of turns) {
    lines.push(`${t.label}: ${t.question}`, `answer: ${t.answer}${t.cutFrom === undefined ? '' : cutNote(t.cutFrom)}`);
    lines.push(`cited documents: ${t.cited.length ? t.cited.join(', ') : 'none'}`);
  }
  const failed = failureText(o);
  if (failed) lines.push('failed:', failed);
  return lines.length ? `      <system-out>${xml(lines.join('\n'))}</system-out>\n` : '';
}

/**
 * JUnit XML: one testsuite per variant, one testcase per case. A failed assertion is a <failure>, an answer with
 * an error an <error> (counted apart), a case that did not run <skipped/>; each answered case's exchange is its
 * <system-out>. In pieces, a testcase at a time (see runJsonChunks).
 */
export function* runJunitChunks(run: SuiteRun, details?: DetailsOf): Generator<string> {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const name = run.suite.name;
  const variants = [...new Set(outcomes.map((o) => o.variantId))];
  const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);
  // A run cut short says why beside each case it did not reach.
  const ended = run.endReason ? `; ${run.endReason}` : run.status === 'stopped' ? '; the run was stopped' : '';
  const count = (list: CaseOutcome[], s: CaseOutcome['status']) => list.filter((o) => o.status === s).length;
  const s = summarize(outcomes);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="${xml(name)}" tests="${s.total}" failures="${s.failed}" errors="${s.errors}" skipped="${s.notRun}">\n`;
  for (const variant of variants) {
    const list = outcomes.filter((o) => o.variantId === variant);
    const suiteName = suite?.hasVariants ? `${name} [${variant}]` : name;
    const time = list.reduce((t, o) => t + o.attempts.reduce((u, a) => u + (attemptLatency(a) ?? 0), 0), 0);
    yield `  <testsuite name="${xml(suiteName)}" tests="${list.length}" failures="${count(list, 'fail')}" errors="${count(list, 'error')}" skipped="${count(list, 'not_run')}" time="${seconds(time)}" timestamp="${new Date(run.startedAt).toISOString()}">\n`;
    yield `${suiteProperties(summarize(list))}\n`;
    for (const light of list) {
      const o = withDetails(light, details);
      const attrs = `name="${xml(o.caseId)}" classname="${xml(suiteName)}" time="${seconds(o.attempts.reduce((u, a) => u + (attemptLatency(a) ?? 0), 0))}"`;
      const ran = `${o.passed} of ${o.planned} passed`;
      const props = caseProperties(o);
      const out = systemOut(o);
      if (o.status === 'pass')
        yield props || out
          ? `    <testcase ${attrs}>\n${props ? `${props}\n` : ''}${out}    </testcase>\n`
          : `    <testcase ${attrs}/>\n`;
      else if (o.status === 'not_run')
        yield `    <testcase ${attrs}>\n${props ? `${props}\n` : ''}      <skipped message="${xml(`not run (${o.done} of ${o.planned} finished${ended})`)}"/>\n${out}    </testcase>\n`;
      else {
        const tag = o.status === 'fail' ? 'failure' : 'error';
        yield `    <testcase ${attrs}>\n${props ? `${props}\n` : ''}      <${tag} message="${xml(ran)}" type="${o.status === 'fail' ? 'assertion' : 'service-error'}">${xml(failureText(o))}</${tag}>\n${out}    </testcase>\n`;
      }
    }
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

/** The same JUnit XML as one string. */
export const runToJunit = (run: SuiteRun) => [...runJunitChunks(run)].join('');
