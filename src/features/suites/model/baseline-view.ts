import {
  caseOutcomes,
  compareWithBaseline,
  editedKeys as editedBetween,
  outcomeKey,
  runMetrics,
  runSuiteOf,
  summarize,
  type BaselineComparison,
  type CaseOutcome,
  type SuiteRun,
} from '../../../suite-engine';

/** A compare side: a run (every variant) or one variant of it. */
export interface CompareSide {
  run: SuiteRun;
  variant?: string;
}

/** The engine's comparison (compare.ts), as the compare page and the baseline view show it. */
export type BaselineView = BaselineComparison;

/** The case × variant keys whose definition differs between two runs' suites (both sides have the case). */
export function editedKeys(a: SuiteRun, b: SuiteRun): Set<string> {
  const sa = runSuiteOf(a);
  const sb = runSuiteOf(b);
  if (!sa || !sb || a.suite === b.suite) return new Set();
  return editedBetween(sa, sb);
}

export function sideOutcomes(side: CompareSide): CaseOutcome[] {
  const suite = runSuiteOf(side.run);
  if (!suite) return [];
  const all = caseOutcomes(suite, side.run.attempts, side.run.only);
  return side.variant ? all.filter((o) => o.variantId === side.variant) : all;
}

/**
 * Side B against side A as its baseline, by the engine's one comparison: a verdict per case, the lists by verdict,
 * the deltas over the cases both ran. `detailed`: A's outcomes of the edited cases with their answers read back
 * (a run kept in this browser stores them apart), so those cases are judged again; without them an edited case has
 * no verdict (edited). Two variants of one run are matched by case, with no edits.
 */
export function baselineView(a: CompareSide, b: CompareSide, detailed: readonly CaseOutcome[] = []): BaselineView {
  const byVariant = !!(a.variant || b.variant);
  const whole = new Map(detailed.map((o) => [outcomeKey(o.caseId, o.variantId), o]));
  const side = (s: CompareSide, fill: boolean) => {
    const outcomes = sideOutcomes(s);
    const cases = fill ? outcomes.map((o) => whole.get(outcomeKey(o.caseId, o.variantId)) ?? o) : outcomes;
    const suite = runSuiteOf(s.run);
    return {
      cases: byVariant ? cases.map((o) => ({ ...o, variantId: '' })) : cases,
      metrics: runMetrics(summarize(outcomes)),
      ...(suite && !byVariant ? { suite } : {}),
    };
  };
  return compareWithBaseline(side(a, true), side(b, false));
}

/**
 * A latency change worth a colour: at least LATENCY_NOTICE.ms and LATENCY_NOTICE.share of the baseline's latency
 * (a +22 ms jitter on a 900 ms answer is neither). The compare page colours only these, per case and overall.
 */
export const LATENCY_NOTICE = { ms: 100, share: 0.2 } as const;
export const latencyMatters = (baseline: number | null | undefined, delta: number | null | undefined) =>
  baseline != null &&
  delta != null &&
  Math.abs(delta) >= LATENCY_NOTICE.ms &&
  Math.abs(delta) >= LATENCY_NOTICE.share * baseline;
