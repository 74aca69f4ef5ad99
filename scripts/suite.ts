/**
 * `npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME] [--concurrency N]
 *  [--min-pass-rate P] [--junit OUT.xml] [--json OUT.json]`
 *
 * Runs a space test suite against a service without a browser, through the console's own code (src/contract's
 * schema, src/api's client, SSE reader, request building and assertions). The token comes from the environment
 * variable NAME (default KC_TOKEN), never from the command line, and is never printed.
 * Exit 0: every case passed (or the pass rate reached --min-pass-rate); 1: it did not; 2: bad file or arguments, or
 * a file or plan over a cap (SUITE_LIMITS).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSuiteJson, SUITE_LIMITS } from '../src/contract';
import type { ConnectionProfile } from '../src/api/connection/profile';
import {
  caseOutcomes,
  newRunRecord,
  outcomeKey,
  planAttempts,
  runSize,
  runSuite,
  runToJson,
  runToJunit,
  summarize,
  type CaseOutcome,
} from '../src/api/suites';

const USAGE = `usage: npm run suite -- FILE --base-url URL [--secondary-url URL] [--token-env NAME]
       [--concurrency N] [--min-pass-rate P] [--junit OUT.xml] [--json OUT.json]

  FILE               a suite file (JSON)
  --base-url         the service's base_url (completions)
  --secondary-url    the service's secondary_url (default: the base URL)
  --token-env NAME   environment variable holding the bearer token (default KC_TOKEN)
  --concurrency N    sessions at once, ${SUITE_LIMITS.concurrencyMin}–${SUITE_LIMITS.concurrencyMax} (default ${SUITE_LIMITS.concurrencyDefault})
  --min-pass-rate P  pass when at least this fraction of cases passed (default 1)
  --junit OUT.xml    write JUnit XML (failures and errors apart)
  --json OUT.json    write the whole run as JSON`;

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
      help: { type: 'boolean', short: 'h' },
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
const [file, ...extra] = args.positionals;
if (!file) usageError('name the suite file');
if (extra.length) usageError(`one suite file at a time (also got ${extra.join(' ')})`);
if (!args.values['base-url']) usageError('--base-url is required');
const baseUrl = httpUrl('--base-url', args.values['base-url']);
const secondaryUrl = args.values['secondary-url'] ? httpUrl('--secondary-url', args.values['secondary-url']) : baseUrl;
const concurrency = numberArg(
  '--concurrency',
  args.values.concurrency,
  SUITE_LIMITS.concurrencyDefault,
  SUITE_LIMITS.concurrencyMin,
  SUITE_LIMITS.concurrencyMax,
  true,
);
const minPassRate = numberArg('--min-pass-rate', args.values['min-pass-rate'], 1, 0, 1, false);
const tokenEnv = args.values['token-env'] ?? 'KC_TOKEN';
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) usageError(`--token-env must name an environment variable`);
const token = process.env[tokenEnv];
if (args.values['token-env'] && !token) usageError(`the environment variable ${tokenEnv} is not set`);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
let text: string;
try {
  // Refused before it is read whole: a suite file has a documented size cap.
  const bytes = statSync(file).size;
  if (bytes > SUITE_LIMITS.fileBytesMax) {
    console.error(
      `suite: ${file} is ${megabytes(bytes)}; suite files are refused over ${megabytes(SUITE_LIMITS.fileBytesMax)} (nothing was run)`,
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
};

const planned = planAttempts(suite);
const run = newRunRecord({ suiteId: file, file: checked.file, profile, concurrency, planned: planned.length });
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
process.once('SIGINT', () => stop.abort());
const t0 = performance.now();
const output = await runSuite({
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
});
run.status = output.stopped ? 'stopped' : 'done';
run.finishedAt = Date.now();

const outcomes = caseOutcomes(suite, run.attempts);
const s = summarize(outcomes);
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
console.log(
  `\n${s.total} case(s): ${s.passed} passed, ${s.failed} failed, ${s.errors} error(s), ${s.notRun} not run · pass rate ${(s.passRate * 100).toFixed(1)}% (required ${(minPassRate * 100).toFixed(1)}%) · median latency ${ms(s.medianLatencyMs)} · ${seconds} s${output.stopped ? ' · stopped' : ''}`,
);
if (args.values.junit) writeFileSync(args.values.junit, runToJunit(run));
if (args.values.json) writeFileSync(args.values.json, runToJson(run));
const passed = s.total > 0 && !output.stopped && (s.passRate >= minPassRate || s.passed === s.total);
process.exit(passed ? 0 : 1);
