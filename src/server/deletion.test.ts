import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CompletionResultRecord,
  DatasetRecord,
  DocumentChunk,
  KnowledgeReadRecord,
  StatusMessageRecord,
} from '../contract';
import type { RunningSandbox } from './sandbox';
import { IDS, call, expectError, startTestSandbox } from './test-support';

/** The spec's state table for "delete knowledge document", with a short lock wait and purge window. */
const LOCK_WAIT_MS = 300;
const PURGE_DELAY_MS = 700;

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ lockWaitMs: LOCK_WAIT_MS, purgeDelayMs: PURGE_DELAY_MS });
});
afterAll(() => sb.close());
beforeEach(async () => {
  expect((await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const del = (knowledgeId: string, documentId: string) =>
  call(`${sb.secondaryUrl}/v1/knowledge/${knowledgeId}/document/${documentId}`, { method: 'DELETE' });
const totalFiles = async (knowledgeId: string) =>
  KnowledgeReadRecord.documented.parse((await call(`${sb.secondaryUrl}/v1/knowledge/${knowledgeId}`)).body).total_files;
const texts = (documentId: string) => call(`${sb.baseUrl}/v1/documents/texts/${documentId}`);
const baseInfo = (documentId: string) =>
  call(`${sb.baseUrl}/v1/documents/query-base`, { method: 'POST', json: { document_id: documentId } });
/** Chunks retrieval returns for the knife document, asked directly by document_id. */
async function knifeChunks(): Promise<number> {
  const res = await call(`${sb.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    json: { session_id: 's', message: 'sharpen knife whetstone', document_id: IDS.docKnife },
  });
  expect(res.status).toBe(200);
  return CompletionResultRecord.documented
    .parse(res.body)
    .document_chunks.map((c) => DocumentChunk.parse(c))
    .filter((c) => c.document_id === IDS.docKnife).length;
}
/** Waits for the purge to take the knife document's chunks out of retrieval (polled, not slept). */
const untilPurged = () =>
  vi.waitFor(async () => expect(await knifeChunks()).toBe(0), { timeout: PURGE_DELAY_MS + 5_000, interval: 50 });
/** Chunks the space-wide search returns for the knife document. */
async function knifeInSpace(): Promise<boolean> {
  const res = await call(`${sb.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    json: { session_id: 's', message: 'sharpen knife whetstone' },
  });
  return CompletionResultRecord.documented
    .parse(res.body)
    .document_chunks.some((c) => DocumentChunk.parse(c).document_id === IDS.docKnife);
}

describe('row 1: document belongs to the knowledge base and the lock is obtained', () => {
  it('answers 200 and soft deletes at once: reads 404, total_files and document_count drop', async () => {
    expect(await totalFiles(IDS.knowledgeKitchen)).toBe(3);
    const res = await del(IDS.knowledgeKitchen, IDS.docKnife);
    expect(res.status).toBe(200);
    expect(StatusMessageRecord.documented.parse(res.body)).toEqual({ status: true, message: 'success' });
    expectError(await texts(IDS.docKnife), 404);
    expectError(await baseInfo(IDS.docKnife), 404);
    expect(await totalFiles(IDS.knowledgeKitchen)).toBe(2);
    expect(
      DatasetRecord.documented.parse((await call(`${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`)).body)
        .document_count,
    ).toBe(2);
    // The other documents are untouched.
    expect((await texts(IDS.docSoup)).status).toBe(200);
  });

  it('retrieval keeps returning the document inside the purge window, and not after it', async () => {
    expect(await knifeChunks()).toBeGreaterThan(0);
    const deletedAt = Date.now();
    expect((await del(IDS.knowledgeKitchen, IDS.docKnife)).status).toBe(200);
    expect(await knifeChunks()).toBeGreaterThan(0);
    expect(await knifeInSpace()).toBe(true);
    expect(Date.now() - deletedAt).toBeLessThan(PURGE_DELAY_MS);
    await untilPurged();
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(PURGE_DELAY_MS);
    expect(await knifeInSpace()).toBe(false);
  });

  it('a second delete of a deleted document answers 404', async () => {
    expect((await del(IDS.knowledgeKitchen, IDS.docKnife)).status).toBe(200);
    expect(expectError(await del(IDS.knowledgeKitchen, IDS.docKnife), 404)).toContain(
      `document ${IDS.docKnife} not found`,
    );
  });

  it('two deletes waiting on one lock take it in turn; both answer 200 and the document is deleted once', async () => {
    // Hold the lock briefly so both requests are inside the wait at the same time.
    await call(`${sb.secondaryUrl}/__sandbox/locks/${IDS.docSoup}`, { method: 'POST', json: { hold_ms: 120 } });
    const [a, b] = await Promise.all([del(IDS.knowledgeKitchen, IDS.docSoup), del(IDS.knowledgeKitchen, IDS.docSoup)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expectError(await texts(IDS.docSoup), 404);
    expect(await totalFiles(IDS.knowledgeKitchen)).toBe(2);
  });

  it('waits for a lock held for less than --lock-wait-ms, then deletes', async () => {
    expect(
      (await call(`${sb.secondaryUrl}/__sandbox/locks/${IDS.docKnife}`, { method: 'POST', json: { hold_ms: 150 } }))
        .status,
    ).toBe(200);
    const started = Date.now();
    expect((await del(IDS.knowledgeKitchen, IDS.docKnife)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expectError(await texts(IDS.docKnife), 404);
  });
});

describe('row 2: the lock cannot be obtained within --lock-wait-ms', () => {
  it('still answers 200 after waiting, and nothing is deleted; once released, a re-issued delete works', async () => {
    expect(
      (await call(`${sb.secondaryUrl}/__sandbox/locks/${IDS.docKnife}`, { method: 'POST', json: { hold_ms: 60_000 } }))
        .status,
    ).toBe(200);
    const started = Date.now();
    const res = await del(IDS.knowledgeKitchen, IDS.docKnife);
    const waited = Date.now() - started;
    expect(res.status).toBe(200);
    expect(StatusMessageRecord.documented.parse(res.body)).toEqual({ status: true, message: 'success' });
    expect(waited).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 20);
    expect(waited).toBeLessThan(LOCK_WAIT_MS + 1000);
    // Nothing changed.
    expect((await texts(IDS.docKnife)).status).toBe(200);
    expect((await baseInfo(IDS.docKnife)).status).toBe(200);
    expect(await totalFiles(IDS.knowledgeKitchen)).toBe(3);
    // A wait that proves nothing happens: a purge would be due by now, and none may come.
    await sleep(PURGE_DELAY_MS + 100);
    expect(await knifeChunks()).toBeGreaterThan(0);
    // The caller re-issues after seeing the document still there.
    expect((await call(`${sb.secondaryUrl}/__sandbox/locks/${IDS.docKnife}`, { method: 'DELETE' })).status).toBe(200);
    expect((await del(IDS.knowledgeKitchen, IDS.docKnife)).status).toBe(200);
    expectError(await texts(IDS.docKnife), 404);
  });
});

describe('rule 1: the document must belong to the knowledge base in the path', () => {
  it('answers 404 naming both ids and changes nothing', async () => {
    const message = expectError(await del(IDS.knowledgeOffice, IDS.docKnife), 404);
    expect(message).toBe(`document ${IDS.docKnife} does not belong to knowledge base ${IDS.knowledgeOffice}`);
    expect((await texts(IDS.docKnife)).status).toBe(200);
    expect(await totalFiles(IDS.knowledgeKitchen)).toBe(3);
    expect(await totalFiles(IDS.knowledgeOffice)).toBe(2);
    // A wait that proves nothing happens: a purge would be due by now, and none may come.
    await sleep(PURGE_DELAY_MS + 100);
    expect(await knifeChunks()).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown knowledge base before looking at the lock', async () => {
    expect(expectError(await del('1', IDS.docKnife), 404)).toContain('knowledge base 1 not found');
  });
});

describe('reset', () => {
  it('brings a deleted and purged document back', async () => {
    await del(IDS.knowledgeKitchen, IDS.docKnife);
    await untilPurged();
    await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await texts(IDS.docKnife)).status).toBe(200);
    expect(await knifeChunks()).toBeGreaterThan(0);
  });
});
