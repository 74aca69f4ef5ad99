import {
  ApiError,
  CONVERSATION_ID_HEADER,
  catalogStore,
  chatCompletion,
  completionEvents,
  isStreamStalled,
  openCompletionStream,
  requestLog,
  sightingsFor,
  type ConnectionProfile,
} from '../../../api';
import { buildPath, CompletionResultRecord, ENDPOINTS, type CompletionResult } from '../../../contract';
import { SHOWN_BOUNDS, STORAGE_BOUNDS } from '../limits';
import { nextStatus, type AnswerEvent, type AnswerStatus } from './answer-status';
import { errorInit, type AnswerTiming, type Exchange, type TraceItem } from './exchange';
import type { CompletionBodyInput } from './options';

export interface RunInput {
  spaceId: string;
  body: CompletionBodyInput;
  profile: ConnectionProfile;
  signal: AbortSignal;
  /** Deltas and trace events of a stream, as they arrive. */
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

const now = () => performance.now();

const cut = (text: string | undefined) =>
  text === undefined || text.length <= STORAGE_BOUNDS.storedRawChars
    ? text
    : `${text.slice(0, STORAGE_BOUNDS.storedRawChars)}\n…`;

function stringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The conversation an answer belongs to: a conversation_id in the result (some services add it) or the sandbox's header. */
function conversationOf(raw: unknown, header: string | null | undefined, sent: string | undefined): string | undefined {
  const fromResult = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).conversation_id : undefined;
  if (typeof fromResult === 'string' && fromResult) return fromResult;
  if (typeof fromResult === 'number') return String(fromResult);
  return header || sent || undefined;
}

/** The log entry openCompletionStream just wrote (it does not return its id): same path and body, not seen before. */
function findStreamLogId(before: ReadonlySet<string>, spaceId: string, sentBody: string): string | undefined {
  const path = buildPath(ENDPOINTS.chatCompletions.pattern, { space_id: spaceId });
  return requestLog
    .getEntries()
    .findLast(
      (e) => !before.has(e.id) && e.endpoint === 'chatCompletions' && e.path === path && e.requestBody === sentBody,
    )?.id;
}

function remember(
  profile: ConnectionProfile,
  spaceId: string,
  body: CompletionBodyInput,
  result: CompletionResult,
  conversationId: string | undefined,
) {
  catalogStore.remember(
    profile.id,
    sightingsFor('chatCompletions', { space_id: spaceId }, body, { ...result, conversation_id: conversationId }),
  );
}

function base(): RunOutcome {
  return { status: 'pending', text: '', drift: [], trace: [], streamErrors: [], unknownEvents: 0, timing: {} };
}

/** How a call that failed ends: stopped when the admin aborted it, an error otherwise. */
const failure = (aborted: boolean): AnswerEvent => ({ type: aborted ? 'stopped' : 'failed' });
/** How a stream that ended without its final event ends: stopped when the admin aborted it. */
const cutOff = (aborted: boolean): AnswerEvent => ({ type: aborted ? 'stopped' : 'stream_closed' });

/**
 * Sends one completion, once: a POST is not idempotent, so nothing here retries. Streams are read as
 * they arrive; a stop keeps the text so far; every outcome (even a failure) comes back as data.
 */
export async function runCompletion(input: RunInput): Promise<RunOutcome> {
  return input.body.stream ? runStreamed(input) : runOnce(input);
}

async function runOnce({ spaceId, body, profile, signal }: RunInput): Promise<RunOutcome> {
  const t0 = now();
  try {
    const answer = await chatCompletion(spaceId, body, signal, { profile });
    // callEndpoint has already put the answer's ids, the header's conversation included, in the catalog.
    const conversationId = conversationOf(answer.raw, answer.headers[CONVERSATION_ID_HEADER], body.conversation_id);
    return {
      ...base(),
      status: nextStatus('pending', { type: 'answered' }),
      text: answer.record.assistant_message,
      result: answer.record,
      drift: answer.drift,
      rawResponse: cut(answer.rawText),
      conversationId,
      timing: { latencyMs: answer.durationMs },
      logId: answer.logId,
    };
  } catch (error) {
    const init = errorInit(error);
    return {
      ...base(),
      status: nextStatus('pending', failure(init.kind === 'aborted')),
      error: init.kind === 'aborted' ? undefined : init,
      timing: { latencyMs: Math.round(now() - t0) },
      logId: init.logId,
    };
  }
}

