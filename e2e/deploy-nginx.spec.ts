import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect } from './fixtures';
import { BASE_PATH_TAG, basePath, distDir } from './support/target';
import { renderNginxConf } from '../scripts/render-nginx-conf.mjs';

/**
 * README's nginx configuration, tested: the build this pass serves (at / and, in the sub-path pass, under /kc/),
 * served by nginx with the production headers, deep links answered with index.html, and both API hosts reached
 * through the proxy.
 */
const NGINX = '/usr/sbin/nginx';
const BASE = basePath;
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

test.describe('nginx deployment', { tag: BASE_PATH_TAG }, () => {
  let dir: string;
  let nginx: ChildProcess | undefined;
  let url: string;

  test.beforeAll(async ({ sandbox }) => {
    expect(existsSync(NGINX), 'nginx is installed by scripts/ensure-system-deps.mjs').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'kc-nginx-'));
    // nginx's workers drop root's rights: the files must be readable by others, as on a real host.
    chmodSync(dir, 0o755);
    const webRoot = join(dir, 'www');
    const out = join(webRoot, BASE);
    // A copy of this pass's build, so the config.json written below stays out of the shared build folder.
    cpSync(distDir, out, { recursive: true });
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
    const port = await freePort();
    const conf = renderNginxConf({
      port: `127.0.0.1:${port}`,
      root: webRoot,
      base: BASE,
      baseUpstream: sandbox.baseUrl,
      secondaryUpstream: sandbox.secondaryUrl,
    });
    mkdirSync(join(dir, 'logs'));
    writeFileSync(join(dir, 'nginx.conf'), conf);
    // Through scripts/exit-with-parent.mjs: nginx stops with this worker even if the run is killed.
    nginx = spawn(
      process.execPath,
      [
        resolve(root, 'scripts/exit-with-parent.mjs'),
        NGINX,
        '-p',
        dir,
        '-c',
        join(dir, 'nginx.conf'),
        '-e',
        join(dir, 'logs', 'error.log'),
        '-g',
        `daemon off; pid ${join(dir, 'nginx.pid')};`,
      ],
      { stdio: 'inherit' },
    );
    url = `http://127.0.0.1:${port}${BASE}`;
    // Polled, bounded: ready as soon as nginx answers.
    await expect
      .poll(
        () =>
          fetch(url).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 10_000, intervals: [50, 100, 200] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((ok) => nginx!.once('exit', ok));
      nginx.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('serves deep links with the security headers and reaches the service through the proxy', async ({ page }) => {
    const res = await fetch(`${url}knowledge/631506272047205`);
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

    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    await page.addInitScript(() => sessionStorage.clear());
    await page.goto(`${url}settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const probe = await page.evaluate(async (u) => {
      const r = await fetch(`${u}__secondary/v1/knowledge/631506272047205`, {
        headers: { Authorization: 'Bearer sandbox-demo-token' },
      });
      return { status: r.status, body: await r.json() };
    }, url);
    expect(probe.status).toBe(200);
    expect(probe.body.name).toBe('Beacon product handbook');
    const base = await page.evaluate(
      async (u) =>
        (
          await fetch(`${u}__base/v1/datasets/731506272047301`, {
            headers: { Authorization: 'Bearer sandbox-demo-token' },
          })
        ).status,
      url,
    );
    expect(base).toBe(200);
    expect(calls.every((c) => c.startsWith(url))).toBe(true);
  });
});
