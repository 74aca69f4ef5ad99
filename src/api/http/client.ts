import {
  buildPath,
  endpointOf,
  ENDPOINTS,
  type DriftWarning,
  type EndpointBody,
  type EndpointData,
  type EndpointName,
  type EndpointParams,
  type EndpointWithBody,
  type ResponseParser,
} from '../../contract';
import { CALL_BOUNDS } from '../constants';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { connectionStore } from '../../lib/profiles/store';
import { redactSecret, requestLog, type Secret } from '../../lib/log/request-log';
import { profileSecrets } from '../../lib/mask';
import { catalogStore, sightingsFor } from '../../lib/catalog';
import { DIALECT_NAMES, readErrorBody } from './error-body';
import { ApiError } from './errors';

/** The sandbox names the conversation a completion belongs to in this header (the result has no such field). */
export const CONVERSATION_ID_HEADER = 'x-conversation-id';
import { send, type SendOutcome } from './transport';
import type { ApiResult } from './types';

export type QueryValue = string | number | boolean | undefined;

interface CommonCallOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Covers the headers and the whole body. Default CALL_BOUNDS.requestTimeoutMs. */
  timeoutMs?: number;
  /** Default: the active profile. `null` means "no profile" and fails with kind 'no_profile'. */
  profile?: ConnectionProfile | null;
  /** Default true: the answer's ids enter the id catalog. A bulk removal's calls opt out (a thousand documents
   * would crowd out the ids the admin met, and the catalog is rewritten on every call). */
  remember?: boolean;
  /** See HostRequest.onFirstText: the start of a large answer, while the rest arrives. */
  onFirstText?: (textSoFar: string) => Promise<void> | undefined;
}

type ParamsOption<N extends EndpointName> = [keyof EndpointParams<N>] extends [never]
  ? { params?: EndpointParams<N> }
  : { params: EndpointParams<N> };
type BodyOption<N extends EndpointName> = N extends EndpointWithBody ? { body: EndpointBody<N> } : { body?: undefined };
interface ParserOption<N extends EndpointName> {
  /** Parses the answer instead of the endpoint's own record (get knowledge "with settings"); it must read as the same type. */
  responseRecord?: ResponseParser<EndpointData<N>>;
}

export type CallOptions<N extends EndpointName> = ParamsOption<N> & BodyOption<N> & ParserOption<N> & CommonCallOptions;

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function resolveProfile(
  profile: ConnectionProfile | null | undefined,
  endpoint?: EndpointName,
): ConnectionProfile {
  const resolved = profile === undefined ? connectionStore.getActiveProfile() : profile;
  if (!resolved) {
    throw new ApiError({
      kind: 'no_profile',
      endpoint,
      message: 'No connection profile is active. Add or choose one in Settings.',
    });
  }
  return resolved;
}

