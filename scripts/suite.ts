/**
 * `npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME] [--concurrency N]
 *  [--min-pass-rate P] [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv] [--idle-timeout-ms N]
 *  [--timeout-ms N]`
 *
 * Runs a space test suite against a service without a browser, through the console's own code (src/contract's
 * schema, src/api's client, SSE reader, request building and assertions). The token comes from the environment
 * variable NAME (default KC_TOKEN), never from the command line, and is never printed.
 * Exit 0: every case passed (or the pass rate reached --min-pass-rate); 1: it did not (or the run timed out or
 * crashed); 2: bad file or arguments, a file or plan over a cap (SUITE_BOUNDS), or a report file that cannot be
 * written (checked before anything is sent);
 * 130 / 143: stopped by SIGINT / SIGTERM. However the run ends, the reports asked for are written with what finished
 * (the cases not reached are not run, skipped in JUnit).
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSuiteJson, SUITE_BOUNDS } from '../src/contract';
import type { ConnectionProfile } from '../src/api/connection/profile';
import { CALL_BOUNDS } from '../src/api/constants';
import {
  caseOutcomes,
  newRun,
  outcomeKey,
  planAttempts,
  runSize,
  runSuite,
  runToCsv,
  runToJson,
  runToJunit,
  summarize,
  type CaseOutcome,
  type RunStatus,
} from '../src/api/suites';
import { unwritableReport, writeReports, type Report } from './suite-reports';
import { appVersion } from '../vite/app-version';

const USAGE = `usage: npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME]
       [--concurrency N] [--min-pass-rate P] [--junit OUT.xml] [--json OUT.json] [--csv OUT.csv]
       [--idle-timeout-ms N] [--timeout-ms N]

  FILE               a suite file (JSON)
  --base-url         the service's base_url (completions)
  --secondary-url    the service's secondary_url (default: the base URL)
  --token-env NAME   environment variable holding the bearer token (default KC_TOKEN)
  --concurrency N    sessions at once, ${SUITE_BOUNDS.concurrencyMin}–${SUITE_BOUNDS.concurrencyMax} (default ${SUITE_BOUNDS.concurrencyDefault})
  --min-pass-rate P  pass when at least this fraction of cases passed (default 1)
  --junit OUT.xml    write JUnit XML (failures and errors apart)
  --json OUT.json    write the whole run as JSON
  --csv OUT.csv      write one row per case × variant × repetition (as the console's CSV export)
  --idle-timeout-ms N  a streamed answer silent for N ms is the case's error (default ${CALL_BOUNDS.streamIdleTimeoutMs})
  --timeout-ms N     stop the whole run after N ms and report it as timed out (default: no limit)
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
      junit: { type: 'string' },
      json: { type: 'string' },
      csv: { type: 'string' },
      'idle-timeout-ms': { type: 'string' },
      'timeout-ms': { type: 'string' },
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
const minPassRate = numberArg('--min-pass-rate', args.values['min-pass-rate'], 1, 0, 1, false);
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
if (args.values['token-env'] && !token) usageError(`the environment variable ${tokenEnv} is not set`);

// Every report file asked for (a new output flag adds its line here); checked now, before anything is sent.
const reports: Report[] = [];
if (args.values.junit) reports.push({ flag: '--junit', path: args.values.junit, render: runToJunit });
if (args.values.json) reports.push({ flag: '--json', path: args.values.json, render: runToJson });
if (args.values.csv) reports.push({ flag: '--csv', path: args.values.csv, render: runToCsv });
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
const checked = parseSuiteJson(text);
if (!checked.ok) {
  console.error(`suite: ${file} is not a valid suite (nothing was run):`);
  for (const message of checked.errors) console.error(`  ${message}`);
  process.exit(2);
}
const { suite } = checked;
// Each completion is billed: the total is printed before anything is sent, and a run over the cap is refused.
const size = runSize(suite);
if (size.overCap) {
  console.error(
    `suite: ${file} plans ${size.completions} completions; at most ${size.max} per run (nothing was run): fewer cases, variants or repetitions`,
  );
  process.exit(2);
}
if (!token) console.error(`suite: ${tokenEnv} is not set: requests are sent without a token`);

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

const planned = planAttempts(suite);
const run = newRun({ suiteId: file, file: checked.file, profile, concurrency, planned: planned.length });
const label = (o: Pick<CaseOutcome, 'caseId' | 'variantId'>) =>
  suite.hasVariants ? `${o.caseId} [${o.variantId}]` : o.caseId;
const ms = (n: number | undefined) => (n === undefined ? '–' : `${Math.round(n)} ms`);

console.log(
  `suite "${suite.name}": space ${suite.space_id}, ${suite.cases.length} case(s) × ${suite.variants.length} variant(s), ${planned.length} session(s), ${size.completions} completion(s) (at most ${size.max}), concurrency ${concurrency}, ${baseUrl}`,
);

// A case's line is printed when its last repetition finishes.
const remaining = new Map<string, number>();
for (const p of planned)
  remaining.set(outcomeKey(p.caseId, p.variantId), (remaining.get(outcomeKey(p.caseId, p.variantId)) ?? 0) + 1);
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
  const outcomes = caseOutcomes(suite, run.attempts);
  const s = summarize(outcomes);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n${s.total} case(s): ${s.passed} passed, ${s.failed} failed, ${s.errors} error(s), ${s.notRun} not run · pass rate ${(s.passRate * 100).toFixed(1)}% (required ${(minPassRate * 100).toFixed(1)}%) · median latency ${ms(s.medianLatencyMs)} · ${seconds} s${status !== 'done' ? ` · ${status.replace('_', ' ')}` : ''}`,
  );
  if (endReason) console.error(`suite: ${endReason}`);
  const unwritten = writeReports(reports, run);
  for (const line of unwritten) console.error(`suite: ${line}`);
  const passed = status === 'done' && s.total > 0 && (s.passRate >= minPassRate || s.passed === s.total);
  process.exit(unwritten.length ? 2 : (exitCode ?? (passed ? 0 : 1)));
}
/** An exception in the runner: the run's error (the run says so), not a Stop. */
function crashed(error: unknown): void {
  if (error instanceof Error && error.stack) console.error(error.stack);
  // Thrown while the run was being closed: what could be written was; nothing is left to wait for.
  if (ended) process.exit(1);
  endRun('failed', 1, `the run failed: ${error instanceof Error ? error.message : String(error)}`);
}
process.once('SIGINT', () => endRun('stopped', 130, 'stopped by SIGINT'));
process.once('SIGTERM', () => endRun('stopped', 143, 'stopped by SIGTERM'));
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
  concurrency,
  signal: stop.signal,
  onAttempt(attempt) {
    run.attempts.push(attempt);
    const key = outcomeKey(attempt.caseId, attempt.variantId);
    const left = (remaining.get(key) ?? 1) - 1;
    remaining.set(key, left);
    if (left > 0) return;
    const outcome = caseOutcomes(suite, run.attempts, [key])[0]!;
    const reps = outcome.planned > 1 ? ` ${outcome.passed} of ${outcome.planned} passed` : '';
    const tokens = outcome.totalTokens === undefined ? '' : ` · ${outcome.totalTokens} tokens`;
    console.log(
      `${outcome.status.toUpperCase().padEnd(5)} ${label(outcome)}${reps} · ${ms(outcome.latencyMs)}${tokens}`,
    );
    for (const a of outcome.attempts) {
      for (const [i, turn] of a.turns.entries()) {
        const where = `${outcome.planned > 1 ? `repetition ${a.repetition}, ` : ''}${i ? `follow-up ${i}` : 'question'}`;
        if (turn.error) console.log(`      ${where}: ${turn.error.message}`);
        for (const x of turn.assertions) if (!x.ok) console.log(`      ${where}: ${x.key}: ${x.detail}`);
      }
    }
  },
}).then((output) => endRun(output.stopped ? 'stopped' : 'done'), crashed);
