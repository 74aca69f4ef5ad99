import { asErrorResponse, type EndpointName, type Host, type Method } from '../../contract';
import { CALL_BOUNDS } from '../constants';
import type { ConnectionProfile } from '../connection/profile';
import { checkFromAnswer, checkFromFailure, hostAnswers } from '../connection/host-answers';
import { byteLength, requestLog } from '../log/request-log';
import { abortable } from './abortable';
import { takeEarlyFetch } from './early-fetch';
import { ApiError } from './errors';
import { hostHeaders, hostUrl, PROXY_ERROR_HEADER, targetUrl } from './host';
import { isStreamStalled, readWithin, streamStalled } from '../stream/idle-limit';

/** One HTTP exchange with a host, before its answer is interpreted. */
export interface HostRequest {
  profile: ConnectionProfile;
  host: Host;
  method: Method;
  /** Path plus query string below the host, already encoded. */
  path: string;
  /** Already validated; sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Human name of the operation for messages, e.g. "Get dataset". */
  label: string;
  endpoint?: EndpointName;
  purpose?: string;
  accept?: string;
  /**
   * For a large answer shown piece by piece: called with the text received so far of a 2xx answer, as it arrives,
   * until it returns a promise (it has what it wanted). The answer is still read whole and returned as usual, once
   * that promise has settled and a frame has been painted: decoding and parsing several MB is one long task, and what
   * the watcher put on screen should be seen before it.
   */
  onFirstText?: (textSoFar: string) => Promise<void> | undefined;
}

export interface SendOutcome {
  status: number;
  headers: Headers;
  text: string;
  durationMs: number;
  logId: string;
}

export interface StreamOutcome {
  response: Response;
  logId: string;
  startedAt: number;
}

/** Header values must be ISO-8859-1; fetch throws a TypeError that would otherwise look like a network failure. */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

const now = () => performance.now();
/** UTF-8, as Response.text() decodes (a BOM dropped, a bad sequence U+FFFD). */
const utf8 = new TextDecoder();

function isBrowser(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof document !== 'undefined' &&
    !/jsdom/i.test(globalThis.navigator?.userAgent ?? '')
  );
}

/**
 * fetch rejects with the same TypeError for a dead host and for a CORS refusal. A no-cors request
 * gets an opaque answer from a live host whatever its CORS headers, so it tells the two apart.
 */
async function answersWithoutCors(url: string): Promise<boolean> {
  if (!isBrowser()) return false;
  try {
    await fetch(url, {
      mode: 'no-cors',
      cache: 'no-store',
      signal: AbortSignal.timeout(CALL_BOUNDS.corsProbeTimeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}

/** The proxy explains its own failures in an ErrorResponse body. */
function proxyDetail(text: string): string | undefined {
  try {
    return asErrorResponse(JSON.parse(text))?.message;
  } catch {
    return undefined;
  }
}

function hostLabel(req: HostRequest): string {
  return `the ${req.host} host (${targetUrl(req.profile, req.host)})`;
}

async function failureToError(
  error: unknown,
  req: HostRequest,
  url: string,
  timedOut: boolean,
  logId: string,
): Promise<ApiError> {
  const common = { endpoint: req.endpoint, logId };
  if (error instanceof ApiError) return error;
  if (req.signal?.aborted) return new ApiError({ ...common, kind: 'aborted', message: `${req.label} was cancelled.` });
  if (timedOut) {
    return new ApiError({
      ...common,
      kind: 'timeout',
      message: `${req.label} got no complete answer from ${hostLabel(req)} within ${req.timeoutMs / 1000} s.`,
    });
  }
  if (req.profile.mode === 'direct' && (await answersWithoutCors(url))) {
    return new ApiError({
      ...common,
      kind: 'cors',
      message: `${hostLabel(req)} answered, but the browser blocked the answer (CORS): the service does not allow this console's origin. Switch the profile to proxied mode or allow the origin on the service.`,
    });
  }
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new ApiError({
    ...common,
    kind: 'network',
    message: `Could not reach ${hostLabel(req)}${detail}. Check the address and that the service is running${req.profile.mode === 'direct' ? '; an https page cannot call an http service' : ''}.`,
  });
}

function prepare(req: HostRequest): { url: string; headers: Record<string, string>; bodyText?: string } {
  const token = req.profile.token;
  if (token && !HEADER_SAFE.test(token)) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: req.endpoint,
      message: 'The token contains characters that cannot be sent in an HTTP header (only printable ASCII is allowed).',
    });
  }
  const target = targetUrl(req.profile, req.host);
  if (!URL.canParse(target)) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: req.endpoint,
      message: `The ${req.host} address "${target}" is not a valid URL.`,
    });
  }
  const url = hostUrl(req.profile, req.host) + req.path;
  if (!URL.canParse(url)) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: req.endpoint,
      message: `Cannot build a request URL from "${url}".`,
    });
  }
  const headers: Record<string, string> = {
    Accept: req.accept ?? 'application/json',
    ...hostHeaders(req.profile, req.host),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
  if (bodyText !== undefined) headers['Content-Type'] = 'application/json';
  return { url, headers, bodyText };
}

