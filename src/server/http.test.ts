import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath } from '../contract';
import type { RunningSandbox } from './sandbox';
import { IDS, TOKEN, call, expectError, startTestSandbox } from './test-support';
import { REQUEST_BOUNDS } from './bounds';

let sb: RunningSandbox;
let custom: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ tokens: ['extra-cli-token'] });
  custom = await startTestSandbox({ corsOrigins: ['https://console.example'] });
});
afterAll(async () => {
  await sb.close();
  await custom.close();
});

const dataset = () => `${sb.baseUrl}/v1/datasets/${IDS.datasetKitchen}`;

describe('bearer auth', () => {
  it('answers 401 without a token, with another scheme, an unknown token, or a token of another length', async () => {
    expect(expectError(await call(dataset(), { token: null }), 401)).toContain('Authorization');
    expectError(await call(dataset(), { token: null, headers: { Authorization: `Basic ${TOKEN}` } }), 401);
    expectError(await call(dataset(), { token: 'test-tokem' }), 401); // same length, one byte off
    expectError(await call(dataset(), { token: 'x' }), 401);
    expectError(await call(dataset(), { token: 'y'.repeat(5000) }), 401);
    expectError(await call(dataset(), { token: null, headers: { Authorization: 'Bearer' } }), 401);
  });

  it('accepts every fixture token and every --token, the scheme in any case', async () => {
    expect((await call(dataset(), { token: 'a-second-accepted-token' })).status).toBe(200);
    expect((await call(dataset(), { token: 'extra-cli-token' })).status).toBe(200);
    expect((await call(dataset(), { token: null, headers: { Authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('guards every operation and the sandbox controls, but not the health probe', async () => {
    for (const e of Object.values(ENDPOINTS)) {
      const url =
        (e.host === 'base' ? sb.baseUrl : sb.secondaryUrl) +
        buildPath(e.pattern, {
          knowledge_id: '1',
          document_id: '1',
          conversation_id: '1',
          dataset_id: '1',
          space_id: '1',
        } as never);
      expectError(await call(url, { method: e.method, token: null, ...(e.request ? { json: {} } : {}) }), 401);
    }
    expectError(await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST', token: null }), 401);
    expectError(
      await call(`${sb.secondaryUrl}/__sandbox/locks/1`, { method: 'POST', token: null, json: { hold_ms: 1 } }),
      401,
    );
    const health = await call(`${sb.secondaryUrl}/__sandbox/health`, { token: null });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });
});

describe('routing', () => {
  it('answers 404 for a path of the other host, naming the right host', async () => {
    expect(expectError(await call(`${sb.secondaryUrl}/v1/datasets/${IDS.datasetKitchen}`), 404)).toContain(
      'served by the base host',
    );
    expect(expectError(await call(`${sb.baseUrl}/v1/knowledge/${IDS.knowledgeKitchen}`), 404)).toContain(
      'served by the secondary host',
    );
    expectError(await call(`${sb.baseUrl}/__sandbox/reset`, { method: 'POST' }), 404);
  });

  it('answers 404 for an unknown path and 405 (with Allow) for a wrong method', async () => {
    expectError(await call(`${sb.baseUrl}/v2/datasets/1`), 404);
    expectError(await call(`${sb.baseUrl}/`), 404);
    expectError(await call(`${sb.baseUrl}//v1/datasets/1`), 404);
    const res = await call(dataset(), { method: 'DELETE' });
    expect(expectError(res, 405)).toContain('DELETE');
    expect(res.headers.get('allow')).toContain('GET');
    expectError(await call(`${sb.secondaryUrl}/v1/conversations/1`, { method: 'GET' }), 405);
    expectError(await call(`${sb.secondaryUrl}/v1/conversations/1`, { method: 'PATCH' }), 405);
  });

  it('decodes ids: an encoded slash cannot reach another route', async () => {
    expectError(await call(`${sb.baseUrl}/v1/datasets/${encodeURIComponent('1/../2')}`), 404);
    expectError(await call(`${sb.baseUrl}/v1/datasets/%E0%A4%A`), 404);
  });
});

describe('request bodies', () => {
  const url = () => `${sb.baseUrl}/v1/documents/query-base`;

  it('answers 413 for a declared body over 1 MiB, before reading it', async () => {
    const big = JSON.stringify({ document_id: 'x'.repeat(REQUEST_BOUNDS.maxBodyBytes) });
    expect(
      expectError(
        await call(url(), { method: 'POST', body: big, headers: { 'Content-Type': 'application/json' } }),
        413,
      ),
    ).toContain('larger than');
  });

  it('answers 413 for a streamed (chunked) body once it passes 1 MiB', async () => {
    const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > REQUEST_BOUNDS.maxBodyBytes * 2) controller.close();
        else {
          sent += piece.length;
          controller.enqueue(piece);
        }
      },
    });
    const res = await fetch(url(), {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413 });
  });

  it('still serves requests after a 413', async () => {
    expect((await call(url(), { method: 'POST', json: { document_id: IDS.docKnife } })).status).toBe(200);
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });

  it('answers a preflight from a local origin with 204, Authorization among the allowed headers, without auth', async () => {
    const res = await preflight(`${sb.secondaryUrl}/v1/conversations/1`, 'http://localhost:5173');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight(`${sb.baseUrl}/v1/datasets/1`, 'http://127.0.0.1:4173')).status).toBe(204);
  });

  it('refuses a preflight from another origin with 403 and no allow-origin', async () => {
    const res = await preflight(`${sb.baseUrl}/v1/datasets/1`, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 403 });
  });

  it('labels answers (errors too) for an allowed origin and exposes X-Conversation-Id', async () => {
    const ok = await call(dataset(), { headers: { Origin: 'http://localhost:5173' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Conversation-Id');
    const denied = await call(dataset(), { token: 'bad', headers: { Origin: 'http://localhost:5173' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await call(dataset(), { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('--cors-origin replaces the default list', async () => {
    expect((await preflight(`${custom.baseUrl}/v1/datasets/1`, 'https://console.example')).status).toBe(204);
    expect((await preflight(`${custom.baseUrl}/v1/datasets/1`, 'http://localhost:5173')).status).toBe(403);
  });
});

describe('sandbox controls', () => {
  it('validate their bodies and ids', async () => {
    const lock = `${sb.secondaryUrl}/__sandbox/locks/${IDS.docKnife}`;
    expect(expectError(await call(lock, { method: 'POST', json: {} }), 422)).toContain('hold_ms');
    expect(expectError(await call(lock, { method: 'POST', json: { hold_ms: -1 } }), 422)).toContain(
      'hold_ms must be at least 0',
    );
    expectError(await call(`${sb.secondaryUrl}/__sandbox/locks/1`, { method: 'POST', json: { hold_ms: 10 } }), 404);
    expect((await call(lock, { method: 'POST', json: { hold_ms: 10 } })).status).toBe(200);
    expect((await call(lock, { method: 'DELETE' })).body).toMatchObject({ status: true });
  });
});
