import { checkSuite, type Suite } from '../../contract';
import { outcomeKey } from './plan';
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

/** The suite a run ran (its own snapshot), normalised; undefined if the snapshot no longer parses. */
export function runSuiteOf(run: Pick<SuiteRun, 'suite'>): Suite | undefined {
  const checked = checkSuite(run.suite);
  return checked.ok ? checked.suite : undefined;
}

/** A case passes only when every repetition passed; any failure makes it fail, else any error makes it an error. */
function statusOf(attempts: readonly AttemptResult[], planned: number): CaseStatus {
  if (attempts.length === 0) return 'not_run';
  if (attempts.some((a) => a.status === 'fail')) return 'fail';
  if (attempts.some((a) => a.status === 'error')) return 'error';
  return attempts.length < planned ? 'not_run' : 'pass';
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
      const list = (byKey.get(key) ?? []).sort((a, b) => a.repetition - b.repetition);
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
        for (const t of a.turns) for (const s of t.sources) if (s.document_id) cited.add(String(s.document_id));
      out.push({
        caseId: c.id,
        variantId: v.id,
        status: statusOf(list, c.repeat),
        passed: list.filter((a) => a.status === 'pass').length,
        done: list.length,
        planned: c.repeat,
        latencyMs: median(lat),
        totalTokens: median(tok),
        topScore: median(top),
        similarity: median(similarity),
        assertions: [...assertionCounts].map(([name, n]) => ({ key: name, ...n })),
        cited: [...cited].sort(),
        attempts: list,
      });
    }
  }
  return out;
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
  /** Median latency of the finished sessions. */
  medianLatencyMs?: number;
}

export function summarize(outcomes: readonly CaseOutcome[]): RunSummary {
  const count = (s: CaseStatus) => outcomes.filter((o) => o.status === s).length;
  const passed = count('pass');
  return {
    total: outcomes.length,
    passed,
    failed: count('fail'),
    errors: count('error'),
    notRun: count('not_run'),
    passRate: outcomes.length ? passed / outcomes.length : 0,
    medianLatencyMs: median(
      outcomes.flatMap((o) => o.attempts.map(attemptLatency)).filter((n): n is number => n !== undefined),
    ),
  };
}

/** The case × variant keys of a run that did not pass (what "Re-run failed cases" asks again). */
export function failedKeys(outcomes: readonly CaseOutcome[]): string[] {
  return outcomes.filter((o) => o.status !== 'pass').map((o) => outcomeKey(o.caseId, o.variantId));
}

export interface TrendPoint {
  runId: string;
  startedAt: number;
  passRate: number;
  medianLatencyMs?: number;
}

/** Pass rate and median latency of each run, oldest first (re-runs of a subset left out: not comparable). */
export function trend(runs: readonly SuiteRun[]): TrendPoint[] {
  return [...runs]
    .filter((r) => !r.only && r.status !== 'running')
    .sort((a, b) => a.startedAt - b.startedAt)
    .flatMap((run) => {
      const suite = runSuiteOf(run);
      if (!suite) return [];
      const summary = summarize(caseOutcomes(suite, run.attempts));
      return [
        {
          runId: run.id,
          startedAt: run.startedAt,
          passRate: summary.passRate,
          medianLatencyMs: summary.medianLatencyMs,
        },
      ];
    });
}
