import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Plugin } from 'vite';
import { PROXY_ERROR_HEADER, PROXY_PREFIX, TARGET_HEADER } from '../src/api/http/host.ts';

/**
 * Proxied mode: the browser calls `${base}__base/...` and `${base}__secondary/...` on the console's own
 * origin with the real host in X-KC-Target; this forwards the call there and streams the answer back,
 * so a service that sends no CORS headers is still reachable. An open forwarder would let any page the
 * admin visits reach the admin's network, so targets are limited to loopback unless KC_PROXY_ALLOW
 * names other origins.
 */
export interface ProxyOptions {
  /** The console's base path, starting and ending with "/". */
  base: string;
  /** Origins allowed besides loopback, e.g. ["https://kb.example.com"]. */
  allow: readonly string[];
}

type Next = (err?: unknown) => void;
export type ProxyMiddleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

// Hop-by-hop headers describe one connection, not the message; they must not be forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Reads KC_PROXY_ALLOW ("https://a.example, http://10.0.0.5:8787") into origins; bad entries are reported and skipped. */
export function parseAllowList(value: string | undefined, warn: (msg: string) => void = console.warn): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      const u = new URL(entry);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
      out.push(u.origin);
    } catch {
      warn(`KC_PROXY_ALLOW: ignoring "${entry}" (expected an http(s) origin such as https://kb.example.com)`);
    }
  }
  return out;
}

export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(h);
}

/** Normalises BASE_PATH ("kc", "/kc", "/kc/") to "/kc/"; empty means "/". */
export function normaliseBase(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed || trimmed === '/') return '/';
  return `/${trimmed.replace(/^\/+|\/+$/g, '')}/`;
}

function sendError(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify({ code: status, message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

function forwardedRequestHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const listed = new Set(
    String(req.headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((s) => s.trim()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === TARGET_HEADER.toLowerCase() || HOP_BY_HOP.has(lower) || listed.has(lower))
      continue;
    if (value !== undefined) out[lower] = value;
  }
  return out;
}

function forwardedResponseHeaders(upstream: IncomingMessage): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (HOP_BY_HOP.has(name.toLowerCase()) || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/** Which host prefix a request path is under, and the rest of the path (with its query). */
function matchPrefix(url: string, base: string): { rest: string } | null {
  for (const prefix of Object.values(PROXY_PREFIX)) {
    const p = `${base}${prefix}`;
    if (url === p) return { rest: '' };
    if (url.startsWith(`${p}/`) || url.startsWith(`${p}?`)) return { rest: url.slice(p.length) };
  }
  return null;
}

export function createProxyMiddleware(options: ProxyOptions): ProxyMiddleware {
  const allowed = new Set(options.allow);
  return (req, res, next) => {
    const match = matchPrefix(req.url ?? '', options.base);
    if (!match) return next();

    const raw = req.headers[TARGET_HEADER.toLowerCase()];
    const targetText = Array.isArray(raw) ? raw[0] : raw;
    if (!targetText)
      return sendError(
        res,
        400,
        `The ${TARGET_HEADER} header is missing: proxied calls must name the service URL they are for.`,
      );
    let target: URL;
    try {
      target = new URL(targetText);
    } catch {
      return sendError(res, 400, `${TARGET_HEADER} is not a URL: ${JSON.stringify(targetText.slice(0, 200))}`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return sendError(res, 403, `The proxy forwards only http(s) targets, not ${target.protocol}`);
    }
    if (!isLoopbackHostname(target.hostname) && !allowed.has(target.origin)) {
      return sendError(
        res,
        403,
        `The proxy does not forward to ${target.origin}: only loopback targets are allowed unless KC_PROXY_ALLOW lists the origin.`,
      );
    }

    const q = match.rest.indexOf('?');
    const restPath = q === -1 ? match.rest : match.rest.slice(0, q);
    const upstreamUrl = new URL(target.origin);
    upstreamUrl.pathname = `${target.pathname.replace(/\/+$/, '')}${restPath}` || '/';
    upstreamUrl.search = q === -1 ? '' : match.rest.slice(q);

    const client = target.protocol === 'https:' ? https : http;
    const upstream = client.request(upstreamUrl, { method: req.method, headers: forwardedRequestHeaders(req) });

    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedResponseHeaders(answer));
      // Server-sent events must reach the browser as they come, not when a buffer fills.
      if (String(answer.headers['content-type'] ?? '').includes('text/event-stream')) {
        res.flushHeaders();
        res.socket?.setNoDelay(true);
      }
      answer.pipe(res);
      answer.on('error', (err) => res.destroy(err));
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy(err);
      sendError(res, 502, `The proxy could not reach ${target.origin}: ${err.code ?? err.message}`, {
        [PROXY_ERROR_HEADER]: 'unreachable',
      });
    });
    // The browser gave up (abort, timeout, closed tab): stop the upstream call too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

export function kcProxyPlugin(options: ProxyOptions): Plugin {
  const middleware = createProxyMiddleware(options);
  return {
    name: 'kc-proxy',
    // Registered directly (not in a returned post hook) so it runs before Vite's own middlewares.
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
