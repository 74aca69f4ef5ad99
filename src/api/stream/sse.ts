/**
 * A Server-Sent Events reader that follows the WHATWG event-stream rules where they matter here:
 * LF, CRLF and CR line ends (a CRLF split across two chunks is one line end), `:` comments,
 * multi-line `data:` joined with "\n", one leading space stripped, a blank line dispatching the event,
 * and an unfinished event at the end of the stream reported rather than silently lost.
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
  let buffer = '';
  let skipLeadingLf = false;
  let started = false;
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
      if (!started && text.length) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        line(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      const unfinished = hasData || buffer.length > 0;
      buffer = '';
      data = [];
      hasData = false;
      return { unfinished };
    },
  };
}

/** Reads a byte stream as SSE messages; UTF-8 characters split across chunks are decoded whole. */
export async function* readSse(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<SseMessage, { unfinished: boolean }> {
  const decoder = new TextDecoder('utf-8');
  const queue: SseMessage[] = [];
  const parser = createSseParser((m) => queue.push(m));
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      while (queue.length) yield queue.shift()!;
    }
    parser.push(decoder.decode());
    while (queue.length) yield queue.shift()!;
    return parser.end();
  } finally {
    reader.releaseLock();
  }
}