/** Checks a body against the endpoint's request schema; nothing is sent when it fails. */
export function checkBodyBeforeSend(name: EndpointName, body: unknown): void {
  const schema = ENDPOINTS[name].request;
  if (!schema) return;
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const first = checked.error.issues[0];
    const where =
      first && first.path.length > 0 && !first.message.includes(String(first.path[0]))
        ? `${first.path.join('.')}: `
        : '';
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: name,
      message: first ? `${where}${first.message}` : 'The request body is not valid.',
    });
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * A non-2xx answer as an ApiError carrying the service's own message and field errors, in whatever
 * dialect the body spoke (see readErrorBody), and the raw body. `secret` (the token, the URLs' passwords) is masked in
 * case the service echoes the Authorization header in its error.
 */
export function httpError(
  name: EndpointName,
  status: number,
  answer: string,
  logId?: string,
  secret?: Secret,
  contentType?: string,
  retryAfter?: string,
): ApiError {
  const label = ENDPOINTS[name].name;
  const text = redactSecret(answer, secret);
  const body = readErrorBody(status, text, contentType);
  const code = body.code === undefined ? '' : ` (code ${body.code})`;
  return new ApiError({
    kind: 'http',
    endpoint: name,
    logId,
    status,
    code: body.code,
    serviceMessage: body.message || undefined,
    fieldErrors: body.fieldErrors,
    dialect: body.dialect,
    rawBody: text,
    retryAfter,
    message: body.message
      ? `${label} failed with HTTP ${status}: ${body.message}${code}.`
      : `${label} failed with HTTP ${status} (empty body).`,
  });
}

/** What the request log keeps of an error: an error body in another dialect than ErrorResponse is a drift note there. */
export function errorLogDrift(error: ApiError): DriftWarning[] {
  if (error.kind !== 'http' || !error.dialect || error.dialect === 'error_response') return error.drift;
  const note: DriftWarning = {
    path: '$',
    kind: 'type',
    message: `the error body is ${DIALECT_NAMES[error.dialect]}, not the documented ErrorResponse {code, message}`,
  };
  return [...error.drift, note];
}

/** Turns an answer into data, or into the ApiError a page shows (the log entry learns the outcome too). */
export function interpretAnswer<T>(
  name: EndpointName,
  outcome: SendOutcome,
  parser: ResponseParser<T>,
  secret?: Secret,
): ApiResult<T> {
  const label = ENDPOINTS[name].name;
  const { status, text, logId, durationMs } = outcome;
  const headers: Record<string, string> = {};
  outcome.headers.forEach((value, header) => (headers[header.toLowerCase()] = value));
  // Records the outcome in the log entry, then hands the error back to be thrown.
  const fail = (error: ApiError): ApiError => {
    requestLog.update(logId, { errorKind: error.kind, errorMessage: error.message, drift: errorLogDrift(error) });
    return error;
  };
  const json = parseJson(text);
  if (status < 200 || status > 299)
    throw fail(
      httpError(
        name,
        status,
        text,
        logId,
        secret,
        outcome.headers.get('content-type') ?? undefined,
        outcome.headers.get('retry-after') ?? undefined,
      ),
    );
  if (!json.ok) {
    throw fail(
      new ApiError({
        kind: 'invalid_json',
        endpoint: name,
        logId,
        status,
        rawBody: text,
        message: `${label} answered HTTP ${status}, but the body is ${text.trim() ? 'not valid JSON' : 'empty'}.`,
      }),
    );
  }
  const raw = json.value;
  const parsed = parser.parse(raw);
  if (!parsed.ok) {
    throw fail(
      new ApiError({
        kind: 'unusable',
        endpoint: name,
        logId,
        status,
        rawBody: text,
        drift: parsed.drift,
        message: `${label} answered, but the answer cannot be used: ${parsed.reason}.`,
      }),
    );
  }
  if (parsed.drift.length > 0) requestLog.update(logId, { drift: parsed.drift });
  return { record: parsed.data, drift: parsed.drift, raw, rawText: text, status, durationMs, logId, headers };
}

/**
 * Calls one of the service's eight operations with the active (or given) profile: bearer auth, JSON
 * in and out, a timeout, the request body checked against the contract, the answer parsed tolerantly.
 * Throws ApiError for every failure.
 */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  options: CallOptions<N>,
): Promise<ApiResult<EndpointData<N>>> {
  const endpoint = endpointOf(name);
  const profile = resolveProfile(options.profile, name);
  const body = (options as { body?: unknown }).body;
  if (endpoint.request) checkBodyBeforeSend(name, body);
  let path: string;
  try {
    path = buildPath(endpoint.pattern, (options.params ?? {}) as EndpointParams<N>) + queryString(options.query);
  } catch (error) {
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: name,
      message: `${endpoint.name}: ${(error as Error).message}.`,
    });
  }
  const outcome = await send({
    profile,
    host: endpoint.host,
    method: endpoint.method,
    path,
    body: endpoint.request ? body : undefined,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? CALL_BOUNDS.requestTimeoutMs,
    label: endpoint.name,
    endpoint: name,
    onFirstText: options.onFirstText,
  });
  const result = interpretAnswer(name, outcome, options.responseRecord ?? endpoint.response, profileSecrets(profile));
  const conversationId = result.headers[CONVERSATION_ID_HEADER];
  // Every id an answer reveals enters the catalog: there are no list endpoints, so this is how ids are found again.
  if (options.remember !== false)
    catalogStore.remember(
      profile.id,
      sightingsFor(
        name,
        (options.params ?? {}) as Record<string, string>,
        body,
        conversationId ? { ...result.record, conversation_id: conversationId } : result.record,
      ),
    );
  return result;
}
