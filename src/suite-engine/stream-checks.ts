import type { CompletionOutcome } from '../api/completion';
import type { Expectations } from './suite-file';
import type { AssertionOutcome, CompletionBodyInput, StreamEnd } from './types';

export type { StreamEnd };

/** A turn asks for a stream when one of its expectations measures one. */
export const wantsStream = (expect: Expectations | undefined): boolean =>
  expect?.max_ttft_ms !== undefined || expect?.stream_completes !== undefined;

/** The body as sent: `stream: true` when the turn's expectations need a stream (whatever the options say). */
export const streamedBody = (body: CompletionBodyInput, expect: Expectations | undefined): CompletionBodyInput =>
  wantsStream(expect) ? { ...body, stream: true } : body;

/** How a stream request ended; undefined when no stream was asked for, or none was read (the call failed). */
export function streamEndOf(outcome: CompletionOutcome, streamed: boolean): StreamEnd | undefined {
  if (!streamed || outcome.ending === 'failed' || outcome.ending === 'stopped') return undefined;
  if (outcome.answeredAsJson) return 'not_streamed';
  if (outcome.streamErrors.length > 0) return 'error_event';
  return outcome.ending === 'answered' ? 'complete' : 'cut';
}

/**
 * A stream that ended badly is an error of the turn (it cannot be judged), unless the turn checks
 * `stream_completes`: then the early end is what it checks, a failure with the text so far judged too.
 */
export const judgedDespiteEnd = (end: StreamEnd | undefined, expect: Expectations | undefined): boolean =>
  expect?.stream_completes !== undefined && (end === 'cut' || end === 'error_event');

const ms = (n: number) => `${Math.round(n)} ms`;

/** max_ttft_ms: from send to the first `stream` event with text, at most the limit. */
export function ttftOutcome(
  max: number,
  firstTextMs: number | undefined,
  end: StreamEnd | undefined,
): AssertionOutcome {
  if (firstTextMs === undefined) {
    const why =
      end === 'not_streamed' ? 'the service answered with one JSON body, not a stream' : 'no text was streamed';
    return { key: 'max_ttft_ms', ok: false, detail: why };
  }
  const ok = firstTextMs <= max;
  return { key: 'max_ttft_ms', ok, detail: `first text after ${ms(firstTextMs)}${ok ? ' ≤ ' : ' > '}${ms(max)}` };
}

const END_DETAIL: Record<StreamEnd, string> = {
  complete: 'the stream ended with its final event',
  cut: 'the stream ended before its final event',
  error_event: 'the stream sent an error event',
  not_streamed: 'the service answered with one JSON body, not a stream',
};

/** stream_completes: the stream ended with its final result (or `[DONE]`), without an error event. */
export function streamCompletesOutcome(end: StreamEnd | undefined, problem?: string): AssertionOutcome {
  const ok = end === 'complete';
  const detail = end === undefined ? 'no stream was read' : END_DETAIL[end];
  return { key: 'stream_completes', ok, detail: problem && !ok ? `${detail}: ${problem}` : detail };
}
