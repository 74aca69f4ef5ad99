import { checkSuite } from './suite-file';
import type { AttemptResult, RunStatus, SuiteRun, TurnResult } from './types';

/** The `format` of a run file (`npm run suite -- --json`, the console's JSON export). */
export const RUN_FILE_FORMAT = 'knowledge-console-suite-run';
/**
 * 1: every attempt whole inside `run.attempts` (the console's export, runs written before version 2).
 * 2: `run.attempts` without each turn's request, answer and response; those are in the answers file named by
 * `answers` (beside the run file, one line of JSON per attempt: AttemptDetails), so the run file stays small
 * whatever the answers weigh.
 */
export const RUN_FILE_VERSION = 2;

/** What an attempt's turns said and were sent, kept apart from the run: one line of the answers file. */
export interface AttemptDetails {
  caseId: string;
  variantId: string;
  repetition: number;
  turns: { request: TurnResult['request']; answer: string; response?: string }[];
}

/** An attempt's identity in a run: the same case, variant and repetition. */
export const attemptKey = (a: Pick<AttemptResult, 'caseId' | 'variantId' | 'repetition'>) =>
  `${a.caseId}\u0000${a.variantId}\u0000${a.repetition}`;

/**
 * An attempt split in two: what the run keeps in memory and in its file (statuses, assertions, sources without
 * their text, latencies), and its details (the answers file). The light turns have an empty answer and no request
 * nor response: a report that shows answers joins them back (joinAttempt).
 */
export function splitAttempt(a: AttemptResult): { light: AttemptResult; details: AttemptDetails } {
  const details: AttemptDetails = { caseId: a.caseId, variantId: a.variantId, repetition: a.repetition, turns: [] };
  const turns = a.turns.map((t) => {
    const { request, answer, response, ...rest } = t;
    details.turns.push({ request, answer, ...(response === undefined ? {} : { response }) });
    return rest as TurnResult;
  });
  return { light: { ...a, turns }, details };
}

/** An attempt with its details put back (as it was before splitAttempt); without them, as it is. */
export function joinAttempt(light: AttemptResult, details: AttemptDetails | undefined): AttemptResult {
  if (!details) return light;
  return { ...light, turns: light.turns.map((t, i) => ({ ...t, ...details.turns[i] })) };
}

/** The answers file's name for a run file: `out.json` → `out.answers.jsonl`. */
export const answersFileOf = (runFile: string) => `${runFile.replace(/\.json$/i, '')}.answers.jsonl`;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A run file read: the file's top level (summary, metrics, cases…), its run, and how many attempts came without
 * their answers (their turns then have no `answer`: a reader that needs one checks).
 */
export interface RunFileRead {
  ok: true;
  raw: Record<string, unknown>;
  /** The kept run, its attempts joined with their answers when the answers file was given. */
  run: SuiteRun;
  /** Version 2: the answers file it names (relative to the run file). */
  answersFile?: string;
  /** Attempts whose answers were not found (version 2 without its answers file, or a line missing). */
  withoutAnswers: number;
}

/**
 * The one reader of run files, either version: `text` is the run file, `answerLines` the lines of its answers file
 * (version 2; a line that is not JSON is skipped). Refused with a sentence when it is not a run file; a version-2
 * file read without its answers still reads (statuses, metrics, assertions). Used by the CLI's --baseline and
 * --regrade, the console's import, and merge.
 */
export function readRunFile(text: string, answerLines?: Iterable<string>): RunFileRead | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isObject(raw) || raw.format !== RUN_FILE_FORMAT || !Array.isArray(raw.cases))
    return { ok: false, error: `not a run written by --json (format "${RUN_FILE_FORMAT}" with its cases)` };
  const run = raw.run;
  if (!isObject(run) || !Array.isArray(run.attempts)) return { ok: false, error: 'it has no "run" with its attempts' };
  const answersFile = typeof raw.answers === 'string' ? raw.answers : undefined;
  const details = new Map<string, AttemptDetails>();
  if (answerLines)
    for (const line of answerLines) {
      if (!line.trim()) continue;
      try {
        const d = JSON.parse(line) as AttemptDetails;
        if (isObject(d) && Array.isArray(d.turns)) details.set(attemptKey(d), d);
      } catch {
        // A line cut by a crash mid-write: that attempt reads without its answers.
      }
    }
  let withoutAnswers = 0;
  const attempts = (run.attempts as unknown[]).filter(isObject).map((value) => {
    const a = value as unknown as AttemptResult;
    if (!Array.isArray(a.turns)) return { ...a, turns: [] };
    const joined = joinAttempt(a, details.get(attemptKey(a)));
    // Left without: a baseline's edited case then says its answers are not at hand (never judged on nothing).
    if (joined.turns.some((t) => typeof t.answer !== 'string')) withoutAnswers++;
    return joined;
  });
  return {
    ok: true,
    raw,
    run: { ...(run as unknown as SuiteRun), attempts },
    ...(answersFile ? { answersFile } : {}),
    withoutAnswers,
  };
}

/** Lines of a text (an answers file read whole: a test, the console's small files). */
export function* linesOf(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    yield text.slice(at, end < 0 ? text.length : end);
    at = end < 0 ? text.length : end + 1;
  }
}

const STATUSES = new Set<string>(['running', 'done', 'stopped', 'interrupted', 'failed', 'timed_out']);

/**
 * The kept run inside a `--json` output (its suite, attempts, service, `only` and `shard`), for `merge`: read by
 * readRunFile (either version; `answerLines` the answers file of a version 2), then the run itself checked. A
 * sentence saying why not when it is not one.
 */
export function readRunJson(
  text: string,
  answerLines?: Iterable<string>,
): { ok: true; run: SuiteRun; withoutAnswers: number } | { ok: false; error: string } {
  const read = readRunFile(text, answerLines);
  if (!read.ok) return read;
  const raw = read.run as unknown as Record<string, unknown>;
  if (typeof raw.startedAt !== 'number') return { ok: false, error: 'a run without run.startedAt' };
  const suite = checkSuite(raw.suite);
  if (!suite.ok) return { ok: false, error: `a run whose suite does not read (run.suite: ${suite.errors[0]})` };
  if (raw.only !== undefined && !(Array.isArray(raw.only) && raw.only.every((k) => typeof k === 'string')))
    return { ok: false, error: 'a run whose run.only is not a list of case keys' };
  const status = (STATUSES.has(String(raw.status)) ? raw.status : 'interrupted') as RunStatus;
  // Still "running" when written: the process ended before closing it.
  return {
    ok: true,
    run: { ...read.run, suite: suite.file, status: status === 'running' ? 'interrupted' : status },
    withoutAnswers: read.withoutAnswers,
  };
}
