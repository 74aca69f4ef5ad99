import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { BASE_PATH_TAG, basePath, distDir } from './support/target';
import {
  NGINX,
  sendRaw,
  startNginx,
  startRecordingUpstream,
  type NginxHandle,
  type RecordingUpstream,
} from './support/nginx';
import { DS, KB } from './support/demo-ids.mjs';

/**
 * README's nginx configuration, tested: the build this pass serves (at / and, in the sub-path pass, under /kc/),
 * served by nginx with the production headers, deep links answered with index.html, and both API hosts reached
 * through the proxy, with paths forwarded as sent and the upstreams' certificates verified.
 */
const BASE = basePath;

test.describe('nginx deployment', { tag: BASE_PATH_TAG }, () => {
  let dir: string;
  let nginx: NginxHandle | undefined;
  let url: string;

  test.beforeAll(async ({ sandbox }) => {
    expect(existsSync(NGINX), 'nginx is installed by scripts/ensure-system-deps.mjs').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'kc-nginx-www-'));
    chmodSync(dir, 0o755);
    const webRoot = join(dir, 'www');
    const out = join(webRoot, BASE);
    // A copy of this pass's build, so the config.json written below stays out of the shared build folder.
    cpSync(distDir, out, { recursive: true });
    // A published YAML suite beside the build's suites/index.json and demo.json.
    writeFileSync(join(out, 'suites', 'release.yaml'), 'name: Release\nspace_id: 101\ncases: []\n');
    // The run-time configuration a team would deploy: one proxied profile, no token in the file.
    writeFileSync(
      join(out, 'config.json'),
      JSON.stringify({
        default_profile: 'prod',
        profiles: [
          {
            id: 'prod',
            name: 'Production',
            base_url: sandbox.baseUrl,
            secondary_url: sandbox.secondaryUrl,
            mode: 'proxied',
          },
        ],
      }),
    );
    nginx = await startNginx({
      webRoot,
      base: BASE,
      baseUpstream: sandbox.baseUrl,
      secondaryUpstream: sandbox.secondaryUrl,
    });
    url = nginx.url;
  });

  test.afterAll(async () => {
    await nginx?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the build’s config.json carries no token (anyone who can load the site could read it)', () => {
    const built = readFileSync(join(distDir, 'config.json'), 'utf8');
    expect(built).not.toContain('sandbox-demo-token');
    for (const profile of JSON.parse(built).profiles) expect(profile).not.toHaveProperty('token');
  });

  test('serves deep links with the security headers and reaches the service through the proxy', async ({ page }) => {
    const res = await fetch(`${url}knowledge/${KB.handbook}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${url}assets/missing.js`)).status).toBe(404);
    const config = await fetch(`${url}config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(config.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Published suites: typed, revalidated, and a missing one is a 404 (never index.html).
    const index = await fetch(`${url}suites/index.json`);
    expect(index.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect((await index.json())[0].file).toBe('demo.json');
    const yaml = await fetch(`${url}suites/release.yaml`);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect((await fetch(`${url}suites/missing.yaml`)).status).toBe(404);
    // A deployment that publishes none answers an empty list, not a 404 the browser would log.
    const published = join(dir, 'www', BASE, 'suites', 'index.json');
    const kept = readFileSync(published);
    rmSync(published);
    const none = await fetch(`${url}suites/index.json`);
    writeFileSync(published, kept);
    expect([none.status, none.headers.get('content-type'), await none.text()]).toEqual([
      200,
      'application/json; charset=utf-8',
      '[]',
    ]);

    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    await page.addInitScript(() => sessionStorage.clear());
    await page.goto(`${url}settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page runs these functions: the ids go in as arguments.
    const probe = await page.evaluate(
      async ([u, id]) => {
        const r = await fetch(`${u}__secondary/v1/knowledge/${id}`, {
          headers: { Authorization: 'Bearer sandbox-demo-token' },
        });
        return { status: r.status, body: await r.json() };
      },
      [url, KB.handbook] as const,
    );
    expect(probe.status).toBe(200);
    expect(probe.body.name).toBe('Beacon product handbook');
    const base = await page.evaluate(
      async ([u, id]) =>
        (
          await fetch(`${u}__base/v1/datasets/${id}`, {
            headers: { Authorization: 'Bearer sandbox-demo-token' },
          })
        ).status,
      [url, DS.handbook] as const,
    );
    expect(base).toBe(200);
    expect(calls.every((c) => c.startsWith(url))).toBe(true);
  });
});

