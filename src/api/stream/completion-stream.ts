import {
  CompletionResultRecord,
  STREAM_DONE,
  StreamTextEvent,
  type CompletionResult,
  type DriftWarning,
} from '../../contract';
import { readSse } from './sse';
import { READ_BOUNDS } from '../constants';
import { overCap } from '../http/read-capped';
import { streamStalled } from './idle-limit';

/** What a streamed completion turns into, one step at a time. */
export type CompletionStreamEvent =
  | { kind: 'delta'; text: string }
  | { kind: 'trace'; type: 'agent' | 'planning' | 'tool'; message: string; raw: unknown }
  | { kind: 'error'; message: string; raw: unknown }
  | { kind: 'result'; result: CompletionResult; drift: DriftWarning[]; raw: unknown }
  | { kind: 'unknown'; raw: string }
  | { kind: 'done' }
  /** The stream closed without its final result event. */
  | { kind: 'ended_early'; unfinished: boolean };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Interprets one SSE data payload: the sandbox's events, the real service's typed events, or a bare result. */
export function interpretPayload(data: string): CompletionStreamEvent {
  if (data.trim() === STREAM_DONE) return { kind: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'unknown', raw: data };
  }
  if (isObject(json) && json.type === 'result') {
    const parsed = CompletionResultRecord.parse(json.result);
    if (parsed.ok) return { kind: 'result', result: parsed.data, drift: parsed.drift, raw: json.result };
    return { kind: 'unknown', raw: data };
  }
  const typed = StreamTextEvent.safeParse(json);
  if (typed.success) {
    const message = typed.data.message ?? '';
    if (typed.data.type === 'stream') return { kind: 'delta', text: message };
    if (typed.data.type === 'error')
      return { kind: 'error', message: message || 'The service reported an error in the stream.', raw: json };
    return { kind: 'trace', type: typed.data.type, message, raw: json };
  }
  if (isObject(json) && 'assistant_message' in json) {
    const parsed = CompletionResultRecord.parse(json);
    if (parsed.ok) return { kind: 'result', result: parsed.data, drift: parsed.drift, raw: json };
  }
  return { kind: 'unknown', raw: data };
}

/**
 * Turns a streamed completion's body into events. A proper end is a result event or `[DONE]`
 * (the real service's sibling endpoint may send only deltas and `[DONE]`); a body that closes
 * with neither yields `ended_early`.
 */
export async function* completionEvents(
  body: ReadableStream<Uint8Array>,
  options: { idleMs?: number } = {},
): AsyncGenerator<CompletionStreamEvent> {
  let gotResult = false;
  // One line is read up to READ_BOUNDS.sseLineBytes; the idle limit counts complete events, not bytes: a service
  // that trickles a line which never ends (or comments only) stalls like a silent one.
  const { idleMs } = options;
  const messages = readSse(body, {
    lineBytes: READ_BOUNDS.sseLineBytes,
    lineTooLong: () => overCap('A line of the stream', READ_BOUNDS.sseLineBytes, 'chatCompletions'),
    ...(idleMs !== undefined
      ? { idleMs, stalled: (trickled: boolean) => streamStalled(idleMs, 'chatCompletions', undefined, trickled) }
      : {}),
  });
  try {
    for (;;) {
      const step = await messages.next();
      if (step.done) {
        yield gotResult ? { kind: 'done' } : { kind: 'ended_early', unfinished: step.value.unfinished };
        return;
      }
      const event = interpretPayload(step.value.data);
      if (event.kind === 'result') gotResult = true;
      yield event;
      if (event.kind === 'done') return;
    }
  } finally {
    // After [DONE], an error or the consumer leaving: the reader cancels the body and lets go of it.
    await messages.return({ unfinished: false });
  }
}
