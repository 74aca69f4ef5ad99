import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyMiddleware, isLoopbackHostname, normaliseBase, parseAllowList } from './proxy-plugin';

// A real upstream service and a real proxy server, both on free loopback ports.
let upstream: Server;
let proxy: Server;
let upstreamUrl = '';
let proxyUrl = '';
let releaseStream: () => void = () => {};

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/v1/stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: {"type":"stream","message":"first"}\n\n');
      // The second event waits until the test has seen the first: proves nothing is buffered.
      releaseStream = () => res.end('data: [DONE]\n\n');
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  upstreamUrl = await listen(upstream);
  const middleware = createProxyMiddleware({ base: '/kc/', allow: [] });
  proxy = http.createServer((req, res) => middleware(req, res, () => res.writeHead(404).end('not proxied')));
  proxyUrl = await listen(proxy);
});

afterAll(() => {
  upstream.closeAllConnections();
  upstream.close();
  proxy.closeAllConnections();
  proxy.close();
});

describe('proxy middleware', () => {
  it('forwards method, path, query, body and headers, minus host and the target header', async () => {
    const res = await fetch(`${proxyUrl}/kc/__base/v1/documents/query-base?x=1`, {
      method: 'POST',
      headers: {
        'X-KC-Target': `${upstreamUrl}/api/`,
        Authorization: 'Bearer t0k',
        'content-type': 'application/json',
      },
      body: '{"document_id":"7"}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    const echo = (await res.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(echo).toMatchObject({
      method: 'POST',
      url: '/api/v1/documents/query-base?x=1',
      body: '{"document_id":"7"}',
    });
    expect(echo.headers.authorization).toBe('Bearer t0k');
    expect(echo.headers['x-kc-target']).toBeUndefined();
    expect(echo.headers.host).toBe(new URL(upstreamUrl).host);
  });

  it('leaves other paths alone, including the prefix without the base path', async () => {
    const res = await fetch(`${proxyUrl}/__secondary/v1/x`, { headers: { 'X-KC-Target': upstreamUrl } });
    expect(res.status).toBe(404);
  });

  it('answers 400 with an ErrorResponse when the target header is missing', async () => {
    const res = await fetch(`${proxyUrl}/kc/__secondary/v1/knowledge/1`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/X-KC-Target/);
  });

  it('answers 403 for a non-loopback or non-http target', async () => {
    for (const target of ['http://10.1.2.3:8787', 'https://kb.example.com', 'file:///etc/passwd']) {
      const res = await fetch(`${proxyUrl}/kc/__base/v1/datasets/1`, { headers: { 'X-KC-Target': target } });
      expect(res.status, target).toBe(403);
      expect(((await res.json()) as { code: number }).code).toBe(403);
    }
  });

  it('answers 502 marked unreachable when nothing listens at the target', async () => {
    const closed = http.createServer();
    const url = await listen(closed);
    await new Promise((r) => closed.close(r));
    const res = await fetch(`${proxyUrl}/kc/__base/v1/datasets/1`, { headers: { 'X-KC-Target': url } });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-kc-proxy-error')).toBe('unreachable');
  });

  it('streams server-sent events through before the upstream answer ends', async () => {
    const res = await fetch(`${proxyUrl}/kc/__base/v1/stream`, { headers: { 'X-KC-Target': `${upstreamUrl}/api` } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"first"');
    releaseStream();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('[DONE]');
  });
});

describe('proxy settings', () => {
  it('accepts only loopback hostnames by default', () => {
    expect(['127.0.0.1', 'localhost', '[::1]', '127.8.0.2', 'api.localhost'].every(isLoopbackHostname)).toBe(true);
    expect(['10.0.0.1', 'example.com', '128.0.0.1', 'localhost.example.com'].some(isLoopbackHostname)).toBe(false);
  });

  it('reads KC_PROXY_ALLOW into origins and reports bad entries', () => {
    const warnings: string[] = [];
    expect(
      parseAllowList('https://kb.example.com/path, http://10.0.0.5:8787 ,ftp://x, nonsense', (w) => warnings.push(w)),
    ).toEqual(['https://kb.example.com', 'http://10.0.0.5:8787']);
    expect(warnings).toHaveLength(2);
  });

  it('normalises the base path', () => {
    expect([undefined, '', '/', 'kc', '/kc', '/kc/', '/a/b//'].map(normaliseBase)).toEqual([
      '/',
      '/',
      '/',
      '/kc/',
      '/kc/',
      '/kc/',
      '/a/b/',
    ]);
  });
});
