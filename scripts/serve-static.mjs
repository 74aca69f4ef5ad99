#!/usr/bin/env node
// A small static host for the built console, as a production host would serve it:
// files from dist/, index.html for deep links under the base path, and the security headers of README's nginx config.
//   node scripts/serve-static.mjs [--dir dist] [--port 4173] [--base /] [--connect-src "<origins>"] [--no-csp]
//                                 [--config-file F] [--suites-dir D]
// --config-file: config.json is F's content instead of dist's (benchmarks and tests point the console at their own
// sandbox this way, without intercepting the browser's requests, which slows every request of the page).
// --suites-dir: the published suites (suites/…) come from D instead of dist's (a file not in D is a 404).
// Prints `static ready url=http://127.0.0.1:N<base>` when listening.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { securityHeaders } from './security-headers.mjs';

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4173' },
    base: { type: 'string', default: '/' },
    'connect-src': { type: 'string', default: "'self'" },
    'no-csp': { type: 'boolean', default: false },
    'config-file': { type: 'string' },
    'suites-dir': { type: 'string' },
  },
});
const dir = resolve(options.dir);
const port = Number(options.port);
const base = `/${options.base.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const connectSrc = options['connect-src'];
const withCsp = !options['no-csp'];
const configFile = options['config-file'];
const suitesDir = options['suites-dir'] ? resolve(options['suites-dir']) : undefined;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // Published suites (suites/…): YAML and CSV as text a browser shows rather than downloads.
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

if (!existsSync(join(dir, 'index.html'))) {
  console.error(`serve-static: ${dir}/index.html not found — run \`npm run build\` first.`);
  process.exit(1);
}

const headers = securityHeaders({ connectSrc, csp: withCsp });

/**
 * Each file's bytes, read once and kept while its size and time stay the same, and sent in one write with their
 * length, as nginx sends a file: streamed in 64 KB pieces without a length, the 490 KB entry took 120–230 ms to reach
 * a browser on a busy two-core machine, longer than its own download on a real network.
 */
const kept = new Map();
function bytesOf(file) {
  const { size, mtimeMs } = statSync(file);
  const hit = kept.get(file);
  if (hit && hit.size === size && hit.mtimeMs === mtimeMs) return hit.bytes;
  const bytes = readFileSync(file);
  kept.set(file, { size, mtimeMs, bytes });
  return bytes;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400, headers).end('bad path');
    return;
  }
  if (!pathname.startsWith(base) && pathname !== base.slice(0, -1)) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  const rel = pathname.slice(base.length);
  const published = suitesDir !== undefined && rel.startsWith('suites/');
  const root = published ? suitesDir : dir;
  const file = normalize(join(root, published ? rel.slice('suites/'.length) : rel));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403, headers).end('forbidden');
    return;
  }
  if (configFile && rel === 'config.json') {
    const bytes = readFileSync(configFile);
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES['.json'],
      'cache-control': 'no-store',
      'content-length': bytes.length,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  const isFile = existsSync(file) && statSync(file).isFile();
  // No suites published: an empty list rather than a 404, as deploy/nginx.conf answers (the browser logs a 404).
  if (!isFile && rel === 'suites/index.json') {
    const bytes = Buffer.from('[]');
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES['.json'],
      'cache-control': 'no-cache',
      'content-length': 2,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  // Deep links get index.html; a missing asset (it has an extension) is a real 404.
  const target = isFile ? file : extname(rel) ? null : join(dir, 'index.html');
  if (!target) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  const type = TYPES[extname(target)] ?? 'application/octet-stream';
  const cache = target.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const bytes = bytesOf(target);
  res.writeHead(200, { ...headers, 'content-type': type, 'cache-control': cache, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
});

server.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address();
  console.log(`static ready url=http://127.0.0.1:${actual}${base}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
