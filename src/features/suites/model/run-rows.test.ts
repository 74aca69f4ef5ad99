// An in-memory IndexedDB for Node; each KeptDb below is its own connection, as each tab's is.
import 'fake-indexeddb/auto';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeptDb, DB_VERSION, type KeptDb } from '../../../lib';
import { json, profileFor, startServer, type TestServer } from '../../../lib/test-support/http-server';
import {
  checkSuite,
  newRun,
  runSuiteOf,
  type AttemptResult,
  type SuiteFile,
  type SuiteRun,
} from '../../../suite-engine';
import { liveRuns, startRun } from './live-runs';
import { suitesStore } from './store';

const FILE: SuiteFile = {
  name: 'S',
  space_id: '101',
  cases: ['a', 'b', 'c'].map((id) => ({ id, question: `Q ${id}?`, expect: { contains: ['yes'] } })),
};
const open: KeptDb[] = [];
let server: TestServer | undefined;
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  await server?.close();
  server = undefined;
});
const keptDb = (name: string, version?: number) => {
  const db = createKeptDb({ name, version });
  open.push(db);
  return db;
};

const answer = (res: ServerResponse) =>
  json(res, 200, {
    message_id: '1',
    user_message: 'Q',
    assistant_message: 'yes',
    document_chunks: [],
    token_usage: { model_name: 'm', total_tokens: 3, prompt_tokens: 2, completion_tokens: 1, successful_requests: 1 },
  });

/** A service that answers the first `now` questions at once and holds the rest until `release()`. */
async function holdingService(now: number) {
  const held: ServerResponse[] = [];
  let answered = 0;
  let releasing = false;
  server = await startServer((_req, res) => {
    if (releasing || answered < now) {
      answered++;
      answer(res);
    } else held.push(res);
  });
  return {
    profile: profileFor(server.url),
    release() {
      releasing = true;
      held.splice(0).forEach(answer);
    },
  };
}

function start(db: KeptDb, profile: ReturnType<typeof profileFor>, suiteId: string) {
  const checked = checkSuite(FILE);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  let finish: (run: SuiteRun) => void = () => {};
  const finished = new Promise<SuiteRun>((resolve) => (finish = resolve));
  const started = startRun({
    store: suitesStore(db),
    suiteId,
    file: FILE,
    suite: checked.suite,
    profile,
    concurrency: 1,
    onFinished: finish,
  });
  return { started, finished };
}

