import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSuite, type Suite } from './suite-file';
import { json, profileFor, startServer, type TestServer } from '../lib/test-support/http-server';
import { runSuite } from './run';
import { evaluate } from './assertions';

const suiteOf = (raw: Record<string, unknown>): Suite => {
  const checked = checkSuite({ name: 'Streams', space_id: '101', ...raw });
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite;
};

describe('streaming checks on other answers', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('an error event fails stream_completes; a JSON answer to a stream request fails max_ttft_ms', async () => {
    let mode: 'error' | 'json' = 'error';
    server = await startServer((_req, res: ServerResponse) => {
      const result = { message_id: '1', user_message: 'q', assistant_message: 'Partial.', document_chunks: [] };
      if (mode === 'json') return json(res, 200, result);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ type: 'stream', message: 'Partial.' })}\n\n`);
      res.write(`data: ${JSON.stringify({ type: 'error', message: 'model overloaded' })}\n\n`);
      res.write(`data: ${JSON.stringify({ type: 'result', result })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    const suite = suiteOf({
      cases: [{ id: 'c', question: 'q', expect: { stream_completes: true, max_ttft_ms: 5000 } }],
    });
    const errored = (await runSuite({ suite, profile: profileFor(server.url), concurrency: 1 })).attempts[0]!;
    expect(errored.turns[0]!.assertions.map((a) => [a.key, a.ok, a.detail.split(':')[0]])).toEqual([
      ['max_ttft_ms', true, expect.stringMatching(/^first text after/)],
      ['stream_completes', false, 'the stream sent an error event'],
    ]);
    mode = 'json';
    const asJson = (await runSuite({ suite, profile: profileFor(server.url), concurrency: 1 })).attempts[0]!;
    expect(asJson.turns[0]!.assertions).toEqual([
      { key: 'max_ttft_ms', ok: false, detail: 'the service answered with one JSON body, not a stream' },
      { key: 'stream_completes', ok: false, detail: 'the service answered with one JSON body, not a stream' },
    ]);
  });

  it('judges kept facts again the same way (a re-judged baseline)', () => {
    const facts = { text: 'a', sources: [], latencyMs: 900, firstTextMs: 120, streamEnd: 'complete' as const };
    expect(evaluate({ max_ttft_ms: 100, stream_completes: true }, facts).map((a) => a.ok)).toEqual([false, true]);
    expect(evaluate({ max_ttft_ms: 120 }, facts).map((a) => a.ok)).toEqual([true]);
    expect(evaluate({ stream_completes: true }, { ...facts, streamEnd: undefined })).toEqual([
      { key: 'stream_completes', ok: false, detail: 'no stream was read' },
    ]);
  });

  it('the file format: stream_completes is true or absent; max_ttft_ms positive', () => {
    const errors = (expect_: unknown) => {
      const checked = checkSuite({ name: 's', space_id: '1', cases: [{ question: 'q', expect: expect_ }] });
      return checked.ok ? [] : checked.errors;
    };
    expect(errors({ stream_completes: false })).toEqual([
      'cases[0].expect.stream_completes: must be true (leave it out not to check)',
    ]);
    expect(errors({ max_ttft_ms: 0 })).toEqual([
      'cases[0].expect.max_ttft_ms: must be a positive number of milliseconds',
    ]);
    expect(errors({ max_ttft_ms: 800, stream_completes: true })).toEqual([]);
  });
});
