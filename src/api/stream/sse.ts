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
  let buffer = '';
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

/**
 * Reads a byte stream as SSE messages; UTF-8 characters split across chunks are decoded whole. However the
 * reading stops (the stream's end, an error, the consumer leaving early after `[DONE]`, an abort), the body
 * is cancelled and the reader released: a server that keeps the connection open must not keep it forever.
 */
export async function* readSse(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<SseMessage, { unfinished: boolean }> {
  const decoder = new TextDecoder('utf-8');
  const queue: SseMessage[] = [];
  const parser = createSseParser((m) => queue.push(m));
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      while (queue.length) yield queue.shift()!;
    }
    ended = true;
    parser.push(decoder.decode());
    while (queue.length) yield queue.shift()!;
    return parser.end();
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
