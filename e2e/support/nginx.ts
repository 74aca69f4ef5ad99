import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { renderNginxConf } from '../../scripts/render-nginx-conf.mjs';

/** deploy/nginx.conf, rendered and run: what README's deployment section ships, in front of any upstream. */
export const NGINX = '/usr/sbin/nginx';
const root = resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => ok(port));
    });
  });
}

export interface NginxHandle {
  /** The console's address under nginx, with its base path. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** Served at `base` (a copy of the build, or an empty folder when only the proxy is tested). */
  webRoot: string;
  base: string;
  baseUpstream: string;
  secondaryUpstream: string;
  caBundle?: string;
}

/** Starts nginx on a free port with the rendered configuration; resolves once it answers. */
export async function startNginx(options: NginxOptions): Promise<NginxHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'kc-nginx-'));
  // nginx's workers drop root's rights: the files must be readable by others, as on a real host.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = renderNginxConf({
    port: `127.0.0.1:${port}`,
    root: options.webRoot,
    base: options.base,
    baseUpstream: options.baseUpstream,
    secondaryUpstream: options.secondaryUpstream,
    ...(options.caBundle ? { caBundle: options.caBundle } : {}),
  });
  mkdirSync(join(dir, 'logs'));
  writeFileSync(join(dir, 'nginx.conf'), conf);
  // Through scripts/exit-with-parent.mjs: nginx stops with this worker even if the run is killed.
  const nginx: ChildProcess = spawn(
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
  const url = `http://127.0.0.1:${port}${options.base}`;
  // Polled, bounded: ready as soon as nginx answers (anything, a 404 of an empty root included).
  await expect
    .poll(
      () =>
        fetch(url).then(
          () => true,
          () => false,
        ),
      { timeout: 10_000, intervals: [50, 100, 200] },
    )
    .toBe(true);
  return {
    url,
    port,
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((ok) => nginx.once('exit', ok));
        nginx.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A request as an upstream received it: the method and the request target exactly as it came on the wire. */
export interface Received {
  method: string;
  target: string;
}

export interface RecordingUpstream {
  url: string;
  received: Received[];
  stop(): Promise<void>;
}

/**
 * An upstream that answers 200 to everything and records each request's raw target (Node does not normalise
 * `req.url`). `tls`: served over https with that key and certificate.
 */
export async function startRecordingUpstream(
  tls?: { key: string; cert: string },
  /** The name its URL uses (listening on 127.0.0.1 either way). */
  hostname = '127.0.0.1',
): Promise<RecordingUpstream> {
  const received: Received[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    received.push({ method: req.method ?? '', target: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
  const server = tls ? createHttpsServer(tls, handler) : createHttpServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://${hostname}:${port}`,
    received,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * Sends a request with its path exactly as given (fetch and browsers resolve `..` and `%2e%2e` before sending; a
 * client that does not is what the proxy must withstand). Resolves with the status.
 */
export function sendRaw(port: number, method: string, path: string): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}
