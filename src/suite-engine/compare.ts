import { evaluate } from './assertions';
import { runMetrics, type RunMetrics } from './export';
import { mergedOptions, outcomeKey } from './plan';
import { statusOf, summarize } from './results';
import type { Suite } from './suite-file';
import type { AttemptResult, CaseOutcome, CaseStatus, TurnResult } from './types';

/** A side's status for one case: `missing` when that side has no such case (never counted as passing). */
export type CompareStatus = CaseStatus | 'missing';

/** One case (and variant) seen on both compared sides. */
export interface CaseComparison {
  /** The case id, with the variant when the compared sides have several. */
  label: string;
  caseId: string;
  variantId: string;
  a: CompareStatus;
  b: CompareStatus;
  /** pass ↔ not pass, the case on both sides. A case on one side only is `missing`, never a flip. */
  flipped: boolean;
  latencyA?: number;
  latencyB?: number;
  /** b − a. */
  latencyDelta?: number;
  tokensA?: number;
  tokensB?: number;
  tokensDelta?: number;
  /** Documents cited on one side and not the other. */
  onlyA: string[];
  onlyB: string[];
}

export interface Comparison {
  /** Cases that flipped pass ↔ not pass, first. */
  flipped: CaseComparison[];
  /**
   * Cases on one side only: added or removed from the suite, or outside a re-run or filter. A re-run of three
   * cases compared with its own run leaves the others here, not among the flips.
   */
  missing: CaseComparison[];
  /** Every case on both sides, largest latency change first. */
  deltas: CaseComparison[];
  /** Cases whose cited documents differ. */
  sources: CaseComparison[];
  rows: CaseComparison[];
}

const passing = (s: CompareStatus) => s === 'pass';
const delta = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : b - a);

/** Several outcomes of one side under one key: a key by case alone on a side with several variants. */
const collides = (list: readonly CaseOutcome[], keyOf: (o: CaseOutcome) => string) =>
  new Set(list.map(keyOf)).size < list.length;

/** Case and variant together: what keeps every outcome of a run apart. */
const byCaseAndVariant = (o: CaseOutcome) => outcomeKey(o.caseId, o.variantId);

/**
 * Compares two sides, each a list of case outcomes keyed by `keyOf` (the case and variant for two runs; the case
 * alone for two variants of one run). A case on one side only is `missing` on the other. A key that would put two
 * outcomes of one side together (the case alone, on a side with several variants) is not used: the sides are then
 * keyed by case and variant, so no result silently replaces another.
 */
export function compareOutcomes(
  a: readonly CaseOutcome[],
  b: readonly CaseOutcome[],
  keyOf: (o: CaseOutcome) => string = byCaseAndVariant,
): Comparison {
  if (collides(a, keyOf) || collides(b, keyOf)) keyOf = byCaseAndVariant;
  const mapA = new Map(a.map((o) => [keyOf(o), o]));
  const mapB = new Map(b.map((o) => [keyOf(o), o]));
  const keys = [...new Set([...mapA.keys(), ...mapB.keys()])];
  const rows = keys.map((key): CaseComparison => {
    const x = mapA.get(key);
    const y = mapB.get(key);
    const sa: CompareStatus = x?.status ?? 'missing';
    const sb: CompareStatus = y?.status ?? 'missing';
    const citedA = new Set(x?.cited ?? []);
    const citedB = new Set(y?.cited ?? []);
    const any = (x ?? y)!;
    return {
      label: key,
      caseId: any.caseId,
      variantId: any.variantId,
      a: sa,
      b: sb,
      flipped: sa !== 'missing' && sb !== 'missing' && passing(sa) !== passing(sb),
      latencyA: x?.latencyMs,
      latencyB: y?.latencyMs,
      latencyDelta: delta(x?.latencyMs, y?.latencyMs),
      tokensA: x?.totalTokens,
      tokensB: y?.totalTokens,
      tokensDelta: delta(x?.totalTokens, y?.totalTokens),
      onlyA: x && y ? [...citedA].filter((id) => !citedB.has(id)) : [],
      onlyB: x && y ? [...citedB].filter((id) => !citedA.has(id)) : [],
    };
  });
  const magnitude = (r: CaseComparison) => Math.abs(r.latencyDelta ?? 0);
  return {
    rows,
    flipped: rows.filter((r) => r.flipped),
    missing: rows.filter((r) => r.a === 'missing' || r.b === 'missing'),
    deltas: rows.filter((r) => r.a !== 'missing' && r.b !== 'missing').sort((p, q) => magnitude(q) - magnitude(p)),
    sources: rows.filter((r) => r.onlyA.length > 0 || r.onlyB.length > 0),
  };
}

