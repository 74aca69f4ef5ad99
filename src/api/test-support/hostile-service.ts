// Test support only (Node): a hostile service and a hostile grader on 127.0.0.1, the faults a CI job may meet in a
// service nobody here controls. The completion's question picks the behaviour (a word of HOSTILE_BEHAVIOURS); the
// grader's rubric picks the grader's. Endless answers stop when the client lets go (a cap or a limit did its job).
import type { ServerResponse } from 'node:http';
import { startServer, type Received, type TestServer } from '../../lib/test-support/http-server';

export const HOSTILE_BEHAVIOURS = {
  /** A stream that echoes the bearer token split across two deltas, in ANSI escapes, and in an `error` event. */
  'echo-stream': 'echo-stream',
  /** A JSON answer that echoes the token, with terminal escapes that clear the screen and retitle the window. */
  'echo-json': 'echo-json',
  /** `data: xxxx…`, one line that never ends, sent as fast as it is read. */
  'endless-line': 'endless-line',
  /** `data: ` then one byte every 50 ms: bytes arrive, no event ever completes. */
  trickle: 'trickle',
  /** The stream's headers, then silence with the connection held open. */
  stall: 'stall',
  /** A JSON answer that never ends. */
  'huge-json': 'huge-json',
  /** Complete delta events without end (64 KB each): the answer grows as long as it is read. */
  'huge-stream': 'huge-stream',
  /** A 500 whose error body never ends. */
  'endless-error': 'endless-error',
} as const;
export type HostileBehaviour = keyof typeof HOSTILE_BEHAVIOURS;

/** The grader's behaviours, picked by a word of the rubric. */
export const HOSTILE_GRADER = {
  /** A reply of 300,000 `{` after the grader's key, echoed. */
  braces: 'braces',
  /** A reply that never ends. */
  endless: 'endless',
} as const;

const tokenOf = (req: Received) => String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

/** Writes `piece()` until the client goes away, waiting for the socket to drain between writes. */
function writeForever(res: ServerResponse, piece: () => string): void {
  let open = true;
  res.on('close', () => (open = false));
  const pump = () => {
    // Until the socket's buffer is full ('drain' resumes) or the client has gone ('close').
    while (res.write(piece())) if (!open) return;
    if (open) res.once('drain', pump);
  };
  pump();
}

const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const X64K = 'x'.repeat(64 * 1024);

function completion(req: Received, res: ServerResponse): void {
  let body: { message?: string; stream?: boolean } = {};
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    // an empty body: the default behaviour
  }
  const behaviour = (Object.keys(HOSTILE_BEHAVIOURS) as HostileBehaviour[]).find((b) => body.message?.includes(b));
  const token = tokenOf(req);
  const half = Math.floor(token.length / 2);
  switch (behaviour) {
    case 'echo-stream':
      sse(res);
      res.write(event({ type: 'stream', message: `\x1b[31mYour token is ${token.slice(0, half)}` }));
      res.write(event({ type: 'stream', message: `${token.slice(half)}\x1b[0m\x1b]0;pwned\x07 \r overwritten` }));
      res.write(event({ type: 'error', message: `\x1b[2K\rinvalid credentials: Authorization: Bearer ${token}` }));
      res.end('data: [DONE]\n\n');
      return;
    case 'echo-json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          assistant_message: `\x1b[2J\x1b]0;pwned\x07You sent Bearer ${token}\x1b[0m`,
          document_chunks: [],
        }),
      );
      return;
    case 'endless-line':
      sse(res);
      res.write('data: ');
      writeForever(res, () => X64K);
      return;
    case 'trickle': {
      sse(res);
      res.write('data: ');
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'stall':
      sse(res);
      res.write(': opened\n\n');
      return;
    case 'huge-json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"assistant_message": "');
      writeForever(res, () => X64K);
      return;
    case 'huge-stream': {
      sse(res);
      const delta = event({ type: 'stream', message: X64K });
      writeForever(res, () => delta);
      return;
    }
    case 'endless-error':
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.write(`{"detail": "Bearer ${token} `);
      writeForever(res, () => X64K);
      return;
    default:
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ assistant_message: 'A plain answer.', document_chunks: [] }));
  }
}

function grade(req: Received, res: ServerResponse): void {
  const key = tokenOf(req);
  if (req.body.includes(HOSTILE_GRADER.endless)) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"choices": [{"message": {"content": "');
    writeForever(res, () => X64K);
    return;
  }
  const content = `key ${key} ${'{'.repeat(300_000)}`;
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ message: { content } }] }));
}

/**
 * Starts the hostile service: completions on /v1/spaces/completions/:space_id, a grader on /grader/chat/completions
 * (pass `${url}/grader` as --grader-url). Everything else answers 404.
 */
export function startHostileService(): Promise<TestServer> {
  return startServer((req, res) => {
    if (req.url.startsWith('/v1/spaces/completions/')) return completion(req, res);
    if (req.url.startsWith('/grader/chat/completions')) return grade(req, res);
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"code": 404, "message": "not here"}');
  });
}
