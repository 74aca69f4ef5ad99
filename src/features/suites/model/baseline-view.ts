import {
  caseOutcomes,
  compareWithBaseline,
  outcomeKey,
  runMetrics,
  runSuiteOf,
  summarize,
  type BaselineComparison,
  type BaselineRow,
  type CaseOutcome,
  type SuiteRun,
  type Suite,
} from '../../../suite-engine';

/** A compare side: a run (every variant) or one variant of it. */
export interface CompareSide {
  run: SuiteRun;
  variant?: string;
}

/** The engine's comparison with a fourth list: cases whose definition changed between the two runs. */
export interface BaselineView extends BaselineComparison {
  /** Asked differently on the two sides (question, expectations, options…): a change of the suite, not a flip. */
  edited: BaselineRow[];
}

/** JSON with sorted keys and no undefined fields: the same definition written another way is the same definition. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Everything that decides how a case × variant is asked and judged, as one string. */
function definitions(suite: Suite): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of suite.cases)
    for (const v of suite.variants)
      out.set(outcomeKey(c.id, v.id), canonical({ case: c, variant: v.options ?? {}, defaults: suite.defaults }));
  return out;
}

/** The case × variant keys whose definition differs between two runs' suites (both sides have the case). */
export function editedKeys(a: SuiteRun, b: SuiteRun): Set<string> {
  const sa = runSuiteOf(a);
  const sb = runSuiteOf(b);
  if (!sa || !sb || a.suite === b.suite) return new Set();
  const before = definitions(sa);
  const edited = new Set<string>();
  for (const [key, def] of definitions(sb)) if (before.has(key) && before.get(key) !== def) edited.add(key);
  return edited;
}

export function sideOutcomes(side: CompareSide): CaseOutcome[] {
  const suite = runSuiteOf(side.run);
  if (!suite) return [];
  const all = caseOutcomes(suite, side.run.attempts, side.run.only);
  return side.variant ? all.filter((o) => o.variantId === side.variant) : all;
}

/**
 * Side B against side A as its baseline: overall deltas, regressions, improvements, unchanged, the cases on one
 * side only, and the edited cases (taken out of the other lists). Two variants of one run are matched by case.
 */
export function baselineView(a: CompareSide, b: CompareSide): BaselineView {
  const byVariant = !!(a.variant || b.variant);
  const side = (s: CompareSide) => {
    const outcomes = sideOutcomes(s);
    return {
      cases: byVariant ? outcomes.map((o) => ({ ...o, variantId: '' })) : outcomes,
      metrics: runMetrics(summarize(outcomes)),
    };
  };
  const cmp = compareWithBaseline(side(a), side(b));
  const edited = byVariant ? new Set<string>() : editedKeys(a.run, b.run);
  const isEdited = (r: BaselineRow) => edited.has(outcomeKey(r.caseId, r.variantId));
  return {
    ...cmp,
    regressions: cmp.regressions.filter((r) => !isEdited(r)),
    improvements: cmp.improvements.filter((r) => !isEdited(r)),
    unchanged: cmp.unchanged.filter((r) => !isEdited(r)),
    edited: [...cmp.regressions, ...cmp.improvements, ...cmp.unchanged].filter(isEdited),
  };
}
