import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from './client';
import { ApiError } from './errors';
import { hostUrl, TARGET_HEADER } from './host';
import { requestLog } from '../../lib/log/request-log';
import { catalogStore } from '../../lib/catalog';
import { closedPortUrl, DATASET_SAMPLE, json, profileFor } from '../../lib/test-support/http-server';
import { useTestServer } from '../test-support/use-test-server';

const server = useTestServer();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('callEndpoint', () => {
  it('sends the bearer token and JSON, and returns the parsed record without drift', async () => {
    // The answer comes 50 ms late, so the measured duration can be checked.
    server.handle((_, res) => setTimeout(() => json(res, 200, DATASET_SAMPLE), 50));
    const result = await callEndpoint('getDataset', {
      params: { dataset_id: 'ds 1&x' },
      profile: profileFor(server.url),
    });
    const req = server.received[0]!;
    expect(req.headers.authorization).toBe('Bearer tok-SECRET-123');
    expect(req.headers.accept).toBe('application/json');
    expect(req.method).toBe('GET');
    // The id is encoded so it cannot change the path's shape.
    expect(req.url).toBe('/v1/datasets/ds%201%26x');
    expect(result.status).toBe(200);
    expect(result.drift).toEqual([]);
    expect(result.record.smart_indexing_enabled).toBe(true);
    expect(result.record.chunk_size).toBe(512);
    expect(result.raw).toEqual(DATASET_SAMPLE);
    // Timers may fire a millisecond early; the call cannot have taken less than the delay otherwise.
    expect(result.durationMs).toBeGreaterThanOrEqual(48);
  });

  it('sends nothing for an id that would change the path, and says why', async () => {
    server.handle((_, res) => json(res, 200, DATASET_SAMPLE));
    for (const id of ['..', '.', '1/../2', '1?x', '1#x', '1\\2', '1\u0000']) {
      const error = await callEndpoint('getDataset', {
        params: { dataset_id: id },
        profile: profileFor(server.url),
      }).catch((e: unknown) => e);
      expect(error, id).toMatchObject({ kind: 'invalid_request', message: expect.stringContaining('refused') });
    }
    expect(server.received).toEqual([]);
  });

  it('remembers the ids an answer reveals in the catalog, under the profile that asked', async () => {
    server.handle((_, res) => json(res, 200, { knowledge_id: 'k-77', name: 'Handbook', dataset_id: 'ds-88' }));
    const profile = profileFor(server.url);
    await callEndpoint('getKnowledge', { params: { knowledge_id: 'k-77' }, profile });
    expect(catalogStore.get(profile.id, 'knowledge', 'k-77')).toMatchObject({
      label: 'Handbook',
      lastRecord: { name: 'Handbook' },
    });
    expect(catalogStore.get(profile.id, 'dataset', 'ds-88')).toMatchObject({ id: 'ds-88' });
    expect(JSON.stringify(catalogStore.getSnapshot())).not.toContain(profile.token);
  });

  it('sends a validated JSON body with its content type', async () => {
    server.handle((_, res) => json(res, 200, { name: 'a.pdf', description: '', url: 'http://x/a.pdf' }));
    const result = await callEndpoint('queryDocumentBase', {
      body: { document_id: '42' },
      profile: profileFor(server.url),
    });
    const req = server.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/documents/query-base');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ document_id: '42' });
    expect(result.record.name).toBe('a.pdf');
  });

  it('refuses a body that breaks the contract and sends nothing', async () => {
    const error = await failure(
      callEndpoint('updateConversation', {
        params: { conversation_id: 'c1' },
        body: { title: 'x'.repeat(129) },
        profile: profileFor(server.url),
      }),
    );
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toBe('title must be at most 128 characters');
    expect(server.received).toHaveLength(0);
  });

  it('maps an ErrorResponse to status, code and message', async () => {
    server.handle((_, res) => json(res, 404, { code: 40401, message: 'dataset not found' }));
    const error = await failure(
      callEndpoint('getDataset', { params: { dataset_id: 'nope' }, profile: profileFor(server.url) }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      code: 40401,
      serviceMessage: 'dataset not found',
      endpoint: 'getDataset',
    });
    expect(error.rawBody).toBe('{"code":40401,"message":"dataset not found"}');
    expect(error.message).toBe('Get dataset failed with HTTP 404: dataset not found (code 40401).');
    expect(requestLog.getEntries()[0]?.drift).toEqual([]);
  });

  it("reads FastAPI's detail as the service's message; the other dialect is a drift note in the log only", async () => {
    server.handle((_, res) => json(res, 404, { detail: 'Dataset 77999 not found' }));
    const error = await failure(
      callEndpoint('getDataset', { params: { dataset_id: '77999' }, profile: profileFor(server.url) }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 404, serviceMessage: 'Dataset 77999 not found' });
    expect(error.message).toBe('Get dataset failed with HTTP 404: Dataset 77999 not found.');
    expect(error.drift).toEqual([]);
    expect(requestLog.getEntries()[0]?.drift).toEqual([
      {
        path: '$',
        kind: 'type',
        message: 'the error body is FastAPI {"detail": "…"}, not the documented ErrorResponse {code, message}',
      },
    ]);
  });

  it('keeps the raw body of an HTML error page and shows its title', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
    server.handle((_, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(page);
    });
    const error = await failure(
      callEndpoint('getDocumentTexts', { params: { document_id: '1' }, profile: profileFor(server.url) }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 502, rawBody: page });
    expect(error.code).toBeUndefined();
    expect(error.serviceMessage).toBe('502 Bad Gateway');
    expect(error.message).toBe('Get document full texts failed with HTTP 502: 502 Bad Gateway.');
  });

  it('reports drift (chunk_size 4096, an unknown field) and still returns the data', async () => {
    server.handle((_, res) => json(res, 200, { ...DATASET_SAMPLE, chunk_size: 4096, shard: 'eu-1' }));
    const result = await callEndpoint('getDataset', { params: { dataset_id: 'ds1' }, profile: profileFor(server.url) });
    expect(result.record.chunk_size).toBe(4096);
    expect(result.drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.chunk_size', kind: 'range' }),
        expect.objectContaining({ path: '$.shard', kind: 'unknown_field' }),
      ]),
    );
    expect(requestLog.getEntry(result.logId)?.drift).toEqual(result.drift);
  });

  it('gives invalid_json with the raw text for a 2xx that is not JSON', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"name": "truncated');
    });
    const error = await failure(
      callEndpoint('getDataset', { params: { dataset_id: 'ds1' }, profile: profileFor(server.url) }),
    );
    expect(error).toMatchObject({ kind: 'invalid_json', status: 200, rawBody: '{"name": "truncated' });
    expect(requestLog.getEntries()[0]?.errorKind).toBe('invalid_json');
  });

  it('gives unusable with raw body and drift when a required field is missing', async () => {
    server.handle((_, res) => json(res, 200, { document_id: 7 }));
    const error = await failure(
      callEndpoint('getDocumentTexts', { params: { document_id: '7' }, profile: profileFor(server.url) }),
    );
    expect(error.kind).toBe('unusable');
    expect(error.rawBody).toBe('{"document_id":7}');
    expect(error.drift).toEqual([expect.objectContaining({ path: '$.document_contents', kind: 'missing' })]);
  });

  it('tells a timeout from a caller abort', async () => {
    server.handle(() => {
      // Never answers.
    });
    const profile = profileFor(server.url);
    const timedOut = await failure(
      callEndpoint('getDataset', { params: { dataset_id: 'slow' }, profile, timeoutMs: 200 }),
    );
    expect(timedOut.kind).toBe('timeout');
    expect(timedOut.message).toContain('within 0.2 s');

    const controller = new AbortController();
    const pending = callEndpoint('getDataset', {
      params: { dataset_id: 'slow' },
      profile,
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    setTimeout(() => controller.abort(), 50);
    const aborted = await failure(pending);
    expect(aborted.kind).toBe('aborted');
    expect(requestLog.getEntries().map((e) => e.errorKind)).toEqual(['timeout', 'aborted']);
  });

  it('tells a network failure (closed port) from a timeout', async () => {
    const url = await closedPortUrl();
    const started = performance.now();
    const error = await failure(
      callEndpoint('getDataset', { params: { dataset_id: 'x' }, profile: profileFor(url), timeoutMs: 5_000 }),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`Could not reach the base host (${url})`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('fails with no_profile when there is no profile, sending nothing', async () => {
    const error = await failure(callEndpoint('getDataset', { params: { dataset_id: 'x' }, profile: null }));
    expect(error.kind).toBe('no_profile');
  });

  it('refuses a token that cannot go in a header instead of calling it a network failure', async () => {
    const error = await failure(
      callEndpoint('getDataset', { params: { dataset_id: 'x' }, profile: profileFor(server.url, { token: 'tökén' }) }),
    );
    expect(error.kind).toBe('invalid_request');
    expect(server.received).toHaveLength(0);
  });

  it('in proxied mode calls the console origin under /__base with the real target in X-KC-Target', async () => {
    // The test server plays the console's proxy: location is the page's origin in a browser.
    vi.stubGlobal('location', { origin: server.url });
    server.handle((_, res) => json(res, 200, DATASET_SAMPLE));
    const profile = profileFor('http://service.example:9000/', {
      mode: 'proxied',
      secondary_url: 'http://other.example',
    });
    expect(hostUrl(profile, 'secondary')).toBe(`${server.url}/__secondary`);
    await callEndpoint('getDataset', { params: { dataset_id: 'ds1' }, profile });
    const req = server.received[0]!;
    expect(req.url).toBe('/__base/v1/datasets/ds1');
    expect(req.headers[TARGET_HEADER.toLowerCase()]).toBe('http://service.example:9000');
    const entry = requestLog.getEntries()[0]!;
    expect(entry.targetUrl).toBe('http://service.example:9000/v1/datasets/ds1');
  });

  it('reports unreachable when the proxy says it could not reach the target', async () => {
    vi.stubGlobal('location', { origin: server.url });
    server.handle((_, res) => {
      res.writeHead(502, { 'X-KC-Proxy-Error': 'unreachable', 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 502, message: 'The proxy could not reach http://10.0.0.1: ECONNREFUSED' }));
    });
    const error = await failure(
      callEndpoint('getDataset', {
        params: { dataset_id: 'x' },
        profile: profileFor('http://10.0.0.1', { mode: 'proxied' }),
      }),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
