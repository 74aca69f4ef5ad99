import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, call, expectError, startTestSandbox } from './test-support';
import type { RunningSandbox } from './sandbox';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const control = (json?: unknown) =>
  call(`${sb.secondaryUrl}/__sandbox/stream-behaviour`, json === undefined ? {} : { method: 'PUT', json });

/** Reads a streamed completion's body whole: the events it sent, and whether the body ended cleanly. */
async function stream() {
  const res = await fetch(`${sb.baseUrl}/v1/spaces/completions/${IDS.spaceKitchen}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer test-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ session_id: 's', message: 'How often should I sharpen a knife?', stream: true }),
  });
  let text = '';
  let broke = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    broke = true;
  }
  return { events: text.split('\n\n').filter(Boolean), broke };
}

describe('PUT /__sandbox/stream-behaviour', () => {
  it('answers the faults set, refuses a wrong body, and is cleared by a reset', async () => {
    expect((await control()).body).toEqual({ first_text_delay_ms: null, cut_after_deltas: null });
    expect((await control({ cut_after_deltas: 1 })).body).toEqual({ first_text_delay_ms: null, cut_after_deltas: 1 });
    expectError(await control({ cut_after_deltas: -1 }), 422);
    expectError(await control({ cut: 1 }), 422);
    expect(
      (await call(`${sb.secondaryUrl}/__sandbox/stream-behaviour`, { method: 'PUT', json: {}, token: null })).status,
    ).toBe(401);
    await call(`${sb.secondaryUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await control()).body).toEqual({ first_text_delay_ms: null, cut_after_deltas: null });
  });

  it('a cut stream sends its first deltas and never the result or [DONE]; an uncut one ends with both', async () => {
    const whole = await stream();
    expect(whole.broke).toBe(false);
    expect(whole.events.at(-1)).toBe('data: [DONE]');
    expect(whole.events.some((e) => e.includes('"type":"result"'))).toBe(true);
    await control({ cut_after_deltas: 2 });
    const cut = await stream();
    expect(cut.events).toHaveLength(2);
    expect(cut.events.every((e) => e.includes('"type":"stream"'))).toBe(true);
    expect(cut.broke).toBe(true);
    await control({ cut_after_deltas: null });
  });
});
