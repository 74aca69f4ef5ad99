import { abortable } from '../../lib/abortable';

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
export async function readWatchingStart(
  body: ReadableStream<Uint8Array>,
  watch: (textSoFar: string) => Promise<void> | undefined,
  signal: AbortSignal,
  /** Past this many bytes the body is cancelled and `tooLarge()` thrown (READ_BOUNDS.bodyBytes). */
  capBytes = Infinity,
  tooLarge: () => Error = () => new Error(`the answer is over ${capBytes} bytes`),
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
    size += value.byteLength;
    if (size > capBytes) {
      const error = tooLarge();
      await reader.cancel(error).catch(() => undefined);
      throw error;
    }
    pieces.push(value);
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