// ─── A run against its baseline: one verdict per case × variant ─────────────────────────────────────────────────

/** A side's outcome of one case × variant; `missing`: the side's suite has no such case. */
export type SideStatus = CaseStatus | 'missing';

/**
 * What changed for one case × variant between the baseline and now. `error` and `not_run` are never regressions:
 * an outage or a run cut short says nothing about the product, and they are counted and listed apart.
 */
export type Verdict =
  'regression' | 'improvement' | 'still_failing' | 'unchanged' | 'edited' | 'new' | 'removed' | 'error' | 'not_run';
export const VERDICTS: readonly Verdict[] = [
  'regression',
  'improvement',
  'still_failing',
  'unchanged',
  'edited',
  'new',
  'removed',
  'error',
  'not_run',
];

/**
 * none: the case is asked and judged as in the baseline. rejudged: it was edited, and the baseline's kept answers
 * were judged again under today's expectations (the baseline's outcome is that re-judged one). unjudgeable: it was
 * edited and they cannot be (its question or a rubric changed, or the answers are not at hand).
 */
export type EditState = 'none' | 'rejudged' | 'unjudgeable';

type Row = Record<SideStatus, Verdict>;
const judged = (ifPass: Verdict, ifFail: Verdict): Row => ({
  pass: ifPass,
  fail: ifFail,
  error: 'error',
  not_run: 'not_run',
  missing: 'removed',
});
const added: Row = { pass: 'new', fail: 'new', error: 'error', not_run: 'not_run', missing: 'removed' };
const judgedTable: Record<SideStatus, Row> = {
  pass: judged('unchanged', 'regression'),
  fail: judged('improvement', 'still_failing'),
  // No verdict in the baseline: passing now is better; failing now is "not passing then, failing now".
  error: judged('improvement', 'still_failing'),
  not_run: judged('improvement', 'still_failing'),
  missing: added,
};
const unjudgeable = judged('edited', 'edited');

/**
 * THE verdict table (docs/suites.md prints it): edit state → baseline outcome → current outcome → verdict. For an
 * edited case the baseline outcome is its re-judged one. Unit tests, the CLI's JSON and the compare page's e2e all
 * check their verdicts against this one table.
 */
export const VERDICT_TABLE: Readonly<Record<EditState, Readonly<Record<SideStatus, Readonly<Row>>>>> = {
  none: judgedTable,
  rejudged: judgedTable,
  unjudgeable: { pass: unjudgeable, fail: unjudgeable, error: unjudgeable, not_run: unjudgeable, missing: added },
};

export const verdictOf = (baseline: SideStatus, current: SideStatus, edit: EditState): Verdict =>
  VERDICT_TABLE[edit][baseline][current];

/** A case × variant as a baseline needs it: a `--json` output's `cases` entries, or a run's outcomes. */
export interface BaselineCase {
  caseId: string;
  variantId: string;
  status: CaseStatus;
}

/**
 * One side of a comparison. `cases`: its outcomes (full CaseOutcomes, with their attempts, let the deltas be taken
 * over the cases both sides ran and an edited case be re-judged). `suite`: the suite as that side ran it; with both
 * sides' suites, edited cases are found (and re-judged from the baseline's kept answers).
 */
export interface BaselineSide {
  cases: readonly (BaselineCase | CaseOutcome)[];
  metrics: RunMetrics;
  suite?: Suite;
}

export interface MetricDelta {
  baseline: number | null;
  current: number | null;
  /** current − baseline; null when either is missing. */
  delta: number | null;
}

export type DeltaName = 'pass_rate' | 'hit_rate' | 'mrr' | 'median_latency_ms' | 'p95_latency_ms' | 'total_tokens';
export const DELTA_NAMES: readonly DeltaName[] = [
  'pass_rate',
  'hit_rate',
  'mrr',
  'median_latency_ms',
  'p95_latency_ms',
  'total_tokens',
];

export interface BaselineRow {
  caseId: string;
  variantId: string;
  /** The baseline's outcome as it was run. */
  baseline: SideStatus;
  current: SideStatus;
  verdict: Verdict;
  /** The case's own question, follow-ups, expectations or options changed since the baseline. */
  edited: boolean;
  edit: EditState;
  /** An edited case: the baseline's kept answers judged under today's expectations. */
  rejudged?: CaseStatus;
  /** An edited case that could not be re-judged: why, in a few words. */
  note?: string;
}

