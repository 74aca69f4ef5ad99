import { runMetrics, type RunMetrics } from './export';
import type { BaselineCase, BaselineSide } from './compare';
import { caseOutcomes, summarize } from './results';
import { checkSuite } from './suite-file';
import { readRunFile } from './run-file';
import type { CaseStatus, SuiteRun } from './types';

// The comparison itself is compare.ts's (one comparison for the console and the CLI); its types are named here too.
export type { BaselineCase, BaselineComparison, BaselineRow, BaselineSide, DeltaName, MetricDelta } from './compare';

const STATUSES = new Set<string>(['pass', 'fail', 'error', 'not_run']);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A `--json` output read back as a baseline (either version of run-file.ts; `answerLines`: its answers file, so an
 * edited case's answers can be judged again); a sentence saying why not when it is not one.
 */
export function readBaselineJson(
  text: string,
  answerLines?: Iterable<string>,
): { ok: true; side: BaselineSide } | { ok: false; error: string } {
  const read = readRunFile(text, answerLines);
  if (!read.ok && read.error.startsWith('it has no')) return readBaselineCases(text);
  if (!read.ok) return read;
  return readBaselineCases(read.raw, read.run);
}

function readBaselineCases(
  text: string | Record<string, unknown>,
  kept?: SuiteRun,
): { ok: true; side: BaselineSide } | { ok: false; error: string } {
  const raw = typeof text === 'string' ? (JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>) : text;
  const cases: BaselineCase[] = [];
  for (const c of raw.cases as unknown[]) {
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
  // The run itself (its suite and attempts, answers included): the deltas over the cases both runs ran, and an
  // edited case's answers judged again. Without it (or when its suite no longer parses) only the statuses compare.
  const run = kept;
  const checked = run && isObject(run.suite) ? checkSuite(run.suite) : undefined;
  if (checked?.ok) {
    const only = Array.isArray(run!.only) ? run!.only : undefined;
    const outcomes = caseOutcomes(checked.suite, run!.attempts, only);
    return { ok: true, side: { cases: outcomes, metrics: runMetrics(summarize(outcomes)), suite: checked.suite } };
  }
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
