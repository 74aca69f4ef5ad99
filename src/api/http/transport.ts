import { asErrorResponse } from '../../contract';
import { CALL_BOUNDS, READ_BOUNDS } from '../constants';
import { checkFromAnswer, checkFromFailure, hostAnswers } from '../connection/host-answers';
import { logAnswer, logError, logFailure, logHeaders, startLog } from './call-log';
import { takeEarlyFetch } from '../../lib/early-fetch';
import { maskSecrets, profileSecrets } from '../../lib/mask';
import { ApiError } from './errors';
import { readWatchingStart } from './first-text';
import { overCap, readResponseCapped } from './read-capped';
import { hostHeaders, hostUrl, PROXY_ERROR_HEADER, targetUrl } from './host';
import type { HostRequest } from './host-request';

export type { HostRequest } from './host-request';

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

/** The host as messages name it: its address, a password written into it masked. */
function hostLabel(req: HostRequest): string {
  return `the ${req.host} host (${maskSecrets(targetUrl(req.profile, req.host), profileSecrets(req.profile))})`;
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
  // Node's fetch names the URL it refused (one with credentials): its password is masked like the token.
  const detail =
    error instanceof Error && error.message ? ` (${maskSecrets(error.message, profileSecrets(req.profile))})` : '';
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
      message: `The ${req.host} address "${maskSecrets(target, profileSecrets(req.profile))}" is not a valid URL.`,
    });
  }
  const url = hostUrl(req.profile, req.host) + req.path;
  if (!URL.canParse(url)) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: req.endpoint,
      message: `Cannot build a request URL from "${maskSecrets(url, profileSecrets(req.profile))}".`,
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

/** What both kinds of send start with: the prepared request, its log entry, and a timeout joined to the caller's signal. */
function begin(req: HostRequest) {
  const { url, headers, bodyText } = prepare(req);
  const logId = startLog(req, url, headers, bodyText);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  return { url, headers, bodyText, logId, timeout, timer, signal, t0: now() };
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
    // Never more than READ_BOUNDS.bodyBytes: a 1 GB answer is cut off at the cap with an error naming it.
    const tooLarge = () => overCap(`${req.label}'s answer`, READ_BOUNDS.bodyBytes, req.endpoint, logId);
    const bytes =
      req.onFirstText && response.ok && response.body
        ? await readWatchingStart(response.body, req.onFirstText, signal, READ_BOUNDS.bodyBytes, tooLarge)
        : await readResponseCapped(response, READ_BOUNDS.bodyBytes, tooLarge);
    const text = utf8.decode(bytes);
    const durationMs = Math.round(now() - t0);
    const proxyError = response.headers.get(PROXY_ERROR_HEADER);
    logAnswer(logId, response.status, durationMs, bytes.byteLength, text);
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
      logError(logId, error);
      throw error;
    }
    return { status: response.status, headers: response.headers, text, durationMs, logId };
  } catch (cause) {
    const error = await failureToError(cause, req, url, timeout.signal.aborted, logId);
    const durationMs = logFailure(logId, error, Math.round(now() - t0));
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
    const durationMs = logFailure(logId, error, Math.round(now() - t0));
    host?.failed(error, durationMs);
    host?.end();
    throw error;
  }
  // Headers arrived: from here only the caller's signal may stop the stream.
  clearTimeout(timer);
  logHeaders(logId, response.status);
  // The status says whether the token was taken; a stream's body says nothing more of the connection.
  if (!response.headers.get(PROXY_ERROR_HEADER)) host?.answered(response.status, undefined, Math.round(now() - t0));
  host?.end();
  return { response, logId, startedAt: t0 };
}
