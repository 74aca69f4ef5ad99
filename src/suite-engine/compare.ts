import { outcomeKey } from './plan';
import type { CaseOutcome, CaseStatus } from './types';

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
