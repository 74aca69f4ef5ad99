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
  for (const delta of deltas(reply)) {
    if (gone || res.destroyed) return;
    send(JSON.stringify({ type: 'stream', message: delta }));
    if (delayMs > 0) await sleep(delayMs);
  }
  if (gone || res.destroyed) return;
  send(JSON.stringify({ type: 'result', result }));
  send(STREAM_DONE);
  res.end();
}
