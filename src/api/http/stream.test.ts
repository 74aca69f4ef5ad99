import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLog } from '../log/request-log';
import { json, profileFor, startServer, type TestServer } from '../test-support/http-server';
import { ApiError } from './errors';
import { openCompletionStream } from './stream';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const EVENTS = [
  'data: {"type":"stream","message":"Hel"}\n\n',
  'data: {"type":"stream","message":"lo"}\n\n',
  'data: [DONE]\n\n',
];

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('openCompletionStream', () => {
  it('sends stream: true with the bearer token, hands back the stream and logs its text when it ends', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      let i = 0;
      const next = () => (i < EVENTS.length ? (res.write(EVENTS[i++]), setTimeout(next, 10)) : res.end());
      next();
    });
    const response = await openCompletionStream(
      'space1',
      { session_id: 's', message: 'hi' },
      { profile: profileFor(server.url) },
    );
    const req = server.received.at(-1)!;
    expect(JSON.parse(req.body)).toEqual({ session_id: 's', message: 'hi', stream: true });
    expect(req.headers.authorization).toBe('Bearer tok-SECRET-123');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(EVENTS.join(''));
    const entry = () => requestLog.getEntries().at(-1)!;
    await until(() => !entry().pending);
    expect(entry()).toMatchObject({ status: 200, responseBody: EVENTS.join(''), endpoint: 'chatCompletions' });
  });

  it('throws an ApiError with the ErrorResponse for a non-2xx', async () => {
    server.handle((_, res) => json(res, 422, { code: 42201, message: 'space not found' }));
    const error = await openCompletionStream(
      'nope',
      { session_id: 's', message: 'hi' },
      { profile: profileFor(server.url) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 422, code: 42201, serviceMessage: 'space not found' });
  });

  it('stops when the caller aborts mid-stream and marks the log entry', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(EVENTS[0]);
      // Then nothing more: only the caller's abort ends it.
    });
    const controller = new AbortController();
    const response = await openCompletionStream(
      'space1',
      { session_id: 's', message: 'hi' },
      { profile: profileFor(server.url), signal: controller.signal, timeoutMs: 300 },
    );
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(EVENTS[0]);
    // A wait that proves nothing happens: past the 300 ms header timeout, a flowing stream is not cut.
    await new Promise((r) => setTimeout(r, 400));
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const entry = () => requestLog.getEntries().at(-1)!;
    await until(() => !entry().pending);
    expect(entry().errorKind).toBe('aborted');
    expect(entry().responseBody).toBe(EVENTS[0]);
  });
});
