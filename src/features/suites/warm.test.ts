// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../lib';
import { profileFor } from '../../lib/test-support/http-server';
import { newRun, type SuiteFile } from '../../suite-engine';
import { suitesStore } from './model/store';
import { runStartQuery, suiteKeys } from './queries';
import { warmRunPage } from './warm';

const FILE: SuiteFile = {
  name: 'S',
  space_id: '101',
  cases: ['a', 'b'].map((id) => ({ id, question: `Q ${id}?` })),
};
const open: KeptDb[] = [];
afterEach(async () => Promise.all(open.splice(0).map((db) => db.close())));

async function keptRun(name: string) {
  const db = createKeptDb({ name });
  open.push(db);
  const store = suitesStore(db);
  const suite = await store.add('p1', FILE, 1000);
  const run = newRun({
    suiteId: suite.id,
    file: FILE,
    profile: profileFor('http://127.0.0.1:1'),
    concurrency: 1,
    planned: 2,
  });
  await store.putRun({ ...run, status: 'done', finishedAt: run.startedAt + 10 });
  return { db, store, run };
}

describe('a kept run read ahead of its page', () => {
  it("puts the run's start (its header, kept summary and first results) in the query its page reads first", async () => {
    const { db, store, run } = await keptRun('warm-start');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    await warmRunPage(client, db, run.id);
    const query = runStartQuery(store, run.id);
    expect(client.getQueryData(query.queryKey)).toMatchObject({ run: { id: run.id, status: 'done' }, cases: 2 });
    expect(client.getQueryState(query.queryKey)?.status).toBe('success');
  });

  it('reads nothing for a run already in memory, and keeps "not kept" as the answer for an unknown id', async () => {
    const { db, store, run } = await keptRun('warm-cached');
    const client = new QueryClient();
    client.setQueryData(suiteKeys.run(run.id), { ...run, attempts: [] });
    await warmRunPage(client, db, run.id);
    expect(client.getQueryData(runStartQuery(store, run.id).queryKey)).toBeUndefined();
    await warmRunPage(client, db, 'run-none');
    expect(client.getQueryData(runStartQuery(store, 'run-none').queryKey)).toBeNull();
  });
});
