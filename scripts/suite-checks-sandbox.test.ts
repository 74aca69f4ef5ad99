import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSuite, runSuite, type Suite } from '../src/suite-engine';
import { profileFor } from '../src/lib/test-support/http-server';
import { IDS, TOKEN, call, startTestSandbox } from '../src/server/test-support';
import { NOTHING_FOUND_REPLY } from '../src/server/retrieval/extractive';
import type { RunningSandbox } from '../src/server/sandbox';

/**
 * max_ttft_ms and stream_completes against the sandbox's real Server-Sent Events over a real HTTP server; its
 * stream controls (PUT /__sandbox/stream-behaviour) give a slow first token and a stream cut off midway.
 */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  expect((await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
});

const streamSuite = (raw: Record<string, unknown>): Suite => {
  const checked = checkSuite({ name: 'Streams', space_id: IDS.spaceKitchen, ...raw });
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite;
};
const profile = () => ({ ...profileFor(sb.baseUrl, { id: 'streams' }), secondary_url: sb.secondaryUrl, token: TOKEN });
const behave = (body: Record<string, unknown>) =>
  call(`${sb.secondaryUrl}/__sandbox/stream-behaviour`, { method: 'PUT', json: body });
const KNIFE = 'How often should I sharpen a knife on a whetstone?';

async function runOne(checks: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const suite = streamSuite({ cases: [{ id: 'c', question: KNIFE, expect: checks, ...extra }] });
  const { attempts } = await runSuite({ suite, profile: profile(), concurrency: 1 });
  return attempts[0]!;
}

describe('max_ttft_ms on the sandbox’s stream', () => {
  it('sends the question streamed and passes when the first text comes in time', async () => {
    const attempt = await runOne({ max_ttft_ms: 10_000, contains: ['whetstone'] });
    const turn = attempt.turns[0]!;
    expect(turn.request.body.stream).toBe(true);
    expect(attempt.status).toBe('pass');
    expect(turn.firstTextMs).toBeGreaterThanOrEqual(0);
    expect(turn.firstTextMs).toBeLessThanOrEqual(turn.latencyMs!);
    expect(turn.streamEnd).toBe('complete');
    expect(turn.assertions.find((a) => a.key === 'max_ttft_ms')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^first text after \d+ ms ≤ 10000 ms$/),
    });
  });

  it('fails when the first text is late, measured from send to the first streamed text', async () => {
    expect((await behave({ first_text_delay_ms: 400 })).status).toBe(200);
    const attempt = await runOne({ max_ttft_ms: 150, stream_completes: true });
    const turn = attempt.turns[0]!;
    expect(attempt.status).toBe('fail');
    expect(turn.firstTextMs).toBeGreaterThanOrEqual(400);
    expect(turn.assertions.map((a) => [a.key, a.ok])).toEqual([
      ['max_ttft_ms', false],
      ['stream_completes', true],
    ]);
    expect(turn.assertions[0]!.detail).toMatch(/^first text after \d+ ms > 150 ms$/);
  });
});

describe('stream_completes on the sandbox’s stream', () => {
  it('fails a stream cut off midway, judging the text that came; without the check the cut is an error', async () => {
    expect((await behave({ cut_after_deltas: 2 })).status).toBe(200);
    const checked = await runOne({ stream_completes: true, max_ttft_ms: 10_000 });
    const turn = checked.turns[0]!;
    expect(checked.status).toBe('fail');
    expect(turn.status).toBe('fail');
    expect(turn.streamEnd).toBe('cut');
    expect(turn.answer.length).toBeGreaterThan(0);
    expect(turn.assertions.find((a) => a.key === 'stream_completes')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^the stream ended before its final event/),
    });
    // The first text did come, in time.
    expect(turn.assertions.find((a) => a.key === 'max_ttft_ms')?.ok).toBe(true);

    const unchecked = await runOne({ contains: ['whetstone'] }, { options: { stream: true } });
    expect(unchecked.status).toBe('error');
    expect(unchecked.turns[0]!.error?.kind).toBe('stream');
  });

  it('checks each follow-up with its own expectations: only the turns that measure a stream are streamed', async () => {
    const suite = streamSuite({
      cases: [
        {
          id: 'conv',
          question: KNIFE,
          expect: { contains: ['whetstone'] },
          follow_ups: [
            { question: 'And how should I store it?', expect: { stream_completes: true, max_ttft_ms: 10_000 } },
            { question: 'What about bread?', expect: { max_ttft_ms: 1 } },
          ],
        },
      ],
    });
    expect((await behave({ first_text_delay_ms: 50 })).status).toBe(200);
    const { attempts } = await runSuite({ suite, profile: profile(), concurrency: 1 });
    const turns = attempts[0]!.turns;
    expect(turns.map((t) => t.request.body.stream)).toEqual([undefined, true, true]);
    expect(turns.map((t) => t.status)).toEqual(['pass', 'pass', 'fail']);
    expect(turns[1]!.request.body.conversation_id).toBe(turns[0]!.conversationId);
    expect(turns[2]!.assertions.map((a) => a.key)).toEqual(['max_ttft_ms']);
    expect(attempts[0]!.status).toBe('fail');
  });
});

describe('abstains against the sandbox', () => {
  it('passes on the sandbox’s "nothing found" answer, fails on an answer from a document', async () => {
    const checked = checkSuite({
      name: 'Abstention',
      space_id: IDS.spaceKitchen,
      abstention_phrases: { en: ['could not find anything'], zh: ['没有找到'] },
      cases: [
        { id: 'out-of-scope', question: 'glacier ablation stakes', expect: { abstains: true } },
        { id: 'in-scope', question: 'How often should I sharpen a knife on a whetstone?', expect: { abstains: true } },
        { id: 'answers', question: 'How often should I sharpen a knife on a whetstone?', expect: { abstains: false } },
      ],
    });
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    const suite: Suite = checked.suite;
    const { attempts } = await runSuite({ suite, profile: profile(), concurrency: 2 });
    const byId = new Map(attempts.map((a) => [a.caseId, a.turns[0]!]));
    expect(byId.get('out-of-scope')!.answer).toBe(NOTHING_FOUND_REPLY);
    expect(byId.get('out-of-scope')!.assertions).toEqual([
      { key: 'abstains', ok: true, detail: 'cites no source and says "could not find anything"' },
    ]);
    expect(byId.get('in-scope')!.assertions).toEqual([
      { key: 'abstains', ok: false, detail: expect.stringMatching(/^cites \d+ sources?$/) },
    ]);
    expect(byId.get('answers')!.status).toBe('pass');
  });
});