export interface BaselineComparison {
  /** Over the cases both sides ran (not new, removed, outside a filter or not run on either side). */
  deltas: Record<DeltaName, MetricDelta>;
  /** How many case × variants the deltas are taken over. */
  compared: number;
  /** Every case × variant of either side, in the current run's order, then the removed ones. */
  rows: BaselineRow[];
  counts: Record<Verdict, number>;
  /** Passed in the baseline (re-judged, when edited), fail now. */
  regressions: BaselineRow[];
  /** Did not pass in the baseline, pass now. */
  improvements: BaselineRow[];
  /** Did not pass in the baseline, fail now. */
  stillFailing: BaselineRow[];
  /** Passed then and now. */
  unchanged: BaselineRow[];
  /** Edited, and the baseline's answers could not be judged again: no verdict either way. */
  edited: BaselineRow[];
  /** Errors now (the service or the grader could not be asked): never regressions, listed apart. */
  errors: BaselineRow[];
  notRun: BaselineRow[];
  /** Cases on one side only: new in this suite; removed from it (the baseline's cases outside a filter are neither). */
  onlyCurrent: BaselineRow[];
  onlyBaseline: BaselineRow[];
}

/** JSON with sorted keys and no undefined fields: the same definition written another way is the same definition. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

type SuiteCase = Suite['cases'][number];

/**
 * What decides how a case × variant is asked and judged: its question, follow-ups, expectations, repetitions and
 * the options it is sent with. Not the suite's name, gate or metadata, and not relevant_documents or k (they
 * score retrieval; they decide no pass or fail).
 */
function definitionOf(suite: Suite, c: SuiteCase, variantId: string): string {
  const variant = suite.variants.find((v) => v.id === variantId) ?? { id: variantId };
  return canonical({
    question: c.question,
    follow_ups: c.follow_ups ?? [],
    expect: c.expect ?? {},
    repeat: c.repeat,
    pass_at_least: c.passAtLeast,
    options: mergedOptions(suite, variant, c),
  });
}

/** The case × variant keys whose definition differs between two suites (both have the case). */
export function editedKeys(before: Suite, now: Suite): Set<string> {
  const edited = new Set<string>();
  if (before === now) return edited;
  const old = new Map(before.cases.map((c) => [c.id, c]));
  for (const c of now.cases) {
    const b = old.get(c.id);
    if (!b) continue;
    for (const v of now.variants) {
      if (!before.variants.some((x) => x.id === v.id)) continue;
      if (definitionOf(before, b, v.id) !== definitionOf(now, c, v.id)) edited.add(outcomeKey(c.id, v.id));
    }
  }
  return edited;
}

const questionsOf = (c: SuiteCase) => [c.question, ...(c.follow_ups ?? []).map((f) => f.question)];
const expectationsOf = (c: SuiteCase) => [c.expect, ...(c.follow_ups ?? []).map((f) => f.expect)];

/**
 * The baseline's kept answers of an edited case judged under today's expectations, with the engine's own
 * assertions (no network). A rubric is a grader's verdict: when its text is unchanged the kept verdict stands
 * (same answer, same rubric); when it changed, it cannot be recomputed offline and the case is not re-judged.
 */
export function rejudge(
  before: SuiteCase,
  now: SuiteCase,
  attempts: readonly AttemptResult[],
): { status: CaseStatus } | { note: string } {
  if (canonical(questionsOf(before)) !== canonical(questionsOf(now)))
    return { note: 'its question changed: the kept answers answer another one' };
  if (attempts.length === 0) return { status: 'not_run' };
  const expectNow = expectationsOf(now);
  const expectThen = expectationsOf(before);
  const judgedAttempts: AttemptResult[] = [];
  for (const a of attempts) {
    if (a.turns.length === 0) return { note: "the baseline's answers are not at hand" };
    const turns: TurnResult[] = [];
    for (const [i, t] of a.turns.entries()) {
      if (t.status === 'error' || t.status === 'skipped') {
        turns.push(t);
        continue;
      }
      if (typeof t.answer !== 'string') return { note: "the baseline's answers are not at hand" };
      const expect = expectNow[i];
      let assertions = evaluate(expect, {
        text: t.answer,
        sources: t.sources,
        latencyMs: t.latencyMs ?? 0,
        totalTokens: t.totalTokens,
      });
      if (expect?.rubric !== undefined) {
        const kept = t.assertions.find((x) => x.key === 'rubric');
        if (!kept || expectThen[i]?.rubric !== expect.rubric)
          return { note: "its rubric changed: a grader's verdict is not recomputed offline" };
        assertions = assertions.map((x) => (x.key === 'rubric' ? kept : x));
      }
      turns.push({ ...t, assertions, status: assertions.every((x) => x.ok) ? 'pass' : 'fail' });
    }
    const status = turns.some((t) => t.status === 'error' || t.status === 'skipped')
      ? 'error'
      : turns.every((t) => t.status === 'pass')
        ? 'pass'
        : 'fail';
    judgedAttempts.push({ ...a, turns, status });
  }
  // Today's pass_at_least in proportion to the repetitions the baseline made.
  const n = judgedAttempts.length;
  const need = Math.min(n, Math.max(1, Math.ceil((now.passAtLeast / now.repeat) * n)));
  return { status: statusOf(judgedAttempts, n, need) };
}

