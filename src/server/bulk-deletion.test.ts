import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeReadRecord, StatusMessageRecord } from '../contract';
import type { RunningSandbox } from './sandbox';
import { TOKEN, call, startTestSandbox } from './test-support';

/** A knowledge base of 1,000 small documents, deleted as a bulk removal would: 8 at a time, each confirmed by a read. */
const N = 1_000;
const CONCURRENCY = 8;
const KNOWLEDGE = '610000000000001';
const documentId = (i: number) => String(710000000000000 + i);

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({
    purgeDelayMs: 50,
    fixture: {
      tokens: [TOKEN],
      agents: [],
      datasets: [{ dataset_id: '510000000000001', name: 'Bulk', chunk_size: 256, chunk_overlap: 0 }],
      knowledge: [{ knowledge_id: KNOWLEDGE, dataset_id: '510000000000001', name: 'Bulk' }],
      documents: Array.from({ length: N }, (_, i) => ({
        document_id: documentId(i),
        knowledge_id: KNOWLEDGE,
        name: `doc-${i}.md`,
        text: `Document ${i} of the bulk removal test.`,
      })),
      conversations: [],
      spaces: [],
    },
  });
});
afterAll(() => sb.close());

/** Runs `fn` over 0..n-1 with at most `limit` calls in flight. */
async function pool(n: number, limit: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

describe('sandbox under a bulk removal', () => {
  it(`${N} deletions at concurrency ${CONCURRENCY}: every one accepted, then confirmed by base info and total_files`, async () => {
    const totalBefore = KnowledgeReadRecord.documented.parse(
      (await call(`${sb.secondaryUrl}/v1/knowledge/${KNOWLEDGE}`)).body,
    ).total_files;
    expect(totalBefore).toBe(N);
    const statuses: number[] = [];
    await pool(N, CONCURRENCY, async (i) => {
      const res = await call(`${sb.secondaryUrl}/v1/knowledge/${KNOWLEDGE}/document/${documentId(i)}`, {
        method: 'DELETE',
      });
      statuses.push(res.status);
      expect(StatusMessageRecord.documented.parse(res.body)).toEqual({ status: true, message: 'success' });
    });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const stillThere: string[] = [];
    await pool(N, CONCURRENCY, async (i) => {
      const res = await call(`${sb.baseUrl}/v1/documents/query-base`, {
        method: 'POST',
        json: { document_id: documentId(i) },
      });
      if (res.status !== 404) stillThere.push(documentId(i));
    });
    expect(stillThere).toEqual([]);
    expect(
      KnowledgeReadRecord.documented.parse((await call(`${sb.secondaryUrl}/v1/knowledge/${KNOWLEDGE}`)).body)
        .total_files,
    ).toBe(0);
    // Counted where they arrive, one per document (GET /__sandbox/delete-calls), refused ones too.
    await call(`${sb.secondaryUrl}/v1/knowledge/${KNOWLEDGE}/document/${documentId(0)}`, { method: 'DELETE' });
    const { calls } = (await call(`${sb.secondaryUrl}/__sandbox/delete-calls`)).body as {
      calls: Record<string, number>;
    };
    expect(Object.keys(calls)).toHaveLength(N);
    expect(Object.entries(calls).filter(([id, n]) => n !== (id === documentId(0) ? 2 : 1))).toEqual([]);
  }, 60_000);
});
