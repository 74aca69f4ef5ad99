import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStore } from '../../lib/catalog';
import { json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import { RETRIEVAL_PROBE_USER, documentsOfPieces, runRetrievalProbe } from './retrieval-probe';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_, res) =>
    json(res, 200, {
      message_id: '1',
      conversation_id: '555',
      user_message: 'q',
      assistant_message: 'a',
      document_chunks: [
        { document_id: '11', document_name: 'b.md', dataset_id: '7', chunk_index: 2, content: 'two', score: 0.4 },
        { document_id: '12', document_name: 'c.md', dataset_id: '7', content: 'no score' },
        { document_id: '10', document_name: 'a.md', dataset_id: '7', chunk_index: 0, content: 'one', score: 0.9 },
        { document_id: '11', document_name: 'b.md', dataset_id: '7', chunk_index: 5, content: 'five', score: 0.6 },
      ],
      token_usage: {
        model_name: 'm',
        total_tokens: 42,
        prompt_tokens: 40,
        completion_tokens: 2,
        successful_requests: 1,
      },
    }),
  );
});
afterAll(() => server.close());

describe('the retrieval probe', () => {
  it('asks one JSON completion restricted to the dataset, with nothing that changes retrieval', async () => {
    const profile = profileFor(server.url, { id: 'probe' });
    const result = await runRetrievalProbe({
      profile,
      spaceId: '101',
      probe: { question: 'How long?', datasetId: '7' },
    });
    const sent = server.received.at(-1)!;
    expect(sent.url).toBe('/v1/spaces/completions/101');
    const body = JSON.parse(sent.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      message: 'How long?',
      dataset_id: '7',
      stream: false,
      refine_question: false,
      retrieval_with_websearch: false,
      external_user_id: RETRIEVAL_PROBE_USER,
    });
    expect(body).not.toHaveProperty('conversation_id');
    expect(String(body.session_id)).toMatch(/^retrieval-probe-/);
    // Best score first; a piece without a score after the scored ones.
    expect(result.pieces.map((p) => [p.rank, p.documentId, p.score])).toEqual([
      [1, '10', 0.9],
      [2, '11', 0.6],
      [3, '11', 0.4],
      [4, '12', undefined],
    ]);
    expect(documentsOfPieces(result.pieces)).toEqual([
      { documentId: '10', documentName: 'a.md', bestRank: 1, bestScore: 0.9, pieces: 1 },
      { documentId: '11', documentName: 'b.md', bestRank: 2, bestScore: 0.6, pieces: 2 },
      { documentId: '12', documentName: 'c.md', bestRank: 4, bestScore: undefined, pieces: 1 },
    ]);
    expect(result.usage?.total_tokens).toBe(42);
    // The documents it met are kept with their dataset; the conversation a probe may open is not.
    expect(catalogStore.get('probe', 'document', '11')).toMatchObject({ label: 'b.md', datasetId: '7' });
    expect(catalogStore.list('probe', 'conversation')).toEqual([]);
  });
});
