import { catalogStore, sightingsFor, type ConnectionProfile } from '../../../lib';
import { cutStored, sendCompletion, type CompletionEnding, type CompletionOutcome } from '../../../api';
import { SHOWN_BOUNDS, STORAGE_BOUNDS } from '../bounds';
import { nextStatus, type AnswerEvent } from './answer-status';
import { errorInit, type Exchange, type TraceItem } from './exchange';
import type { CompletionBodyInput } from './options';

export interface RunInput {
  spaceId: string;
  body: CompletionBodyInput;
  profile: ConnectionProfile;
  signal: AbortSignal;
  /**
   * Deltas and trace events of a stream, as they arrive; the deltas as they may be shown (joined, secrets masked, a
   * tail that may begin one held back until the next delta or the end).
   */
  onDelta?(text: string): void;
  onTrace?(item: TraceItem): void;
  /** The stream's headers arrived: the message may now show as streaming. */
  onStreamOpen?(): void;
}

/** Everything an answer adds to its exchange. */
export type RunOutcome = Pick<
  Exchange,
  | 'status'
  | 'text'
  | 'result'
  | 'drift'
  | 'rawResponse'
  | 'conversationId'
  | 'trace'
  | 'streamErrors'
  | 'unknownEvents'
  | 'answeredAsJson'
  | 'error'
  | 'timing'
  | 'logId'
>;

/** How each way a completion ends moves the answer's status. */
const EVENT_OF: Readonly<Record<CompletionEnding, AnswerEvent>> = {
  answered: { type: 'answered' },
  ended_early: { type: 'stream_closed' },
  failed: { type: 'failed' },
  stopped: { type: 'stopped' },
};

/** An answer read from a stream request is remembered here; callEndpoint remembers the non-streamed ones itself. */
function remember({ profile, spaceId, body }: RunInput, outcome: CompletionOutcome) {
  if (!body.stream || !outcome.result) return;
  catalogStore.remember(
    profile.id,
    sightingsFor('chatCompletions', { space_id: spaceId }, body, {
      ...outcome.result,
      conversation_id: outcome.conversationId,
    }),
  );
}

/**
 * Sends one completion through the shared runner and turns it into what the exchange shows: deltas and trace
 * events go to the callbacks as they arrive, a stop keeps the text so far, every outcome (a failure too) comes
 * back as data.
 */
export async function runCompletion(input: RunInput): Promise<RunOutcome> {
  const { spaceId, body, profile, signal, onDelta, onTrace, onStreamOpen } = input;
  const trace: TraceItem[] = [];
  let unknownEvents = 0;
  for await (const event of sendCompletion({ spaceId, body, profile, signal })) {
    switch (event.kind) {
      case 'open':
        onStreamOpen?.();
        break;
      case 'delta':
        onDelta?.(event.text);
        break;
      case 'trace': {
        const item: TraceItem = { type: event.type, message: event.message, raw: event.raw };
        trace.push(item);
        onTrace?.(item);
        break;
      }
      case 'unknown':
        unknownEvents += 1;
        // Not shown in the transcript, but not silently lost either.
        if (unknownEvents <= SHOWN_BOUNDS.unknownEventsKept)
          console.warn('Playground: ignored an unknown stream event', event.raw);
        break;
      case 'end': {
        const outcome = event.outcome;
        remember(input, outcome);
        // Only a call that failed is an error; a stream that broke off has ended early, its text kept.
        const error = outcome.ending === 'failed' ? errorInit(outcome.error) : undefined;
        return {
          // Every ending is final, from pending or streaming alike.
          status: nextStatus('pending', EVENT_OF[outcome.ending]),
          text: outcome.text,
          result: outcome.result,
          drift: outcome.drift,
          rawResponse: cutStored(outcome.rawResponse, STORAGE_BOUNDS.storedRawChars),
          conversationId: outcome.conversationId,
          trace,
          streamErrors: outcome.streamErrors,
          unknownEvents,
          ...(outcome.answeredAsJson ? { answeredAsJson: true } : {}),
          ...(error ? { error: { ...error, logId: error.logId ?? outcome.logId } } : {}),
          timing: outcome.timing,
          logId: outcome.logId,
        };
      }
    }
  }
  throw new Error('The completion runner ended without its outcome.');
}
