import type { IncomingMessage } from 'node:http';
import { REQUEST_BOUNDS } from '../bounds';
import { HttpError, type FastApiForm } from './errors';

/** 415 unless the request says it carries UTF-8 JSON. */
export function checkJsonContentType(req: IncomingMessage): void {
  const header = req.headers['content-type'];
  if (header === undefined || header.trim() === '') {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  const [mediaType = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') {
    throw new HttpError(415, `Content-Type must be application/json, not ${mediaType.slice(0, 64) || 'empty'}`);
  }
  for (const param of params) {
    const [name, value = ''] = param.split('=').map((s) => s.trim());
    if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8' && value.replace(/"/g, '') !== 'utf8') {
      throw new HttpError(415, 'Content-Type charset must be utf-8');
    }
  }
}

/**
 * Reads the body, refusing past `maxBytes`: a declared Content-Length over it is refused before a byte is read,
 * an undeclared one as soon as it passes the limit. Either way nothing more is buffered; the rest is discarded
 * (so a client still sending can read the 413) up to a cap, then the socket is cut.
 */
export function readBody(req: IncomingMessage, maxBytes: number = REQUEST_BOUNDS.maxBodyBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const tooLarge = () => new HttpError(413, `request body is larger than ${maxBytes} bytes`, { Connection: 'close' });
    if (Number.isFinite(declared) && declared > maxBytes) {
      discardRest(req, 0);
      reject(tooLarge());
      return;
    }
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        cleanup();
        discardRest(req, size);
        reject(tooLarge());
        return;
      }
      parts.push(chunk);
    };
    const onEnd = () => {
      if (done) return;
      done = true;
      cleanup();
      resolve(Buffer.concat(parts, size));
    };
    const onError = (err: Error) => {
      if (done) return;
      done = true;
      cleanup();
      reject(new HttpError(400, `request body could not be read: ${err.message}`));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function discardRest(req: IncomingMessage, alreadyRead: number): void {
  let seen = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > REQUEST_BOUNDS.maxDrainBytes) req.socket.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

/** FastAPI answers a body it cannot decode with a 422 `json_invalid` at the character where decoding failed. */
const jsonInvalid = (position: number, error: string): FastApiForm => ({
  status: 422,
  issues: [{ type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error } }],
});

/**
 * How deep arrays and objects nest in JSON text, counted in one pass (brackets inside strings skipped), stopping as
 * soon as `cap` is passed. Malformed text is JSON.parse's to refuse; this only needs to be linear and not recursive.
 */
export function jsonDepthOver(text: string, cap: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > cap) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses a JSON body; 400 for malformed JSON or nesting past the cap, 422 when it is not an object. */
export function parseJsonObject(
  buffer: Buffer,
  maxDepth: number = REQUEST_BOUNDS.maxBodyDepth,
): Record<string, unknown> {
  if (buffer.length === 0)
    throw new HttpError(
      422,
      'a JSON object body is required',
      {},
      {
        issues: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }],
      },
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new HttpError(400, 'request body is not valid UTF-8', {}, jsonInvalid(0, 'invalid UTF-8'));
  }
  if (jsonDepthOver(text, maxDepth)) {
    const message = `request body nests arrays/objects deeper than ${maxDepth} levels (the sandbox's cap)`;
    throw new HttpError(400, message, {}, { detail: message });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 200) : 'parse error';
    const at = /position (\d+)/.exec(reason);
    throw new HttpError(400, `malformed JSON: ${reason}`, {}, jsonInvalid(at ? Number(at[1]) : 0, reason));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(
      422,
      `the body must be a JSON object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      {},
      {
        issues: [
          {
            type: 'model_attributes_type',
            loc: ['body'],
            msg: 'Input should be a valid dictionary or object to extract fields from',
            input: value,
          },
        ],
      },
    );
  }
  return value as Record<string, unknown>;
}
