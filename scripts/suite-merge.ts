/**
 * `npm run suite -- merge PART.json… [--json OUT] [--junit OUT] [--html OUT] [--csv OUT] [--baseline FILE]
 *  [--fail-on-regression] [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P] [--max-errors N]`
 *
 * Joins the `--json` outputs of a suite's parts (`--shard i/n` runs on several machines) into one run and judges it
 * as if it had run at once: the figures over the whole suite, the gates, the baseline verdicts, the reports — all by
 * the engine's own code (src/suite-engine/merge.ts, gate.ts, compare.ts). Nothing is sent. Exit codes as a run's: 0
 * the gates hold, 1 a gate fails or a regression, 2 a part that cannot be read or parts that do not belong together
 * (different suites or revisions, a shard twice, overlapping parts), 3 could not judge (errors over --max-errors, a
 * part cut short, a shard missing).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  caseOutcomes,
  compareWithBaseline,
  flakyCases,
  gateVerdict,
  mergeRuns,
  readBaselineJson,
  readRunJson,
  runCsvChunks,
  runHtmlChunks,
  runJsonChunks,
  runJunitChunks,
  runMetrics,
  runSuiteOf,
  suiteGates,
  summarize,
  type BaselineComparison,
  type GateResult,
  type Gates,
  type MergePart,
} from '../src/suite-engine';
import { unwritableReport, writeReports, type Report } from './suite-reports';
import { answerLinesOf } from './suite-answers';

const USAGE = `usage: npm run suite -- merge PART.json… [--json OUT.json] [--junit OUT.xml] [--html OUT.html] [--csv OUT.csv]
       [--baseline PREV.json] [--fail-on-regression] [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P]
       [--max-errors N]

  PART.json          the --json output of each part (npm run suite -- FILE --shard I/N --json PART.json)
  Joined into one run of the whole suite: its metrics, gates and baseline comparison as if it had run at once.
  Refused (exit 2) when the parts are of different suites or revisions of one, the same run or shard is given
  twice, shards of different splits (2/4 and 1/3) are mixed, or two parts ran the same case. A shard of the split
  that is missing leaves its cases not run: exit 3, could not judge. The other flags are the run's (--help there).`;

/** Exit code: the merged run judged, its reports written. */
/** The options `npm run suite` and `npm run suite -- merge` both take: where the reports go, and the gates. */
export const REPORT_AND_GATE_OPTIONS = {
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  csv: { type: 'string' },
  baseline: { type: 'string' },
  'fail-on-regression': { type: 'boolean' },
  'min-pass-rate': { type: 'string' },
  'min-hit-rate': { type: 'string' },
  'min-mrr': { type: 'string' },
  'max-errors': { type: 'string' },
} as const;

