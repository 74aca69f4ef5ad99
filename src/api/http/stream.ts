import { buildPath, ENDPOINTS, type EndpointBody } from '../../contract';
import { reportRefusedWrite } from '../auth/refusals';
import { CALL_BOUNDS, READ_BOUNDS } from '../constants';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { requestLog } from '../../lib/log/request-log';
import { profileSecrets } from '../../lib/mask';
import { checkBodyBeforeSend, errorLogDrift, httpError, resolveProfile } from './client';
import { ApiError } from './errors';
import { finishLogWithText, loggedStreamBody } from './call-log';
import { sendForStream } from './transport';
import { isOverCap, overCap, readCappedText } from './read-capped';

export interface StreamOptions {
  signal?: AbortSignal;
  /** Time to wait for the answer's headers; the stream itself may run longer. */
  timeoutMs?: number;
  /**
   * Once the stream is open, the longest wait for its next byte before it counts as stalled and ends with a timeout
   * naming the limit. Default: the profile's streamIdleTimeoutMs, else CALL_BOUNDS.streamIdleTimeoutMs.
   */
  idleTimeoutMs?: number;
  profile?: ConnectionProfile | null;
}

/**
 * Opens a streamed chat completion (stream: true is set here) and returns the Response for an SSE
 * reader. A non-2xx answer is read and thrown as ApiError like any call. The request log receives
 * the streamed text when the stream ends. A refused token (401/403) is also reported to authRefusals
 * as a write, since no query client sees this call. A stream that sends nothing for the idle limit fails its read
 * with a timeout naming the limit (see loggedStreamBody).
 */
export async function openCompletionStream(
  spaceId: string,
  body: EndpointBody<'chatCompletions'>,
  options: StreamOptions = {},
): Promise<Response> {
  return (await openLoggedCompletionStream(spaceId, body, options)).response;
}

/** openCompletionStream, with the id of the request log entry it wrote (the playground links an answer to it). */
export async function openLoggedCompletionStream(
  spaceId: string,
  body: EndpointBody<'chatCompletions'>,
  options: StreamOptions = {},
): Promise<{ response: Response; logId: string }> {
  const name = 'chatCompletions';
  const endpoint = ENDPOINTS[name];
  const profile = resolveProfile(options.profile, name);
  const streamed = { ...body, stream: true };
  checkBodyBeforeSend(name, streamed);
  if (!spaceId)
    throw new ApiError({
      kind: 'invalid_request',
      endpoint: name,
      message: `${endpoint.name}: missing path parameter space_id.`,
    });
  const { response, logId, startedAt } = await sendForStream({
    profile,
    host: endpoint.host,
    method: endpoint.method,
    path: buildPath(endpoint.pattern, { space_id: spaceId }),
    body: streamed,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? CALL_BOUNDS.requestTimeoutMs,
    label: endpoint.name,
    endpoint: name,
    accept: 'text/event-stream, application/json',
  });
  if (!response.ok) {
    // An error body is read up to READ_BOUNDS.bodyBytes; one over it is shown as the cap's own message.
    const tooLarge = () => overCap('the error body', READ_BOUNDS.bodyBytes, name, logId);
    const text = await readCappedText(response, READ_BOUNDS.bodyBytes, tooLarge).catch((e: unknown) =>
      isOverCap(e) ? e.message.replace(/\.$/, '') : '',
    );
    finishLogWithText(logId, startedAt, text);
    const contentType = response.headers.get('content-type') ?? undefined;
    const error = httpError(name, response.status, text, logId, profileSecrets(profile), contentType);
    requestLog.update(logId, { errorKind: error.kind, errorMessage: error.message, drift: errorLogDrift(error) });
    reportRefusedWrite(error, profile.id);
    throw error;
  }
  if (!response.body) {
    finishLogWithText(logId, startedAt, '');
    return { response, logId };
  }
  const idleMs = options.idleTimeoutMs ?? profile.streamIdleTimeoutMs ?? CALL_BOUNDS.streamIdleTimeoutMs;
  const logged = new Response(loggedStreamBody(response.body, logId, startedAt, idleMs, name), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  return { response: logged, logId };
}
