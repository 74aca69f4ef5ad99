import { keptLeaseStore } from '../../../lib/tabs';
import { KeptDbError, type KeptDb, type KeptRows, type KeptStoreName, type KeptTx } from '../../../lib';
import {
  caseOutcomes,
  newSuiteId,
  parseKeptSuite,
  type KeptSuite,
  runSuiteOf,
  summarize,
  type AttemptResult,
  type RunSummary,
  type SuiteFile,
  type SuiteRun,
  type TurnResult,
} from '../../../suite-engine';
import { headerOf, planPlacer, readRun, readRunStart, resultId, rowsOf, seqOf } from './run-rows';

// A kept suite and its parsing live in the engine: the playground adds cases through them too.
export { newSuiteId, type KeptSuite } from '../../../suite-engine';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

type TurnDetail = Pick<TurnResult, 'request' | 'answer' | 'response'>;
const RUN_STORES: KeptStoreName[] = ['suiteRuns', 'suiteRunResults', 'suiteRunDetails'];

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
  const putRows = (tx: KeptTx, runId: string, places: readonly number[], attempts: readonly AttemptResult[]) =>
    attempts.flatMap((attempt, i) => {
      const [result, detail] = rowsOf(runId, places[i]!, attempt);
      return [tx.put('suiteRunResults', result), tx.put('suiteRunDetails', detail)];
    });
  const newest = <T>(kept: KeptRows<T>, at: (row: T) => number): KeptRows<T> => ({
    rows: kept.rows.sort((a, b) => at(b) - at(a)),
    unreadable: kept.unreadable,
  });
  return {
    /** Which tab runs a suite run, where the page has no Web Locks (run-tabs.ts). */
    leases: keptLeaseStore(db),
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
    /**
     * A run's start as its page first shows it (one transaction): the header, the summary kept as it ended and the
     * results of its first `cases` cases; undefined when there is no such run, `whole` when it must be read whole.
     */
    async getRunStart(
      id: string,
      cases: number,
    ): Promise<{ run: SuiteRun; summary: RunSummary; cases: number } | 'whole' | undefined> {
      const read = await db.transact(stores, 'readonly', async (tx) => {
        const raw = await tx.get('suiteRuns', id);
        return raw === undefined ? undefined : ((await readRunStart(tx, raw, cases)) ?? 'whole');
      });
      return read;
    },
    /** A whole run (an import): its header with its summary (computed here, once) and a row per attempt, replacing any kept before. */
    putRun: (run: SuiteRun) => {
      const places = run.attempts.map(planPlacer(run));
      const suite = runSuiteOf(run);
      const summary =
        suite && run.status !== 'running' ? summarize(caseOutcomes(suite, run.attempts, run.only)) : undefined;
      return db.transact(stores, 'readwrite', async (tx) => {
        await tx.deleteWhere('suiteRunResults', 'byRun', run.id);
        await tx.deleteWhere('suiteRunDetails', 'byRun', run.id);
        await Promise.all([tx.put('suiteRuns', headerOf(run, summary)), ...putRows(tx, run.id, places, run.attempts)]);
      });
    },
    /**
     * Attempts of a run as they finish, each at its place in the plan (planPlacer), and its header when asked (written
     * at the start and the end, not with every result). Writing a row again after a failure is harmless.
     */
    saveResults: (
      run: SuiteRun,
      results: { places: readonly number[]; attempts: readonly AttemptResult[] },
      header?: { summary?: RunSummary },
    ) => {
      const head = header ? headerOf(run, header.summary) : undefined;
      return db.transact(stores, 'readwrite', async (tx) => {
        await Promise.all([
          ...putRows(tx, run.id, results.places, results.attempts),
          ...(head ? [tx.put('suiteRuns', head)] : []),
        ]);
      });
    },
    /**
     * The run with each turn's request, answer and response read back (those of `only`, attempts of the run, or of
     * all). A run that has them already is returned as it is; a missing one is `unreadable`.
     */
    async details(run: SuiteRun, only?: readonly AttemptResult[]): Promise<SuiteRun> {
      if (!run.detailsApart) return run;
      const ids = (only ?? []).map((a) => resultId(run.id, seqOf(a) ?? -1));
      const raw = await db.transact(['suiteRunDetails'], 'readonly', (tx) =>
        only
          ? Promise.all(ids.map((id) => tx.get('suiteRunDetails', id)))
          : tx.where('suiteRunDetails', 'byRun', run.id),
      );
      const byId = new Map<string, TurnDetail[]>();
      for (const r of raw)
        if (isObject(r) && typeof r.id === 'string' && Array.isArray(r.turns)) byId.set(r.id, r.turns as TurnDetail[]);
      const wanted = only ? new Set(only) : undefined;
      const attempts = run.attempts.map((a) => {
        if (wanted && !wanted.has(a)) return a;
        const turns = byId.get(resultId(run.id, seqOf(a) ?? -1));
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
