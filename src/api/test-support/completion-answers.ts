// Test support only (Node): what a completion service answers with, for the runner's and its consumers' tests.
import type { ServerResponse } from 'node:http';

/** A completion result with one source and token usage: what the completion tests answer with. */
export const COMPLETION_SAMPLE = {
  message_id: 'm1',
  user_message: 'q',
  assistant_message: 'Hello world',
  document_chunks: [
    { document_id: '831', document_name: 'a.md', dataset_id: '731', chunk_index: 0, content: 'Hello', score: 0.9 },
  ],
  token_usage: { model_name: 'm', total_tokens: 3, prompt_tokens: 2, completion_tokens: 1, successful_requests: 1 },
};

/** An event stream: each piece written 5 ms apart, then ended, held open (a stall) or dropped (a lost connection). */
export function sseAnswer(
  res: ServerResponse,
  pieces: string[],
  opts: { then?: 'end' | 'hold' | 'drop'; headers?: Record<string, string> } = {},
): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', ...opts.headers });
  let i = 0;
  const next = () => {
    if (i < pieces.length) {
      res.write(pieces[i++]);
      setTimeout(next, 5);
    } else if (opts.then === 'drop') res.destroy();
    else if (opts.then !== 'hold') res.end();
  };
  next();
}
