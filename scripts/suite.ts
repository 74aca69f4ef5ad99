/**
 * `npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME] [--concurrency N]
 *  [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P] [--baseline PREV.json] [--fail-on-regression]
 *  [--filter PATTERN] [--space-id ID] [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv] [--html OUT.html]
 *  [--idle-timeout-ms N] [--timeout-ms N] [--grader-url URL --grader-model NAME [--grader-key-env NAME]]`
 *
 * Runs a space test suite against a service without a browser, through the console's own code (src/suite-engine:
 * the suite file's schema, request building and assertions; src/api's client and SSE reader). The token comes from the environment
 * variable NAME (default KC_TOKEN), never from the command line, and is never printed.
 * Exit 0: every gate holds (pass rate, and hit rate / MRR when asked; the suite's `gate`, overridden by the flags);
 * 1: a gate does not hold, --fail-on-regression found a case that passed in the baseline and does not now, or the
 * run timed out; 2: bad file, baseline or arguments, a file or plan over a cap (SUITE_BOUNDS), a report file that
 * cannot be written (checked before anything is sent), or the run could not be made (the runner crashed);
 * 130 / 143: stopped by SIGINT / SIGTERM. However the run ends, the reports asked for are written with what finished
 * (the cases not reached are not run, skipped in JUnit).
 * `expect.rubric` is graded by the OpenAI-compatible chat endpoint --grader-url (its key from --grader-key-env, never
 * printed); without one a rubric is "not graded" and its case fails.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  SUITE_BOUNDS,
  caseOutcomes,
  checkGates,
  compareWithBaseline,
  DELTA_NAMES,
  newRun,
  outcomeKey,
  planAttempts,
  readBaselineJson,
  runMetrics,
  runSize,
  runSuite,
  runToCsv,
  runToHtml,
  runToJson,
  runToJunit,
  summarize,
  type BaselineComparison,
  type BaselineSide,
  type CaseOutcome,
  type GateResult,
  type Gates,
  type Grader,
  type RunStatus,
} from '../src/suite-engine';
import type { ConnectionProfile } from '../src/lib/profiles/profile';
import { CALL_BOUNDS } from '../src/api/constants';
import { unwritableReport, writeReports, type Report } from './suite-reports';
import { idFilter, parseSuiteText } from './suite-input';
import { CaseProgress } from './suite-progress';
import { appVersion } from '../vite/app-version';
import { urlSecrets } from '../src/lib/mask';
import { guardOutput } from './suite-output';

// Every line printed from here on has the known secrets masked and control characters stripped (suite-output.ts).
const printed = guardOutput();
// The signals are taken from the first moment: one that came before a handler would kill the process outright (no
// report). Until the run starts there is nothing to write; from then on they end the run (endRun, below).
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
let onSignal = (signal: keyof typeof SIGNAL_CODES): void => process.exit(SIGNAL_CODES[signal]);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => onSignal(signal));

const USAGE = `usage: npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME]
       [--concurrency N] [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P]
       [--baseline PREV.json] [--fail-on-regression] [--filter PATTERN] [--space-id ID]
       [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv] [--html OUT.html]
       [--idle-timeout-ms N] [--timeout-ms N]
       [--grader-url URL --grader-model NAME [--grader-key-env NAME]]

  FILE               a suite file: JSON, YAML (.yaml, .yml) or CSV (.csv, with --space-id)
  --base-url         the service's base_url (completions)
  --secondary-url    the service's secondary_url (default: the base URL)
  --token-env NAME   environment variable holding the bearer token (default KC_TOKEN)
  --concurrency N    sessions at once, ${SUITE_BOUNDS.concurrencyMin}–${SUITE_BOUNDS.concurrencyMax} (default ${SUITE_BOUNDS.concurrencyDefault})
  --min-pass-rate P  pass when at least this fraction of cases passed (default the suite's gate, else 1)
  --min-hit-rate P   and when the hit rate (relevant_documents) is at least P (default the suite's gate)
  --min-mrr P        and when the mean reciprocal rank is at least P (default the suite's gate)
  --baseline FILE    compare with an earlier --json output: deltas, regressions, improvements, unchanged
  --fail-on-regression  exit 1 when a case that passed in the baseline does not pass now
  --filter PATTERN   run only the case ids containing PATTERN (with * or ?, a glob over the whole id)
  --space-id ID      the space of a CSV suite (a CSV file has none of its own)
  --junit OUT.xml    write JUnit XML (failures and errors apart)
  --json OUT.json    write the whole run as JSON
  --csv OUT.csv      write one row per case × variant × repetition (as the console's CSV export)
  --html OUT.html    write one self-contained report page (no external requests, no scripts)
  --idle-timeout-ms N  a streamed answer silent for N ms is the case's error (default ${CALL_BOUNDS.streamIdleTimeoutMs})
  --timeout-ms N     stop the whole run after N ms and report it as timed out (default: no limit)
  --grader-url URL   an OpenAI-compatible API root (POST URL/chat/completions) that grades expect.rubric;
                     without one a rubric is "not graded" and its case fails
  --grader-model NAME  the grader's model (required with --grader-url)
  --grader-key-env NAME  environment variable holding the grader's API key (never printed nor in a report)
  --version          print the version (the console's, package.json's) and exit

  Report paths are checked before the run; the reports are written however it ends (signals and errors included).`;

function usageError(message: string): never {
  console.error(`suite: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function httpUrl(flag: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  return usageError(`${flag} must be an http(s) URL, not "${value}"`);
}

function numberArg(flag: string, value: string | undefined, fallback: number, min: number, max: number, int: boolean) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n)))
    usageError(`${flag} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${value}"`);
  return n;
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'secondary-url': { type: 'string' },
      'token-env': { type: 'string' },
      concurrency: { type: 'string' },
      'min-pass-rate': { type: 'string' },
      'min-hit-rate': { type: 'string' },
      'min-mrr': { type: 'string' },
      baseline: { type: 'string' },
      'fail-on-regression': { type: 'boolean' },
      filter: { type: 'string' },
      'space-id': { type: 'string' },
      html: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      csv: { type: 'string' },
      'idle-timeout-ms': { type: 'string' },
      'timeout-ms': { type: 'string' },
      'grader-url': { type: 'string' },
      'grader-model': { type: 'string' },
      'grader-key-env': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
try {
  args = parse();
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}
for (const flag of ['base-url', 'secondary-url', 'grader-url'] as const) printed.add(...urlSecrets(args.values[flag]));
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.values.version) {
  console.log(appVersion());
  process.exit(0);
}
const [file, ...extra] = args.positionals;
if (!file) usageError('name the suite file');
if (extra.length) usageError(`one suite file at a time (also got ${extra.join(' ')})`);
if (!args.values['base-url']) usageError('--base-url is required');
const baseUrl = httpUrl('--base-url', args.values['base-url']);
const secondaryUrl = args.values['secondary-url'] ? httpUrl('--secondary-url', args.values['secondary-url']) : baseUrl;
const concurrency = numberArg(
  '--concurrency',
  args.values.concurrency,
  SUITE_BOUNDS.concurrencyDefault,
  SUITE_BOUNDS.concurrencyMin,
  SUITE_BOUNDS.concurrencyMax,
  true,
);
const fractionArg = (flag: string, value: string | undefined) =>
  value === undefined ? undefined : numberArg(flag, value, 0, 0, 1, false);
const gateFlags: Gates = {
  min_pass_rate: fractionArg('--min-pass-rate', args.values['min-pass-rate']),
  min_hit_rate: fractionArg('--min-hit-rate', args.values['min-hit-rate']),
  min_mrr: fractionArg('--min-mrr', args.values['min-mrr']),
};
if (args.values['fail-on-regression'] && !args.values.baseline)
  usageError('--fail-on-regression needs --baseline (the run to compare with)');
if (args.values.filter === '') usageError('--filter must not be empty');
// Up to setTimeout's longest delay (about 24.8 days).
const MAX_MS = 2_147_483_647;
const idleTimeoutMs = numberArg(
  '--idle-timeout-ms',
  args.values['idle-timeout-ms'],
  CALL_BOUNDS.streamIdleTimeoutMs,
  1,
  MAX_MS,
  true,
);
const timeoutMs =
  args.values['timeout-ms'] === undefined
    ? undefined
    : numberArg('--timeout-ms', args.values['timeout-ms'], 0, 1, MAX_MS, true);
const tokenEnv = args.values['token-env'] ?? 'KC_TOKEN';
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) usageError(`--token-env must name an environment variable`);
const token = process.env[tokenEnv];
printed.add(token);
if (args.values['token-env'] && !token) usageError(`the environment variable ${tokenEnv} is not set`);
const grader = graderOf();
printed.add(grader?.key);
/** The rubric grader the flags name, or none; a half-given grader is a usage error (exit 2). */
function graderOf(): Grader | undefined {
  const { 'grader-url': url, 'grader-model': model, 'grader-key-env': keyEnv } = args.values;
  if (url === undefined && model === undefined && keyEnv === undefined) return undefined;
  if (!url) usageError('--grader-model and --grader-key-env need --grader-url');
  if (!model) usageError('--grader-url needs --grader-model (the model that grades)');
  if (keyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
    usageError('--grader-key-env must name an environment variable');
  const key = keyEnv === undefined ? undefined : process.env[keyEnv];
  if (keyEnv !== undefined && !key) usageError(`the environment variable ${keyEnv} is not set`);
  return { url: httpUrl('--grader-url', url), model, ...(key ? { key } : {}) };
}

// Every report file asked for (a new output flag adds its line here); checked now, before anything is sent.
const reports: Report[] = [];
if (args.values.junit) reports.push({ flag: '--junit', path: args.values.junit, render: runToJunit });
if (args.values.json) reports.push({ flag: '--json', path: args.values.json, render: runToJson });
if (args.values.csv) reports.push({ flag: '--csv', path: args.values.csv, render: runToCsv });
// The gates' results and the baseline comparison are known at the end; --json and --html carry them.
let verdict: { gates?: GateResult[]; baseline?: BaselineComparison } = {};
if (args.values.html) reports.push({ flag: '--html', path: args.values.html, render: (r) => runToHtml(r, verdict) });
const jsonReport = reports.find((r) => r.flag === '--json');
if (jsonReport) jsonReport.render = (r) => runToJson(r, verdict);
const unwritable = unwritableReport(reports);
if (unwritable) {
  console.error(`suite: ${unwritable}`);
  process.exit(2);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
let text: string;
try {
  // Refused before it is read whole: a suite file has a documented size cap.
  const bytes = statSync(file).size;
  if (bytes > SUITE_BOUNDS.fileBytesMax) {
    console.error(
      `suite: ${file} is ${megabytes(bytes)}; suite files are refused over ${megabytes(SUITE_BOUNDS.fileBytesMax)} (nothing was run)`,
    );
    process.exit(2);
  }
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`suite: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  process.exit(2);
}
const checked = parseSuiteText(file, text, args.values['space-id']);
if (!checked.ok) {
  console.error(`suite: ${file} is not a valid suite (nothing was run):`);
  for (const message of checked.errors) console.error(`  ${message}`);
  process.exit(2);
}
const { suite } = checked;

/** A file that must be there before anything is sent (the baseline): read whole, or exit 2. */
function readInput(flag: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    console.error(`suite: cannot read ${flag} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    process.exit(2);
  }
}
let baseline: BaselineSide | undefined;
if (args.values.baseline) {
  const read = readBaselineJson(readInput('--baseline', args.values.baseline));
  if (!read.ok) {
    console.error(`suite: --baseline ${args.values.baseline} is ${read.error} (nothing was run)`);
    process.exit(2);
  }
  baseline = read.side;
}

// --filter: the matching case ids only, in every variant (a re-run's `only`, so exports leave the others out).
let only: Set<string> | undefined;
if (args.values.filter !== undefined) {
  const matches = idFilter(args.values.filter);
  only = new Set(
    suite.cases.filter((c) => matches(c.id)).flatMap((c) => suite.variants.map((v) => outcomeKey(c.id, v.id))),
  );
  if (only.size === 0) {
    console.error(`suite: --filter ${args.values.filter} matches no case id of ${file} (nothing was run)`);
    process.exit(2);
  }
}

// The flags override the suite's gate; the pass rate is gated at 1 unless either says otherwise.
const gates: Gates = {
  min_pass_rate: gateFlags.min_pass_rate ?? checked.file.gate?.min_pass_rate ?? 1,
  min_hit_rate: gateFlags.min_hit_rate ?? checked.file.gate?.min_hit_rate,
  min_mrr: gateFlags.min_mrr ?? checked.file.gate?.min_mrr,
};
const minPassRate = gates.min_pass_rate!;
const measured = suite.cases.some(
  (c) => c.relevant_documents && (!only || only.has(outcomeKey(c.id, suite.variants[0]!.id))),
);
if ((gates.min_hit_rate !== undefined || gates.min_mrr !== undefined) && !measured) {
  console.error(
    `suite: a hit-rate or MRR gate needs cases with relevant_documents; ${file}${only ? ' (filtered)' : ''} has none (nothing was run)`,
  );
  process.exit(2);
}
// Each completion is billed: the total is printed before anything is sent, and a run over the cap is refused.
const size = runSize(suite, only);
if (size.overCap) {
  console.error(
    `suite: ${file} plans ${size.completions} completions; at most ${size.max} per run (nothing was run): fewer cases, variants or repetitions`,
  );
  process.exit(2);
}
if (!token) console.error(`suite: ${tokenEnv} is not set: requests are sent without a token`);
const rubrics = suite.cases.some((c) => c.expect?.rubric || c.follow_ups?.some((f) => f.expect?.rubric));
if (rubrics && !grader) console.error('suite: no --grader-url: every expect.rubric is "not graded" and its case fails');

const profile: ConnectionProfile = {
  id: 'command-line',
  name: 'command line',
  base_url: baseUrl,
  secondary_url: secondaryUrl,
  token,
  mode: 'direct',
  knowledgeSettingsParam: 'with_settings',
  source: 'user',
  rememberToken: false,
  streamIdleTimeoutMs: idleTimeoutMs,
};

const planned = planAttempts(suite, only);
const run = newRun({
  suiteId: file,
  file: checked.file,
  profile,
  concurrency,
  planned: planned.length,
  ...(only ? { only: [...only] } : {}),
});
const label = (o: Pick<CaseOutcome, 'caseId' | 'variantId'>) =>
  suite.hasVariants ? `${o.caseId} [${o.variantId}]` : o.caseId;
const ms = (n: number | undefined) => (n === undefined ? '–' : `${Math.round(n)} ms`);

console.log(
  `suite "${suite.name}": space ${suite.space_id}, ${suite.cases.length} case(s) × ${suite.variants.length} variant(s), ${planned.length} session(s), ${size.completions} completion(s) (at most ${size.max}), concurrency ${concurrency}, ${baseUrl}`,
);

// A case's line is printed when its last repetition finishes, from that case's attempts alone (the run's outcomes
// are built once, at the end).
const progress = new CaseProgress(suite, planned);
const stop = new AbortController();
const t0 = performance.now();
let ended = false;
/**
 * The one way the run ends: the run closed, the summary printed, every report written with what finished, then
 * the exit. Called once, by whichever comes first: the run's end, a signal, the time limit or a crash.
 */
function endRun(status: RunStatus, exitCode?: number, endReason?: string): void {
  if (ended) return;
  ended = true;
  stop.abort();
  run.status = status;
  run.finishedAt = Date.now();
  if (endReason) run.endReason = endReason;
  const outcomes = caseOutcomes(suite, run.attempts, run.only);
  const s = summarize(outcomes);
  const metrics = runMetrics(s);
  const gateResults = checkGates(metrics, gates);
  const comparison = baseline ? compareWithBaseline(baseline, { cases: outcomes, metrics }) : undefined;
  verdict = { gates: gateResults, ...(comparison ? { baseline: comparison } : {}) };
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n${s.total} case(s): ${s.passed} passed, ${s.failed} failed, ${s.errors} error(s), ${s.notRun} not run · pass rate ${(s.passRate * 100).toFixed(1)}% (required ${(minPassRate * 100).toFixed(1)}%) · median latency ${ms(s.medianLatencyMs)}${s.hitRate === undefined ? '' : ` · hit rate ${rate(s.hitRate)} · MRR ${rate(s.mrr!)} · recall@k ${rate(s.recallAtK!)}`}${s.flaky ? ` · ${s.flaky} flaky` : ''} · ${seconds} s${status !== 'done' ? ` · ${status.replace('_', ' ')}` : ''}`,
  );
  for (const g of gateResults.filter((x) => x.name !== 'min_pass_rate'))
    console.log(
      `${g.ok ? 'gate holds' : 'GATE FAILS'}: ${g.name} ${g.min}, measured ${g.actual === null ? 'nothing' : rate(g.actual)}`,
    );
  if (comparison) printComparison(comparison);
  if (endReason) console.error(`suite: ${endReason}`);
  const unwritten = writeReports(reports, run);
  for (const line of unwritten) console.error(`suite: ${line}`);
  const gatesHold =
    s.total > 0 && gateResults.every((g) => g.ok || (g.name === 'min_pass_rate' && s.passed === s.total));
  const regressed = !!args.values['fail-on-regression'] && !!comparison && comparison.regressions.length > 0;
  if (regressed)
    console.error(`suite: ${comparison!.regressions.length} case(s) passed in the baseline and do not now`);
  const code = status === 'done' ? (gatesHold && !regressed ? 0 : 1) : status === 'failed' ? 2 : 1;
  process.exit(unwritten.length ? 2 : (exitCode ?? code));
}

const rate = (n: number) => String(Number(n.toFixed(4)));
/** The baseline comparison as the job's log shows it: the deltas, then regressions, improvements, unchanged. */
function printComparison(c: BaselineComparison): void {
  const show = (name: string, n: number | null) =>
    n === null ? '–' : name.endsWith('_ms') ? ms(n) : name === 'total_tokens' ? String(n) : rate(n);
  console.log('\nagainst the baseline:');
  for (const name of DELTA_NAMES) {
    const d = c.deltas[name];
    const delta = d.delta === null ? '–' : `${d.delta > 0 ? '+' : ''}${show(name, d.delta)}`;
    console.log(`  ${name.padEnd(18)} ${show(name, d.baseline)} → ${show(name, d.current)} (${delta})`);
  }
  const list = (title: string, rows: { caseId: string; variantId: string; baseline: string; current: string }[]) => {
    console.log(`${title} (${rows.length})${rows.length ? ':' : ''}`);
    for (const r of rows) console.log(`  ${label(r)}: ${r.baseline} → ${r.current}`);
  };
  list('regressions', c.regressions);
  list('improvements', c.improvements);
  console.log(`unchanged (${c.unchanged.length})`);
  if (c.onlyBaseline.length || c.onlyCurrent.length)
    console.log(
      `not compared: ${c.onlyBaseline.length} only in the baseline, ${c.onlyCurrent.length} only in this run`,
    );
}
/** An exception in the runner: the run's error (the run says so), not a Stop. */
function crashed(error: unknown): void {
  if (error instanceof Error && error.stack) console.error(error.stack);
  // Thrown while the run was being closed: what could be written was; nothing is left to wait for.
  if (ended) process.exit(2);
  endRun('failed', 2, `the run failed: ${error instanceof Error ? error.message : String(error)}`);
}
onSignal = (signal) => endRun('stopped', SIGNAL_CODES[signal], `stopped by ${signal}`);
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);
if (timeoutMs !== undefined)
  setTimeout(
    () => endRun('timed_out', 1, `timed out: the run passed --timeout-ms ${timeoutMs} (${timeoutMs / 1000} s)`),
    timeoutMs,
  );
runSuite({
  suite,
  profile,
  only,
  concurrency,
  signal: stop.signal,
  ...(grader ? { grader } : {}),
  onAttempt(attempt) {
    run.attempts.push(attempt);
    const outcome = progress.add(attempt);
    if (!outcome) return;
    const reps =
      outcome.planned > 1 ? ` ${outcome.passed} of ${outcome.planned} passed${outcome.flaky ? ' (flaky)' : ''}` : '';
    const graded = outcome.similarity === undefined ? '' : ` · similarity ${outcome.similarity}`;
    const retrieved = outcome.retrieval
      ? ` · hit@${outcome.retrieval.k} ${rate(outcome.retrieval.hitAtK)} · RR ${rate(outcome.retrieval.reciprocalRank)}`
      : '';
    const tokens = outcome.totalTokens === undefined ? '' : ` · ${outcome.totalTokens} tokens`;
    console.log(
      `${outcome.status.toUpperCase().padEnd(5)} ${label(outcome)}${reps} · ${ms(outcome.latencyMs)}${tokens}${graded}${retrieved}`,
    );
    for (const a of outcome.attempts) {
      for (const [i, turn] of a.turns.entries()) {
        const where = `${outcome.planned > 1 ? `repetition ${a.repetition}, ` : ''}${i ? `follow-up ${i}` : 'question'}`;
        if (turn.error) console.log(`      ${where}: ${turn.error.message}`);
        // A rubric's verdict is printed when it passed too: the grader's reason is the point of it.
        for (const x of turn.assertions)
          if (!x.ok || x.key === 'rubric') console.log(`      ${where}: ${x.key}: ${x.detail}`);
      }
    }
  },
}).then((output) => endRun(output.stopped ? 'stopped' : 'done'), crashed);
