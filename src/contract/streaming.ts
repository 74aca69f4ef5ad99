import { z } from './zod';

/**
 * Streamed completions (stream: true). The spec does not show the format; the real service's sibling
 * endpoint sends Server-Sent Events of `data: {json}` with a `type` and a text delta in `message`.
 * The sandbox sends `{"type":"stream","message":delta}` events, then `{"type":"result","result":CompletionResult}`,
 * then `data: [DONE]`. Readers also accept a bare CompletionResult as the final event.
 */
export const STREAM_DONE = '[DONE]';

export const StreamTextEvent = z.looseObject({
  type: z.enum(['stream', 'agent', 'planning', 'tool', 'error']),
  message: z.catch(z.optional(z.string()), undefined),
});
export type StreamTextEvent = z.output<typeof StreamTextEvent>;

export const StreamResultEvent = z.looseObject({ type: z.literal('result'), result: z.unknown() });
