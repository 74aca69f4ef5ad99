import { newId, type KeptDb, type SuiteRun } from '../../../api';
import { checkSuite, type SuiteFile } from '../../../contract';

/** A suite kept in this browser, per connection profile. No token: a suite file has none. */
export interface SuiteRecord {
  id: string;
  profileId: string;
  file: SuiteFile;
  createdAt: number;
  updatedAt: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const RUN_STATUSES = new Set(['running', 'done', 'stopped', 'interrupted', 'failed', 'timed_out']);

/** Records are parsed on read: one written by an older build that no longer parses is left out. */
function parseSuiteRecord(raw: unknown): SuiteRecord | undefined {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.profileId !== 'string') return undefined;
  if (typeof raw.createdAt !== 'number' || typeof raw.updatedAt !== 'number') return undefined;
  const checked = checkSuite(raw.file);
  return checked.ok ? { ...(raw as unknown as SuiteRecord), file: checked.file } : undefined;
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
  const suites = db.store<SuiteRecord>('suites', parseSuiteRecord);
  const runs = db.store<SuiteRun>('suiteRuns', parseRun);
  return {
    async list(profileId: string): Promise<SuiteRecord[]> {
      return (await suites.where('byProfile', profileId)).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    get: (id: string) => suites.get(id),
    async add(profileId: string, file: SuiteFile, now = Date.now()): Promise<SuiteRecord> {
      const record = { id: newSuiteId(), profileId, file, createdAt: now, updatedAt: now };
      await suites.put(record);
      return record;
    },
    put: (record: SuiteRecord) => suites.put(record),
    /** A suite and every run of it. */
    async remove(id: string): Promise<void> {
      for (const run of await runs.where('bySuite', id)) await runs.delete(run.id);
      await suites.delete(id);
    },
    /** Newest first. */
    async runsOf(suiteId: string): Promise<SuiteRun[]> {
      return (await runs.where('bySuite', suiteId)).sort((a, b) => b.startedAt - a.startedAt);
    },
    getRun: (id: string) => runs.get(id),
    putRun: (run: SuiteRun) => runs.put(run),
    removeRun: (id: string) => runs.delete(id),
  };
}
export type SuitesStore = ReturnType<typeof suitesStore>;
