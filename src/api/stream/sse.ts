import { readWithin } from './idle-limit';

/**
 * A Server-Sent Events reader that follows the WHATWG event-stream rules where they matter here:
 * LF, CRLF and CR line ends (a CRLF split across two chunks is one line end), `:` comments,
 * multi-line `data:` joined with "\n", one leading space stripped, a blank line dispatching the event,
 * and an unfinished event at the end of the stream reported rather than silently lost. The parser takes
 * decoded text: the one leading U+FEFF the rules allow is removed by the decoder (readSse's TextDecoder),
 * so a second one is text, as the rules say.
 */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  push(text: string): void;
  /** Ends the stream; returns whether an event was left unfinished (no blank line after it). */
  end(): { unfinished: boolean };
}

export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  /**
   * The unfinished line's pieces, joined once when its line end comes: each chunk is scanned once, never the whole
   * buffer again (one 16 MB line in 64 KB chunks was rescanned 256 times: 28 s; now linear).
   */
  let pending: string[] = [];
  let skipLeadingLf = false;
  let data: string[] = [];
  let hasData = false;
  let event = '';
  let id: string | undefined;

  function dispatch() {
    if (hasData) onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    data = [];
    hasData = false;
    event = '';
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      data.push(value);
      hasData = true;
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields are ignored.
  }

  return {
    push(text: string) {
      // An empty chunk between a CR and its LF must not forget the CR: the LF still ends the same line.
      if (text === '') return;
      let start = 0;
      if (skipLeadingLf && text.charCodeAt(0) === 10) start = 1;
      skipLeadingLf = false;
      // The next LF and the next CR, each found by indexOf and looked for again only once passed: linear, and native.
      let nextLf = text.indexOf('\n', start);
      let nextCr = text.indexOf('\r', start);
      while (nextLf !== -1 || nextCr !== -1) {
        const at = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
        const piece = text.slice(start, at);
        if (pending.length > 0) {
          pending.push(piece);
          const whole = pending.join('');
          pending = [];
          line(whole);
        } else line(piece);
        let end = at;
        if (at === nextCr) {
          if (at + 1 < text.length) {
            if (text.charCodeAt(at + 1) === 10) end = at + 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = end + 1;
        if (nextLf !== -1 && nextLf < start) nextLf = text.indexOf('\n', start);
        if (nextCr !== -1 && nextCr < start) nextCr = text.indexOf('\r', start);
      }
      if (start < text.length) pending.push(text.slice(start));
    },
    end() {
      const unfinished = hasData || pending.length > 0;
      pending = [];
      data = [];
      hasData = false;
      return { unfinished };
    },
  };
}

export interface SseReadOptions {
  /** The longest line, in bytes (READ_BOUNDS.sseLineBytes): past it the reading stops with `lineTooLong()`. */
  lineBytes?: number;
  lineTooLong?: () => Error;
  /**
   * The longest wait for the next complete event, in ms: bytes that trickle in without completing one (a line that
   * never ends, comments only) do not hold the stream open past it; the read ends with `stalled()`.
   */
  idleMs?: number;
  /** `trickled`: bytes came since the last event (none came: the stream is simply silent). */
  stalled?: (trickled: boolean) => Error;
}

/** Where the unfinished line starts in a chunk: the bytes after its last CR or LF (a UTF-8 sequence holds neither). */
function bytesAfterLastLineEnd(chunk: Uint8Array): number {
  for (let i = chunk.length - 1; i >= 0; i--) {
    const b = chunk[i];
    if (b === 10 || b === 13) return chunk.length - 1 - i;
  }
  return -1;
}

/**
 * Reads a byte stream as SSE messages; UTF-8 characters split across chunks are decoded whole. However the
 * reading stops (the stream's end, an error, the consumer leaving early after `[DONE]`, an abort, a line over its
 * cap, no event within the idle limit), the body is cancelled and the reader released: a server that keeps the
 * connection open must not keep it forever.
 */
export async function* readSse(
  stream: ReadableStream<Uint8Array>,
  options: SseReadOptions = {},
): AsyncGenerator<SseMessage, { unfinished: boolean }> {
  const { lineBytes = Infinity, idleMs } = options;
  const decoder = new TextDecoder('utf-8');
  const queue: SseMessage[] = [];
  const parser = createSseParser((m) => queue.push(m));
  const reader = stream.getReader();
  let ended = false;
  let lineSoFar = 0;
  let lastEventAt = performance.now();
  let trickled = false;
  let failure: unknown;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      if (idleMs === undefined) step = await reader.read();
      else {
        const left = lastEventAt + idleMs - performance.now();
        const stalled = () => (options.stalled ?? (() => new Error(`no event for ${idleMs} ms`)))(trickled);
        if (left <= 0) throw stalled();
        step = await readWithin(reader, left, stalled);
      }
      if (step.done) break;
      const value = step.value;
      trickled = true;
      const after = bytesAfterLastLineEnd(value);
      lineSoFar = after === -1 ? lineSoFar + value.byteLength : after;
      if (lineSoFar > lineBytes)
        throw options.lineTooLong?.() ?? new Error(`a line of the stream is over ${lineBytes} bytes`);
      parser.push(decoder.decode(value, { stream: true }));
      if (queue.length) {
        lastEventAt = performance.now();
        trickled = false;
      }
      while (queue.length) yield queue.shift()!;
    }
    ended = true;
    parser.push(decoder.decode());
    while (queue.length) yield queue.shift()!;
    return parser.end();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // The reason reaches the body's source (the request log says why a stream was cut off).
    if (!ended) await reader.cancel(failure).catch(() => undefined);
    reader.releaseLock();
  }
}
