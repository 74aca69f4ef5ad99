import type { EndpointName } from '../../contract';
import { bytesLabel } from '../constants';
import { ApiError } from './errors';

/** The error of an answer that passed a read cap: it names the cap, and the reading stopped there. */
export function overCap(what: string, capBytes: number, endpoint?: EndpointName, logId?: string): ApiError {
  return new ApiError({
    kind: 'unusable',
    endpoint,
    logId,
    capBytes,
    message: `${what} is over ${bytesLabel(capBytes)}: the reading stopped there (READ_BOUNDS).`,
  });
}

export const isOverCap = (error: unknown): error is ApiError & { capBytes: number } =>
  error instanceof ApiError && error.capBytes !== undefined;

/**
 * A body's bytes, read as they arrive and never more than `capBytes`: past the cap the body is cancelled (the
 * connection let go) and `overCap` thrown, so a 1 GB answer costs at most the cap in memory, not the gigabyte.
 * `onPiece` sees each piece as it comes (a preview of a large answer's start); when it returns a promise, the next
 * piece is read once that has settled (the rest waits in the network's buffers meanwhile).
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  capBytes: number,
  tooLarge: () => Error,
  onPiece?: (piece: Uint8Array) => Promise<void> | void,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const pieces: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > capBytes) {
        const error = tooLarge();
        await reader.cancel(error).catch(() => undefined);
        throw error;
      }
      pieces.push(value);
      const paused = onPiece?.(value);
      if (paused) await paused;
    }
  } finally {
    reader.releaseLock();
  }
  if (pieces.length === 1) return pieces[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/** readCapped's text (UTF-8, as Response.text() decodes). */
export async function readCappedText(response: Response, capBytes: number, tooLarge: () => Error): Promise<string> {
  return new TextDecoder().decode(await readCapped(response.body, capBytes, tooLarge));
}

/**
 * A response's bytes under the cap. An answer that declares its length within the cap is read whole
 * (`arrayBuffer()`): the browser refuses a body longer than it declared, and reading it whole lets the request end
 * as finished. A body read through its stream reader is reported cancelled (net::ERR_ABORTED, in red in the browser's
 * console) when the reading ends before the network says the load finished, which a loaded machine shows on every cold
 * load's first reads. Any other answer (no length, or one over the cap) is read as it arrives and cut at the cap.
 */
export async function readResponseCapped(
  response: Response,
  capBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (!Number.isInteger(declared) || declared < 0 || declared > capBytes) {
    return readCapped(response.body, capBytes, tooLarge);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A compressed answer's length is the compressed one: its decoded bytes are checked against the cap too.
  if (bytes.byteLength > capBytes) throw tooLarge();
  return bytes;
}
