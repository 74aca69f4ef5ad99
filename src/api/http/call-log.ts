import type { EndpointName } from '../../contract';
import { profileSecrets } from '../../lib/mask';
import { byteLength, LOG_BOUNDS, requestLog } from '../../lib/log/request-log';
import type { ApiError } from './errors';
import { READ_BOUNDS } from '../constants';
import { isOverCap, overCap } from './read-capped';
import { targetUrl } from './host';
import type { HostRequest } from './host-request';
import { isStreamStalled, readWithin, streamStalled } from '../stream/idle-limit';

// A call's entry in the request log, from its start to its end: what the transport tells the log, in one place.

const now = () => performance.now();

/** Opens the entry of a call about to be sent (the token and the URLs' passwords are the secrets the log masks). */
export function startLog(
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
    profileSecrets(req.profile),
  );
}

/** A whole answer arrived: its status, time, size and text. */
export function logAnswer(logId: string, status: number, durationMs: number, sizeBytes: number, text: string): void {
  requestLog.update(logId, { pending: false, status, durationMs, sizeBytes, responseBody: text });
}

/** A stream's headers arrived; its text is logged when it ends (loggedStreamBody). */
export function logHeaders(logId: string, status: number): void {
  requestLog.update(logId, { status });
}

/** The call ended in this error, its entry's time kept when the answer had already set one. */
export function logFailure(logId: string, error: ApiError, durationMs: number): number {
  const kept = requestLog.getEntry(logId)?.durationMs ?? durationMs;
  requestLog.update(logId, { pending: false, durationMs: kept, errorKind: error.kind, errorMessage: error.message });
  return kept;
}

/** An answer that is itself an error (the proxy's own failure): the entry keeps the answer and says why. */
export function logError(logId: string, error: ApiError): void {
  requestLog.update(logId, { errorKind: error.kind, errorMessage: error.message });
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
  const finish = (failed?: string, kind: 'aborted' | 'timeout' | 'unusable' = 'aborted') => {
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
        // A stream is read up to READ_BOUNDS.streamBytes in all: 640 MB of deltas must not be read to the end.
        if (size > READ_BOUNDS.streamBytes) throw overCap('The stream', READ_BOUNDS.streamBytes, endpoint, logId);
        // Past the cap the text is not needed, only the size.
        if (text.length <= LOG_BOUNDS.bodyCapBytes) text += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      } catch (error) {
        const stall = isStreamStalled(error);
        const over = isOverCap(error);
        finish(
          error instanceof Error ? error.message : String(error),
          stall ? 'timeout' : over ? 'unusable' : 'aborted',
        );
        // A stalled server, or one past the cap, keeps the connection open: let go of it.
        if (stall || over) void reader.cancel(error).catch(() => undefined);
        controller.error(error);
      }
    },
    async cancel(reason) {
      // The SSE reader cancels a stream whose events stalled (bytes trickling in, no event): the entry says so.
      if (isStreamStalled(reason)) finish(reason.message, 'timeout');
      else finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
