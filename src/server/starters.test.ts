import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './sandbox';
import { IDS, call, startTestSandbox } from './test-support';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  expect((await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const starters = () => call(`${sb.baseUrl}/__sandbox/starters`);

describe('GET /__sandbox/starters', () => {
  it("offers the running fixture's records by kind, with names, and each space's sample questions", async () => {
    const res = await starters();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      knowledge: [
        { id: IDS.knowledgeKitchen, name: 'Kitchen' },
        { id: IDS.knowledgeGlaciers, name: 'Glaciers' },
        { id: IDS.knowledgeOffice, name: 'Office' },
      ],
      document: [
        { id: IDS.docSourdough, name: 'Sourdough bread', knowledge_id: IDS.knowledgeKitchen },
        { id: IDS.docGlacier, name: 'Glacier monitoring guide', knowledge_id: IDS.knowledgeGlaciers },
        { id: IDS.docPrinter, name: 'Printer FAQ', knowledge_id: IDS.knowledgeOffice },
      ],
      conversation: [
        { id: IDS.conversationBread, name: 'Bread questions' },
        { id: IDS.conversationIce, name: 'Ice' },
      ],
      space: [
        { id: IDS.spaceKitchen, name: 'Kitchen and office', questions: [] },
        { id: IDS.spaceResearch, name: 'Research', questions: [] },
      ],
    });
    expect((res.body as { dataset: unknown[] }).dataset).toContainEqual({
      id: IDS.datasetKitchen,
      name: expect.any(String),
    });
  });

  it('does not offer a document or conversation the sandbox no longer holds', async () => {
    const del = await call(`${sb.secondaryUrl}/v1/knowledge/${IDS.knowledgeKitchen}/document/${IDS.docSourdough}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    const gone = await call(`${sb.secondaryUrl}/v1/conversations/${IDS.conversationIce}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    const body = (await starters()).body as { document: { id: string }[]; conversation: { id: string }[] };
    expect(body.document.map((d) => d.id)).toEqual([IDS.docKnife, IDS.docGlacier, IDS.docPrinter]);
    expect(body.conversation.map((c) => c.id)).toEqual([IDS.conversationBread]);
  });

  it('asks for the token, like the service', async () => {
    expect((await call(`${sb.baseUrl}/__sandbox/starters`, { token: null })).status).toBe(401);
  });
});
