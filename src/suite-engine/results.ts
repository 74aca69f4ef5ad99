import { checkSuite, type Suite } from './suite-file';
import { outcomeKey } from './plan';
import { documentIdOf, meanRetrieval, retrievalScore, type RetrievalScore } from './retrieval';
import type { AttemptResult, CaseOutcome, CaseStatus, SuiteRun } from './types';

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const sum = (values: readonly (number | undefined)[]) =>
  values.every((v) => v === undefined) ? undefined : values.reduce<number>((a, v) => a + (v ?? 0), 0);

/** A session's latency and tokens: its turns added up. */
export const attemptLatency = (a: AttemptResult) => sum(a.turns.map((t) => t.latencyMs));
export const attemptTokens = (a: AttemptResult) => sum(a.turns.map((t) => t.totalTokens));

/** Parsed once per snapshot object: a 2,000-case suite takes tens of ms to check, and every page of a run asks. */
const parsedSuites = new WeakMap<object, Suite | null>();

/**
 * The suite a run ran (its own snapshot), normalised; undefined if the snapshot no longer parses. `parsed`: the
 * snapshot already checked by the caller (a run as it starts), kept for the next call.
 */
export function runSuiteOf(run: Pick<SuiteRun, 'suite'>, parsed?: Suite): Suite | undefined {
  if (parsed) parsedSuites.set(run.suite, parsed);
  const known = parsedSuites.get(run.suite);
  if (known !== undefined) return known ?? undefined;
  const checked = checkSuite(run.suite);
  parsedSuites.set(run.suite, checked.ok ? checked.suite : null);
  return checked.ok ? checked.suite : undefined;
}

/**
 * A case passes when `passAtLeast` of its planned repetitions passed (all of them by default). It fails as soon as
 * that can no longer be reached and a repetition failed (an error alone makes it an error); until then it is not run.
 */
export function statusOf(attempts: readonly AttemptResult[], planned: number, passAtLeast: number): CaseStatus {
  if (attempts.length === 0) return 'not_run';
  const passed = attempts.filter((a) => a.status === 'pass').length;
  if (passed >= passAtLeast) return 'pass';
  if (planned - (attempts.length - passed) >= passAtLeast) return 'not_run';
  return attempts.some((a) => a.status === 'fail') ? 'fail' : 'error';
}

type SuiteCaseOf = Suite['cases'][number];

/** The ranked sources of an attempt's question, scored against the case's relevant documents. */
export function attemptRetrieval(c: SuiteCaseOf, a: AttemptResult): RetrievalScore | undefined {
  const first = a.turns[0];
  if (!c.relevant_documents || !first || (first.status !== 'pass' && first.status !== 'fail')) return undefined;
  return retrievalScore(first.sources, c.relevant_documents, c.k);
}

/** One case in one variant over its finished attempts (any order). */
export function caseOutcome(c: SuiteCaseOf, variantId: string, attempts: readonly AttemptResult[]): CaseOutcome {
  const list = [...attempts].sort((a, b) => a.repetition - b.repetition);
  const assertionCounts = new Map<CaseOutcome['assertions'][number]['key'], { passed: number; total: number }>();
  for (const a of list) {
    for (const t of a.turns) {
      for (const x of t.assertions) {
        const n = assertionCounts.get(x.key) ?? { passed: 0, total: 0 };
        n.total++;
        if (x.ok) n.passed++;
        assertionCounts.set(x.key, n);
      }
    }
  }
  const lat = list.map(attemptLatency).filter((n): n is number => n !== undefined);
  const tok = list.map(attemptTokens).filter((n): n is number => n !== undefined);
  const top = list.map((a) => a.turns[0]?.topScore).filter((n): n is number => n !== undefined);
  const similarity = list
    .map((a) => a.turns[0]?.assertions.find((x) => x.key === 'similar_to')?.score)
    .filter((n): n is number => n !== undefined);
  const cited = new Set<string>();
  for (const a of list)
    for (const t of a.turns)
      for (const s of t.sources) {
        const id = documentIdOf(s);
        if (id !== undefined) cited.add(id);
      }
  const passed = list.filter((a) => a.status === 'pass').length;
  const retrieval = meanRetrieval(
    list.map((a) => attemptRetrieval(c, a)).filter((r): r is RetrievalScore => r !== undefined),
  );
  return {
    caseId: c.id,
    variantId,
    status: statusOf(list, c.repeat, c.passAtLeast),
    passed,
    done: list.length,
    planned: c.repeat,
    passAtLeast: c.passAtLeast,
    flaky: passed > 0 && passed < list.length,
    latencyMs: median(lat),
    totalTokens: median(tok),
    topScore: median(top),
    similarity: median(similarity),
    ...(retrieval ? { retrieval } : {}),
    assertions: [...assertionCounts].map(([name, n]) => ({ key: name, ...n })),
    cited: [...cited].sort(),
    attempts: list,
  };
}

