import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_DONE } from '../../contract';
import { ANSWER_BOUNDS } from '../bounds';
import { wordPieces } from '../retrieval/text';

/** The reply cut into deltas of a few words; their concatenation is exactly the reply. */
export function deltas(reply: string, wordsPerDelta: number = ANSWER_BOUNDS.wordsPerDelta): string[] {
  const pieces = wordPieces(reply);
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerDelta) out.push(pieces.slice(i, i + wordsPerDelta).join(''));
  return out;
}

/** Faults a streamed answer can be given, to rehearse a slow first token and a stream cut off (stream-controls.ts). */
export interface StreamBehaviour {
  /** A pause before the first delta (the time to first text a client measures). */
  firstTextDelayMs?: number;
  /** After this many deltas the connection is destroyed: no result event, no `[DONE]`. */
  cutAfterDeltas?: number;
}

/**
 * The connection closed mid-stream, after what was written has left (a destroyed socket would drop it): the body
 * ends without its last chunk, as when a proxy or the service gives up.
 */
function cut(res: ServerResponse): void {
  if (res.socket) res.socket.end();
  else res.destroy();
}

/**
 * Server-Sent Events (see src/contract/streaming.ts): `{"type":"stream","message":delta}` events, a pause of
 * `delayMs` after each so a browser shows text before the end, then `{"type":"result","result":...}`, then
 * `[DONE]`. Stops as soon as the client goes away.
 */
export async function streamReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: string,
  result: unknown,
  delayMs: number,
  headers: Record<string, string>,
  behaviour: StreamBehaviour = {},
): Promise<void> {
  let gone = false;
  const onClose = () => {
    gone = true;
  };
  req.on('close', onClose);
  res.on('close', onClose);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Accel-Buffering': 'no',
    ...headers,
  });
  res.flushHeaders();
  const send = (data: string) => {
    if (!gone && !res.destroyed) res.write(`data: ${data}\n\n`);
  };
  if (behaviour.firstTextDelayMs) await sleep(behaviour.firstTextDelayMs);
  let sent = 0;
  for (const delta of deltas(reply)) {
    if (gone || res.destroyed) return;
    if (sent++ === behaviour.cutAfterDeltas) return cut(res);
    send(JSON.stringify({ type: 'stream', message: delta }));
    if (delayMs > 0) await sleep(delayMs);
  }
  if (gone || res.destroyed) return;
  // Fewer deltas than the cut: cut before the result all the same.
  if (behaviour.cutAfterDeltas !== undefined) return cut(res);
  send(JSON.stringify({ type: 'result', result }));
  send(STREAM_DONE);
  res.end();
}
