import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLog } from '../../lib/log/request-log';
import { closedPortUrl, json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import { PROBE_ID, testConnection } from './test-connection';

let base: TestServer;
let secondary: TestServer;
beforeAll(async () => {
  base = await startServer();
  secondary = await startServer();
});
afterAll(async () => {
  await base.close();
  await secondary.close();
});

const guarded = (server: TestServer) =>
  server.handle((req, res) =>
    req.headers.authorization === 'Bearer good'
      ? json(res, 404, { code: 404, message: 'not found' })
      : json(res, 401, { code: 401, message: 'invalid token' }),
  );

describe('testConnection', () => {
  it('reports ok on both hosts for an accepted token, probing ids that cannot exist', async () => {
    guarded(base);
    guarded(secondary);
    const result = await testConnection(profileFor(base.url, { secondary_url: secondary.url, token: 'good' }));
    expect(result.base).toMatchObject({ kind: 'ok', status: 404, url: base.url });
    expect(result.secondary).toMatchObject({ kind: 'ok', status: 404, url: secondary.url });
    expect(base.received.at(-1)?.url).toBe(`/v1/datasets/${PROBE_ID}`);
    expect(secondary.received.at(-1)?.url).toBe(`/v1/knowledge/${PROBE_ID}`);
    expect(requestLog.getEntries().filter((e) => e.purpose === 'test-connection').length).toBeGreaterThanOrEqual(2);
  });

  it('reports token_rejected for 401 and 403 with the service message', async () => {
    guarded(base);
    secondary.handle((_, res) => json(res, 403, { code: 403, message: 'forbidden' }));
    const result = await testConnection(profileFor(base.url, { secondary_url: secondary.url, token: 'bad' }));
    expect(result.base).toMatchObject({ kind: 'token_rejected', status: 401 });
    expect(result.base.message).toContain('invalid token');
    expect(result.secondary).toMatchObject({ kind: 'token_rejected', status: 403 });
  });

  it('reports unreachable for a closed port and for a host that never answers', async () => {
    const closed = await closedPortUrl();
    secondary.handle(() => {
      // Never answers.
    });
    const result = await testConnection(profileFor(closed, { secondary_url: secondary.url }), { timeoutMs: 300 });
    expect(result.base.kind).toBe('unreachable');
    expect(result.base.message).toContain('Could not reach');
    expect(result.secondary.kind).toBe('unreachable');
    expect(result.secondary.message).toContain('within 0.3 s');
    expect(result.secondary.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('reports error for an address that is not a URL, without sending anything', async () => {
    const result = await testConnection(profileFor('not a url', { secondary_url: secondary.url }), { timeoutMs: 300 });
    expect(result.base).toMatchObject({ kind: 'error' });
    expect(result.base.message).toContain('is not a valid URL');
  });
});
