import { newId, type KeptDb, type KeptRows } from '../../../lib';
import { type SuiteRun, checkSuite, type SuiteFile } from '../../../suite-engine';

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

function parseRun(raw: unknown): SuiteRun | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.suiteId !== 'string') return undefined;
  if (typeof raw.startedAt !== 'number' || !RUN_STATUSES.has(raw.status as string)) return undefined;
  if (!Array.isArray(raw.attempts) || !isObject(raw.suite) || !isObject(raw.service)) return undefined;
  return raw as unknown as SuiteRun;
}

export function newSuiteId(): string {
  return `suite-${newId()}`;
}

/** Suites and their runs in the console's IndexedDB (stores `suites` and `suiteRuns`). */
export function suitesStore(db: KeptDb) {
  const suites = db.store<KeptSuite>('suites', parseKeptSuite);
  const runs = db.store<SuiteRun>('suiteRuns', parseRun);
  // Only the id: a suite's runs are deleted with it, readable or not.
  const runIds = db.store<string>('suiteRuns', (raw) =>
    isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined,
  );
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
      for (const runId of (await runIds.where('bySuite', id)).rows) await runs.delete(runId);
      await suites.delete(id);
    },
    /** Newest first, and how many saved runs could not be read. */
    async runsOf(suiteId: string): Promise<KeptRows<SuiteRun>> {
      return newest(await runs.where('bySuite', suiteId), (r) => r.startedAt);
    },
    getRun: (id: string) => runs.get(id),
    putRun: (run: SuiteRun) => runs.put(run),
    removeRun: (id: string) => runs.delete(id),
  };
}
export type SuitesStore = ReturnType<typeof suitesStore>;