describe('a suite run kept as a header and one row per result (kept database version 3)', () => {
  it('opens a run kept whole by the version-2 console, after the upgrade, and deletes it with its suite', async () => {
    const name = 'run-rows-upgrade';
    // The database as the previous console left it: version 2, a run with its attempts inside its one row.
    const attempt: AttemptResult = {
      caseId: 'a',
      variantId: 'default',
      repetition: 1,
      status: 'pass',
      sessionId: 's1',
      turns: [],
      startedAt: 1,
      finishedAt: 2,
    };
    const old = {
      ...newRun({ suiteId: 'suite-1', file: FILE, profile: profileFor('http://x'), concurrency: 1, planned: 3 }),
    };
    const whole: SuiteRun = { ...old, token: undefined, status: 'done', attempts: [attempt] } as SuiteRun;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 2);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('suites', { keyPath: 'id' }).createIndex('byProfile', 'profileId');
        db.createObjectStore('suiteRuns', { keyPath: 'id' }).createIndex('bySuite', 'suiteId');
        db.createObjectStore('bulkBatches', { keyPath: 'id' }).createIndex('byProfile', 'profileId');
        db.createObjectStore('leases', { keyPath: 'name' });
        request.transaction!.objectStore('suiteRuns').put(JSON.parse(JSON.stringify(whole)));
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(DB_VERSION).toBeGreaterThanOrEqual(3);
    const store = suitesStore(keptDb(name));
    expect(await store.getRun(whole.id)).toMatchObject({ id: whole.id, status: 'done', attempts: [attempt] });
    expect((await store.runsOf('suite-1')).rows.map((r) => [r.id, r.attempts.length])).toEqual([[whole.id, 1]]);
    await store.remove('suite-1');
    expect(await store.getRun(whole.id)).toBeUndefined();
  });

  it('writes each finished result as its own row while the run goes on: another tab reads them mid-run', async () => {
    const service = await holdingService(2);
    const db = keptDb('run-rows-live');
    const { started, finished } = start(db, service.profile, 'suite-live');
    const run = await started;
    // Another tab's connection: it reads what this tab has written, never this tab's memory.
    const other = suitesStore(keptDb('run-rows-live'));
    await vi.waitFor(async () => expect((await other.getRun(run.id))?.attempts).toHaveLength(2), { timeout: 5000 });
    expect(await other.getRun(run.id)).toMatchObject({ status: 'running', planned: 3 });
    service.release();
    const done = await finished;
    expect(done.status).toBe('done');
    const kept = await other.getRun(run.id);
    expect(kept).toMatchObject({ status: 'done', finishedAt: done.finishedAt });
    expect(kept?.attempts.map((a) => a.caseId)).toEqual(['a', 'b', 'c']);
    // The header holds no results; each result is a row of its own.
    const header = await db
      .store<Record<string, unknown>>('suiteRuns', (r) => r as Record<string, unknown>)
      .get(run.id);
    expect(header).not.toHaveProperty('attempts');
    const rows = await db.store<{ runId: string }>('suiteRunResults', (r) => r as { runId: string }).all();
    expect(rows.rows.filter((r) => r.runId === run.id)).toHaveLength(3);
    // A result row is small: each turn's request, answer and raw response are apart, read when asked for.
    expect(JSON.stringify(rows.rows)).not.toContain('"answer"');
    expect(JSON.stringify(rows.rows)).not.toContain('"response"');
    expect(kept?.detailsApart).toBe(true);
    expect((await other.details(kept!, [kept!.attempts[1]!])).attempts[1]).toEqual(done.attempts[1]);
    // Its page starts from the summary kept as it ended and its first cases' results, one key range.
    const first = await other.getRunStart(run.id, 2);
    expect(first).toMatchObject({ summary: { total: 3, passed: 3 }, cases: 2 });
    expect(first !== 'whole' && first?.run.attempts.map((a) => a.caseId)).toEqual(['a', 'b']);
    const whole = await other.details(kept!);
    expect(whole.detailsApart).toBeUndefined();
    expect(whole.attempts).toEqual(done.attempts);
    // Deleted with its results.
    await other.removeRun(run.id);
    expect((await db.store('suiteRunResults', (r) => r).all()).rows).toHaveLength(0);
  });

  it('a result that cannot be written is shown as not saved while the run goes on, never dropped silently', async () => {
    const service = await holdingService(1);
    const db = keptDb('run-rows-fault');
    const { started, finished } = start(db, service.profile, 'suite-fault');
    const run = await started;
    await vi.waitFor(() => expect(liveRuns.snapshot().get(run.id)?.attempts).toHaveLength(1), { timeout: 5000 });
    // A newer console in another tab upgrades the database: this tab lets go, and its next write is refused.
    const newer = keptDb('run-rows-fault', DB_VERSION + 1);
    await suitesStore(newer).list('p');
    await vi.waitFor(() => expect(liveRuns.unsavedSnapshot().get(run.id)?.error.kind).toBe('outdated'), {
      timeout: 5000,
    });
    // Still running, and every result it has is shown from memory.
    expect(liveRuns.isLive(run.id)).toBe(true);
    expect(liveRuns.unsavedSnapshot().get(run.id)?.run.attempts).toHaveLength(1);
    service.release();
    const done = await finished;
    expect(liveRuns.unsavedSnapshot().get(run.id)?.run.attempts).toHaveLength(done.attempts.length);
    expect(done.attempts).toHaveLength(3);
  });
});

describe('the suite as run, kept checked', () => {
  it('is checked once, as the run is written: this version reads that check back; another checks the file again', async () => {
    const db = keptDb('run-rows-checked');
    const store = suitesStore(db);
    const run = newRun({
      suiteId: 's',
      file: FILE,
      profile: profileFor('http://127.0.0.1:1'),
      concurrency: 1,
      planned: 3,
    });
    await store.putRun({ ...run, status: 'done', finishedAt: run.startedAt + 1 });
    const headers = db.store<Record<string, unknown>>('suiteRuns', (r) => r as Record<string, unknown>);
    const header = (await headers.get(run.id))!;
    expect(header.checked).toMatchObject({ by: import.meta.env.KC_VERSION, suite: { name: 'S' } });
    // What this version checked is what it reads (a marked copy shows it is not checked again).
    const marked = { ...(header.checked as { by: string; suite: object }) };
    await headers.put({ ...header, checked: { ...marked, suite: { ...marked.suite, name: 'as checked on write' } } });
    const read = await store.getRunStart(run.id, 2);
    expect(read !== 'whole' && read && runSuiteOf(read.run)?.name).toBe('as checked on write');
    expect(read !== 'whole' && read?.run).not.toHaveProperty('checked');
    // Checked by another version: the file is checked again.
    await headers.put({ ...header, checked: { by: 'an older console', suite: { ...marked.suite, name: 'stale' } } });
    const again = await store.getRun(run.id);
    expect(again && runSuiteOf(again)?.name).toBe('S');
  });
});
