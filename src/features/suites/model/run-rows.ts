import {
  outcomeKey,
  planAttempts,
  runSuiteOf,
  type AttemptResult,
  type RunSummary,
  type Suite,
  type SuiteRun,
  type TurnResult,
} from '../../../suite-engine';
import type { KeptTx } from '../../../lib';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const RUN_STATUSES = new Set(['running', 'done', 'stopped', 'interrupted', 'failed', 'timed_out']);

/**
 * A run is kept as a header row in `suiteRuns` (the run without its attempts, `results: 'rows'`) and one row per
 * finished attempt in `suiteRunResults`, written as attempts finish: a save never clones the whole run. A run kept
 * whole by an older build (its attempts in the one row) is read as it is.
 */
type RunHeader = Omit<SuiteRun, 'attempts'> & {
  results: 'rows';
  /** The run's summary, computed once as it ended: its page shows it before reading every result. */
  summary?: RunSummary;
  /** The suite as run, as checked when the run was written, with the console version that checked it. */
  checked?: { by: string; suite: Suite };
};

/**
 * A suite as run is checked once, when the run is written: the same console version reading it takes that check as
 * is. Checking a 2,000-case suite again on each read was the largest part of opening its run page (bench,
 * suite-run-page.mjs --profile: the schema's parse after the click); another version checks it again (its schema may
 * differ).
 */
const CHECKED_BY = import.meta.env.KC_VERSION;

const checkedSuiteOf = (raw: unknown, file: unknown): Suite | undefined =>
  isObject(raw) &&
  raw.by === CHECKED_BY &&
  isObject(raw.suite) &&
  Array.isArray(raw.suite.cases) &&
  Array.isArray(raw.suite.variants) &&
  isObject(file)
    ? (raw.suite as unknown as Suite)
    : undefined;
interface ResultRow {
  id: string;
  runId: string;
  seq: number;
  /** Its turns without request, answer and response (in the DetailRow of the same id). */
  attempt: AttemptResult;
}
type TurnDetail = Pick<TurnResult, 'request' | 'answer' | 'response'>;
interface DetailRow {
  id: string;
  runId: string;
  turns: TurnDetail[];
}

/** A result as two rows: what the run page reads (small), and each turn's request, answer and raw response. */
export function rowsOf(runId: string, seq: number, attempt: AttemptResult): [ResultRow, DetailRow] {
  const id = resultId(runId, seq);
  const light = attempt.turns.map(({ request: _request, answer: _answer, response: _response, ...rest }) => rest);
  const details = attempt.turns.map(({ request, answer, response }) => ({
    request,
    answer,
    ...(response === undefined ? {} : { response }),
  }));
  return [
    { id, runId, seq, attempt: { ...attempt, turns: light as TurnResult[] } },
    { id, runId, turns: details },
  ];
}

/**
 * Keys by place in the run's plan (case by case, each case's variants and repetitions together): the first cases of a
 * run page are one key range. A run has at most SUITE_BOUNDS.completionsPerRunMax attempts.
 */
export const resultId = (runId: string, seq: number) => `${runId}:${String(seq).padStart(7, '0')}`;

/**
 * The header as kept. The suite as checked goes with the summary only (the run over): a page reads a run's start from
 * them together, and the header written as a run starts stays as small as the file.
 */
export const headerOf = (run: SuiteRun, summary?: RunSummary): RunHeader => {
  const { attempts: _attempts, detailsApart: _apart, ...rest } = run;
  const suite = summary ? runSuiteOf(run) : undefined;
  return {
    ...rest,
    results: 'rows',
    ...(summary ? { summary } : {}),
    ...(suite ? { checked: { by: CHECKED_BY, suite } } : {}),
  };
};

