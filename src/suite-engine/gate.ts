import { checkGates, type GateResult, type Gates } from './baseline';
import { runMetrics } from './export';
import { caseOutcomes, runSuiteOf, summarize, type RunSummary } from './results';
import type { SuiteFile } from './suite-file';
import type { SuiteRun } from './types';

/** The pass rate a release needs when neither the suite's `gate` nor a flag says otherwise: every case. */
export const DEFAULT_MIN_PASS_RATE = 1;

/**
 * The figures a run must reach: the suite's `gate` block, each overridden by the one given on the command line
 * (`--min-pass-rate`, `--min-hit-rate`, `--min-mrr`); the pass rate is gated at 1 unless either says otherwise.
 * The console has no flags: its run page shows the suite's own gate.
 */
export function suiteGates(file: Pick<SuiteFile, 'gate'>, flags: Gates = {}): Gates {
  return {
    min_pass_rate: flags.min_pass_rate ?? file.gate?.min_pass_rate ?? DEFAULT_MIN_PASS_RATE,
    ...((flags.min_hit_rate ?? file.gate?.min_hit_rate) !== undefined
      ? { min_hit_rate: flags.min_hit_rate ?? file.gate?.min_hit_rate }
      : {}),
    ...((flags.min_mrr ?? file.gate?.min_mrr) !== undefined ? { min_mrr: flags.min_mrr ?? file.gate?.min_mrr } : {}),
  };
}

export interface GateVerdict {
  /** Each required figure, the one measured, and whether it holds. */
  results: GateResult[];
  /** Whether the release may go: every figure holds, and at least one case was run. */
  holds: boolean;
}

/**
 * The one gate verdict, printed by `npm run suite` (its exit code) and shown on the console's run page. A run with
 * no case holds nothing; every case passing holds the pass-rate gate whatever rounding says; an unmeasured
 * hit rate or MRR (no case lists relevant_documents, or none answered) does not hold its gate. A run none of whose
 * cases could be judged holds nothing.
 */
export function gateVerdict(summary: RunSummary, gates: Gates): GateVerdict {
  // The pass rate is measured over the cases judged (passed or failed): errors say nothing of the product and are
  // bounded apart (`--max-errors`, exit 3), so an outage can neither pass nor fail the pass-rate gate.
  const judged = summary.passed + summary.failed;
  const metrics = { ...runMetrics(summary), pass_rate: judged ? summary.passed / judged : 0 };
  const results = checkGates(metrics, gates).map((g) =>
    g.name === 'min_pass_rate' && !g.ok && judged > 0 && summary.passed === judged ? { ...g, ok: true } : g,
  );
  return { results, holds: judged > 0 && results.every((g) => g.ok) };
}

/** A whole run's verdict under the suite's gate (and the flags', in the CLI): what its HTML report shows. */
export function runGateVerdict(run: SuiteRun, flags: Gates = {}): GateVerdict {
  const suite = runSuiteOf(run);
  return gateVerdict(summarize(suite ? caseOutcomes(suite, run.attempts, run.only) : []), suiteGates(run.suite, flags));
}