function startLog(
  req: HostRequest,
  url: string,
  headers: Record<string, string>,
  bodyText: string | undefined,
): string {
  return requestLog.start(
    {
      method: req.method,
      host: req.host,
      url,
      targetUrl: targetUrl(req.profile, req.host) + req.path,
      path: req.path,
      endpoint: req.endpoint,
      purpose: req.purpose,
      requestHeaders: headers,
      requestBody: bodyText,
    },
    req.profile.token,
  );
}

/** What both kinds of send start with: the prepared request, its log entry, and a timeout joined to the caller's signal. */
function begin(req: HostRequest) {
  const { url, headers, bodyText } = prepare(req);
  const logId = startLog(req, url, headers, bodyText);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  return { url, headers, bodyText, logId, timeout, timer, signal, t0: now() };
}

/** After the next paint (or 50 ms, where a hidden page paints nothing), so a change made now is on screen. */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 50);
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      );
  });

/**
 * How many bytes of an answer's start onFirstText is shown at most: a preview, not a second reading of the whole
 * (the first piece of a large body can be 2 MB; 200 pieces of the 50,000-piece text are 15 KB).
 */
const WATCH_LIMIT = 256 * 1024;

/**
 * A body's bytes, read as they arrive; `watch` sees the text so far after each piece until it returns a promise,
 * and the bytes are handed back once that promise has settled and a frame has been painted.
 */
