import { canonical } from './compare';
import { outcomeKey } from './plan';
import { caseOutcomes, runSuiteOf } from './results';
import type { SuiteRun } from './types';

/** A case × variant whose verdict flips from run to run: pass, then fail, then pass again (or the other way). */
export interface FlippingCase {
  caseId: string;
  variantId: string;
  /** Its verdict in each run that judged it (same definition), oldest first. */
  history: { runId: string; status: 'pass' | 'fail' }[];
  /** Changes between consecutive verdicts (at least 2: a single change is a regression or a fix, not a flip). */
  flips: number;
}

/**
 * Cases that flip across runs, for the trend: the runs the trend shows (finished, not a subset), oldest first; a
 * case's verdicts are read while its definition stays the same (an edit starts its history again), and errors or
 * cases not run say nothing and are left out. Most flips first.
 */
export function flippingCases(runs: readonly SuiteRun[]): FlippingCase[] {
  const histories = new Map<
    string,
    { def: string; caseId: string; variantId: string; history: FlippingCase['history'] }
  >();
  const ordered = [...runs].filter((r) => !r.only && r.status === 'done').sort((a, b) => a.startedAt - b.startedAt);
  for (const run of ordered) {
    const suite = runSuiteOf(run);
    if (!suite) continue;
    const defs = new Map(suite.cases.map((c) => [c.id, canonical(c)]));
    for (const o of caseOutcomes(suite, run.attempts)) {
      if (o.status !== 'pass' && o.status !== 'fail') continue;
      const key = outcomeKey(o.caseId, o.variantId);
      const def = `${defs.get(o.caseId)}\u0000${canonical(suite.variants.find((v) => v.id === o.variantId))}`;
      let h = histories.get(key);
      if (!h || h.def !== def) {
        h = { def, caseId: o.caseId, variantId: o.variantId, history: [] };
        histories.set(key, h);
      }
      h.history.push({ runId: run.id, status: o.status });
    }
  }
  const out: FlippingCase[] = [];
  for (const { caseId, variantId, history } of histories.values()) {
    const flips = history.filter((x, i) => i > 0 && x.status !== history[i - 1]!.status).length;
    if (flips >= 2) out.push({ caseId, variantId, history, flips });
  }
  return out.sort((a, b) => b.flips - a.flips);
}
