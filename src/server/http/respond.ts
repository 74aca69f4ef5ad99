import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from '../../contract';
import type { HttpError } from './errors';

const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * A body already serialized (and encoded): sendJson sends its bytes as they are. For answers of several MB that are
 * read again and again unchanged (a 50,000-piece document's texts), so each read skips the serializing.
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
  static of(body: unknown): JsonBytes {
    return new JsonBytes(Buffer.from(JSON.stringify(body)));
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    // A stream already started: the only honest signal left is to cut it.
    res.destroy();
    return;
  }
  const payload = body instanceof JsonBytes ? body.bytes : JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

/**
 * How errors are written: `error-response` (the interface's ErrorResponse, `code` = HTTP status) or
 * `fastapi` (FastAPI's defaults: `{"detail": "..."}`, Pydantic's `{"detail": [{type, loc, msg, input}]}` for
 * a 422, and Starlette's plain-text "Internal Server Error" for a fault).
 */
export type ErrorStyle = 'error-response' | 'fastapi';
export const ERROR_STYLES: readonly ErrorStyle[] = ['error-response', 'fastapi'];

/** Every error the sandbox sends, in the chosen style. */
export function sendError(res: ServerResponse, error: HttpError, style: ErrorStyle = 'error-response'): void {
  const headers = { ...error.headers };
  if (style === 'error-response') {
    const body: ErrorResponse = { code: error.status, message: error.message };
    sendJson(res, error.status, body, headers);
    return;
  }
  const status = error.fastapi.status ?? error.status;
  if (status === 500) {
    sendText(res, status, 'Internal Server Error', headers);
    return;
  }
  const detail = error.fastapi.issues ?? error.fastapi.detail ?? error.message;
  sendJson(res, status, { detail }, headers);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(204, { ...COMMON_HEADERS, ...headers });
  res.end();
}
