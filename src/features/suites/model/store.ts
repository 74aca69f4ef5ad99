import {
  KeptDbError,
  newId,
  type AttemptResult,
  type KeptDb,
  type KeptRows,
  type KeptStoreName,
  type KeptTx,
  type SuiteRun,
  type TurnResult,
} from '../../../api';
import { checkSuite, type SuiteFile } from '../../../contract';

/** A suite kept in this browser, per connection profile. No token: a suite file has none. */
export interface KeptSuite {
  id: string;
  profileId: string;
  file: SuiteFile;
  createdAt: number;
  updatedAt: number;
  /** The run the others are compared with (one per suite), kept with the suite. */
  baselineRunId?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const RUN_STATUSES = new Set(['running', 'done', 'stopped', 'interrupted', 'failed', 'timed_out']);

/** Kept rows are parsed on read: one written by an older build that no longer parses is counted as unreadable. */
function parseKeptSuite(raw: unknown): KeptSuite | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.profileId !== 'string') return undefined;
  if (typeof raw.createdAt !== 'number' || typeof raw.updatedAt !== 'number') return undefined;
  const checked = checkSuite(raw.file);
  if (!checked.ok) return undefined;
  const { baselineRunId, ...rest } = raw as unknown as KeptSuite;
  return { ...rest, file: checked.file, ...(typeof baselineRunId === 'string' ? { baselineRunId } : {}) };
}

/**
 * A run is kept as a header row in `suiteRuns` (the run without its attempts, `results: 'rows'`) and one row per
 * finished attempt in `suiteRunResults`, written as attempts finish: a save never clones the whole run. A run kept
 * whole by an older build (its attempts in the one row) is read as it is.
 */
type RunHeader = Omit<SuiteRun, 'attempts'> & { results: 'rows' };
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
function rowsOf(runId: string, seq: number, attempt: AttemptResult): [ResultRow, DetailRow] {
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

/** Keys in finishing order: a run has at most SUITE_BOUNDS.completionsPerRunMax attempts. */
const resultId = (runId: string, seq: number) => `${runId}:${String(seq).padStart(7, '0')}`;

const headerOf = ({ attempts: _attempts, detailsApart: _apart, ...rest }: SuiteRun): RunHeader => ({
  ...rest,
  results: 'rows',
});

/** A header (attempts to be read from their rows) or a whole run of an older build. */
function parseRunRow(raw: unknown): { run: SuiteRun; whole: boolean } | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.suiteId !== 'string') return undefined;
  if (typeof raw.startedAt !== 'number' || !RUN_STATUSES.has(raw.status as string)) return undefined;
  if (!isObject(raw.suite) || !isObject(raw.service)) return undefined;
  if (Array.isArray(raw.attempts)) return { run: raw as unknown as SuiteRun, whole: true };
  if (raw.results !== 'rows') return undefined;
  const { results: _results, ...run } = raw as unknown as RunHeader;
  return { run: { ...run, attempts: [] }, whole: false };
}

function parseAttempt(raw: unknown): AttemptResult | undefined {
  if (!isObject(raw) || !isObject(raw.attempt)) return undefined;
  const a = raw.attempt;
  return typeof a.caseId === 'string' && typeof a.variantId === 'string' && Array.isArray(a.turns)
    ? (a as unknown as AttemptResult)
    : undefined;
}

/** A run with its attempts, read in the caller's transaction; undefined when it (or one of its results) does not parse. */
async function readRun(tx: KeptTx, raw: unknown): Promise<SuiteRun | undefined> {
  const row = parseRunRow(raw);
  if (!row || row.whole) return row?.run;
  const results = await tx.where('suiteRunResults', 'byRun', row.run.id);
  const attempts: AttemptResult[] = [];
  for (const r of results) {
    const attempt = parseAttempt(r);
    if (!attempt) return undefined;
    attempts.push(attempt);
  }
  return { ...row.run, attempts, detailsApart: true };
}

const RUN_STORES: KeptStoreName[] = ['suiteRuns', 'suiteRunResults', 'suiteRunDetails'];

export function newSuiteId(): string {
  return `suite-${newId()}`;
}

