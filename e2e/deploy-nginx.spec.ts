import { execFileSync, spawnSync } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * Issue 33: the console's origin is not the service's. The browser's cookies for the console's site went on to the
 * service, a cookie the service set came back to the console's origin, and a backslash in a path (raw or %5C, which
 * some servers read as a slash) reached the service. The upstream here records each request's headers and sets a
 * cookie on every answer.
 */
test.describe('nginx proxied mode keeps cookies and backslashes away from the service', { tag: BASE_PATH_TAG }, () => {
  const received: { target: string; headers: IncomingHttpHeaders }[] = [];
  const upstream = createServer((req, res) => {
    received.push({ target: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['tracker=1; Path=/', 'session=upstream'] });
    res.end('{"ok":true}');
  });
  let proxy: NginxHandle | undefined;
  let webRoot: string;

  test.beforeAll(async () => {
    await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    webRoot = mkdtempSync(join(tmpdir(), 'kc-nginx-cookies-'));
    chmodSync(webRoot, 0o755);
    proxy = await startNginx({ webRoot, base: BASE, baseUpstream: upstreamUrl, secondaryUpstream: upstreamUrl });
  });

  test.afterAll(async () => {
    await proxy?.stop();
    await new Promise((ok) => upstream.close(ok));
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  /** A request with its path exactly as given and these headers: its status and response headers. */
  const send = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders }>((ok, fail) => {
      const req = request({ host: '127.0.0.1', port: proxy!.port, method: 'GET', path, headers }, (res) => {
        res.resume();
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', fail);
      req.end();
    });

  test('the browser’s Cookie is not forwarded and the service’s Set-Cookie is not passed back, on both hosts', async () => {
    for (const prefix of ['__base', '__secondary']) {
      received.length = 0;
      const answer = await send(`${BASE}${prefix}/v1/datasets/1`, {
        Cookie: 'console_session=secret; other=1',
        Authorization: 'Bearer t',
      });
      expect(answer.status, prefix).toBe(200);
      expect(answer.headers['set-cookie'], prefix).toBeUndefined();
      expect(received).toHaveLength(1);
      expect(received[0]!.headers.cookie, prefix).toBeUndefined();
      // What the service needs still goes: the token and the path as sent.
      expect(received[0]!.headers.authorization).toBe('Bearer t');
      expect(received[0]!.target).toBe('/v1/datasets/1');
    }
  });

  test('a backslash in the path, raw or %5C in any case, is refused by nginx (400) and never reaches the service', async () => {
    for (const prefix of ['__base', '__secondary']) {
      for (const id of ['..\\..\\conversations\\77', 'a\\b', '..%5C..%5Cconversations%5C77', '%5c', 'x%5Cy']) {
        received.length = 0;
        const answer = await send(`${BASE}${prefix}/v1/knowledge/5/document/${id}`);
        expect(answer.status, `${prefix} ${id}`).toBe(400);
        expect(received, `${prefix} ${id}`).toEqual([]);
      }
    }
    // The query is not the path: a search for a backslash still reaches the service.
    received.length = 0;
    expect((await send(`${BASE}__base/v1/datasets/1?q=%5C`)).status).toBe(200);
    expect(received.map((r) => r.target)).toEqual(['/v1/datasets/1?q=%5C']);
  });
});

/** The render script writes its arguments into nginx.conf: each is checked, and a bad one is refused with exit 2. */
test.describe('render-nginx-conf refuses arguments that would change the configuration', { tag: BASE_PATH_TAG }, () => {
  const script = join(process.cwd(), 'scripts', 'render-nginx-conf.mjs');
  const good = [
    '--root',
    '/srv/www',
    '--base-upstream',
    'https://api.example.com',
    '--secondary-upstream',
    'https://conv.example.com',
  ];
  const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

  test('a good command renders; each bad argument exits 2 with one line naming it, and writes no configuration', () => {
    const ok = run([
      ...good,
      '--base',
      '/console/',
      '--port',
      '8080',
      '--connect-src',
      "'self' https://api.example.com",
    ]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('proxy_pass https://kc_base_upstream$kc_base_rest;');
    const cases: [string[], RegExp][] = [
      [['--root', '/srv/www;\n}'], /--root .*syntax/],
      [['--root', 'srv/www'], /--root .*absolute path/],
      [['--base', '/console/ { return 200; }'], /--base .*syntax/],
      [['--base', '/../etc/'], /--base .*path/],
      [['--port', '8080; include /etc/passwd'], /--port .*syntax/],
      [['--port', '99999'], /--port .*1–65535/],
      [['--base-upstream', 'https://api.example.com/x;\nlocation / {'], /--base-upstream .*syntax/],
      [['--base-upstream', 'https://api.example.com\t'], /--base-upstream .*syntax/],
      [['--base-upstream', 'ftp://api.example.com'], /--base-upstream .*http or https/],
      [['--secondary-upstream', 'https://user:pw@conv.example.com'], /--secondary-upstream .*only/],
      [['--secondary-upstream', 'https://conv.example.com/a%20b'], /--secondary-upstream .*path/],
      [['--connect-src', "https://x.example.com; script-src 'unsafe-inline'"], /--connect-src .*syntax/],
      [['--connect-src', 'https://x.example.com,https://y.example.com'], /--connect-src .*CSP source/],
      [['--ca-bundle', '/etc/ssl/{x}.pem'], /--ca-bundle .*syntax/],
      [['--ca-bundle', 'bundle.pem'], /--ca-bundle .*absolute path/],
      [['--proxy-pass', 'x'], /unknown argument "--proxy-pass"/],
      [['--port'], /--port needs a value/],
    ];
    for (const [args, message] of cases) {
      // The bad argument replaces the good one of the same name (or is added).
      const withBad = [...good];
      const at = withBad.indexOf(args[0]!);
      if (at >= 0) withBad.splice(at, 2);
      const result = run([...withBad, ...args]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
    expect(run(good.slice(2)).stderr).toMatch(/--root is required/);
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
