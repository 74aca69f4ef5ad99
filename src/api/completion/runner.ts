import { CompletionResultRecord, type CompletionResult, type EndpointBody } from '../../contract';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { CONVERSATION_ID_HEADER } from '../http/client';
import { ApiError, type ApiErrorInit } from '../http/errors';
import { openLoggedCompletionStream } from '../http/stream';
import { chatCompletion } from '../query/mutations';
import { completionEvents } from '../stream/completion-stream';
import { isStreamStalled } from '../stream/idle-limit';
import type { CompletionEnding, CompletionEvent, CompletionOutcome } from './events';
import { conversationOf } from './request';
import { CALL_BOUNDS, READ_BOUNDS } from '../constants';
import { isOverCap, overCap, readCappedText } from '../http/read-capped';
import { createLiveMasker, maskSecrets, profileSecrets } from '../../lib/mask';

export interface CompletionRequest {
  profile: ConnectionProfile;
  spaceId: string;
  /** The body as the caller built it; `stream: true` asks for an event stream. */
  body: EndpointBody<'chatCompletions'>;
  signal?: AbortSignal;
  /**
   * Keep at most this many characters of the answer's text (a suite keeps STORED_RESPONSE_CHARS and a margin): the
   * deltas past it are counted (outcome.textChars), not kept, so 640 MB of deltas are never held whole. Default: all
   * of it (the stream itself stops at READ_BOUNDS.streamBytes).
   */
  keepChars?: number;
  /** Default true: the ids a JSON answer reveals enter the id catalog (false: the caller picks what to keep). */
  remember?: boolean;
}

const isJson = (response: Response) => /application\/json/i.test(response.headers.get('content-type') ?? '');

function stringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Sends one completion, once (a POST is not idempotent: nothing here retries), and yields what happens as events,
 * ending with `end` and the whole outcome. Every shape the service may answer in comes out the same way: SSE
 * `data:` events (stream / agent / planning / tool / error, a result event or a bare result, `[DONE]`), one JSON
 * body answered to a stream request, an error in either dialect (ErrorResponse or FastAPI `detail`), a stream that
 * closes or breaks off before its final event, and a stream that stalls past the idle limit. Failures are data
 * (an `end` whose ending says so), never a throw.
 *
 * An async iterator rather than callbacks: the caller pulls, so a slow consumer (a render) holds the stream back
 * instead of queueing deltas; leaving the loop early (break, a throw) cancels the body through the generators'
 * `finally` and lets go of the connection; a caller that wants only the outcome drains it (askCompletion) with
 * nothing to wire. Node-safe: the playground and `npm run suite` both run it.
 */
