// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../../lib';
import { type SuiteRun, checkSuite, type Suite, type SuiteFile } from '../../../suite-engine';
import { profileFor } from '../../../lib/test-support/http-server';
import { startRun } from './live-runs';
import { suitesStore } from './store';

let db: KeptDb | undefined;
afterEach(async () => db?.close());

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
});
