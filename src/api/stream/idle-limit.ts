import type { EndpointName } from '../../contract';
import { ApiError } from '../http/errors';

/** "60", "1.5", "0.2": the limit as the message names it. */
const seconds = (ms: number) => String(Math.round(ms) / 1000);

/** The error a stalled stream ends with: a timeout that names its idle limit (no byte, or no complete event). */
export function streamStalled(idleMs: number, endpoint?: EndpointName, logId?: string, noEvent = false): ApiError {
  return new ApiError({
    kind: 'timeout',
    idleMs,
    endpoint,
    logId,
    message: noEvent
      ? `No complete event for ${seconds(idleMs)} s: the stream stalled (bytes trickled in, no event).`
      : `No data for ${seconds(idleMs)} s: the stream stalled.`,
  });
}

export const isStreamStalled = (error: unknown): error is ApiError & { idleMs: number } =>
  error instanceof ApiError && error.idleMs !== undefined;

/**
 * The next chunk of `reader`, or `stalled()` thrown when none arrives within `idleMs`. The read left pending is the
 * caller's to end (cancel the reader): it then settles as done, and nothing is left unhandled.
 */
export async function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  idleMs: number,
  stalled: () => Error,
): Promise<ReadableStreamReadResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(stalled()), idleMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
