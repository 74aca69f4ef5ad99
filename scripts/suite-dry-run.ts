/**
 * `npm run suite -- FILE --dry-run [--estimate-from RUN.json]`: the plan of a run, printed from the suite file alone
 * (the file is checked as for a run, then nothing is sent) — what each case × variant asks, the total, and the tokens
 * a run would use judging by an earlier one.
 */
import { readFileSync } from 'node:fs';
import { dryRunPlan, readBaselineJson, type BaselineSide, type Suite } from '../src/suite-engine';

export interface Estimate {
  path: string;
  side: BaselineSide;
}

/** An earlier `--json` run to estimate from, read by the baseline's reader; exit 2 when it is not one. */
export function readEstimate(path: string): Estimate {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    console.error(
      `suite: cannot read --estimate-from ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
    process.exit(2);
  }
  const read = readBaselineJson(text);
  if (!read.ok) {
    console.error(`suite: --estimate-from ${path} is ${read.error} (nothing was run)`);
    process.exit(2);
  }
  return { path, side: read.side };
}

export function printDryRun(file: string, suite: Suite, only: ReadonlySet<string> | undefined, estimate?: Estimate) {
  const plan = dryRunPlan(suite, only, estimate?.side);
  const label = (r: { caseId: string; variantId: string }) =>
    suite.hasVariants ? `${r.caseId} [${r.variantId}]` : r.caseId;
  const width = Math.min(60, Math.max(4, ...plan.rows.map((r) => label(r).length)));
  console.log(`dry run of ${file}: suite "${suite.name}", space ${suite.space_id} — nothing is sent`);
  console.log(`${'case'.padEnd(width)}  sessions  completions${estimate ? '  tokens (estimated)' : ''}`);
  for (const r of plan.rows) {
    const tokens = r.tokens === undefined ? '–' : `${r.tokens}${r.estimate === 'mean' ? ' (at the mean)' : ''}`;
    console.log(
      `${label(r).padEnd(width)}  ${String(r.sessions).padStart(8)}  ${String(r.completions).padStart(11)}${estimate ? `  ${tokens}` : ''}`,
    );
  }
  console.log(
    `total: ${plan.rows.length} case × variant(s), ${plan.sessions} session(s), ${plan.completions} completion(s)`,
  );
  if (!estimate) return;
  if (plan.tokens === undefined)
    console.log(`tokens: ${estimate.path} reports no token usage (or keeps no answers): nothing to estimate from`);
  else
    console.log(
      `tokens: about ${plan.tokens} (from ${estimate.path}: ${plan.tokensPerCompletion!.toFixed(1)} per completion on average)`,
    );
}
