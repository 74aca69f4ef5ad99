import { outcomeKey } from './plan';
import type { RunMetrics } from './export';
import type { CaseStatus } from './types';

/** A case × variant as a baseline needs it: a `--json` output's `cases` entries, or a run's outcomes. */
export interface BaselineCase {
  caseId: string;
  variantId: string;
  status: CaseStatus;
}

export interface BaselineSide {
  cases: readonly BaselineCase[];
  metrics: RunMetrics;
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
  baseline: CaseStatus;
  current: CaseStatus;
}

export interface BaselineComparison {
  deltas: Record<DeltaName, MetricDelta>;
  /** Passed in the baseline, not now. */
  regressions: BaselineRow[];
  /** Did not pass in the baseline, pass now. */
  improvements: BaselineRow[];
  unchanged: BaselineRow[];
  /** Cases on one side only (new, removed, or outside a filter or re-run): listed apart, never as flips. */
  onlyBaseline: BaselineCase[];
  onlyCurrent: BaselineCase[];
}

/**
 * A run against its baseline: overall deltas and the cases in three lists. Cases are keyed by case and variant
 * together, whatever either side's variants (a case alone on one side is not matched to another variant's result).
 */
export function compareWithBaseline(baseline: BaselineSide, current: BaselineSide): BaselineComparison {
  const before = new Map(baseline.cases.map((c) => [outcomeKey(c.caseId, c.variantId), c]));
  const seen = new Set<string>();
  const out: BaselineComparison = {
    deltas: Object.fromEntries(
      DELTA_NAMES.map((name) => {
        const b = baseline.metrics[name];
        const c = current.metrics[name];
        return [name, { baseline: b, current: c, delta: b === null || c === null ? null : c - b }];
      }),
    ) as Record<DeltaName, MetricDelta>,
    regressions: [],
    improvements: [],
    unchanged: [],
    onlyBaseline: [],
    onlyCurrent: [],
  };
  for (const c of current.cases) {
    const key = outcomeKey(c.caseId, c.variantId);
    const b = before.get(key);
    if (!b) {
      out.onlyCurrent.push(c);
      continue;
    }
    seen.add(key);
    const row = { caseId: c.caseId, variantId: c.variantId, baseline: b.status, current: c.status };
    if (b.status === 'pass' && c.status !== 'pass') out.regressions.push(row);
    else if (b.status !== 'pass' && c.status === 'pass') out.improvements.push(row);
    else out.unchanged.push(row);
  }
  for (const [key, b] of before) if (!seen.has(key)) out.onlyBaseline.push(b);
  return out;
}

const STATUSES = new Set<string>(['pass', 'fail', 'error', 'not_run']);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A `--json` output read back as a baseline; a sentence saying why not when it is not one. */
export function readBaselineJson(text: string): { ok: true; side: BaselineSide } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isObject(raw) || raw.format !== 'knowledge-console-suite-run' || !Array.isArray(raw.cases))
    return { ok: false, error: 'not a run written by --json (format "knowledge-console-suite-run" with its cases)' };
  const cases: BaselineCase[] = [];
  for (const c of raw.cases) {
    if (
      !isObject(c) ||
      typeof c.caseId !== 'string' ||
      typeof c.variantId !== 'string' ||
      !STATUSES.has(String(c.status))
    )
      return { ok: false, error: 'a case has no caseId, variantId or status' };
    cases.push({ caseId: c.caseId, variantId: c.variantId, status: c.status as CaseStatus });
  }
  const m = isObject(raw.metrics) ? raw.metrics : {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  // A run written before metrics existed: its pass rate from its cases.
  const passRate = cases.length ? cases.filter((c) => c.status === 'pass').length / cases.length : 0;
  return {
    ok: true,
    side: {
      cases,
      metrics: {
        pass_rate: num(m.pass_rate) ?? passRate,
        hit_rate: num(m.hit_rate),
        mrr: num(m.mrr),
        recall_at_k: num(m.recall_at_k),
        median_latency_ms: num(m.median_latency_ms),
        p95_latency_ms: num(m.p95_latency_ms),
        total_tokens: num(m.total_tokens),
      },
    },
  };
}

export type GateName = 'min_pass_rate' | 'min_hit_rate' | 'min_mrr';
export type Gates = Partial<Record<GateName, number>>;
export interface GateResult {
  name: GateName;
  min: number;
  /** null: nothing to measure (no case lists relevant_documents, or none was answered). */
  actual: number | null;
  ok: boolean;
}

const METRIC_OF: Record<GateName, 'pass_rate' | 'hit_rate' | 'mrr'> = {
  min_pass_rate: 'pass_rate',
  min_hit_rate: 'hit_rate',
  min_mrr: 'mrr',
};

/** Each gate against the run's metrics; an unmeasured metric does not hold its gate. */
export function checkGates(metrics: RunMetrics, gates: Gates): GateResult[] {
  return (Object.keys(METRIC_OF) as GateName[]).flatMap((name) => {
    const min = gates[name];
    if (min === undefined) return [];
    const actual = metrics[METRIC_OF[name]];
    return [{ name, min, actual, ok: actual !== null && actual >= min }];
  });
}
