import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPLETION_SAMPLE as RESULT, sseAnswer as sse } from '../../../api/test-support/completion-answers';
import { json, profileFor, startServer, type TestServer } from '../../../lib/test-support/http-server';
import { catalogStore } from '../../../lib';
import { defaultOptions, toBody } from './options';
import { runCompletion } from './run';

let server: TestServer;
/** Answers that come this late let the measured timings be checked (timers may fire a millisecond early). */
const ANSWER_DELAY_MS = 50;
const delayed = <A extends unknown[]>(answer: (...args: A) => void, ...args: A) =>
  void setTimeout(() => answer(...args), ANSWER_DELAY_MS);
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function body(stream: boolean, message = 'q') {
  const check = toBody({ ...defaultOptions(), stream }, message);
  if (!check.ok) throw new Error('bad body');
  return check.body;
}

const run = (stream: boolean, extra: Partial<Parameters<typeof runCompletion>[0]> = {}) =>
  runCompletion({
    spaceId: '101',
    body: body(stream),
    profile: profileFor(server.url),
    signal: new AbortController().signal,
    ...extra,
  });

describe('runCompletion', () => {
  it('reads a stream: deltas as they come, trace events, the final result and the conversation header', async () => {
    // The headers come ANSWER_DELAY_MS late, so the measured time to first byte can be checked.
    server.handle((_, res) =>
      delayed(
        sse,
        res,
        [
          'data: {"type":"planning","message":"look up"}\n\n',
          'data: {"type":"stream","message":"Hello "}\n\n',
          ': a comment\n\n',
          'data: {"type":"weird","x":1}\n\n',
          'data: {"type":"stream","message":"world"}\n\n',
          `data: ${JSON.stringify({ type: 'result', result: RESULT })}\n\n`,
          'data: [DONE]\n\n',
        ],
        { headers: { 'X-Conversation-Id': '931' } },
      ),
    );
    const deltas: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const outcome = await run(true, { onDelta: (d) => deltas.push(d) });
    warn.mockRestore();
    expect(deltas).toEqual(['Hello ', 'world']);
    expect(outcome).toMatchObject({
      status: 'done',
      text: 'Hello world',
      conversationId: '931',
      unknownEvents: 1,
      trace: [{ type: 'planning', message: 'look up' }],
    });
    expect(outcome.result?.document_chunks?.[0]?.document_id).toBe('831');
    expect(outcome.timing.ttfbMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 2);
    expect(outcome.timing.firstTextMs).toBeGreaterThanOrEqual(outcome.timing.ttfbMs!);
    expect(JSON.parse(server.received.at(-1)!.body).stream).toBe(true);
    // A streamed answer's ids are remembered here (callEndpoint does it for the non-streamed ones).
    expect(catalogStore.get(profileFor(server.url).id, 'conversation', '931')).toMatchObject({ id: '931' });
    expect(catalogStore.get(profileFor(server.url).id, 'document', '831')).toMatchObject({ label: 'a.md' });
  });

  it("maps each way the runner ends to the answer's status, keeping the text, the error or the JSON mark", async () => {
    // The runner is tested against every answer shape in src/api/completion; here only what the exchange makes of it.
    server.handle((_, res) =>
      sse(res, ['data: {"type":"stream","message":"Half an"}\n\n', 'data: {"type":"stream","message":" ans']),
    );
    const early = await run(true);
    expect(early).toMatchObject({ status: 'ended_early', text: 'Half an' });
    expect(early.error).toBeUndefined();

    server.handle((_, res) => sse(res, ['data: {"type":"stream","message":"Half an"}\n\n'], { then: 'hold' }));
    expect(await run(true, { profile: { ...profileFor(server.url), streamIdleTimeoutMs: 200 } })).toMatchObject({
      status: 'error',
      text: 'Half an',
      error: { kind: 'timeout', idleMs: 200, message: 'No data for 0.2 s: the stream stalled.' },
    });

    const controller = new AbortController();
    const stopped = await run(true, { signal: controller.signal, onDelta: () => controller.abort() });
    expect(stopped).toMatchObject({ status: 'stopped', text: 'Half an' });
    expect(stopped.error).toBeUndefined();

    server.handle((_, res) => json(res, 200, { ...RESULT, conversation_id: '932' }));
    const opened = vi.fn();
    expect(await run(true, { onStreamOpen: opened })).toMatchObject({
      status: 'done',
      answeredAsJson: true,
      text: 'Hello world',
      conversationId: '932',
      rawResponse: JSON.stringify({ ...RESULT, conversation_id: '932' }),
    });
    expect(opened).not.toHaveBeenCalled();

    server.handle((_, res) => json(res, 500, { code: 500, message: 'model down' }));
    const failed = await run(false);
    expect(failed).toMatchObject({
      status: 'error',
      error: { kind: 'http', status: 500, code: 500, serviceMessage: 'model down' },
    });
    expect(failed.error?.logId).toBe(failed.logId);
    expect(failed.rawResponse).toBeUndefined();
  });

  it('shows a token the service echoes split across deltas masked at every step, never a piece of it', async () => {
    const token = profileFor(server.url).token!;
    const delta = (message: string) => `data: ${JSON.stringify({ type: 'stream', message })}\n\n`;
    server.handle((_, res) =>
      sse(res, [
        delta(`Your token is ${token.slice(0, 3)}`),
        delta(token.slice(3, 9)),
        `data: ${JSON.stringify({ type: 'tool', message: `called with ${token}`, args: { auth: token } })}\n\n`,
        delta(`${token.slice(9)}, right? ${token.slice(0, 5)}`),
      ]),
    );
    // What the playground shows while the answer streams: the deltas joined, at every step.
    let shown = '';
    const steps: string[] = [];
    const traces: string[] = [];
    const outcome = await run(true, {
      onDelta: (d) => steps.push((shown += d)),
      onTrace: (item) => traces.push(JSON.stringify(item)),
    });
    expect(steps.length).toBeGreaterThan(1);
    for (const step of steps) expect(step).not.toContain(token);
    // While it streams, not even the token's start shows (the last step is the stream's end).
    for (const step of steps.slice(0, -1)) expect(step).not.toContain(token.slice(0, 4));
    expect(steps).toEqual(['Your token is ', 'Your token is ***, right? ', 'Your token is ***, right? tok-S']);
    expect(traces.join()).not.toContain(token);
    expect(traces.join()).toContain('called with ***');
    // The end gives out what was held back (a start that never became the token), as the outcome keeps it.
    expect(outcome).toMatchObject({ status: 'ended_early', text: shown });
  });

  it('reads a non-streamed answer with its conversation id when the result carries one', async () => {
    server.handle((_, res) => delayed(json, res, 200, { ...RESULT, conversation_id: '933' }));
    const outcome = await run(false);
    expect(outcome).toMatchObject({ status: 'done', text: 'Hello world', conversationId: '933' });
    expect(outcome.timing.latencyMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 2);
  });
});

describe('toBody', () => {
  it('sends the spec defaults (but streams: the console streams by default), leaves empty ids out and refuses context_params that is not an object', () => {
    const ok = toBody({ ...defaultOptions(), dataset_ids: [' 731 ', '', '731'], document_id: '  ' }, 'hi');
    expect(ok).toMatchObject({
      ok: true,
      body: {
        message: 'hi',
        stream: true,
        refine_question: true,
        copilot: true,
        context_documents_mode: 1,
        context_params: {},
        dataset_ids: ['731'],
      },
    });
    expect(ok.ok && 'document_id' in ok.body).toBe(false);
    expect(toBody({ ...defaultOptions(), context_params: '[1]' }, 'hi')).toMatchObject({
      ok: false,
      field: 'context_params',
      reason: 'object',
    });
    expect(toBody({ ...defaultOptions(), context_params: '{"a":' }, 'hi')).toMatchObject({
      ok: false,
      field: 'context_params',
      reason: 'json',
    });
    expect(toBody(defaultOptions(), '   ')).toMatchObject({ ok: false, field: 'message' });
  });
});
