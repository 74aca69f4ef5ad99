import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSseParser, readSse, type SseMessage } from './sse';

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

describe('SSE reader on hostile input', () => {
  const encoder = new TextEncoder();

  it('gives the same events for any chunking of the same bytes (property, fixed seed)', async () => {
    // Lines of fields, comments, multi-byte characters and every kind of line end, cut anywhere (inside a CRLF or a
    // UTF-8 character too).
    const piece = fc.constantFrom(
      'data: ',
      'data:',
      'event: x',
      'id: 7',
      ': c',
      'é',
      '✓',
      '😀',
      'a b',
      '\n',
      '\r',
      '\r\n',
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 8 }), async (body, cuts) => {
        const bytes = encoder.encode(body);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, bytes.length].slice(1).map((end, i, all) => bytes.slice(i ? all[i - 1] : 0, end));
        const read = async (parts: Uint8Array[]) => {
          const out: SseMessage[] = [];
          const messages = readSse(streamOf(parts));
          for (;;) {
            const step = await messages.next();
            if (step.done) return { out, end: step.value };
            out.push(step.value);
          }
        };
        expect(await read(chunks)).toEqual(await read([bytes]));
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('reads one 8 MB line sent in 16 KB chunks in one pass (the buffer was rescanned per chunk: 2·10⁹ steps)', () => {
    const out: SseMessage[] = [];
    const parser = createSseParser((m) => out.push(m));
    const chunk = 'x'.repeat(16 * 1024);
    parser.push('data: ');
    for (let i = 0; i < 512; i++) parser.push(chunk);
    parser.push('\n\n');
    expect(out).toHaveLength(1);
    expect(out[0]!.data.length).toBe(8 * 1024 * 1024);
  });

  it('stops a line over its cap with the error naming it, and lets go of the body', async () => {
    let cancelled: unknown;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('x'.repeat(600)));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const messages = readSse(body, { lineBytes: 1000, lineTooLong: () => new Error('a line is over 1000 bytes') });
    await expect(messages.next()).rejects.toThrow('a line is over 1000 bytes');
    expect(cancelled).toBeInstanceOf(Error);
  });

  it('ends a stream whose bytes trickle in without completing an event at the idle limit', async () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"n":1}\n\ndata: '));
        timer = setInterval(() => controller.enqueue(encoder.encode('x')), 10);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    const messages = readSse(body, { idleMs: 150, stalled: (trickled) => new Error(`stalled, trickled: ${trickled}`) });
    expect((await messages.next()).value).toEqual({ event: 'message', data: '{"n":1}' });
    await expect(messages.next()).rejects.toThrow('stalled, trickled: true');
    clearInterval(timer);
  });
});
