// An in-memory IndexedDB for Node: the console's database module, as the browser runs it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeptDb, isKeptDbError, type KeptDb } from '../lib';
import { evaluate } from './assertions';
import { forgottenSuiteId, rememberForgotten, type ForgottenEntry, type ForgottenSuiteRow } from './forgotten';
import { checkSuite, SUITE_BOUNDS } from './suite-file';

const open: KeptDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});
const dbNamed = (name: string) => {
  const db = createKeptDb({ name });
  open.push(db);
  return db;
};
const fresh = () => dbNamed(`forgotten-${Math.random()}`);
const raw = (db: KeptDb, id: string) => db.store<ForgottenSuiteRow>('suites', (r) => r as ForgottenSuiteRow).get(id);

const entry = (over: Partial<ForgottenEntry> = {}): ForgottenEntry => ({
  profileId: 'sandbox',
  knowledgeId: '631506272047205',
  datasetId: '731506272047301',
  spaceId: '101',
  documentId: '831506272047403',
  question: 'How long does the Beacon battery last on a full charge?',
  verifiedAt: 1_700_000_000_000,
  ...over,
});

describe('the forgotten-documents suite', () => {
  it('is created on first use: a valid suite asking the probe question through the dataset, not citing it', async () => {
    const db = fresh();
    const out = await rememberForgotten(entry(), db, () => 5);
    expect(out).toEqual({ suiteId: forgottenSuiteId('sandbox', '631506272047205'), written: true });
    const row = (await raw(db, out.suiteId))!;
    expect(row.profileId).toBe('sandbox');
    expect(row.forgotten).toEqual({
      knowledgeId: '631506272047205',
      documents: { '831506272047403': { verifiedAt: 1_700_000_000_000, datasetId: '731506272047301' } },
    });
    const checked = checkSuite(row.file);
    expect(checked.ok).toBe(true);
    expect(row.file.space_id).toBe('101');
    expect(row.file.defaults).toMatchObject({ refine_question: false, retrieval_with_websearch: false, stream: false });
    expect(row.file.cases).toEqual([
      {
        id: 'gone-831506272047403',
        question: 'How long does the Beacon battery last on a full charge?',
        options: { dataset_id: '731506272047301' },
        expect: { not_cites_document: '831506272047403' },
      },
    ]);
    // The assertion fails on an answer citing the document, passes on one that does not.
    const cited = evaluate(row.file.cases[0]!.expect, {
      text: 'x',
      latencyMs: 1,
      sources: [{ document_id: '831506272047403' } as never],
    });
    expect(cited.every((a) => a.ok)).toBe(false);
    expect(evaluate(row.file.cases[0]!.expect, { text: 'x', latencyMs: 1, sources: [] }).every((a) => a.ok)).toBe(true);
  });

  it('is idempotent per document: the same removal twice writes nothing; another document adds a case', async () => {
    const db = fresh();
    await rememberForgotten(entry(), db, () => 5);
    const again = await rememberForgotten(entry({ verifiedAt: 1_800_000_000_000 }), db, () => 9);
    expect(again.written).toBe(false);
    let row = (await raw(db, again.suiteId))!;
    expect(row.file.cases).toHaveLength(1);
    expect(row.updatedAt).toBe(5);
    expect(row.forgotten.documents['831506272047403']!.verifiedAt).toBe(1_700_000_000_000);

    await rememberForgotten(entry({ documentId: '831506272047402', question: 'How do I pair over Wi-Fi?' }), db);
    row = (await raw(db, again.suiteId))!;
    expect(row.file.cases.map((c) => c.id)).toEqual(['gone-831506272047403', 'gone-831506272047402']);
    expect(Object.keys(row.forgotten.documents)).toHaveLength(2);

    // The same document removed again after a re-sync, probed with another question: its case is replaced.
    await rememberForgotten(entry({ question: 'Battery life?', verifiedAt: 1_900_000_000_000 }), db);
    row = (await raw(db, again.suiteId))!;
    expect(row.file.cases).toHaveLength(2);
    expect(row.file.cases[0]!.question).toBe('Battery life?');
    expect(row.forgotten.documents['831506272047403']!.verifiedAt).toBe(1_900_000_000_000);
  });

  it('two tabs adding at once write one suite with both cases (one transaction each)', async () => {
    const name = `forgotten-${Math.random()}`;
    const [a, b] = [dbNamed(name), dbNamed(name)];
    await Promise.all([
      rememberForgotten(entry(), a),
      rememberForgotten(entry({ documentId: '831506272047402', question: 'Wi-Fi?' }), b),
    ]);
    const row = (await raw(a, forgottenSuiteId('sandbox', '631506272047205')))!;
    expect(row.file.cases).toHaveLength(2);
  });

  it('is one suite per knowledge base and per profile', async () => {
    const db = fresh();
    await rememberForgotten(entry(), db);
    await rememberForgotten(entry({ profileId: 'prod' }), db);
    await rememberForgotten(entry({ knowledgeId: '631506272047206', datasetId: '731506272047302' }), db);
    const all = await db.store('suites', (r) => r).all();
    expect(all.rows).toHaveLength(3);
  });

  it('is kept in the database: a new connection (a reload) reads it', async () => {
    const name = `forgotten-${Math.random()}`;
    const first = createKeptDb({ name });
    await rememberForgotten(entry(), first);
    await first.close();
    const row = await raw(dbNamed(name), forgottenSuiteId('sandbox', '631506272047205'));
    expect(row?.file.cases).toHaveLength(1);
  });

  it('refuses to write over a kept suite it cannot read (never read as "no suite yet")', async () => {
    const db = fresh();
    const id = forgottenSuiteId('sandbox', '631506272047205');
    const broken = { id, profileId: 'sandbox', createdAt: 1, updatedAt: 1, file: { name: 'x' }, forgotten: 'old' };
    await db.store('suites', (r) => r).put(broken);
    const refused = await rememberForgotten(entry(), db).catch((e: unknown) => e);
    expect(isKeptDbError(refused) && refused.kind).toBe('unreadable');
    expect(await db.store('suites', (r) => r).get(id)).toEqual(broken);
  });

  it('refuses a document more than a suite may hold, and says so', async () => {
    const db = fresh();
    await rememberForgotten(entry(), db);
    const id = forgottenSuiteId('sandbox', '631506272047205');
    const row = (await raw(db, id))!;
    const cases = Array.from({ length: SUITE_BOUNDS.casesMax }, (_, i) => ({ ...row.file.cases[0]!, id: `gone-${i}` }));
    await db.store('suites', (r) => r).put({ ...row, file: { ...row.file, cases } });
    await expect(rememberForgotten(entry({ documentId: '831506272049999' }), db)).rejects.toThrow(/has 5000 cases/);
    expect((await raw(db, id))!.file.cases).toHaveLength(SUITE_BOUNDS.casesMax);
  });
});
