/**
 * `npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME] [--concurrency N]
 *  [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P] [--baseline PREV.json] [--fail-on-regression]
 *  [--filter PATTERN] [--space-id ID] [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv] [--html OUT.html]
 *  [--idle-timeout-ms N] [--timeout-ms N] [--max-errors N]
 *  [--grader-url URL --grader-model NAME [--grader-key-env NAME] [--grader-timeout-ms N]]
 *  [--shard I/N] [--dry-run [--estimate-from RUN.json]] [--max-total-tokens N]`
 * `npm run suite -- merge PART.json… [reports, gates, --baseline as above]` (scripts/suite-merge.ts)
 *
 * Runs a space test suite against a service without a browser, through the console's own code (src/suite-engine:
 * the suite file's schema, request building and assertions; src/api's client and SSE reader). The token comes from the environment
 * variable NAME (default KC_TOKEN), never from the command line, and is never printed.
 * Exit 0: every gate holds (pass rate, and hit rate / MRR when asked; the suite's `gate`, overridden by the flags);
 * 1: a gate does not hold, or --fail-on-regression found a regression (the one comparison, compare.ts);
 * 2: bad file, baseline or arguments, a file or plan over a cap (SUITE_BOUNDS), a report file that cannot be
 * written (checked before anything is sent), the service refused the token (401/403: the run stops at once), or the
 * run could not be made (the runner crashed); 3: could not judge — more cases were errors (the service or the
 * grader could not be asked) than --max-errors (default 0), or the run passed --timeout-ms; never 0, so an outage
 * passes no gate. When several hold: 2, then 3, then 1. 130 / 143: stopped by SIGINT / SIGTERM. However the run
 * ends, the reports asked for are written with what finished (the cases not reached are not run, skipped in JUnit).
 * --json writes the run file (version 2: the answers in OUT.answers.jsonl beside it, written as they arrive, so
 * memory stays flat); --regrade RUN.json judges such a run's answers against FILE as it is now, sending nothing.
 * `expect.rubric` is graded by the OpenAI-compatible chat endpoint --grader-url (its key from --grader-key-env, never
 * printed); without one a rubric is "not graded" and its case fails.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import {
  SUITE_BOUNDS,
  GRADER_BOUNDS,
  caseOutcomes,
  compareWithBaseline,
  DELTA_NAMES,
  gateVerdict,
  newRun,
  outcomeKey,
  planAttempts,
  readBaselineJson,
  runMetrics,
  runSize,
  runSuite,
  runCsvChunks,
  runHtmlChunks,
  runJsonChunks,
  runJunitChunks,
  suiteGates,
  summarize,
  type BaselineComparison,
  type BaselineRow,
  type BaselineSide,
  type CaseOutcome,
  type GateResult,
  type Gates,
  type Grader,
  type AttemptResult,
  type RunStatus,
  flakyCases,
  parseShard,
  shardKeys,
  shardLabel,
  tokenBudget,
  answersFileOf,
  regradeRun,
  RUN_FILE_VERSION,
  type SuiteRun,
} from '../src/suite-engine';
import { AnswersFile, answerLinesOf } from './suite-answers';
import { notRegradedLines, readSavedRun } from './suite-regrade';
import { CALL_BOUNDS } from '../src/api/constants';
import { unwritableReport, writeReports, type Report } from './suite-reports';
import { idFilter, parseSuiteText } from './suite-input';
import { CaseProgress } from './suite-progress';
import { appVersion } from '../vite/app-version';
import { urlSecrets } from '../src/lib/mask';
import { guardOutput } from './suite-output';
import { exportPromptfoo } from './suite-export-promptfoo';
import { mergeMain, REPORT_AND_GATE_OPTIONS } from './suite-merge';
import { printDryRun, readEstimate } from './suite-dry-run';
import { cliProfile } from './cli-profile';

// Every line printed from here on has the known secrets masked and control characters stripped (suite-output.ts).
const printed = guardOutput();
// The signals are taken from the first moment: one that came before a handler would kill the process outright (no
// report). Until the run starts there is nothing to write; from then on they end the run (endRun, below).
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
let onSignal = (signal: keyof typeof SIGNAL_CODES): void => process.exit(SIGNAL_CODES[signal]);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => onSignal(signal));
// `npm run suite -- merge A.json B.json …`: the parts of a sharded run joined into one (scripts/suite-merge.ts).
if (process.argv[2] === 'merge') process.exit(await mergeMain(process.argv.slice(3)));

const USAGE = `usage: npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME]
       [--concurrency N] [--min-pass-rate P] [--min-hit-rate P] [--min-mrr P]
       [--baseline PREV.json] [--fail-on-regression] [--filter PATTERN] [--space-id ID]
       [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv] [--html OUT.html]
       [--idle-timeout-ms N] [--timeout-ms N] [--max-errors N]
       [--grader-url URL --grader-model NAME [--grader-key-env NAME] [--grader-timeout-ms N]]
       [--shard I/N] [--dry-run [--estimate-from RUN.json]] [--max-total-tokens N]
       npm run suite -- merge PART.json… (npm run suite -- merge --help)
       npm run suite -- FILE --regrade RUN.json [the report, gate, baseline and grader flags]

  FILE               a suite file: JSON, YAML (.yaml, .yml) or CSV (.csv, with --space-id)
  --base-url         the service's base_url (completions)
  --secondary-url    the service's secondary_url (default: the base URL)
  --token-env NAME   environment variable holding the bearer token (default KC_TOKEN)
  --concurrency N    sessions at once, ${SUITE_BOUNDS.concurrencyMin}–${SUITE_BOUNDS.concurrencyMax} (default ${SUITE_BOUNDS.concurrencyDefault})
  --min-pass-rate P  pass when at least this fraction of cases passed (default the suite's gate, else 1)
  --min-hit-rate P   and when the hit rate (relevant_documents) is at least P (default the suite's gate)
  --min-mrr P        and when the mean reciprocal rank is at least P (default the suite's gate)
  --baseline FILE    compare with an earlier --json output: a verdict per case (regression, improvement,
                     still failing, unchanged, edited, new, removed, error, not run) and the deltas over
                     the cases both runs ran
  --fail-on-regression  exit 1 on a regression: passed in the baseline (an edited case: its kept answer
                     judged again under today's expectations) and fails now; an error is never one
  --filter PATTERN   run only the case ids containing PATTERN (with * or ?, a glob over the whole id)
  --space-id ID      the space of a CSV suite (a CSV file has none of its own)
  --junit OUT.xml    write JUnit XML (failures and errors apart)
  --json OUT.json    write the whole run as JSON
  --csv OUT.csv      write one row per case × variant × repetition (as the console's CSV export)
  --html OUT.html    write one self-contained report page (no external requests, no scripts)
  --idle-timeout-ms N  a streamed answer silent for N ms is the case's error (default ${CALL_BOUNDS.streamIdleTimeoutMs})
  --timeout-ms N     stop the whole run after N ms, keep the answers received, exit 3 (default: no limit)
  --max-errors N     cases that may be errors (not judged: the service or grader could not be asked)
                     before the run exits 3, could not judge (default 0)
  --grader-url URL   an OpenAI-compatible API root (POST URL/chat/completions) that grades expect.rubric;
                     without one a rubric is "not graded" and its case fails
  --grader-model NAME  the grader's model (required with --grader-url)
  --grader-key-env NAME  environment variable holding the grader's API key (never printed nor in a report)
  --grader-timeout-ms N  each grader call's limit (default ${GRADER_BOUNDS.timeoutMs}); a 429/503 is asked again
                     after its Retry-After (${GRADER_BOUNDS.tries} calls, waits capped at ${GRADER_BOUNDS.maxWaitMs / 1000} s)
  --export-promptfoo OUT.yaml  write the suite as a promptfoo config (an HTTP provider posting to --base-url,
                     the token as {{env.NAME}} of --token-env) and exit without running (.json: JSON)
  FILE may also be a promptfoo config (.yaml/.json with tests; its tests: file://x.csv read beside it) or
  Ragas/DeepEval samples (.jsonl/.json/.csv with user_input or input; with --space-id)
  --shard I/N        run part I of N (1-based): the cases whose id hashes to it, each case in exactly one part,
                     a case's part fixed by its id (adding cases moves no other); join the parts' --json with merge
  --dry-run          check the file and print the plan (completions per case and variant, the total) and exit 0;
                     nothing is sent (--base-url optional)
  --estimate-from RUN.json  with --dry-run: estimate tokens from an earlier --json run (each case's median per
                     session there; a case it did not run at its mean per completion)
  --max-total-tokens N  stop sending once the service's reported usage (token_usage.total_tokens, added up as
                     sessions finish) reaches N; reports written, exit 3 (what did not run could not be judged)
  --regrade RUN.json judge a saved run's answers (an earlier --json, its .answers.jsonl beside it) against
                     FILE as it is now: nothing is sent to the service; the grader is asked only for a
                     rubric no kept verdict answers (a changed rubric, another --grader-model)
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
      ...REPORT_AND_GATE_OPTIONS,
      'base-url': { type: 'string' },
      'secondary-url': { type: 'string' },
      'token-env': { type: 'string' },
      concurrency: { type: 'string' },
      filter: { type: 'string' },
      'space-id': { type: 'string' },
      'idle-timeout-ms': { type: 'string' },
      'timeout-ms': { type: 'string' },
      'grader-url': { type: 'string' },
      'grader-model': { type: 'string' },
      'grader-key-env': { type: 'string' },
      'grader-timeout-ms': { type: 'string' },
      'export-promptfoo': { type: 'string' },
      shard: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'estimate-from': { type: 'string' },
      'max-total-tokens': { type: 'string' },
      regrade: { type: 'string' },
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
// --regrade: the saved run's answers judged again; nothing is sent to the service (suite-regrade.ts).
const saved = args.values.regrade === undefined ? undefined : readSavedRun(args.values.regrade);
if (saved && !saved.ok) {
  console.error(`suite: ${saved.error}`);
  process.exit(2);
}
const savedRun = saved?.ok ? saved.run : undefined;
const dryRun = !!args.values['dry-run'];
if (!args.values['base-url'] && !dryRun && !savedRun) usageError('--base-url is required');
if (args.values['estimate-from'] && !dryRun) usageError('--estimate-from goes with --dry-run');
const baseUrl = savedRun
  ? savedRun.service.base_url
  : args.values['base-url'] === undefined
    ? ''
    : httpUrl('--base-url', args.values['base-url']);
const secondaryUrl = savedRun
  ? savedRun.service.secondary_url
  : args.values['secondary-url']
    ? httpUrl('--secondary-url', args.values['secondary-url'])
    : baseUrl;
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
const maxTotalTokens =
  args.values['max-total-tokens'] === undefined
    ? undefined
    : numberArg('--max-total-tokens', args.values['max-total-tokens'], 0, 1, Number.MAX_SAFE_INTEGER, true);
const shardArg = args.values.shard === undefined ? undefined : parseShard(args.values.shard);
if (shardArg && !shardArg.ok) usageError(`--shard ${shardArg.error}`);
const shard = shardArg?.ok ? shardArg.shard : undefined;
const maxErrors = numberArg('--max-errors', args.values['max-errors'], 0, 0, SUITE_BOUNDS.completionsPerRunMax, true);
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
  const timeout = args.values['grader-timeout-ms'];
  if (url === undefined && model === undefined && keyEnv === undefined && timeout === undefined) return undefined;
  if (!url) usageError('--grader-model, --grader-key-env and --grader-timeout-ms need --grader-url');
  if (!model) usageError('--grader-url needs --grader-model (the model that grades)');
  if (keyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
    usageError('--grader-key-env must name an environment variable');
  const key = keyEnv === undefined ? undefined : process.env[keyEnv];
  if (keyEnv !== undefined && !key) usageError(`the environment variable ${keyEnv} is not set`);
  const perCall = numberArg('--grader-timeout-ms', timeout, GRADER_BOUNDS.timeoutMs, 1, MAX_MS, true);
  return { url: httpUrl('--grader-url', url), model, timeoutMs: perCall, ...(key ? { key } : {}) };
}

// Every report file asked for (a new output flag adds its line here); checked now, before anything is sent.
const reports: Report[] = [];
// Each attempt's answers go to disk as they arrive (suite-answers.ts); a report that shows them reads them back.
let answersFile: AnswersFile | undefined;
const details = (a: AttemptResult) => answersFile?.details(a) ?? a;
if (args.values.junit)
  reports.push({ flag: '--junit', path: args.values.junit, render: (r) => runJunitChunks(r, details) });
if (args.values.json) reports.push({ flag: '--json', path: args.values.json, render: runJsonChunks });
if (args.values.csv) reports.push({ flag: '--csv', path: args.values.csv, render: (r) => runCsvChunks(r, details) });
// The gates' results and the baseline comparison are known at the end; --json and --html carry them.
let verdict: { gates?: GateResult[]; baseline?: BaselineComparison } = {};
if (args.values.html)
  reports.push({ flag: '--html', path: args.values.html, render: (r) => runHtmlChunks(r, { ...verdict, details }) });
const jsonReport = reports.find((r) => r.flag === '--json');
// Version 2 of the run file: the answers beside it, one line per attempt (run-file.ts), the run file small.
if (jsonReport)
  jsonReport.render = (r) =>
    runJsonChunks(r, { version: RUN_FILE_VERSION, answers: basename(answersFileOf(jsonReport.path)), ...verdict });
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
// From another tool: what it was read as, and each assertion that did not carry over, on its own line.
if (checked.from) {
  console.log(`suite: ${file} read as ${checked.from}`);
  for (const line of checked.notes ?? []) console.log(`  ${line}`);
}
if (args.values['export-promptfoo']) exportPromptfoo(args.values['export-promptfoo'], checked.file, baseUrl, tokenEnv);

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
  const baselineText = readInput('--baseline', args.values.baseline);
  const read = readBaselineJson(baselineText, answerLinesOf(args.values.baseline, baselineText));
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

// --shard: this part's cases only (within --filter), kept as the run's `only` like a filter's; may be none.
if (shard) {
  only = shardKeys(suite, shard, only);
  console.log(
    `shard ${shardLabel(shard)}: ${new Set([...only].map((k) => k.split('\u0000')[0])).size} of ${suite.cases.length} case(s)`,
  );
}

// The flags override the suite's gate; the pass rate is gated at 1 unless either says otherwise.
const gates: Gates = suiteGates(checked.file, gateFlags);
const minPassRate = gates.min_pass_rate!;
// A shard's gate is the merge's: measured over the suite (within --filter), not this part.
const measured = suite.cases.some(
  (c) => c.relevant_documents && (!only || !!shard || only.has(outcomeKey(c.id, suite.variants[0]!.id))),
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
// --dry-run: the file is checked (above); the plan is printed and nothing is sent.
if (dryRun) {
  const from = args.values['estimate-from'];
  printDryRun(file, suite, only, from ? readEstimate(from) : undefined);
  process.exit(0);
}
if (!token && !savedRun) console.error(`suite: ${tokenEnv} is not set: requests are sent without a token`);
const rubrics = suite.cases.some((c) => c.expect?.rubric || c.follow_ups?.some((f) => f.expect?.rubric));
if (rubrics && !grader)
  console.error(
    savedRun
      ? 'suite: no --grader-url: a rubric without a kept verdict is "not graded" and its case fails'
      : 'suite: no --grader-url: every expect.rubric is "not graded" and its case fails',
  );

const profile = cliProfile({ baseUrl, secondaryUrl, token }, { streamIdleTimeoutMs: idleTimeoutMs });

const planned = planAttempts(suite, only);
const run = newRun({
  suiteId: file,
  file: checked.file,
  profile,
  concurrency,
  planned: planned.length,
  ...(only ? { only: [...only] } : {}),
});
if (shard) run.shard = shard;
if (grader) run.grader = { model: grader.model };
if (savedRun) run.regradeOf = savedRun.id;
// Beside --json (its answers file), else a temporary file removed at the exit.
answersFile = new AnswersFile(jsonReport ? answersFileOf(jsonReport.path) : undefined);
const label = (o: Pick<CaseOutcome, 'caseId' | 'variantId'>) =>
  suite.hasVariants ? `${o.caseId} [${o.variantId}]` : o.caseId;
const ms = (n: number | undefined) => (n === undefined ? '–' : `${Math.round(n)} ms`);

if (savedRun)
  console.log(
    `suite "${suite.name}": re-grading ${args.values.regrade} (${savedRun.attempts.length} saved session(s)); nothing is sent to the service`,
  );
else
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
async function endRun(status: RunStatus, exitCode?: number, endReason?: string): Promise<void> {
  if (ended) return;
  ended = true;
  stop.abort();
  run.status = status;
  run.finishedAt = Date.now();
  if (endReason) run.endReason = endReason;
  const outcomes = caseOutcomes(suite, run.attempts, run.only);
  const s = summarize(outcomes);
  const metrics = runMetrics(s);
  // The one verdict the console's run page shows too (src/suite-engine/gate.ts).
  const gate = gateVerdict(s, gates);
  const gateResults = gate.results;
  const comparison = baseline ? compareWithBaseline(baseline, { cases: outcomes, metrics, suite }) : undefined;
  verdict = { gates: gateResults, ...(comparison ? { baseline: comparison } : {}) };
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n${s.total} case(s): ${s.passed} passed, ${s.failed} failed, ${s.errors} error(s), ${s.notRun} not run · pass rate ${(s.passRate * 100).toFixed(1)}% (required ${(minPassRate * 100).toFixed(1)}%) · median latency ${ms(s.medianLatencyMs)}${s.hitRate === undefined ? '' : ` · hit rate ${rate(s.hitRate)} · MRR ${rate(s.mrr!)} · recall@k ${rate(s.recallAtK!)}`}${s.flaky ? ` · ${s.flaky} flaky` : ''} · ${seconds} s${status !== 'done' ? ` · ${status.replace('_', ' ')}` : ''}`,
  );
  for (const g of gateResults.filter((x) => x.name !== 'min_pass_rate'))
    console.log(
      `${g.ok ? 'gate holds' : 'GATE FAILS'}: ${g.name} ${g.min}, measured ${g.actual === null ? 'nothing' : rate(g.actual)}`,
    );
  // Errors apart from failures: listed by name, never counted as the product's failures.
  const errored = outcomes.filter((o) => o.status === 'error');
  if (errored.length) console.log(`errors (${errored.length}, not judged): ${errored.map(label).join(', ')}`);
  const flaky = flakyCases(outcomes);
  if (flaky.length)
    console.log(
      `flaky (${flaky.length}): ${flaky.map((f) => `${label(f)} (${f.passed} of ${f.done} passed)`).join(', ')}`,
    );
  if (comparison) printComparison(comparison);
  if (endReason) console.error(`suite: ${endReason}`);
  // Streamed to disk, one report after the other; the exit waits for the last.
  const unwritten = await writeReports(reports, run);
  answersFile?.close();
  for (const line of unwritten) console.error(`suite: ${line}`);
  const gatesHold = gate.holds;
  const regressed = !!args.values['fail-on-regression'] && !!comparison && comparison.regressions.length > 0;
  if (regressed)
    console.error(`suite: ${comparison!.regressions.length} regression(s): passed in the baseline, fail now`);
  // Could not judge: an outage (errors over --max-errors) or a run cut short passes no gate, and fails none.
  const unjudged = errored.length > maxErrors || status === 'timed_out';
  if (errored.length > maxErrors)
    console.error(
      `suite: could not judge: ${errored.length} case(s) were errors (the service or the grader could not be asked), more than --max-errors ${maxErrors}`,
    );
  // An empty shard (fewer cases than machines) has nothing to hold: it passes, and the merge gates.
  const emptyShard = !!shard && planned.length === 0;
  const code =
    status === 'failed' ? 2 : unjudged ? 3 : status === 'done' && (gatesHold || emptyShard) && !regressed ? 0 : 1;
  process.exit(unwritten.length ? 2 : (exitCode ?? code));
}

const rate = (n: number) => String(Number(n.toFixed(4)));
/** The baseline comparison as the job's log shows it: the deltas, then regressions, improvements, unchanged. */
function printComparison(c: BaselineComparison): void {
  const show = (name: string, n: number | null) =>
    n === null ? '–' : name.endsWith('_ms') ? ms(n) : name === 'total_tokens' ? String(n) : rate(n);
  console.log(`\nagainst the baseline (deltas over the ${c.compared} case(s) both runs ran):`);
  for (const name of DELTA_NAMES) {
    const d = c.deltas[name];
    const delta = d.delta === null ? '–' : `${d.delta > 0 ? '+' : ''}${show(name, d.delta)}`;
    console.log(`  ${name.padEnd(18)} ${show(name, d.baseline)} → ${show(name, d.current)} (${delta})`);
  }
  // One list per verdict (each case in one of them); an edited case says so, with its re-judged baseline.
  const list = (title: string, rows: readonly BaselineRow[], always = false) => {
    if (!rows.length && !always) return;
    console.log(`${title} (${rows.length})${rows.length ? ':' : ''}`);
    for (const r of rows) {
      const then = r.rejudged ? `${r.baseline}, judged again ${r.rejudged}` : r.baseline;
      const edited = r.edited ? ` (edited${r.note ? `: ${r.note}` : ''})` : '';
      console.log(`  ${label(r)}: ${then} → ${r.current}${edited}`);
    }
  };
  list('regressions', c.regressions, true);
  list('improvements', c.improvements, true);
  list('still failing', c.stillFailing);
  list('edited, not judged again', c.edited);
  list('errors (not judged now)', c.errors);
  list('not run', c.notRun);
  list('new', c.onlyCurrent);
  list('removed', c.onlyBaseline);
  console.log(`unchanged (${c.unchanged.length})`);
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
// How the run was ended early, other than by a signal: its time limit, or the service refusing the token. The run is
// aborted, then closed once the runner has handed over what it had (every answer received is kept).
let cutShort: { status: RunStatus; code: number; reason: string } | undefined;
function endEarly(how: NonNullable<typeof cutShort>): void {
  if (cutShort || ended) return;
  cutShort = how;
  stop.abort();
  // The runner settles as soon as its requests are aborted; should it not, the run is closed all the same.
  setTimeout(() => endRun(how.status, how.code, how.reason), 10_000).unref();
}
if (timeoutMs !== undefined)
  setTimeout(
    () =>
      endEarly({
        status: 'timed_out',
        code: 3,
        reason: `could not judge: the run passed --timeout-ms ${timeoutMs} (${timeoutMs / 1000} s); the answers received are kept`,
      }),
    timeoutMs,
  ).unref();
const budget = maxTotalTokens === undefined ? undefined : tokenBudget(maxTotalTokens);
/** The service refused the token: every further request would be refused too. */
const refusal = (attempt: AttemptResult) =>
  attempt.turns.find((t) => t.status === 'error' && (t.httpStatus === 401 || t.httpStatus === 403))?.httpStatus;
/** Each attempt as it finishes (run or re-graded): kept (its answers on disk), its case's line printed when done. */
function onAttempt(attempt: AttemptResult): void {
  // After a refusal, the aborted requests' attempts are not the run's.
  if (cutShort?.code === 2) return;
  run.attempts.push(answersFile!.add(attempt));
  if (budget?.add(attempt) && run.attempts.length < planned.length)
    endEarly({
      status: 'stopped',
      code: 3,
      reason: `could not judge: the service reported ${budget.used} tokens, --max-total-tokens ${maxTotalTokens} reached; nothing more was sent`,
    });
  const refused = refusal(attempt);
  if (refused)
    endEarly({
      status: 'stopped',
      code: 2,
      reason: `the service refused the token (HTTP ${refused}): check the environment variable ${tokenEnv}${token ? '' : ' (not set)'}; nothing more was sent`,
    });
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
}

/** --regrade: the saved answers judged against the suite as it is now; returns whether it was stopped. */
async function regrade(from: SuiteRun): Promise<boolean> {
  const output = await regradeRun({
    saved: from,
    suite,
    concurrency,
    signal: stop.signal,
    ...(only ? { only } : {}),
    ...(grader ? { grader } : {}),
    onAttempt,
  });
  for (const line of notRegradedLines(output.notRegraded, label)) console.log(line);
  console.log(
    `re-graded: nothing sent to the service; grader asked for ${output.graderCalls} rubric(s), ${output.cachedVerdicts} answered by kept verdicts`,
  );
  if (output.model) run.grader = { model: output.model };
  run.graderCache = output.cache.list();
  // A case the saved answers cannot stand for was not judged: never a pass of the gate (exit 3, as an outage).
  if (output.notRegraded.length && !stop.signal.aborted)
    cutShort = {
      status: 'done',
      code: 3,
      reason: `could not judge: ${output.notRegraded.length} case(s) could not be re-graded from the saved answers (run them)`,
    };
  return stop.signal.aborted;
}

(savedRun
  ? regrade(savedRun)
  : runSuite({
      suite,
      profile,
      only,
      concurrency,
      signal: stop.signal,
      keepAnswers: true,
      // Each attempt's answers go to disk (onAttempt); the runner need not hold them all as well.
      keepAttempts: false,
      ...(grader ? { grader } : {}),
      onAttempt,
    }).then((output) => output.stopped)
).then(
  (stopped) =>
    cutShort ? endRun(cutShort.status, cutShort.code, cutShort.reason) : endRun(stopped ? 'stopped' : 'done'),
  crashed,
);
