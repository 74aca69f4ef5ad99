import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSuite, type Suite } from './suite-file';
import { json, profileFor, startServer, type Received, type TestServer } from '../lib/test-support/http-server';
import { outcomeKey } from './plan';
import { caseOutcomes, failedKeys, summarize } from './results';
import { runSuite } from './run';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const suiteOf = (raw: unknown): Suite => {
  const checked = checkSuite(raw);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite;
};

function result(message: string, answer: string, sources: { document_id: string; score: number }[] = []) {
  return {
    message_id: '1',
    user_message: message,
    assistant_message: answer,
    document_chunks: sources.map((s, i) => ({ ...s, document_name: `doc-${s.document_id}`, chunk_index: i })),
    token_usage: {
      model_name: 'm',
      total_tokens: 30,
      prompt_tokens: 20,
      completion_tokens: 10,
      successful_requests: 1,
    },
  };
}

const bodyOf = (r: Received) => JSON.parse(r.body) as Record<string, unknown>;

function sse(res: ServerResponse, events: string[], headers: Record<string, string> = {}) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', ...headers });
  for (const e of events) res.write(`data: ${e}\n\n`);
  res.end();
}

describe('running a suite against a real HTTP service', () => {
  it('builds each request from defaults, variant and case options; fresh sessions; follow-ups in the conversation', async () => {
    let conversations = 0;
    server = await startServer((req, res) => {
      const body = bodyOf(req);
      const conversation = (body.conversation_id as string | undefined) ?? `c${++conversations}`;
      const message = body.message as string;
      const answer = message.startsWith('How long')
        ? 'About 14 days.'
        : message.startsWith('And')
          ? 'Closer to 2 days.'
          : 'No idea.';
      res.setHeader('X-Conversation-Id', conversation);
      json(res, 200, result(message, answer, [{ document_id: '403', score: 0.8 }]));
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '101',
      defaults: { stream: false, refine_question: true, copilot: false },
      variants: [{ id: 'base' }, { id: 'web', options: { retrieval_with_websearch: true, copilot: true } }],
      cases: [
        {
          id: 'battery',
          question: 'How long does it last?',
          options: { copilot: false, dataset_ids: ['301'] },
          expect: { contains: ['14 days'], cites_document: ['403'] },
          follow_ups: [{ question: 'And always on?', expect: { contains: ['2 days'] } }],
        },
        { id: 'other', question: 'What else?', expect: { contains: ['14 days'] } },
      ],
    });
    const out = await runSuite({ suite, profile: profileFor(server.url), concurrency: 1 });
    expect(out.stopped).toBe(false);
    // Each question once: 2 variants × (2 + 1) questions.
    expect(server.received).toHaveLength(6);
    const bodies = server.received.map(bodyOf);
    expect(server.received.every((r) => r.url === '/v1/spaces/completions/101')).toBe(true);
    expect(server.received.every((r) => r.headers.authorization === 'Bearer tok-SECRET-123')).toBe(true);
    const [first, follow, , webFirst] = bodies;
    expect(first).toEqual({
      stream: false,
      refine_question: true,
      copilot: false,
      dataset_ids: ['301'],
      session_id: expect.stringMatching(/^kc-suite-/),
      message: 'How long does it last?',
    });
    expect(follow).toMatchObject({ session_id: first!.session_id, conversation_id: 'c1', message: 'And always on?' });
    // The case's options win over the variant's, the variant's over the defaults.
    expect(webFirst).toMatchObject({ retrieval_with_websearch: true, copilot: false });
    expect(new Set(bodies.filter((b) => !b.conversation_id).map((b) => b.session_id)).size).toBe(4);

    const outcomes = caseOutcomes(suite, out.attempts);
    expect(outcomes.map((o) => [o.caseId, o.variantId, o.status])).toEqual([
      ['battery', 'base', 'pass'],
      ['battery', 'web', 'pass'],
      ['other', 'base', 'fail'],
      ['other', 'web', 'fail'],
    ]);
    const battery = outcomes[0]!;
    expect(battery.attempts[0]!.turns.map((t) => [t.status, t.conversationId])).toEqual([
      ['pass', 'c1'],
      ['pass', 'c1'],
    ]);
    expect(battery).toMatchObject({ totalTokens: 60, topScore: 0.8, cited: ['403'] });
    expect(failedKeys(outcomes)).toEqual([outcomeKey('other', 'base'), outcomeKey('other', 'web')]);
  });

  it('streams like the playground; an error event, a 500 or a broken stream is an error, never retried', async () => {
    server = await startServer((req, res) => {
      const message = bodyOf(req).message as string;
      const done = JSON.stringify({ type: 'result', result: result(message, 'About 14 days.') });
      if (message === 'stream')
        return sse(res, [
          JSON.stringify({ type: 'stream', message: 'About ' }),
          JSON.stringify({ type: 'stream', message: '14 days.' }),
          done,
          '[DONE]',
        ]);
      if (message === 'error event')
        return sse(res, [JSON.stringify({ type: 'error', message: 'model overloaded' }), '[DONE]']);
      if (message === 'cut') return sse(res, [JSON.stringify({ type: 'stream', message: 'About' })]);
      if (message === 'empty')
        return sse(res, [JSON.stringify({ type: 'result', result: result(message, '') }), '[DONE]']);
      json(res, 500, { code: 500, message: 'internal error' });
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '7',
      defaults: { stream: true },
      repeat: 2,
      cases: ['stream', 'error event', 'cut', 'http 500', 'empty'].map((q) => ({ id: q, question: q })),
    });
    const out = await runSuite({ suite, profile: profileFor(server.url), concurrency: 3 });
    expect(server.received).toHaveLength(10);
    expect(server.received.every((r) => bodyOf(r).stream === true)).toBe(true);
    const outcomes = caseOutcomes(suite, out.attempts);
    expect(outcomes.map((o) => [o.caseId, o.status, o.passed, o.done])).toEqual([
      ['stream', 'pass', 2, 2],
      ['error event', 'error', 0, 2],
      ['cut', 'error', 0, 2],
      ['http 500', 'error', 0, 2],
      ['empty', 'fail', 0, 2],
    ]);
    const turn = (id: string) => outcomes.find((o) => o.caseId === id)!.attempts[0]!.turns[0]!;
    expect(turn('stream').answer).toBe('About 14 days.');
    expect(turn('error event').error?.message).toMatch(/model overloaded/);
    expect(turn('cut').error?.message).toMatch(/ended before its final result/);
    expect(turn('http 500')).toMatchObject({ httpStatus: 500, error: { kind: 'http' } });
    expect(turn('empty').assertions).toEqual([{ key: 'answered', ok: false, detail: 'the answer is empty' }]);
    expect(summarize(outcomes)).toMatchObject({ total: 5, passed: 1, failed: 1, errors: 3, notRun: 0, passRate: 0.2 });
  });

  it('judges a JSON answer to a stream request on its content, as the playground shows it', async () => {
    // A service that ignores stream: true and answers with one JSON body.
    server = await startServer((req, res) => {
      const message = bodyOf(req).message as string;
      res.setHeader('X-Conversation-Id', 'c9');
      json(res, 200, result(message, 'About 14 days.', [{ document_id: '403', score: 0.7 }]));
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '101',
      defaults: { stream: true },
      cases: [
        { id: 'right', question: 'How long?', expect: { contains: ['14 days'], cites_document: ['403'] } },
        { id: 'wrong', question: 'How long?', expect: { contains: ['2 days'] } },
      ],
    });
    const out = await runSuite({ suite, profile: profileFor(server.url), concurrency: 1 });
    expect(server.received.every((r) => bodyOf(r).stream === true)).toBe(true);
    const outcomes = caseOutcomes(suite, out.attempts);
    expect(outcomes.map((o) => [o.caseId, o.status])).toEqual([
      ['right', 'pass'],
      ['wrong', 'fail'],
    ]);
    const wrong = outcomes[1]!.attempts[0]!.turns[0]!;
    expect(wrong).toMatchObject({ answer: 'About 14 days.', conversationId: 'c9', httpStatus: 200, topScore: 0.7 });
    expect(wrong.error).toBeUndefined();
    expect(wrong.assertions.find((a) => !a.ok)).toMatchObject({ key: 'contains' });
    expect(JSON.parse(wrong.response!)).toMatchObject({ assistant_message: 'About 14 days.' });
  });

  it('runs `concurrency` sessions at once, and a re-run asks only the given cases', async () => {
    // Answers are held until three are waiting, then released together: three sessions run at once.
    let waiting: (() => void)[] = [];
    let most = 0;
    server = await startServer((req, res) => {
      waiting.push(() => json(res, 200, result(bodyOf(req).message as string, 'ok')));
      most = Math.max(most, waiting.length);
      if (waiting.length >= 3 || server!.received.length > 12) {
        const release = waiting;
        waiting = [];
        release.forEach((answer) => answer());
      }
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '1',
      cases: Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, question: `q${i}` })),
    });
    const out = await runSuite({ suite, profile: profileFor(server.url), concurrency: 3 });
    expect(out.attempts).toHaveLength(12);
    expect(most).toBe(3);
    const again = await runSuite({
      suite,
      profile: profileFor(server.url),
      concurrency: 8,
      only: new Set([outcomeKey('c3', 'default'), outcomeKey('c7', 'default')]),
    });
    expect(again.attempts.map((a) => a.caseId).sort()).toEqual(['c3', 'c7']);
    expect(server.received).toHaveLength(14);
  });

  it('Stop aborts what is in flight, keeps what finished and sends nothing more', async () => {
    const held: ServerResponse[] = [];
    server = await startServer((req, res) => {
      const message = bodyOf(req).message as string;
      if (message === 'q0') return json(res, 200, result(message, 'quick'));
      held.push(res); // never answered: only Stop ends these
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '1',
      cases: Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, question: `q${i}` })),
    });
    const stop = new AbortController();
    let finished = 0;
    const running = runSuite({
      suite,
      profile: profileFor(server.url),
      concurrency: 2,
      signal: stop.signal,
      onAttempt: () => finished++,
    });
    await expect.poll(() => held.length).toBe(2);
    stop.abort();
    const out = await running;
    expect(out.stopped).toBe(true);
    expect(finished).toBe(1);
    expect(out.attempts.map((a) => [a.caseId, a.status])).toEqual([['c0', 'pass']]);
    expect(server.received).toHaveLength(3);
    const outcomes = caseOutcomes(suite, out.attempts);
    expect(summarize(outcomes)).toMatchObject({ total: 6, passed: 1, notRun: 5 });
  });

  it('a case whose stream stalls past the idle limit is an error naming the limit, not a Stop or a pass', async () => {
    server = await startServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"type":"stream","message":"About 14"}\n\n');
      // Then silence, the connection held open.
    });
    const suite = suiteOf({
      name: 'S',
      space_id: '101',
      defaults: { stream: true },
      cases: [{ id: 'stalls', question: 'How long?', expect: { contains: ['14'] } }],
    });
    const out = await runSuite({
      suite,
      profile: { ...profileFor(server.url), streamIdleTimeoutMs: 200 },
      concurrency: 1,
    });
    expect(out.stopped).toBe(false);
    expect(out.attempts).toHaveLength(1);
    expect(out.attempts[0]).toMatchObject({ status: 'error' });
    expect(out.attempts[0]!.turns[0]).toMatchObject({
      status: 'error',
      answer: 'About 14',
      error: { kind: 'timeout', message: 'No data for 0.2 s: the stream stalled.' },
    });
  });
});