/**
 * Issue 24: behind a proxy_pass with a URI part, nginx forwarded its normalised path (%2F decoded, `..` resolved),
 * so a document id could walk the path up to another resource: `…/document/..%2F..%2F..%2Fconversations%2F77`
 * reached the service as DELETE /v1/conversations/77. The service here is a recorder of the raw request target.
 */
test.describe('nginx proxied mode forwards paths as sent', { tag: BASE_PATH_TAG }, () => {
  let upstream: RecordingUpstream;
  let proxy: NginxHandle | undefined;
  let webRoot: string;

  test.beforeAll(async () => {
    upstream = await startRecordingUpstream();
    webRoot = mkdtempSync(join(tmpdir(), 'kc-nginx-empty-'));
    chmodSync(webRoot, 0o755);
    proxy = await startNginx({ webRoot, base: BASE, baseUpstream: upstream.url, secondaryUpstream: upstream.url });
  });

  test.afterAll(async () => {
    await proxy?.stop();
    await upstream?.stop();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  test('a traversal in a document id reaches the service unchanged, never as another resource', async () => {
    for (const id of [
      // Was forwarded as DELETE /v1/conversations/77.
      '..%2F..%2F..%2Fconversations%2F77',
      '..%2F..%2Fconversations%2F77',
      '%2E%2E%2F%2e%2e%2F%2E%2E%2Fconversations%2F77',
      '..',
      '%2e%2e',
    ]) {
      upstream.received.length = 0;
      const status = await sendRaw(proxy!.port, 'DELETE', `${BASE}__secondary/v1/knowledge/5/document/${id}`);
      expect(upstream.received, id).toEqual([{ method: 'DELETE', target: `/v1/knowledge/5/document/${id}` }]);
      expect(status, id).toBe(200);
    }
  });

  test('an encoded slash and the query pass as sent; a raw path outside the prefix is refused', async () => {
    upstream.received.length = 0;
    expect(await sendRaw(proxy!.port, 'GET', `${BASE}__base/v1/datasets/a%2Fb%3F?with_settings=true&x=%2F`)).toBe(200);
    expect(upstream.received).toEqual([{ method: 'GET', target: '/v1/datasets/a%2Fb%3F?with_settings=true&x=%2F' }]);
    // nginx matches the location on its normalised path (…/__secondary/v1/conversations/77), but the path as sent
    // does not start with the prefix: nothing is forwarded.
    upstream.received.length = 0;
    expect(await sendRaw(proxy!.port, 'DELETE', `${BASE}x/..%2F__secondary/v1/conversations/77`)).toBe(400);
    expect(upstream.received).toEqual([]);
  });
});

/** The bearer token of every admin crosses the hop to the service: its certificate is verified, against a bundle. */
test.describe('nginx verifies the service’s certificate', { tag: BASE_PATH_TAG }, () => {
  let dir: string;
  const started: { stop(): Promise<void> }[] = [];

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kc-nginx-tls-'));
    chmodSync(dir, 0o755);
    // A certificate of its own for localhost, in no system bundle: a private CA's, as far as nginx can tell.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    chmodSync(join(dir, 'cert.pem'), 0o644);
  });

  test.afterAll(async () => {
    for (const s of started.reverse()) await s.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('refuses a certificate the bundle does not vouch for, and trusts the bundle it is given', async () => {
    const cert = join(dir, 'cert.pem');
    const upstream = await startRecordingUpstream(
      { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(cert, 'utf8') },
      'localhost',
    );
    started.push(upstream);
    const options = { webRoot: dir, base: BASE, baseUpstream: upstream.url, secondaryUpstream: upstream.url };
    // The default bundle, the system's: the certificate is not in it, so nothing (no token) reaches the upstream.
    const systemBundle = await startNginx(options);
    started.push(systemBundle);
    expect(await sendRaw(systemBundle.port, 'GET', `${BASE}__base/v1/datasets/1`)).toBe(502);
    expect(upstream.received).toEqual([]);
    // --ca-bundle naming the certificate (a private CA's bundle): verified, and forwarded.
    const ownBundle = await startNginx({ ...options, caBundle: cert });
    started.push(ownBundle);
    expect(await sendRaw(ownBundle.port, 'GET', `${BASE}__base/v1/datasets/1`)).toBe(200);
    expect(upstream.received).toEqual([{ method: 'GET', target: '/v1/datasets/1' }]);
  });
});
