import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { DATASET_SAMPLE, json, profileFor } from '../../lib/test-support/http-server';
import { useTestServer } from '../test-support/use-test-server';
import { createQueryClient, isRetryableError, retryDelayMs } from './client';
import { chatCompletion } from './mutations';
import { datasetQuery, knowledgeQuery } from './options';

const server = useTestServer();

describe('query retry policy against a real server', () => {
  it('retries a 503 three times (4 calls) and then fails', async () => {
    server.handle((_, res) => json(res, 503, { code: 503, message: 'busy' }));
    const client = createQueryClient({ retryBaseDelayMs: 5 });
    const error = await client
      .fetchQuery(datasetQuery('ds1', { profile: profileFor(server.url) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(server.received).toHaveLength(4);
  });

  it('succeeds when a 5xx clears up before the retries run out', async () => {
    let calls = 0;
    server.handle((_, res) => (++calls < 3 ? json(res, 500, 'oops') : json(res, 200, DATASET_SAMPLE)));
    const client = createQueryClient({ retryBaseDelayMs: 5 });
    const result = await client.fetchQuery(datasetQuery('ds1', { profile: profileFor(server.url) }));
    expect(result.record.name).toBe('Handbook');
    expect(server.received).toHaveLength(3);
  });

  it('does not retry a 404', async () => {
    server.handle((_, res) => json(res, 404, { code: 404, message: 'not found' }));
    const client = createQueryClient({ retryBaseDelayMs: 5 });
    await expect(client.fetchQuery(datasetQuery('ds1', { profile: profileFor(server.url) }))).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
    expect(server.received).toHaveLength(1);
  });

  it('sends a chat completion once even when it fails with a 503', async () => {
    server.handle((_, res) => json(res, 503, { code: 503, message: 'busy' }));
    const client = createQueryClient({ retryBaseDelayMs: 5 });
    const profile = profileFor(server.url);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: (message: string) => chatCompletion('space1', { session_id: 's', message }, undefined, { profile }),
    });
    await expect(mutation.execute('hello')).rejects.toMatchObject({ status: 503 });
    expect(server.received).toHaveLength(1);
  });

  it('keys start with the profile id so profiles never share a cached answer', () => {
    const a = knowledgeQuery('k1', { profile: profileFor('http://a', { id: 'a' }), withSettings: true });
    const b = knowledgeQuery('k1', { profile: profileFor('http://b', { id: 'b' }) });
    expect(a.queryKey).toEqual(['a', 'knowledge', 'k1', { withSettings: true, param: 'with_settings' }]);
    expect(b.queryKey[0]).toBe('b');
  });

  it('sends the with-settings parameter and reads the variant without extra-field drift', async () => {
    server.handle((_, res) => json(res, 200, { knowledge_id: 'k1', name: 'KB', settings: { top_k: 3 } }));
    const client = createQueryClient({ retryBaseDelayMs: 5 });
    const result = await client.fetchQuery(
      knowledgeQuery('k1', { profile: profileFor(server.url), withSettings: true, param: 'include_settings' }),
    );
    expect(server.received[0]!.url).toBe('/v1/knowledge/k1?include_settings=true');
    expect(result.drift.some((d) => d.kind === 'unknown_field')).toBe(false);
    expect(result.record).toMatchObject({ name: 'KB', settings: { top_k: 3 } });
  });

  it('backs off exponentially up to 30 s and classifies errors', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const kinds = ['network', 'timeout', 'cors', 'invalid_json', 'unusable', 'aborted'] as const;
    expect(kinds.map((kind) => isRetryableError(new ApiError({ kind, message: '' })))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(isRetryableError(new ApiError({ kind: 'http', status: 502, message: '' }))).toBe(true);
    expect(isRetryableError(new ApiError({ kind: 'http', status: 429, message: '' }))).toBe(false);
  });
});
