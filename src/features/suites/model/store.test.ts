// An in-memory IndexedDB for Node (the e2e suite uses the browser's own).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, type KeptDb } from '../../../lib';
import { newRun, checkSuite, rememberForgotten, type SuiteFile } from '../../../suite-engine';
import { profileFor } from '../../../lib/test-support/http-server';
import { DRAFT_SUITE_ID, draftSuite } from './draft';
import { suitesStore } from './store';

const FILE: SuiteFile = { name: 'S', space_id: '101', cases: [{ id: 'a', question: 'Q?' }] };
let db: KeptDb | undefined;
afterEach(async () => db?.close());

describe('suites kept in IndexedDB', () => {
  it('keeps suites per profile, newest change first; deleting a suite deletes its runs', async () => {
    db = createKeptDb({ name: 'suites-1' });
    const store = suitesStore(db);
    const older = await store.add('p1', FILE, 1000);
    const newer = await store.add('p1', { ...FILE, name: 'T' }, 2000);
    await store.add('p2', FILE, 3000);
    expect((await store.list('p1')).rows.map((s) => s.id)).toEqual([newer.id, older.id]);
    const profile = profileFor('http://127.0.0.1:1');
    const run = newRun({ suiteId: older.id, file: FILE, profile, concurrency: 2, planned: 1 });
    await store.putRun(run);
    await store.putRun({ ...run, id: 'later', startedAt: run.startedAt + 1 });
    expect((await store.runsOf(older.id)).rows.map((r) => r.id)).toEqual(['later', run.id]);
    // A run written by another build goes with its suite too.
    await db.store<unknown>('suiteRuns', (r) => r).put({ id: 'odd', suiteId: older.id, status: 'from another build' });
    expect((await store.runsOf(older.id)).unreadable).toBe(1);
    await store.remove(older.id);
    expect(await store.get(older.id)).toBeUndefined();
    expect(await store.runsOf(older.id)).toEqual({ rows: [], unreadable: 0 });
  });

  it("lists the knowledge base's forgotten-documents suite of its profile, with its mark; a broken mark is counted", async () => {
    db = createKeptDb({ name: `suites-forgotten-${Math.random()}` });
    const store = suitesStore(db);
    const entry = {
      profileId: 'p1',
      knowledgeId: '631506272047205',
      datasetId: '731506272047301',
      spaceId: '101',
      documentId: '831506272047403',
      question: 'Battery?',
      verifiedAt: 7,
    };
    const { suiteId } = await rememberForgotten(entry, db);
    const listed = (await store.list('p1')).rows;
    expect(listed.map((s) => s.id)).toEqual([suiteId]);
    expect(listed[0]!.forgotten?.documents['831506272047403']?.verifiedAt).toBe(7);
    expect((await store.list('p2')).rows).toEqual([]);
    // Saved from the editor (the file edited): still kept automatically, its documents with it.
    await store.put({ ...listed[0]!, file: { ...listed[0]!.file, name: 'Renamed' } });
    expect((await store.get(suiteId))?.forgotten?.knowledgeId).toBe('631506272047205');
    await db.store<unknown>('suites', (r) => r).put({ ...listed[0]!, id: 'odd', forgotten: { knowledgeId: 1 } });
    expect((await store.list('p1')).unreadable).toBe(1);
  });

  it('keeps one baseline run per suite with the suite, read back after a reload; unmarking leaves none', async () => {
    db = createKeptDb({ name: 'suites-baseline' });
    const store = suitesStore(db);
    const suite = await store.add('p1', FILE, 1000);
    await store.setBaseline(suite.id, 'run-1');
    await store.setBaseline(suite.id, 'run-2');
    db.close();
    db = createKeptDb({ name: 'suites-baseline' });
    const again = suitesStore(db);
    expect(await again.get(suite.id)).toMatchObject({ baselineRunId: 'run-2', updatedAt: 1000 });
    await again.setBaseline(suite.id, undefined);
    expect((await again.get(suite.id))?.baselineRunId).toBeUndefined();
  });

  it('never stores the token, and counts the records that no longer parse', async () => {
    db = createKeptDb({ name: 'suites-2' });
    const store = suitesStore(db);
    const profile = profileFor('http://127.0.0.1:1');
    const suite = await store.add(profile.id, FILE);
    await store.putRun(newRun({ suiteId: suite.id, file: FILE, profile, concurrency: 2, planned: 1 }));
    const { rows: raw } = await db.store<unknown>('suiteRuns', (r) => r).all();
    expect(JSON.stringify(raw)).not.toContain(profile.token);
    expect(raw).toEqual([
      expect.objectContaining({ service: expect.objectContaining({ base_url: profile.base_url }) }),
    ]);
    await db
      .store<unknown>('suites', (r) => r)
      .put({ id: 'old', profileId: profile.id, file: { cases: 'x' }, createdAt: 1, updatedAt: 1 });
    const list = await store.list(profile.id);
    expect(list.rows.map((s) => s.id)).toEqual([suite.id]);
    expect(list.unreadable).toBe(1);
    await expect(store.get('old')).rejects.toMatchObject({ kind: 'unreadable' });
  });
});

describe('a new suite as a draft', () => {
  it('is not kept until saved: making one writes nothing, its first save keeps it under its id', async () => {
    db = createKeptDb({ name: 'suites-draft' });
    const store = suitesStore(db);
    const draft = draftSuite('p1', 'New suite', 1000);
    expect(draft.id).not.toBe(DRAFT_SUITE_ID);
    expect(draft.id.startsWith('suite-')).toBe(true);
    expect((await store.list('p1')).rows).toEqual([]);
    // An empty question: Save refuses the draft until a question is entered.
    expect(checkSuite(draft.file).ok).toBe(false);
    const file = { ...draft.file, cases: [{ id: 'case-1', question: 'Q?' }] };
    await store.put({ ...draft, file, updatedAt: 2000 });
    expect((await store.list('p1')).rows.map((s) => [s.id, s.file.cases[0]!.question])).toEqual([[draft.id, 'Q?']]);
  });
});