async function runStreamed({
  spaceId,
  body,
  profile,
  signal,
  onDelta,
  onTrace,
  onStreamOpen,
}: RunInput): Promise<RunOutcome> {
  const out = base();
  const timing: AnswerTiming = {};
  out.timing = timing;
  const t0 = now();
  const before = new Set(requestLog.getEntries().map((e) => e.id));
  const sentBody = JSON.stringify({ ...body, stream: true });
  let response: Response;
  try {
    response = await openCompletionStream(spaceId, body, { signal, profile });
  } catch (error) {
    const init = errorInit(error);
    timing.latencyMs = Math.round(now() - t0);
    out.logId = init.logId ?? findStreamLogId(before, spaceId, sentBody);
    const status = nextStatus('pending', failure(init.kind === 'aborted'));
    return status === 'error' ? { ...out, status, error: { ...init, logId: out.logId } } : { ...out, status };
  }
  timing.ttfbMs = Math.round(now() - t0);
  out.logId = findStreamLogId(before, spaceId, sentBody);
  const header = response.headers.get(CONVERSATION_ID_HEADER);
  let status: AnswerStatus = 'pending';
  /** A read that failed: Stop, a dropped connection (ended early), or a stall — an error naming the idle limit. */
  const brokenOff = (error: unknown): AnswerEvent => {
    if (signal.aborted || !isStreamStalled(error)) return cutOff(signal.aborted);
    out.error = errorInit(error);
    return { type: 'failed' };
  };
  const finish = (event: AnswerEvent) => {
    timing.latencyMs = Math.round(now() - t0);
    out.status = nextStatus(status, event);
    return out;
  };

  // A service may ignore stream: true and answer with one JSON body: show it like any answer.
  if (/application\/json/i.test(response.headers.get('content-type') ?? '')) {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return finish(brokenOff(error));
    }
    out.answeredAsJson = true;
    out.rawResponse = cut(text);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      out.error = errorInit(
        new ApiError({
          kind: 'invalid_json',
          endpoint: 'chatCompletions',
          status: response.status,
          rawBody: text,
          logId: out.logId,
          message: 'Chat completions answered with a JSON content type, but the body is not valid JSON.',
        }),
      );
      return finish({ type: 'failed' });
    }
    const parsed = CompletionResultRecord.parse(raw);
    if (!parsed.ok) {
      out.error = errorInit(
        new ApiError({
          kind: 'unusable',
          endpoint: 'chatCompletions',
          status: response.status,
          rawBody: text,
          drift: parsed.drift,
          logId: out.logId,
          message: `Chat completions answered, but the answer cannot be used: ${parsed.reason}.`,
        }),
      );
      return finish({ type: 'failed' });
    }
    out.result = parsed.data;
    out.drift = parsed.drift;
    out.text = parsed.data.assistant_message;
    out.conversationId = conversationOf(raw, header, body.conversation_id);
    remember(profile, spaceId, body, parsed.data, out.conversationId);
    return finish({ type: 'answered' });
  }

  status = nextStatus(status, { type: 'stream_opened' });
  onStreamOpen?.();
  out.conversationId = header || body.conversation_id || undefined;
  if (!response.body) return finish({ type: 'stream_closed' });
  // How the stream ends if nothing better arrives: cut off before its final event.
  let ending: AnswerEvent = { type: 'stream_closed' };
  try {
    for await (const event of completionEvents(response.body)) {
      switch (event.kind) {
        case 'delta':
          if (event.text && timing.firstTextMs === undefined) timing.firstTextMs = Math.round(now() - t0);
          out.text += event.text;
          onDelta?.(event.text);
          break;
        case 'trace': {
          const item: TraceItem = { type: event.type, message: event.message, raw: event.raw };
          out.trace.push(item);
          onTrace?.(item);
          break;
        }
        case 'error':
          out.streamErrors.push(event.message);
          break;
        case 'result':
          out.result = event.result;
          out.drift = event.drift;
          out.rawResponse = cut(stringify(event.raw));
          // The final event is the reference: deltas may have been lost or differ from it.
          if (event.result.assistant_message) out.text = event.result.assistant_message;
          out.conversationId = conversationOf(event.raw, header, body.conversation_id);
          remember(profile, spaceId, body, event.result, out.conversationId);
          ending = { type: 'answered' };
          break;
        case 'unknown':
          out.unknownEvents += 1;
          // Not shown in the transcript, but not silently lost either.
          if (out.unknownEvents <= SHOWN_BOUNDS.unknownEventsKept)
            console.warn('Playground: ignored an unknown stream event', event.raw);
          break;
        case 'done':
          // [DONE] without a result still ends the stream properly (the real service's sibling endpoint).
          ending = { type: 'answered' };
          break;
        case 'ended_early':
          ending = { type: out.result ? 'answered' : 'stream_closed' };
          break;
      }
    }
  } catch (error) {
    // The reader fails when Stop aborts the request, when the connection drops mid-stream, or when it stalls.
    return finish(brokenOff(error));
  }
  return finish(signal.aborted ? { type: 'stopped' } : ending);
}
