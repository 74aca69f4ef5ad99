import { z } from 'zod';
import type { Route, SandboxState } from './types';

/**
 * Faults of streamed answers, so a client's streaming checks can be rehearsed: a slow first token
 * (`first_text_delay_ms`) and a stream cut off after some deltas (`cut_after_deltas`: the connection is destroyed
 * before the result event and `[DONE]`). `null` clears one; /__sandbox/reset clears both.
 */
export const StreamBehaviourBody = z.strictObject(
  {
    first_text_delay_ms: z.optional(
      z.nullable(
        z
          .int({ error: 'first_text_delay_ms must be an integer or null' })
          .min(0, { error: 'first_text_delay_ms must be at least 0' })
          .max(60_000, { error: 'first_text_delay_ms must be at most 60000' }),
      ),
    ),
    cut_after_deltas: z.optional(
      z.nullable(
        z
          .int({ error: 'cut_after_deltas must be an integer or null' })
          .min(0, { error: 'cut_after_deltas must be at least 0' }),
      ),
    ),
  },
  { error: 'the body must be an object with first_text_delay_ms and/or cut_after_deltas (integers or null)' },
);

const behaviourOf = (state: SandboxState) => ({
  first_text_delay_ms: state.streamBehaviour.firstTextDelayMs ?? null,
  cut_after_deltas: state.streamBehaviour.cutAfterDeltas ?? null,
});

export const streamBehaviour: Route = {
  host: 'secondary',
  method: 'GET',
  pattern: '/__sandbox/stream-behaviour',
  auth: true,
  bodySchema: null,
  handle: ({ state }) => ({ body: behaviourOf(state) }),
};

export const setStreamBehaviour: Route = {
  host: 'secondary',
  method: 'PUT',
  pattern: '/__sandbox/stream-behaviour',
  auth: true,
  bodySchema: StreamBehaviourBody,
  handle({ body, state }) {
    const change = body as z.output<typeof StreamBehaviourBody>;
    const next = { ...state.streamBehaviour };
    if (change.first_text_delay_ms !== undefined) next.firstTextDelayMs = change.first_text_delay_ms ?? undefined;
    if (change.cut_after_deltas !== undefined) next.cutAfterDeltas = change.cut_after_deltas ?? undefined;
    state.streamBehaviour = next;
    return { body: behaviourOf(state) };
  },
};