/** One outcome per case × variant of the suite (in the suite's order), missing ones as `not_run`. */
export function caseOutcomes(
  suite: Suite,
  attempts: readonly AttemptResult[],
  only?: readonly string[],
): CaseOutcome[] {
  const byKey = new Map<string, AttemptResult[]>();
  for (const a of attempts) {
    const key = outcomeKey(a.caseId, a.variantId);
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(a);
  }
  const onlySet = only ? new Set(only) : undefined;
  const out: CaseOutcome[] = [];
  for (const c of suite.cases) {
    for (const v of suite.variants) {
      const key = outcomeKey(c.id, v.id);
      if (onlySet && !onlySet.has(key)) continue;
      out.push(caseOutcome(c, v.id, byKey.get(key) ?? []));
    }
  }
  return out;
}

/**
 * A run's outcomes kept up to date as its attempts arrive (a live run's attempts only grow): only the case × variant
 * each new attempt belongs to is built again, and the list is a new array only when one changed, so a page that
 * shows 2,000 cases does not rebuild 4,000 outcomes from 12,000 attempts every time a result comes in.
 */
export interface OutcomeTally {
  /** The outcomes of `attempts` (in the suite's order, as caseOutcomes gives them). */
  update(attempts: readonly AttemptResult[]): readonly CaseOutcome[];
  /** summarize() of the outcomes so far, from running counts and a sorted list of latencies (not rebuilt per result). */
  summary(): RunSummary;
}

export function outcomeTally(suite: Suite, only?: readonly string[]): OutcomeTally {
  let outcomes: CaseOutcome[] = [];
  let at = new Map<string, number>();
  let attemptsOf = new Map<string, AttemptResult[]>();
  const caseById = new Map(suite.cases.map((c) => [c.id, c]));
  let seen = 0;
  let last: AttemptResult | undefined;
  // Running figures of summarize(): counts by status, flaky, tokens, and every tallied attempt's latency, sorted.
  let counts = new Map<CaseStatus, number>();
  let flaky = 0;
  let tokens = 0;
  let withTokens = 0;
  let latencies: number[] = [];
  let summary: RunSummary | undefined;
  const count = (o: CaseOutcome, by: 1 | -1) => {
    counts.set(o.status, (counts.get(o.status) ?? 0) + by);
    if (o.flaky) flaky += by;
  };
  const reset = () => {
    outcomes = caseOutcomes(suite, [], only);
    at = new Map(outcomes.map((o, i) => [outcomeKey(o.caseId, o.variantId), i]));
    attemptsOf = new Map();
    seen = 0;
    last = undefined;
    counts = new Map();
    flaky = tokens = withTokens = 0;
    latencies = [];
    summary = undefined;
    for (const o of outcomes) count(o, 1);
  };
  const insertSorted = (n: number) => {
    let lo = 0;
    let hi = latencies.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (latencies[mid]! <= n) lo = mid + 1;
      else hi = mid;
    }
    latencies.splice(lo, 0, n);
  };
  reset();
  return {
    update(attempts) {
      // Not the same run grown (another run, or attempts taken away): built again from the start.
      if (attempts.length < seen || (seen > 0 && attempts[seen - 1] !== last)) reset();
      if (attempts.length === seen) return outcomes;
      const changed = new Set<string>();
      for (let i = seen; i < attempts.length; i++) {
        const a = attempts[i]!;
        const key = outcomeKey(a.caseId, a.variantId);
        if (!at.has(key)) continue;
        (attemptsOf.get(key) ?? attemptsOf.set(key, []).get(key)!).push(a);
        changed.add(key);
        const latency = attemptLatency(a);
        if (latency !== undefined) insertSorted(latency);
        const t = attemptTokens(a);
        if (t !== undefined) {
          tokens += t;
          withTokens++;
        }
      }
      seen = attempts.length;
      last = attempts[seen - 1];
      if (changed.size === 0) return outcomes;
      outcomes = outcomes.slice();
      summary = undefined;
      for (const key of changed) {
        const i = at.get(key)!;
        const o = outcomes[i]!;
        count(o, -1);
        outcomes[i] = caseOutcome(caseById.get(o.caseId)!, o.variantId, attemptsOf.get(key)!);
        count(outcomes[i], 1);
      }
      return outcomes;
    },
    summary() {
      if (summary) return summary;
      const passed = counts.get('pass') ?? 0;
      const retrieval = meanRetrieval(outcomes.flatMap((o) => (o.retrieval ? [o.retrieval] : [])));
      const nearest = (p: number) =>
        latencies.length === 0
          ? undefined
          : latencies[Math.min(latencies.length, Math.max(1, Math.ceil((p / 100) * latencies.length))) - 1];
      const mid = latencies.length >> 1;
      summary = {
        total: outcomes.length,
        passed,
        failed: counts.get('fail') ?? 0,
        errors: counts.get('error') ?? 0,
        notRun: counts.get('not_run') ?? 0,
        passRate: outcomes.length ? passed / outcomes.length : 0,
        medianLatencyMs:
          latencies.length === 0
            ? undefined
            : latencies.length % 2
              ? latencies[mid]
              : (latencies[mid - 1]! + latencies[mid]!) / 2,
        p95LatencyMs: nearest(95),
        totalTokens: withTokens === 0 ? undefined : tokens,
        flaky,
        ...(retrieval
          ? { hitRate: retrieval.hitAtK, mrr: retrieval.reciprocalRank, recallAtK: retrieval.recallAtK }
          : {}),
      };
      return summary;
    },
  };
}

