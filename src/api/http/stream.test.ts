import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { requestLog } from '../../lib/log/request-log';
import { completionEvents, type CompletionStreamEvent } from '../stream/completion-stream';
import { json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
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

  describe('the idle limit', () => {
    it('ends a stream that sends headers and one event, then nothing, with a timeout naming the limit', async () => {
      let closed!: () => void;
      const gone = new Promise<void>((resolve) => (closed = resolve));
      server.handle((_, res) => {
        res.on('close', () => closed());
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(EVENTS[0]);
        // Then silence, with the connection held open: a stalled model behind a live proxy.
      });
      const t0 = performance.now();
      const response = await openCompletionStream(
        'space1',
        { session_id: 's', message: 'hi' },
        { profile: profileFor(server.url), idleTimeoutMs: 200 },
      );
      const seen: CompletionStreamEvent[] = [];
      const error = await (async () => {
        for await (const event of completionEvents(response.body!)) seen.push(event);
      })().catch((e: unknown) => e);
      const waited = performance.now() - t0;
      expect(seen).toEqual([{ kind: 'delta', text: 'Hel' }]);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'timeout', idleMs: 200, message: 'No data for 0.2 s: the stream stalled.' });
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(2000);
      // The connection is let go of, and the log says why the stream ended, with what it carried.
      await gone;
      const entry = requestLog.getEntries().at(-1)!;
      expect(entry).toMatchObject({ pending: false, errorKind: 'timeout', responseBody: EVENTS[0] });
      expect(entry.errorMessage).toContain('No data for 0.2 s');
    });

    it('takes its limit from the profile, and counts silence, not the length of a stream that keeps flowing', async () => {
      server.handle((_, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        let i = 0;
        // Six pieces 100 ms apart: 500 ms in all, more than the limit, but never 250 ms without a byte.
        const pieces = [EVENTS[0]!, ': still here\n\n', EVENTS[1]!, ': still here\n\n', ': still here\n\n', EVENTS[2]!];
        const next = () => (i < pieces.length ? (res.write(pieces[i++]), setTimeout(next, 100)) : res.end());
        next();
      });
      const response = await openCompletionStream(
        'space1',
        { session_id: 's', message: 'hi' },
        { profile: { ...profileFor(server.url), streamIdleTimeoutMs: 250 } },
      );
      const kinds: string[] = [];
      for await (const event of completionEvents(response.body!)) kinds.push(event.kind);
      expect(kinds).toEqual(['delta', 'delta', 'done']);
    });
  });

  describe('against a server that never closes the stream', () => {
    /** Sends the events, then holds the connection open; resolves `closed` when the client lets go of it. */
    function holdOpen(events: string[]): { closed: Promise<void> } {
      let closed!: () => void;
      const promise = new Promise<void>((resolve) => (closed = resolve));
      server.handle((_, res: ServerResponse) => {
        res.on('close', () => closed());
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        for (const e of events) res.write(e);
      });
      return { closed: promise };
    }
    const within = (promise: Promise<void>, what: string) =>
      Promise.race([
        promise,
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what}: the connection stayed open`)), 3000)),
      ]);
    const open = (signal?: AbortSignal) =>
      openCompletionStream('space1', { session_id: 's', message: 'hi' }, { profile: profileFor(server.url), signal });
    const entry = () => requestLog.getEntries().at(-1)!;

    it('after [DONE] it cancels the body and releases the connection; the log is complete', async () => {
      const { closed } = holdOpen(EVENTS);
      const response = await open();
      const kinds: string[] = [];
      for await (const event of completionEvents(response.body!)) kinds.push(event.kind);
      expect(kinds).toEqual(['delta', 'delta', 'done']);
      await within(closed, 'done');
      expect(response.body!.locked).toBe(false);
      expect(entry()).toMatchObject({ pending: false, responseBody: EVENTS.join('') });
      expect(entry().errorKind).toBeUndefined();
    });

    it('when the consumer fails mid-stream it cancels the body too', async () => {
      const { closed } = holdOpen([EVENTS[0]!]);
      const response = await open();
      const seen: CompletionStreamEvent[] = [];
      const consume = async () => {
        for await (const event of completionEvents(response.body!)) {
          seen.push(event);
          throw new Error('render failed');
        }
      };
      await expect(consume()).rejects.toThrow('render failed');
      expect(seen).toEqual([{ kind: 'delta', text: 'Hel' }]);
      await within(closed, 'error');
      expect(response.body!.locked).toBe(false);
      expect(entry()).toMatchObject({ pending: false, responseBody: EVENTS[0] });
    });

    it('on abort it rejects, releases the connection and marks the log entry aborted', async () => {
      const { closed } = holdOpen([EVENTS[0]!]);
      const controller = new AbortController();
      const response = await open(controller.signal);
      const events = completionEvents(response.body!);
      expect((await events.next()).value).toEqual({ kind: 'delta', text: 'Hel' });
      const next = events.next();
      controller.abort();
      await expect(next).rejects.toThrow();
      await within(closed, 'abort');
      expect(response.body!.locked).toBe(false);
      expect(entry()).toMatchObject({ pending: false, errorKind: 'aborted', responseBody: EVENTS[0] });
    });
  });
});
