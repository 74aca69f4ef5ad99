import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { requestLog } from '../../lib/log/request-log';
import { COMPLETION_SAMPLE as RESULT, sseAnswer as sse } from '../test-support/completion-answers';
import { json, profileFor, startServer, type TestServer } from '../../lib/test-support/http-server';
import type { CompletionEvent, CompletionOutcome } from './events';
import { completionUrl } from './request';
import { askCompletion, sendCompletion, type CompletionRequest } from './runner';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Answers that come this late let the measured timings be checked (timers may fire a millisecond early). */
const ANSWER_DELAY_MS = 50;

const data = (event: unknown) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;

const request = (stream: boolean, extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  profile: profileFor(server.url),
  spaceId: '101',
  body: { session_id: 's1', message: 'q', stream },
  ...extra,
});

async function eventsOf(req: CompletionRequest): Promise<CompletionEvent[]> {
  const events: CompletionEvent[] = [];
  for await (const event of sendCompletion(req)) events.push(event);
  return events;
}

const outcomeOf = (events: CompletionEvent[]): CompletionOutcome => {
  const last = events.at(-1)!;
  if (last.kind !== 'end') throw new Error(`the last event is ${last.kind}, not end`);
  return last.outcome;
};

describe('the completion runner, against a real HTTP server', () => {
  it('reads an SSE stream: every event type in order, the final result with sources and usage, then [DONE]', async () => {
    server.handle((_, res) =>
      setTimeout(
        () =>
          sse(
            res,
            [
              data({ type: 'planning', message: 'look up' }),
              data({ type: 'stream', message: 'Hello ' }),
              ': a comment\n\n',
              data({ type: 'agent', message: 'retriever' }),
              data({ type: 'tool', message: 'search' }),
              data({ type: 'weird', x: 1 }),
              data({ type: 'error', message: 'one source unreachable' }),
              data({ type: 'stream', message: 'world' }),
              data({ type: 'result', result: RESULT }),
              data('[DONE]'),
            ],
            { headers: { 'X-Conversation-Id': '931' } },
          ),
        ANSWER_DELAY_MS,
      ),
    );
    const events = await eventsOf(request(true));
    expect(events.map((e) => e.kind)).toEqual([
      'open',
      'trace',
      'delta',
      'trace',
      'trace',
      'unknown',
      'stream_error',
      'delta',
      'result',
      'end',
    ]);
    expect(events.filter((e) => e.kind === 'trace').map((e) => [e.type, e.message])).toEqual([
      ['planning', 'look up'],
      ['agent', 'retriever'],
      ['tool', 'search'],
    ]);
    expect(events[8]).toMatchObject({
      kind: 'result',
      sources: [{ document_id: '831', score: 0.9 }],
      usage: { total_tokens: 3 },
      conversationId: '931',
    });
    const outcome = outcomeOf(events);
    expect(outcome).toMatchObject({
      ending: 'answered',
      text: 'Hello world',
      conversationId: '931',
      streamErrors: ['one source unreachable'],
      answeredAsJson: false,
      httpStatus: 200,
    });
    expect(JSON.parse(outcome.rawResponse!)).toEqual(RESULT);
    expect(outcome.timing.ttfbMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 2);
    expect(outcome.timing.firstTextMs).toBeGreaterThanOrEqual(outcome.timing.ttfbMs!);
    expect(outcome.timing.latencyMs).toBeGreaterThanOrEqual(outcome.timing.firstTextMs!);
    expect(requestLog.getEntries().find((e) => e.id === outcome.logId)).toMatchObject({ endpoint: 'chatCompletions' });
    const sent = server.received.at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ session_id: 's1', message: 'q', stream: true });
    expect(sent.headers.accept).toContain('text/event-stream');
  });

  it('ends properly on a bare result event without [DONE], and on [DONE] without a result', async () => {
    server.handle((_, res) => sse(res, [data({ type: 'stream', message: 'Hel' }), data(RESULT)]));
    expect(outcomeOf(await eventsOf(request(true)))).toMatchObject({ ending: 'answered', text: 'Hello world' });
    server.handle((_, res) => sse(res, [data({ type: 'stream', message: 'Only deltas' }), data('[DONE]')]));
    const outcome = await askCompletion(request(true));
    expect(outcome).toMatchObject({ ending: 'answered', text: 'Only deltas', sources: [] });
    expect(outcome.result).toBeUndefined();
  });

  it('reads a JSON body answered to a stream request like any answer', async () => {
    server.handle((_, res) => json(res, 200, { ...RESULT, conversation_id: 932 }));
    const events = await eventsOf(request(true));
    expect(events.map((e) => e.kind)).toEqual(['result', 'end']);
    expect(outcomeOf(events)).toMatchObject({
      ending: 'answered',
      answeredAsJson: true,
      text: 'Hello world',
      conversationId: '932',
      sources: [{ document_id: '831' }],
      rawResponse: JSON.stringify({ ...RESULT, conversation_id: 932 }),
    });
  });

  it('fails on a JSON answer to a stream request that is not JSON, or not a completion, keeping the body', async () => {
    server.handle((_, res) => json(res, 200, '{"assistant_message": "Hel'));
    const broken = await askCompletion(request(true));
    expect(broken).toMatchObject({ ending: 'failed', answeredAsJson: true, rawResponse: '{"assistant_message": "Hel' });
    expect(broken.error).toMatchObject({ kind: 'invalid_json', status: 200, logId: broken.logId });
    server.handle((_, res) => json(res, 200, { answer: 'Hello' }));
    const unusable = await askCompletion(request(true));
    expect(unusable).toMatchObject({ ending: 'failed', error: { kind: 'unusable' } });
    expect(unusable.error?.message).toMatch(/^Chat completions answered, but the answer cannot be used/);
  });

  it("fails on a FastAPI {detail} error with the service's words and the fields it names", async () => {
    server.handle((_, res) =>
      json(res, 422, { detail: [{ type: 'missing', loc: ['body', 'message'], msg: 'Field required', input: {} }] }),
    );
    const outcome = await askCompletion(request(true));
    expect(outcome).toMatchObject({ ending: 'failed', httpStatus: 422 });
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(outcome.error).toMatchObject({
      kind: 'http',
      dialect: 'pydantic',
      fieldErrors: [{ path: ['message'], message: 'Field required' }],
    });
    server.handle((_, res) => json(res, 404, { detail: 'Space 101 not found' }));
    expect((await askCompletion(request(false))).error).toMatchObject({
      status: 404,
      dialect: 'fastapi_detail',
      serviceMessage: 'Space 101 not found',
    });
  });

  it('fails on an ErrorResponse {code, message}, sent once (a completion is never retried)', async () => {
    const before = server.received.length;
    server.handle((_, res) => json(res, 500, { code: 50001, message: 'model down' }));
    const outcome = await askCompletion(request(false));
    expect(server.received.length - before).toBe(1);
    expect(outcome).toMatchObject({ ending: 'failed', httpStatus: 500, text: '' });
    expect(outcome.error).toMatchObject({ kind: 'http', code: 50001, serviceMessage: 'model down' });
    expect(outcome.logId).toBeDefined();
  });

  it('reads a non-streamed answer, its conversation from the header when the result has none', async () => {
    server.handle((_, res) => {
      res.setHeader('X-Conversation-Id', '933');
      setTimeout(() => json(res, 200, RESULT), ANSWER_DELAY_MS);
    });
    const events = await eventsOf(request(false));
    expect(events.map((e) => e.kind)).toEqual(['result', 'end']);
    const outcome = outcomeOf(events);
    expect(outcome).toMatchObject({
      ending: 'answered',
      text: 'Hello world',
      conversationId: '933',
      answeredAsJson: false,
    });
    expect(outcome.timing.latencyMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 2);
    expect(JSON.parse(server.received.at(-1)!.body).stream).toBe(false);
  });

  it('flags a stream that closes, or drops, before its final event as ended early, keeping the text', async () => {
    server.handle((_, res) =>
      sse(res, [
        data({ type: 'stream', message: 'Half an' }),
        data({ type: 'error', message: 'quota exceeded' }),
        'data: {"type":"stream"',
      ]),
    );
    const closed = await askCompletion(
      request(true, { body: { session_id: 's', message: 'q', stream: true, conversation_id: '77' } }),
    );
    expect(closed).toMatchObject({
      ending: 'ended_early',
      text: 'Half an',
      conversationId: '77',
      streamErrors: ['quota exceeded'],
    });
    expect(closed.error).toBeUndefined();
    server.handle((_, res) => sse(res, [data({ type: 'stream', message: 'Half an' })], { then: 'drop' }));
    const dropped = await askCompletion(request(true));
    expect(dropped).toMatchObject({ ending: 'ended_early', text: 'Half an' });
    expect(dropped.error).toBeInstanceOf(Error);
  });

  it('fails a stream that stalls past the idle limit with an error naming it, keeping the text so far', async () => {
    server.handle((_, res) => sse(res, [data({ type: 'stream', message: 'Half an' })], { then: 'hold' }));
    const outcome = await askCompletion(
      request(true, { profile: { ...profileFor(server.url), streamIdleTimeoutMs: 200 } }),
    );
    expect(outcome).toMatchObject({ ending: 'failed', text: 'Half an' });
    expect(outcome.error).toMatchObject({
      kind: 'timeout',
      idleMs: 200,
      message: 'No data for 0.2 s: the stream stalled.',
    });
  });

  it('stops on abort, keeping the text so far, with no error', async () => {
    server.handle((_, res) => sse(res, [data({ type: 'stream', message: 'Partial' })], { then: 'hold' }));
    const controller = new AbortController();
    const events: CompletionEvent[] = [];
    for await (const event of sendCompletion(request(true, { signal: controller.signal }))) {
      events.push(event);
      if (event.kind === 'delta') controller.abort();
    }
    expect(outcomeOf(events)).toMatchObject({ ending: 'stopped', text: 'Partial' });
    expect(outcomeOf(events).error).toBeUndefined();
    server.handle((_, res) => setTimeout(() => json(res, 200, RESULT), 2000));
    const late = new AbortController();
    const asked = askCompletion(request(false, { signal: late.signal }));
    late.abort();
    expect(await asked).toMatchObject({ ending: 'stopped' });
  });

  it("builds the service's own URL for a completion, the space id encoded", () => {
    expect(completionUrl(profileFor('https://api.example.com/'), 'a b')).toBe(
      'https://api.example.com/v1/spaces/completions/a%20b',
    );
  });
});