async function readWatchingStart(
  body: ReadableStream<Uint8Array>,
  watch: (textSoFar: string) => Promise<void> | undefined,
  signal: AbortSignal,
) {
  const pieces: Uint8Array[] = [];
  let size = 0;
  let watching = true;
  let shown: Promise<void> | undefined;
  const decoder = new TextDecoder();
  let textSoFar = '';
  let watched = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    size += value.byteLength;
    if (watching) {
      const part = value.subarray(0, WATCH_LIMIT - watched);
      watched += part.byteLength;
      textSoFar += decoder.decode(part, { stream: true });
      shown = watch(textSoFar);
      watching = shown === undefined && watched < WATCH_LIMIT;
      if (!watching) textSoFar = '';
    }
  }
  if (shown) {
    // Settled either way; an abort meanwhile ends the read as fetch's own would.
    await abortable(
      shown.catch(() => undefined),
      signal,
    );
    await nextFrame();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/**
 * Notes what a call of the service's interface (every path begins with /v1; the sandbox's own routes do not check
 * the token) tells of its host, for the header's connection check (connection/host-answers.ts).
 */
function watchHost(req: HostRequest) {
  if (!req.path.startsWith('/v1/')) return undefined;
  const watch = hostAnswers.start(req.profile, req.host);
  const url = targetUrl(req.profile, req.host);
  return {
    answered: (status: number, text: string | undefined, durationMs: number) =>
      watch.note(checkFromAnswer(req.host, url, status, text, durationMs)),
    failed: (error: unknown, durationMs: number) => watch.note(checkFromFailure(error, url, durationMs)),
    end: watch.end,
  };
}

/** Sends a request with a timeout covering headers and body, logs it, and returns the answer's text. */
export async function send(req: HostRequest): Promise<SendOutcome> {
  const { url, headers, bodyText, logId, timeout, timer, signal, t0 } = begin(req);
  const host = watchHost(req);
  let answered = false;
  try {
    const response = await (takeEarlyFetch(req.method, url, headers, bodyText, signal) ??
      fetch(url, { method: req.method, headers, body: bodyText, signal, cache: 'no-store' }));
    // The bytes, then their text: the size is the bytes' count, not a second pass over a body of several MB.
    const bytes =
      req.onFirstText && response.ok && response.body
        ? await readWatchingStart(response.body, req.onFirstText, signal)
        : await response.arrayBuffer();
    const text = utf8.decode(bytes);
    const durationMs = Math.round(now() - t0);
    const proxyError = response.headers.get(PROXY_ERROR_HEADER);
    requestLog.update(logId, {
      pending: false,
      status: response.status,
      durationMs,
      sizeBytes: bytes.byteLength,
      responseBody: text,
    });
    answered = !proxyError;
    if (answered) host?.answered(response.status, text, durationMs);
    if (proxyError) {
      const error = new ApiError({
        kind: 'network',
        status: response.status,
        endpoint: req.endpoint,
        logId,
        rawBody: text,
        message: `The console's proxy could not reach ${hostLabel(req)}: ${proxyDetail(text) ?? proxyError}.`,
      });
      requestLog.update(logId, { errorKind: error.kind, errorMessage: error.message });
      throw error;
    }
    return { status: response.status, headers: response.headers, text, durationMs, logId };
  } catch (cause) {
    const error = await failureToError(cause, req, url, timeout.signal.aborted, logId);
    const entry = requestLog.getEntry(logId);
    const durationMs = entry?.durationMs ?? Math.round(now() - t0);
    requestLog.update(logId, {
      pending: false,
      durationMs,
      errorKind: error.kind,
      errorMessage: error.message,
    });
    // An answer noted stands (the proxy's own failure is not one); a call with none says the host was not reached.
    if (!answered) host?.failed(error, durationMs);
    throw error;
  } finally {
    clearTimeout(timer);
    host?.end();
  }
}

/**
 * Sends a request and hands back the Response unread, for a streamed answer. The timeout covers only
 * the wait for the headers: a stream may rightly run longer. The log gets the streamed text when it ends.
 */
export async function sendForStream(req: HostRequest): Promise<StreamOutcome> {
  const { url, headers, bodyText, logId, timeout, timer, signal, t0 } = begin(req);
  const host = watchHost(req);
  let response: Response;
  try {
    response = await fetch(url, { method: req.method, headers, body: bodyText, signal, cache: 'no-store' });
  } catch (cause) {
    const error = await failureToError(cause, req, url, timeout.signal.aborted, logId);
    const durationMs = Math.round(now() - t0);
    requestLog.update(logId, {
      pending: false,
      durationMs,
      errorKind: error.kind,
      errorMessage: error.message,
    });
    host?.failed(error, durationMs);
    host?.end();
    throw error;
  }
  // Headers arrived: from here only the caller's signal may stop the stream.
  clearTimeout(timer);
  requestLog.update(logId, { status: response.status });
  // The status says whether the token was taken; a stream's body says nothing more of the connection.
  if (!response.headers.get(PROXY_ERROR_HEADER)) host?.answered(response.status, undefined, Math.round(now() - t0));
  host?.end();
  return { response, logId, startedAt: t0 };
}

/** Completes a streamed call's log entry with the text it carried. */
export function finishLogWithText(logId: string, startedAt: number, text: string, size = byteLength(text)): void {
  requestLog.update(logId, {
    pending: false,
    durationMs: Math.round(now() - startedAt),
    sizeBytes: size,
    responseBody: text,
  });
}

/**
 * The streamed body as the caller reads it, copied into the log entry on the way (cut at the log's cap).
 * One stream, not a tee: when the caller cancels (after `[DONE]`, on an error, on Stop) the cancel reaches
 * the response body and the connection is released, even from a server that never closes it. The entry
 * is completed when the body ends, fails (marked 'aborted') or is cancelled. When no byte arrives for
 * `idleMs` while the caller waits for one, the stream has stalled: the body is cancelled (the connection let go)
 * and the read fails with a timeout naming the limit (streamStalled), the log entry marked 'timeout'.
 */
export function loggedStreamBody(
  source: ReadableStream<Uint8Array>,
  logId: string,
  startedAt: number,
  idleMs: number,
  endpoint?: EndpointName,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  let finished = false;
  const finish = (failed?: string, kind: 'aborted' | 'timeout' = 'aborted') => {
    if (finished) return;
    finished = true;
    text += decoder.decode();
    finishLogWithText(logId, startedAt, text, size);
    if (failed)
      requestLog.update(logId, { errorKind: kind, errorMessage: `The stream stopped before its end: ${failed}` });
  };
  const stalled = () => streamStalled(idleMs, endpoint, logId);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await readWithin(reader, idleMs, stalled);
        if (done) {
          finish();
          controller.close();
          return;
        }
        size += value.byteLength;
        // Past the cap the text is not needed, only the size.
        if (text.length <= CALL_BOUNDS.logBodyCapBytes) text += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      } catch (error) {
        const stall = isStreamStalled(error);
        finish(error instanceof Error ? error.message : String(error), stall ? 'timeout' : 'aborted');
        // A stalled server keeps the connection open: let go of it.
        if (stall) void reader.cancel(error).catch(() => undefined);
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
