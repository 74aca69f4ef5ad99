import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseMessage } from './sse';
import { completionEvents } from './completion-stream';

function parseAll(chunks: string[]) {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  for (const c of chunks) parser.push(c);
  return { messages: out, ...parser.end() };
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

const SAMPLE =
  ': keep-alive comment\r\n' +
  'data: {"type":"stream","message":"Hel"}\r\n\r\n' +
  'event: note\n' +
  'data: line one\n' +
  'data:line two\n\n' +
  'data: {"type":"stream","message":"lo — ünïcödé ✓"}\r\r' +
  'data: [DONE]\n\n';

const EXPECTED: SseMessage[] = [
  { event: 'message', data: '{"type":"stream","message":"Hel"}' },
  { event: 'note', data: 'line one\nline two' },
  { event: 'message', data: '{"type":"stream","message":"lo — ünïcödé ✓"}' },
  { event: 'message', data: '[DONE]' },
];

describe('SSE parser', () => {
  it('reads LF, CRLF and CR line ends, comments and multi-line data', () => {
    expect(parseAll([SAMPLE])).toEqual({ messages: EXPECTED, unfinished: false });
  });

  it('gives the same messages when the text is split at every position', () => {
    for (let i = 0; i <= SAMPLE.length; i++) {
      expect(parseAll([SAMPLE.slice(0, i), SAMPLE.slice(i)]).messages, `split at ${i}`).toEqual(EXPECTED);
    }
  });

  it('gives the same messages when the bytes are split at every boundary, even inside a UTF-8 character', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    for (let i = 0; i <= bytes.length; i++) {
      const got: SseMessage[] = [];
      const messages = readSse(streamOf([bytes.slice(0, i), bytes.slice(i)]));
      for (let step = await messages.next(); !step.done; step = await messages.next()) got.push(step.value);
      expect(got, `split at byte ${i}`).toEqual(EXPECTED);
    }
  });

  it('gives the same messages one byte at a time', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    const got: SseMessage[] = [];
    for await (const m of readSse(streamOf([...bytes].map((b) => Uint8Array.of(b))))) got.push(m);
    expect(got).toEqual(EXPECTED);
  });

  it('keeps a CR and its LF one line end when an empty chunk arrives between them', async () => {
    expect(parseAll(['data: a\r', '', '\ndata: b\r\n\r\n'])).toEqual({
      messages: [{ event: 'message', data: 'a\nb' }],
      unfinished: false,
    });
    const enc = (s: string) => new TextEncoder().encode(s);
    const got: SseMessage[] = [];
    for await (const m of readSse(streamOf([enc('data: a\r'), new Uint8Array(0), enc('\ndata: b\r\n\r\n')])))
      got.push(m);
    expect(got).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('removes one leading U+FEFF (the decoder does), not two', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const read = async (bytes: number[]) => {
      const got: SseMessage[] = [];
      for await (const m of readSse(streamOf([Uint8Array.from(bytes)]))) got.push(m);
      return got;
    };
    const event = [...new TextEncoder().encode('data: x\n\n')];
    expect(await read([...bom, ...event])).toEqual([{ event: 'message', data: 'x' }]);
    // The second U+FEFF is text: the first line's field is "\uFEFFdata", unknown, so ignored (WHATWG rules).
    expect(await read([...bom, ...bom, ...event])).toEqual([]);
  });

  it('reports an event left unfinished when the stream ends early', () => {
    expect(parseAll(['data: {"type":"stream","message":"par'])).toEqual({ messages: [], unfinished: true });
    expect(parseAll(['data: a\n\n'])).toEqual({ messages: [{ event: 'message', data: 'a' }], unfinished: false });
  });
});

describe('completion stream', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  async function collect(text: string) {
    const out = [];
    for await (const e of completionEvents(streamOf([enc(text)]))) out.push(e);
    return out;
  }

  it('yields deltas, traces, the final result and done', async () => {
    const result = {
      message_id: 'm1',
      user_message: 'q',
      assistant_message: 'Hello',
      document_chunks: [],
      token_usage: { model_name: 'x', total_tokens: 3, prompt_tokens: 2, completion_tokens: 1, successful_requests: 1 },
    };
    const events = await collect(
      'data: {"type":"planning","message":"thinking"}\n\n' +
        'data: {"type":"stream","message":"Hel"}\n\n' +
        'data: {"type":"stream","message":"lo"}\n\n' +
        'data: {"type":"whatever","x":1}\n\n' +
        `data: ${JSON.stringify({ type: 'result', result })}\n\n` +
        'data: [DONE]\n\n',
    );
    expect(events.map((e) => e.kind)).toEqual(['trace', 'delta', 'delta', 'unknown', 'result', 'done']);
    expect(events[4]).toMatchObject({ kind: 'result', result: { assistant_message: 'Hello' }, drift: [] });
  });

  it('accepts a bare completion result and [DONE] without a result', async () => {
    expect((await collect('data: {"assistant_message":"Hi","message_id":"m"}\n\n')).map((e) => e.kind)).toEqual([
      'result',
      'done',
    ]);
    expect((await collect('data: {"type":"stream","message":"Hi"}\n\ndata: [DONE]\n\n')).map((e) => e.kind)).toEqual([
      'delta',
      'done',
    ]);
  });

  it('flags a stream that closes without its final event', async () => {
    const events = await collect('data: {"type":"stream","message":"Hel"}\n\ndata: {"type":"stream","mess');
    expect(events).toEqual([
      { kind: 'delta', text: 'Hel' },
      { kind: 'ended_early', unfinished: true },
    ]);
  });

  it('passes error events on', async () => {
    const events = await collect('data: {"type":"error","message":"quota exceeded"}\n\n');
    expect(events[0]).toMatchObject({ kind: 'error', message: 'quota exceeded' });
    expect(events[1]).toEqual({ kind: 'ended_early', unfinished: false });
  });
});