const hasAttempts = (c: BaselineCase | CaseOutcome): c is CaseOutcome => 'attempts' in c && Array.isArray(c.attempts);

/**
 * A run against its baseline: a verdict per case × variant (VERDICT_TABLE), the cases listed by verdict, and the
 * deltas over the cases both ran. Cases are keyed by case and variant together. The one comparison: the console's
 * compare page and baseline view and `npm run suite -- --baseline` all use it.
 */
export function compareWithBaseline(baseline: BaselineSide, current: BaselineSide): BaselineComparison {
  const before = new Map(baseline.cases.map((c) => [outcomeKey(c.caseId, c.variantId), c]));
  const edited = baseline.suite && current.suite ? editedKeys(baseline.suite, current.suite) : new Set<string>();
  const casesThen = new Map(baseline.suite?.cases.map((c) => [c.id, c]));
  const casesNow = new Map(current.suite?.cases.map((c) => [c.id, c]));
  const rows: BaselineRow[] = [];
  const seen = new Set<string>();
  for (const c of current.cases) {
    const key = outcomeKey(c.caseId, c.variantId);
    const b = before.get(key);
    if (b) seen.add(key);
    const row: BaselineRow = {
      caseId: c.caseId,
      variantId: c.variantId,
      baseline: b?.status ?? 'missing',
      current: c.status,
      verdict: 'unchanged',
      edited: edited.has(key),
      edit: 'none',
    };
    let effective: SideStatus = row.baseline;
    if (row.edited && b) {
      const then = casesThen.get(c.caseId);
      const now = casesNow.get(c.caseId);
      const judgedAgain =
        then && now ? rejudge(then, now, hasAttempts(b) ? b.attempts : []) : { note: 'the suites are not at hand' };
      if ('status' in judgedAgain) {
        row.edit = 'rejudged';
        row.rejudged = judgedAgain.status;
        effective = judgedAgain.status;
      } else {
        row.edit = 'unjudgeable';
        row.note = judgedAgain.note;
      }
    }
    row.verdict = verdictOf(effective, row.current, row.edit);
    rows.push(row);
  }
  // A baseline case the current suite still has but did not run (outside --filter or a re-run): not compared.
  const stillDefined = (c: BaselineCase) => !current.suite || casesNow.has(c.caseId);
  const outside = new Set<string>();
  for (const [key, b] of before) {
    if (seen.has(key)) continue;
    if (stillDefined(b) && current.suite?.variants.some((v) => v.id === b.variantId)) {
      outside.add(key);
      continue;
    }
    rows.push({
      caseId: b.caseId,
      variantId: b.variantId,
      baseline: b.status,
      current: 'missing',
      verdict: 'removed',
      edited: false,
      edit: 'none',
    });
  }
  const of = (v: Verdict) => rows.filter((r) => r.verdict === v);
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const r of rows) counts[r.verdict]++;
  // The deltas: the cases that ran on both sides (a filter, a re-run or a stop leaves the rest out of both).
  const ran = (s: SideStatus) => s !== 'missing' && s !== 'not_run';
  const both = new Set(
    rows.filter((r) => ran(r.baseline) && ran(r.current)).map((r) => outcomeKey(r.caseId, r.variantId)),
  );
  const metricsOver = (side: BaselineSide): RunMetrics => {
    const all = side.cases;
    // A side read without its attempts (a --json output written before runs were kept in it): its own figures.
    if (!all.every(hasAttempts)) return side.metrics;
    return runMetrics(summarize(all.filter((c) => both.has(outcomeKey(c.caseId, c.variantId)))));
  };
  const mb = metricsOver(baseline);
  const mc = metricsOver(current);
  return {
    deltas: Object.fromEntries(
      DELTA_NAMES.map((name) => {
        const b = mb[name];
        const c = mc[name];
        return [name, { baseline: b, current: c, delta: b === null || c === null ? null : c - b }];
      }),
    ) as Record<DeltaName, MetricDelta>,
    compared: both.size,
    rows,
    counts,
    regressions: of('regression'),
    improvements: of('improvement'),
    stillFailing: of('still_failing'),
    unchanged: of('unchanged'),
    edited: of('edited'),
    errors: of('error'),
    notRun: of('not_run'),
    onlyCurrent: of('new'),
    onlyBaseline: of('removed'),
  };
}
