// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../../lib';
import { type SuiteRun, checkSuite, type Suite, type SuiteFile } from '../../../suite-engine';
import { json, profileFor, startServer, type TestServer } from '../../../lib/test-support/http-server';
import { startRun } from './live-runs';
import { suitesStore } from './store';

let db: KeptDb | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await db?.close();
  await server?.close();
  server = undefined;
});

describe('a live run', () => {
  it('that crashes (an exception in the runner) ends failed with the reason, kept as such: not a Stop', async () => {
    db = createKeptDb({ name: 'live-runs-1' });
    const store = suitesStore(db);
    const file: SuiteFile = { name: 'S', space_id: '101', cases: [{ id: 'a', question: 'Q?' }] };
    const checked = checkSuite(file);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    // A suite object the runner cannot walk (follow-ups that are not a list): the runner throws mid-run.
    const suite = {
      ...checked.suite,
      cases: checked.suite.cases.map((c) => ({ ...c, follow_ups: 5 })),
    } as unknown as Suite;
    const record = await store.add('p1', file);
    const finished = new Promise<SuiteRun>(
      (resolve) =>
        void startRun({
          store,
          suiteId: record.id,
          file,
          suite,
          profile: profileFor('http://127.0.0.1:1'),
          concurrency: 1,
          onFinished: resolve,
        }),
    );
    const run = await finished;
    expect(run.status).toBe('failed');
    expect(run.endReason).toMatch(/not iterable/);
    expect(await store.getRun(run.id)).toMatchObject({ status: 'failed', endReason: run.endReason });
  });

  it('writes the results that finished together in parts of at most 16, the header with its summary last', async () => {
    db = createKeptDb({ name: 'live-runs-parts' });
    const store = suitesStore(db);
    // A service answering at once: 40 results finish before the first save, half a second in.
    server = await startServer((_req, res) =>
      json(res, 200, {
        message_id: '1',
        user_message: 'Q',
        assistant_message: 'yes',
        document_chunks: [],
        token_usage: {
          model_name: 'm',
          total_tokens: 3,
          prompt_tokens: 2,
          completion_tokens: 1,
          successful_requests: 1,
        },
      }),
    );
    const file: SuiteFile = {
      name: 'S',
      space_id: '101',
      cases: Array.from({ length: 40 }, (_, i) => ({ id: `c${i}`, question: 'Q?', expect: { contains: ['yes'] } })),
    };
    const checked = checkSuite(file);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    const writes: { results: number; header: boolean; summary: boolean }[] = [];
    const counted: typeof store = {
      ...store,
      saveResults: (run, results, header) => {
        writes.push({ results: results.attempts.length, header: !!header, summary: !!header?.summary });
        return store.saveResults(run, results, header);
      },
    };
    const record = await store.add('p1', file);
    const run = await new Promise<SuiteRun>(
      (resolve) =>
        void startRun({
          store: counted,
          suiteId: record.id,
          file,
          suite: checked.suite,
          profile: profileFor(server!.url),
          concurrency: 8,
          onFinished: resolve,
        }),
    );
    expect(run.status).toBe('done');
    expect(writes.reduce((n, w) => n + w.results, 0)).toBe(40);
    expect(Math.max(...writes.map((w) => w.results))).toBeLessThanOrEqual(16);
    expect(writes.at(-1)).toMatchObject({ header: true, summary: true });
    expect(writes.filter((w) => w.summary)).toHaveLength(1);
    expect((await store.getRun(run.id))?.attempts).toHaveLength(40);
  });
});