export interface RunSummary {
  /** Case × variant outcomes. */
  total: number;
  passed: number;
  failed: number;
  errors: number;
  notRun: number;
  /** passed / total (0 when empty). */
  passRate: number;
  /** Median and 95th percentile (nearest rank) latency of the finished sessions. */
  medianLatencyMs?: number;
  p95LatencyMs?: number;
  /** Tokens of every finished session, added up. */
  totalTokens?: number;
  /** Flaky outcomes: repetitions that disagree. */
  flaky: number;
  /** Means over the outcomes that have retrieval scores (cases with relevant_documents that were answered). */
  hitRate?: number;
  mrr?: number;
  recallAtK?: number;
}

/** The p-th percentile by nearest rank (p95 of 20 values is the 19th smallest). */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}

export function summarize(outcomes: readonly CaseOutcome[]): RunSummary {
  const count = (s: CaseStatus) => outcomes.filter((o) => o.status === s).length;
  const passed = count('pass');
  const latencies = outcomes.flatMap((o) => o.attempts.map(attemptLatency)).filter((n): n is number => n !== undefined);
  const retrieval = meanRetrieval(outcomes.flatMap((o) => (o.retrieval ? [o.retrieval] : [])));
  return {
    total: outcomes.length,
    passed,
    failed: count('fail'),
    errors: count('error'),
    notRun: count('not_run'),
    passRate: outcomes.length ? passed / outcomes.length : 0,
    medianLatencyMs: median(latencies),
    p95LatencyMs: percentile(latencies, 95),
    totalTokens: sum(outcomes.flatMap((o) => o.attempts.map(attemptTokens))),
    flaky: outcomes.filter((o) => o.flaky).length,
    ...(retrieval ? { hitRate: retrieval.hitAtK, mrr: retrieval.reciprocalRank, recallAtK: retrieval.recallAtK } : {}),
  };
}

/**
 * The case × variant keys of a run that failed or errored (what "Re-run failed cases" asks again). A case that never
 * ran (a stopped run, or outside a re-run) did not fail: it is not asked again under that name.
 */
export function failedKeys(outcomes: readonly CaseOutcome[]): string[] {
  return outcomes
    .filter((o) => o.status === 'fail' || o.status === 'error')
    .map((o) => outcomeKey(o.caseId, o.variantId));
}

export interface TrendPoint {
  runId: string;
  startedAt: number;
  passRate: number;
  medianLatencyMs?: number;
  /** Retrieval, when the run's suite lists relevant documents: hit rate and mean reciprocal rank, 0–1. */
  hitRate?: number;
  mrr?: number;
  /** The suite as run differs from the previous point's (cases or expectations edited in between). */
  suiteChanged?: boolean;
}

/**
 * Pass rate and median latency of each run, oldest first. Only runs that finished their plan count: a re-run of a
 * subset is not comparable, and a stopped, interrupted, timed-out or failed run would show its partial pass rate
 * (the cases it never reached counted as not passing) as if the service had got worse.
 */
export function trend(runs: readonly SuiteRun[]): TrendPoint[] {
  let previous: string | undefined;
  return [...runs]
    .filter((r) => !r.only && r.status === 'done')
    .sort((a, b) => a.startedAt - b.startedAt)
    .flatMap((run) => {
      const suite = runSuiteOf(run);
      if (!suite) return [];
      const summary = summarize(caseOutcomes(suite, run.attempts));
      // The name is not the suite's definition: renaming it is no change of what is asked.
      const revision = JSON.stringify({ ...run.suite, name: '' });
      const suiteChanged = previous !== undefined && revision !== previous;
      previous = revision;
      return [
        {
          runId: run.id,
          startedAt: run.startedAt,
          passRate: summary.passRate,
          medianLatencyMs: summary.medianLatencyMs,
          ...(summary.hitRate === undefined ? {} : { hitRate: summary.hitRate }),
          ...(summary.mrr === undefined ? {} : { mrr: summary.mrr }),
          ...(suiteChanged ? { suiteChanged } : {}),
        },
      ];
    });
}
