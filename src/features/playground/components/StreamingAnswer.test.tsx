import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseAnswer as sse } from '../../../api/test-support/completion-answers';
import { profileFor, startServer, type TestServer } from '../../../lib/test-support/http-server';
import { renderWithProviders } from '../../../test/render';
import { runCompletion } from '../model/run';
import { StreamSink } from '../model/stream-sink';
import { defaultOptions, toBody } from '../model/options';
import { StreamingAnswer } from './StreamingAnswer';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('StreamingAnswer', () => {
  it('never shows a token the service echoes split across deltas, nor its start, while the answer streams', async () => {
    const profile = profileFor(server.url);
    const token = profile.token!;
    const delta = (message: string) => `data: ${JSON.stringify({ type: 'stream', message })}\n\n`;
    server.handle((_, res) =>
      sse(res, [delta(`Your token is ${token.slice(0, 4)}`), delta(token.slice(4, 10)), delta(`${token.slice(10)}.`)]),
    );
    // The test plays the animation frame: after each delta, the frame runs and the answer renders.
    let frame: (() => void) | undefined;
    const sink = new StreamSink((callback) => {
      frame = callback;
      return () => (frame = undefined);
    });
    renderWithProviders(<StreamingAnswer sink={sink} allowRemoteImages={false} />);
    const check = toBody({ ...defaultOptions(), stream: true }, 'echo my token');
    if (!check.ok) throw new Error('bad body');
    const seen: string[] = [];
    await runCompletion({
      spaceId: '101',
      body: check.body,
      profile,
      signal: new AbortController().signal,
      onDelta: (text) => {
        sink.append(text);
        act(() => frame?.());
        seen.push(screen.getByTestId('streaming-answer').textContent ?? '');
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).not.toContain(token.slice(0, 4));
    expect(seen.at(-1)).toContain('Your token is ***.');
  });
});
