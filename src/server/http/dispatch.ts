import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { matchPath, type Host } from '../../contract';
import type { Route, SandboxState } from '../handlers/types';
import { REQUEST_BOUNDS } from '../bounds';
import type { TokenCheck } from './auth';
import { checkJsonContentType, parseJsonObject, readBody } from './body';
import type { CorsPolicy } from './cors';
import { HttpError } from './errors';
import { sendError, sendJson, sendNoContent, type ErrorStyle } from './respond';
import { parseBodyOr422 } from './validate';

export interface DispatchDeps {
  host: Host;
  routes: readonly Route[];
  state: SandboxState;
  tokens: TokenCheck;
  cors: CorsPolicy;
  /** Where faults (real 500s) are reported; never given request headers. */
  logFault: (message: string, err: unknown) => void;
  /** How errors are written (default the interface's ErrorResponse). */
  errorStyle?: ErrorStyle;
}

const shown = (path: string) => (path.length > 120 ? `${path.slice(0, 120)}…` : path);

/**
 * One host's request handler. Order: CORS, preflight, route (404 / 405 before auth, as the real service's
 * router does), bearer auth, body (415, 413, 400, 422), the handler. Anything thrown that is not an
 * HttpError is a fault: logged, answered 500 without details.
 */
export function createDispatcher(deps: DispatchDeps): RequestListener {
  const { host, routes, state, tokens, cors, logFault } = deps;
  const style = deps.errorStyle ?? 'error-response';
  const own = routes.filter((r) => r.host === host);
  const others = routes.filter((r) => r.host !== host);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { origin, allowed } = cors.apply(req, res);
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : raw.slice(q + 1));
    const method = (req.method ?? 'GET').toUpperCase();

    if (method === 'OPTIONS') {
      req.resume();
      if (origin !== null && !allowed) throw new HttpError(403, `origin ${shown(origin)} is not allowed`);
      sendNoContent(res, origin === null ? {} : cors.preflightHeaders());
      return;
    }

    const matches = own.flatMap((route) => {
      const params = matchPath(route.pattern, path);
      return params === null ? [] : [{ route, params }];
    });
    if (matches.length === 0) {
      const elsewhere = others.find((r) => matchPath(r.pattern, path) !== null);
      throw new HttpError(
        404,
        elsewhere
          ? `${shown(path)} is served by the ${elsewhere.host} host, not the ${host} host`
          : `no such path: ${shown(path)}`,
        {},
        { detail: 'Not Found' },
      );
    }
    const match = matches.find((m) => m.route.method === method);
    if (match === undefined) {
      const allow = [...new Set(matches.map((m) => m.route.method))].join(', ');
      throw new HttpError(
        405,
        `method ${shown(method)} is not allowed on ${shown(path)}; allowed: ${allow}`,
        { Allow: `${allow}, OPTIONS` },
        { detail: 'Method Not Allowed' },
      );
    }
    const { route, params } = match;
    if (route.auth) tokens.verify(req);

    let body: unknown;
    if (route.bodySchema !== null) {
      checkJsonContentType(req);
      body = parseBodyOr422(route.bodySchema, parseJsonObject(await readBody(req)));
    } else {
      // A body where none is expected is ignored, but still not read past the limit.
      await readBody(req, REQUEST_BOUNDS.maxBodyBytes);
    }

    const result = await route.handle({ req, res, params, query, body, state });
    if (result !== 'streamed') sendJson(res, result.status ?? 200, result.body, result.headers);
  };

  /** Whatever happens while writing an error (a body that cannot be serialized, a logger that throws), the answer stays an answer. */
  const answerError = (req: IncomingMessage, res: ServerResponse, err: unknown) => {
    try {
      if (err instanceof HttpError) {
        sendError(res, err, style);
        return;
      }
      logFault(`fault on ${req.method ?? '?'} ${shown((req.url ?? '').split('?')[0] ?? '')}`, err);
      sendError(res, new HttpError(500, 'internal error in the sandbox (details are in its log)'), style);
    } catch (failure) {
      lastResort(res, style, () => logFault('fault while answering an error', failure));
    }
  };

  return (req, res) => {
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    handle(req, res).catch((err: unknown) => answerError(req, res, err));
  };
}

/** Fixed 500s built from nothing the request gave: the answers of last resort, which cannot throw. */
const LAST_RESORT = {
  'error-response': ['application/json; charset=utf-8', '{"code":500,"message":"internal error in the sandbox"}'],
  fastapi: ['text/plain; charset=utf-8', 'Internal Server Error'],
} as const satisfies Record<ErrorStyle, readonly [string, string]>;

function lastResort(res: ServerResponse, style: ErrorStyle, log: () => void): void {
  try {
    log();
  } catch {
    // The log is the one thing allowed to be lost here.
  }
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const [type, body] = LAST_RESORT[style];
    res.writeHead(500, {
      'Content-Type': type,
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    res.end(body);
  } catch {
    res.destroy();
  }
}
