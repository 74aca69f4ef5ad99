import {
  newRunId,
  readBaselineJson,
  readRunFile,
  type SuiteRun,
  checkSuite,
  normalizeSuite,
  SUITE_BOUNDS,
  type SuiteFile,
} from '../../../suite-engine';

/** Why a file is not a CLI run of this suite; `detail` is the engine's sentence, shown as it is. */
export type RunImportProblem =
  | { kind: 'tooLarge'; bytes: number; max: number }
  | { kind: 'notRun'; detail: string }
  | { kind: 'badRun'; detail: string };

/** The run's suite is not this one by name or space: imported only when the admin says so, and only if the cases match. */
export interface RunSuiteMismatch {
  name?: { run: string; suite: string };
  space?: { run: string; suite: string };
  /** The same case ids on both sides (order aside): the runs can be read side by side. */
  casesMatch: boolean;
}

export type RunImport =
  | { ok: true; run: SuiteRun; mismatch?: RunSuiteMismatch; withoutAnswers: number }
  | { ok: false; problem: RunImportProblem };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const ENDED = new Set(['done', 'stopped', 'interrupted', 'failed', 'timed_out']);
const sameIds = (a: SuiteFile, b: SuiteFile) => {
  const ids = (f: SuiteFile) => [...new Set(normalizeSuite(f).cases.map((c) => c.id))].sort().join('\n');
  return ids(a) === ids(b);
};

/** Refused before a file is read whole: a run file (and its answers file) has a cap of its own. */
export function runFileTooLarge(bytes: number, answers = false): RunImportProblem | undefined {
  const max = answers ? SUITE_BOUNDS.answersFileBytesMax : SUITE_BOUNDS.runFileBytesMax;
  return bytes > max ? { kind: 'tooLarge', bytes, max } : undefined;
}

/**
 * A `npm run suite -- … --json` output as a run of the suite `target` in this browser: the engine's reader
 * checks the format and its cases; the kept run inside it (`run`) becomes a new run of this suite and profile,
 * marked imported from the CLI. Its suite, attempts and service stay as the CLI ran them, so trend and compare
 * read it like a run made here.
 */
export function importCliRun(
  text: string,
  target: { suiteId: string; profileId: string; file: SuiteFile },
  now = Date.now(),
  answerLines?: Iterable<string>,
): RunImport {
  const baseline = readBaselineJson(text);
  if (!baseline.ok) return { ok: false, problem: { kind: 'notRun', detail: baseline.error } };
  // The one reader of run files (either version; a version-2 file's answers from its answers file when given).
  const read = readRunFile(text, answerLines);
  const raw: unknown = read.ok ? read.run : undefined;
  if (!isObject(raw)) return { ok: false, problem: { kind: 'badRun', detail: 'it has no "run"' } };
  if (typeof raw.startedAt !== 'number' || !Number.isFinite(raw.startedAt))
    return { ok: false, problem: { kind: 'badRun', detail: 'run.startedAt is not a time' } };
  if (!Array.isArray(raw.attempts) || !isObject(raw.service))
    return { ok: false, problem: { kind: 'badRun', detail: 'run.attempts or run.service is missing' } };
  const suite = checkSuite(raw.suite);
  if (!suite.ok) return { ok: false, problem: { kind: 'badRun', detail: `run.suite: ${suite.errors[0]}` } };
  const service = raw.service;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  // Imported without its answers file: its turns kept with empty answers (statuses and assertions are all there).
  const attempts = (raw.attempts as SuiteRun['attempts']).map((a) => ({
    ...a,
    turns: a.turns.map((t) => ({
      ...t,
      answer: typeof t.answer === 'string' ? t.answer : '',
      request: t.request ?? {
        method: 'POST' as const,
        url: '',
        body: { session_id: a.sessionId, message: t.question },
      },
    })),
  }));
  const run: SuiteRun = {
    ...(raw as unknown as SuiteRun),
    attempts,
    id: newRunId(),
    suiteId: target.suiteId,
    profileId: target.profileId,
    // A run still "running" when written was cut short (the CLI writes its reports as it ends).
    status: ENDED.has(String(raw.status)) ? (raw.status as SuiteRun['status']) : 'interrupted',
    service: {
      profileName: str(service.profileName),
      base_url: str(service.base_url),
      secondary_url: str(service.secondary_url),
      mode: service.mode === 'proxied' ? 'proxied' : 'direct',
    },
    suite: suite.file,
    concurrency: typeof raw.concurrency === 'number' ? raw.concurrency : 1,
    planned: typeof raw.planned === 'number' ? raw.planned : raw.attempts.length,
    imported: { from: 'cli', at: now },
  };
  const mismatch: RunSuiteMismatch = { casesMatch: sameIds(suite.file, target.file) };
  if (suite.file.name !== target.file.name) mismatch.name = { run: suite.file.name, suite: target.file.name };
  if (String(suite.file.space_id) !== String(target.file.space_id))
    mismatch.space = { run: String(suite.file.space_id), suite: String(target.file.space_id) };
  const withoutAnswers = read.ok ? read.withoutAnswers : 0;
  return mismatch.name || mismatch.space
    ? { ok: true, run, mismatch, withoutAnswers }
    : { ok: true, run, withoutAnswers };
}