export async function mergeMain(argv: string[]): Promise<number> {
  const fail = (message: string, usage = false) => {
    console.error(`suite merge: ${message}${usage ? `\n\n${USAGE}` : ''}`);
    return 2;
  };
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...REPORT_AND_GATE_OPTIONS, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error), true);
  }
  const v = args.values;
  if (v.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positionals.length === 0) return fail('name the parts to merge (their --json outputs)', true);
  if (v['fail-on-regression'] && !v.baseline) return fail('--fail-on-regression needs --baseline', true);
  const numbers: Record<string, number | undefined> = {};
  for (const [flag, max, int] of [
    ['min-pass-rate', 1, false],
    ['min-hit-rate', 1, false],
    ['min-mrr', 1, false],
    ['max-errors', Number.MAX_SAFE_INTEGER, true],
  ] as const) {
    const text = v[flag];
    if (text === undefined) continue;
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > max || (int && !Number.isInteger(n)))
      return fail(`--${flag} must be ${int ? 'a whole number' : 'a number'} from 0 to ${max}, not "${text}"`, true);
    numbers[flag] = n;
  }
  const maxErrors = numbers['max-errors'] ?? 0;

  // Checked before anything is read: a typo in a path fails now.
  let verdict: { gates?: GateResult[]; baseline?: BaselineComparison } = {};
  const reports: Report[] = [];
  if (v.junit) reports.push({ flag: '--junit', path: v.junit, render: runJunitChunks });
  if (v.json) reports.push({ flag: '--json', path: v.json, render: (r) => runJsonChunks(r, verdict) });
  if (v.csv) reports.push({ flag: '--csv', path: v.csv, render: runCsvChunks });
  if (v.html) reports.push({ flag: '--html', path: v.html, render: (r) => runHtmlChunks(r, verdict) });
  const unwritable = unwritableReport(reports);
  if (unwritable) return fail(unwritable);

  const read = (flag: string, path: string): string | number => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      return fail(`cannot read ${flag}${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  };
  const parts: MergePart[] = [];
  for (const path of args.positionals) {
    const text = read('', path);
    if (typeof text === 'number') return text;
    // A part written as version 2 keeps its answers beside it: joined, so the merged reports show them.
    const part = readRunJson(text, answerLinesOf(path, text));
    if (!part.ok) return fail(`${path} is ${part.error}: nothing was merged`);
    if (part.withoutAnswers)
      console.error(`suite merge: ${path}: ${part.withoutAnswers} session(s) without their answers file`);
    parts.push({ name: path, run: part.run });
  }
  const merged = mergeRuns(parts);
  if (!merged.ok) return fail(`${merged.error} (nothing was merged)`);
  for (const line of merged.warnings) console.error(`suite merge: ${line}`);
  const { run } = merged;
  const suite = runSuiteOf(run)!;

  let baseline;
  if (v.baseline) {
    const text = read('--baseline ', v.baseline);
    if (typeof text === 'number') return text;
    const side = readBaselineJson(text, answerLinesOf(v.baseline, text));
    if (!side.ok) return fail(`--baseline ${v.baseline} is ${side.error}`);
    baseline = side.side;
  }

  const outcomes = caseOutcomes(suite, run.attempts, run.only);
  const s = summarize(outcomes);
  const flags: Gates = {
    min_pass_rate: numbers['min-pass-rate'],
    min_hit_rate: numbers['min-hit-rate'],
    min_mrr: numbers['min-mrr'],
  };
  const gate = gateVerdict(s, suiteGates(run.suite, flags));
  const comparison = baseline
    ? compareWithBaseline(baseline, { cases: outcomes, metrics: runMetrics(s), suite })
    : undefined;
  verdict = { gates: gate.results, ...(comparison ? { baseline: comparison } : {}) };

  const label = (o: { caseId: string; variantId: string }) =>
    suite.hasVariants ? `${o.caseId} [${o.variantId}]` : o.caseId;
  const rate = (n: number) => String(Number(n.toFixed(4)));
  const shards = parts.filter((p) => p.run.shard).length;
  console.log(
    `merged ${parts.length} part(s)${shards ? ` (${shards} of ${parts.find((p) => p.run.shard)!.run.shard!.count} shards)` : ''} of suite "${suite.name}": ${run.attempts.length} session(s)`,
  );
  console.log(
    `${s.total} case(s): ${s.passed} passed, ${s.failed} failed, ${s.errors} error(s), ${s.notRun} not run · pass rate ${(s.passRate * 100).toFixed(1)}%${s.medianLatencyMs === undefined ? '' : ` · median latency ${Math.round(s.medianLatencyMs)} ms`}${s.hitRate === undefined ? '' : ` · hit rate ${rate(s.hitRate)} · MRR ${rate(s.mrr!)} · recall@k ${rate(s.recallAtK!)}`}${s.totalTokens === undefined ? '' : ` · ${s.totalTokens} tokens`}${s.flaky ? ` · ${s.flaky} flaky` : ''}`,
  );
  for (const g of gate.results)
    console.log(
      `${g.ok ? 'gate holds' : 'GATE FAILS'}: ${g.name} ${g.min}, measured ${g.actual === null ? 'nothing' : rate(g.actual)}`,
    );
  const failed = outcomes.filter((o) => o.status === 'fail');
  if (failed.length) console.log(`failed (${failed.length}): ${failed.map(label).join(', ')}`);
  const errored = outcomes.filter((o) => o.status === 'error');
  if (errored.length) console.log(`errors (${errored.length}, not judged): ${errored.map(label).join(', ')}`);
  const flaky = flakyCases(outcomes);
  if (flaky.length)
    console.log(
      `flaky (${flaky.length}): ${flaky.map((f) => `${label(f)} (${f.passed} of ${f.done} passed)`).join(', ')}`,
    );
  if (comparison) {
    console.log(`against the baseline (over the ${comparison.compared} case(s) both runs ran):`);
    const list = (title: string, rows: readonly { caseId: string; variantId: string }[]) =>
      console.log(`${title} (${rows.length})${rows.length ? `: ${rows.map(label).join(', ')}` : ''}`);
    list('regressions', comparison.regressions);
    list('improvements', comparison.improvements);
  }
  if (run.endReason) console.error(`suite merge: ${run.endReason}`);

  const unwritten = await writeReports(reports, run);
  for (const line of unwritten) console.error(`suite merge: ${line}`);
  if (unwritten.length) return 2;
  const regressed = !!v['fail-on-regression'] && !!comparison && comparison.regressions.length > 0;
  if (regressed)
    console.error(`suite merge: ${comparison!.regressions.length} regression(s): passed in the baseline, fail now`);
  if (errored.length > maxErrors)
    console.error(
      `suite merge: could not judge: ${errored.length} case(s) were errors, more than --max-errors ${maxErrors}`,
    );
  if (run.status === 'failed') return 2;
  // A part cut short or a shard missing: the cases it did not run could not be judged.
  if (errored.length > maxErrors || run.status !== 'done') {
    if (run.status !== 'done')
      console.error(`suite merge: could not judge: the merged run is ${run.status.replace('_', ' ')}`);
    return 3;
  }
  return gate.holds && !regressed ? 0 : 1;
}