export async function* sendCompletion({
  profile,
  spaceId,
  body,
  signal,
  keepChars = Infinity,
  remember,
}: CompletionRequest): AsyncGenerator<CompletionEvent, void, undefined> {
  // The token and the URLs' passwords, masked in what the outcome keeps: a service may echo them.
  const secrets = profileSecrets(profile);
  const mask = (text: string) => maskSecrets(text, secrets);
  /** An event's raw JSON, masked (a trace event's raw is shown in the playground, an unknown one is logged). */
  const maskRaw = <T>(raw: T): T => {
    const json = stringify(raw);
    if (json === undefined || mask(json) === json) return raw;
    try {
      return JSON.parse(mask(json)) as T;
    } catch {
      return mask(json) as T;
    }
  };
  /**
   * The deltas yielded are the text as it may be shown live: joined, masked, a tail that may begin a secret held back
   * until the next delta or the end (the playground shows them as they come).
   */
  const live = createLiveMasker(secrets);
  /** What the live masker still holds back, as a last delta before the stream's end. */
  function* heldBack(): Generator<CompletionEvent> {
    const rest = live.end();
    if (rest) yield { kind: 'delta', text: rest };
  }
  let textChars = 0;
  /** The deltas joined, up to keepChars; the masking waits for the end (a token may be split across two deltas). */
  const append = (delta: string) => {
    textChars += delta.length;
    if (out.text.length < keepChars)
      out.text += delta.length + out.text.length > keepChars ? delta.slice(0, keepChars - out.text.length) : delta;
  };
  const t0 = performance.now();
  const since = () => Math.round(performance.now() - t0);
  const out: Omit<CompletionOutcome, 'ending' | 'timing'> = {
    text: '',
    sources: [],
    drift: [],
    answeredAsJson: false,
    streamErrors: [],
  };
  const timing: Partial<CompletionOutcome['timing']> = {};
  const end = (ending: CompletionEnding, error?: unknown): CompletionEvent => {
    const api = error instanceof ApiError ? error : undefined;
    const stopped = ending === 'stopped' || api?.kind === 'aborted';
    return {
      kind: 'end',
      outcome: {
        ...out,
        text: mask(out.text),
        ...(textChars > out.text.length ? { textChars } : {}),
        ...(out.rawResponse !== undefined ? { rawResponse: mask(out.rawResponse) } : {}),
        streamErrors: out.streamErrors.map(mask),
        ending: stopped ? 'stopped' : ending,
        ...(error !== undefined && !stopped
          ? { error: error instanceof Error ? error : new Error(String(error)) }
          : {}),
        httpStatus: out.httpStatus ?? api?.status,
        logId: out.logId ?? api?.logId,
        timing: { ...timing, latencyMs: since() },
      },
    };
  };
  /** A read that failed: Stop, a stall (an error naming the idle limit), or a dropped connection (ended early). */
  const brokenOff = (error: unknown): CompletionEvent =>
    signal?.aborted
      ? end('stopped')
      : end(isStreamStalled(error) || isOverCap(error) ? 'failed' : 'ended_early', error);
  const answered = (unmasked: CompletionResult, raw: unknown, header: string | null | undefined): CompletionEvent => {
    // The result is kept whole (a transcript): an echoed secret anywhere in it is masked, not only in its message.
    const json = JSON.stringify(unmasked);
    const result = mask(json) === json ? unmasked : (JSON.parse(mask(json)) as CompletionResult);
    out.result = result;
    out.sources = result.document_chunks ?? [];
    out.usage = result.token_usage;
    // The final result is the reference: deltas may have been lost or differ from it.
    if (result.assistant_message) {
      out.text = '';
      textChars = 0;
      append(result.assistant_message);
    }
    out.conversationId = conversationOf(raw, header, body.conversation_id);
    return {
      kind: 'result',
      result,
      sources: out.sources,
      usage: out.usage,
      conversationId: out.conversationId,
    };
  };

  if (body.stream !== true) {
    try {
      const answer = await chatCompletion(spaceId, body, signal, { profile, remember });
      // callEndpoint has already put the answer's ids, the header's conversation included, in the catalog.
      out.drift = answer.drift;
      out.rawResponse = answer.rawText;
      out.httpStatus = answer.status;
      out.logId = answer.logId;
      yield answered(answer.record, answer.raw, answer.headers[CONVERSATION_ID_HEADER]);
      yield end('answered');
    } catch (error) {
      yield end('failed', error);
    }
    return;
  }

  let response: Response;
  try {
    const opened = await openLoggedCompletionStream(spaceId, body, { signal, profile });
    response = opened.response;
    out.logId = opened.logId;
  } catch (error) {
    yield end('failed', error);
    return;
  }
  timing.ttfbMs = since();
  out.httpStatus = response.status;
  const header = response.headers.get(CONVERSATION_ID_HEADER);

  // A service may ignore stream: true and answer with one JSON body: it is read like any answer.
  if (isJson(response)) {
    out.answeredAsJson = true;
    let text: string;
    try {
      // Read up to READ_BOUNDS.bodyBytes, like any JSON answer.
      text = await readCappedText(response, READ_BOUNDS.bodyBytes, () =>
        overCap("Chat completions' answer", READ_BOUNDS.bodyBytes, 'chatCompletions', out.logId),
      );
    } catch (error) {
      yield brokenOff(error);
      return;
    }
    out.rawResponse = text;
    const failed = (init: Pick<ApiErrorInit, 'kind' | 'message' | 'drift'>) =>
      end(
        'failed',
        new ApiError({
          endpoint: 'chatCompletions',
          status: response.status,
          rawBody: text,
          logId: out.logId,
          ...init,
        }),
      );
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      yield failed({
        kind: 'invalid_json',
        message: 'Chat completions answered with a JSON content type, but the body is not valid JSON.',
      });
      return;
    }
    const parsed = CompletionResultRecord.parse(raw);
    if (!parsed.ok) {
      yield failed({
        kind: 'unusable',
        drift: parsed.drift,
        message: `Chat completions answered, but the answer cannot be used: ${parsed.reason}.`,
      });
      return;
    }
    out.drift = parsed.drift;
    yield answered(parsed.data, raw, header);
    yield end('answered');
    return;
  }

  yield { kind: 'open' };
  out.conversationId = header || body.conversation_id || undefined;
  if (!response.body) {
    yield end('ended_early');
    return;
  }
  // How the stream ends if nothing better arrives: cut off before its final event.
  let ending: CompletionEnding = 'ended_early';
  try {
    const idleMs = profile.streamIdleTimeoutMs ?? CALL_BOUNDS.streamIdleTimeoutMs;
    for await (const event of completionEvents(response.body, { idleMs })) {
      switch (event.kind) {
        case 'delta':
          if (event.text && timing.firstTextMs === undefined) timing.firstTextMs = since();
          append(event.text);
          {
            const shown = live.push(event.text);
            if (shown) yield { kind: 'delta', text: shown };
          }
          break;
        case 'trace':
          yield { ...event, message: mask(event.message), raw: maskRaw(event.raw) };
          break;
        case 'error':
          out.streamErrors.push(event.message);
          yield { kind: 'stream_error', message: mask(event.message), raw: maskRaw(event.raw) };
          break;
        case 'result':
          out.drift = event.drift;
          out.rawResponse = stringify(event.raw);
          yield answered(event.result, event.raw, header);
          ending = 'answered';
          break;
        case 'unknown':
          yield { ...event, raw: mask(event.raw) };
          break;
        case 'done':
          // [DONE] without a result still ends the stream properly (the real service's sibling endpoint).
          ending = 'answered';
          break;
        case 'ended_early':
          ending = out.result ? 'answered' : 'ended_early';
          break;
      }
    }
  } catch (error) {
    // The reader fails when Stop aborts the request, when the connection drops mid-stream, or when it stalls.
    yield* heldBack();
    yield brokenOff(error);
    return;
  }
  yield* heldBack();
  yield end(ending);
}

/** The outcome alone, for a caller that needs no step of the way (a suite run). */
export async function askCompletion(request: CompletionRequest): Promise<CompletionOutcome> {
  for await (const event of sendCompletion(request)) if (event.kind === 'end') return event.outcome;
  throw new Error('sendCompletion ended without its outcome');
}