/** A header (attempts to be read from their rows) or a whole run of an older build. */
export function parseRunRow(raw: unknown): { run: SuiteRun; whole: boolean; summary?: RunSummary } | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.suiteId !== 'string') return undefined;
  if (typeof raw.startedAt !== 'number' || !RUN_STATUSES.has(raw.status as string)) return undefined;
  if (!isObject(raw.suite) || !isObject(raw.service)) return undefined;
  if (Array.isArray(raw.attempts)) return { run: raw as unknown as SuiteRun, whole: true };
  if (raw.results !== 'rows') return undefined;
  const { results: _results, summary, checked, ...run } = raw as unknown as RunHeader;
  const kept = isObject(summary) && typeof summary.total === 'number' ? summary : undefined;
  const suite = checkedSuiteOf(checked, run.suite);
  if (suite) runSuiteOf(run, suite);
  return { run: { ...run, attempts: [] }, whole: false, ...(kept ? { summary: kept } : {}) };
}

function parseAttempt(raw: unknown): AttemptResult | undefined {
  if (!isObject(raw) || !isObject(raw.attempt)) return undefined;
  const a = raw.attempt;
  return typeof a.caseId === 'string' && typeof a.variantId === 'string' && Array.isArray(a.turns)
    ? (a as unknown as AttemptResult)
    : undefined;
}

/** A run with its attempts, read in the caller's transaction; undefined when it (or one of its results) does not parse. */
export async function readRun(tx: KeptTx, raw: unknown): Promise<SuiteRun | undefined> {
  const row = parseRunRow(raw);
  if (!row || row.whole) return row?.run;
  const attempts = attemptsOf(await tx.where('suiteRunResults', 'byRun', row.run.id));
  return attempts && { ...row.run, attempts, detailsApart: true };
}

/** Where each read attempt was kept (its key), for reading its details later. */
const keptSeq = new WeakMap<AttemptResult, number>();
export const seqOf = (attempt: AttemptResult) => keptSeq.get(attempt);

function attemptsOf(rows: unknown[]): AttemptResult[] | undefined {
  const attempts: AttemptResult[] = [];
  for (const r of rows) {
    const attempt = parseAttempt(r);
    if (!attempt || !isObject(r) || typeof r.seq !== 'number') return undefined;
    keptSeq.set(attempt, r.seq);
    attempts.push(attempt);
  }
  return attempts;
}

/** Each attempt's place in its run's plan (case by case); one outside the plan goes after it, in the order asked. */
export function planPlacer(run: SuiteRun): (attempt: AttemptResult) => number {
  const suite = runSuiteOf(run);
  const plan = suite ? planAttempts(suite, run.only ? new Set(run.only) : undefined) : [];
  const place = new Map(plan.map((p, i) => [`${outcomeKey(p.caseId, p.variantId)}\u0000${p.repetition}`, i]));
  let extra = plan.length;
  return (a) => place.get(`${outcomeKey(a.caseId, a.variantId)}\u0000${a.repetition}`) ?? extra++;
}

/**
 * A run's start, as its page first shows it: the header, its kept summary and the results of its first `cases` cases
 * (one key range). Undefined when the run has no kept summary (still running, cut short, or kept whole): read it all.
 */
export async function readRunStart(
  tx: KeptTx,
  raw: unknown,
  cases: number,
): Promise<{ run: SuiteRun; summary: RunSummary; cases: number } | undefined> {
  const row = parseRunRow(raw);
  if (!row || row.whole || !row.summary) return undefined;
  const suite = runSuiteOf(row.run);
  if (!suite) return undefined;
  const first = new Set(suite.cases.slice(0, cases).map((c) => c.id));
  const plan = planAttempts(suite, row.run.only ? new Set(row.run.only) : undefined);
  let end = 0;
  while (end < plan.length && first.has(plan[end]!.caseId)) end++;
  const rows =
    end === 0 ? [] : await tx.range('suiteRunResults', resultId(row.run.id, 0), resultId(row.run.id, end - 1));
  const attempts = attemptsOf(rows);
  if (!attempts) return undefined;
  return { run: { ...row.run, attempts, detailsApart: true }, summary: row.summary, cases: first.size };
}