/** Suites and their runs in the console's IndexedDB (stores `suites` and `suiteRuns`). */
export function suitesStore(db: KeptDb) {
  const suites = db.store<KeptSuite>('suites', parseKeptSuite);
  // Only the id: a suite's runs are deleted with it, readable or not.
  const runIds = db.store<string>('suiteRuns', (raw) =>
    isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined,
  );
  const stores = RUN_STORES;
  /** A run's header and its results, deleted together. */
  const deleteRun = (tx: KeptTx, id: string) =>
    Promise.all([
      tx.delete('suiteRuns', id),
      tx.deleteWhere('suiteRunResults', 'byRun', id),
      tx.deleteWhere('suiteRunDetails', 'byRun', id),
    ]);
  const putRows = (tx: KeptTx, runId: string, from: number, attempts: readonly AttemptResult[]) =>
    attempts.flatMap((attempt, i) => {
      const [result, detail] = rowsOf(runId, from + i, attempt);
      return [tx.put('suiteRunResults', result), tx.put('suiteRunDetails', detail)];
    });
  const newest = <T>(kept: KeptRows<T>, at: (row: T) => number): KeptRows<T> => ({
    rows: kept.rows.sort((a, b) => at(b) - at(a)),
    unreadable: kept.unreadable,
  });
  return {
    /** Newest change first, and how many saved suites could not be read. */
    async list(profileId: string): Promise<KeptRows<KeptSuite>> {
      return newest(await suites.where('byProfile', profileId), (s) => s.updatedAt);
    },
    get: (id: string) => suites.get(id),
    async add(profileId: string, file: SuiteFile, now = Date.now()): Promise<KeptSuite> {
      const suite = { id: newSuiteId(), profileId, file, createdAt: now, updatedAt: now };
      await suites.put(suite);
      return suite;
    },
    put: (suite: KeptSuite) => suites.put(suite),
    /** Marks a run as the suite's baseline (replacing any other), or none; the suite's edit time is left as it was. */
    async setBaseline(suiteId: string, runId: string | undefined): Promise<void> {
      const suite = await suites.get(suiteId);
      if (!suite) return;
      const { baselineRunId: _old, ...rest } = suite;
      await suites.put(runId ? { ...rest, baselineRunId: runId } : rest);
    },
    /** A suite and every run of it. */
    async remove(id: string): Promise<void> {
      const ids = (await runIds.where('bySuite', id)).rows;
      await db.transact(stores, 'readwrite', (tx) => Promise.all(ids.map((runId) => deleteRun(tx, runId))));
      await suites.delete(id);
    },
    /** Newest first, and how many saved runs could not be read: headers and results in one transaction. */
    async runsOf(suiteId: string): Promise<KeptRows<SuiteRun>> {
      const read = await db.transact(stores, 'readonly', async (tx) => {
        const raw = await tx.where('suiteRuns', 'bySuite', suiteId);
        return Promise.all(raw.map((r) => readRun(tx, r)));
      });
      const rows = read.filter((r): r is SuiteRun => r !== undefined);
      return newest({ rows, unreadable: read.length - rows.length }, (r) => r.startedAt);
    },
    /** A run with its results (one transaction); rejects with an `unreadable` KeptDbError when it no longer parses. */
    async getRun(id: string): Promise<SuiteRun | undefined> {
      const read = await db.transact(stores, 'readonly', async (tx) => {
        const raw = await tx.get('suiteRuns', id);
        return raw === undefined ? null : ((await readRun(tx, raw)) ?? 'unreadable');
      });
      if (read === 'unreadable') throw new KeptDbError('unreadable', 'A saved run could not be read.');
      return read ?? undefined;
    },
    /** A whole run (an import, a run's first save): its header and a row per attempt, replacing any kept before. */
    putRun: (run: SuiteRun) =>
      db.transact(stores, 'readwrite', async (tx) => {
        await tx.deleteWhere('suiteRunResults', 'byRun', run.id);
        await tx.deleteWhere('suiteRunDetails', 'byRun', run.id);
        await Promise.all([tx.put('suiteRuns', headerOf(run)), ...putRows(tx, run.id, 0, run.attempts)]);
      }),
    /**
     * Attempts `from`…`to` of a run as they finish, and its header when asked (written at the start and the end, not
     * with every result). Rows are keyed by position: writing them again after a failure is harmless.
     */
    saveResults: (run: SuiteRun, from: number, to: number, header: boolean) => {
      const attempts = run.attempts.slice(from, to);
      const head = header ? headerOf(run) : undefined;
      return db.transact(stores, 'readwrite', async (tx) => {
        await Promise.all([...putRows(tx, run.id, from, attempts), ...(head ? [tx.put('suiteRuns', head)] : [])]);
      });
    },
    /**
     * The run with each turn's request, answer and response read back (those of attempts `seqs` — positions in
     * run.attempts — or of all). A run that has them already is returned as it is; a missing one is `unreadable`.
     */
    async details(run: SuiteRun, seqs?: readonly number[]): Promise<SuiteRun> {
      if (!run.detailsApart) return run;
      const raw = await db.transact(['suiteRunDetails'], 'readonly', (tx) =>
        seqs
          ? Promise.all(seqs.map((seq) => tx.get('suiteRunDetails', resultId(run.id, seq))))
          : tx.where('suiteRunDetails', 'byRun', run.id),
      );
      const byId = new Map<string, TurnDetail[]>();
      for (const r of raw)
        if (isObject(r) && typeof r.id === 'string' && Array.isArray(r.turns)) byId.set(r.id, r.turns);
      const wanted = seqs ? new Set(seqs) : undefined;
      const attempts = run.attempts.map((a, seq) => {
        if (wanted && !wanted.has(seq)) return a;
        const turns = byId.get(resultId(run.id, seq));
        if (!turns || turns.length !== a.turns.length)
          throw new KeptDbError('unreadable', 'A saved result of this run could not be read.');
        return { ...a, turns: a.turns.map((t, i) => ({ ...t, ...turns[i] })) };
      });
      if (wanted) return { ...run, attempts };
      const { detailsApart: _apart, ...whole } = run;
      return { ...whole, attempts };
    },
    removeRun: (id: string) => db.transact(stores, 'readwrite', (tx) => deleteRun(tx, id).then(() => undefined)),
  };
}
export type SuitesStore = ReturnType<typeof suitesStore>;
