import { abortable } from '../../lib/abortable';
import { readCapped } from './read-capped';

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
 * A body's bytes, read as they arrive (readCapped's one loop: never more than `capBytes`, past it the body cancelled
 * and `tooLarge()` thrown); `watch` sees the text so far after each piece until it returns a promise. The rest of
 * the body is read only once that promise has settled and a frame has been painted: a page showing the answer's
 * first pieces paints them before the rest arrives (the network holds it meanwhile), then the bytes are handed back.
 */
export async function readWatchingStart(
  body: ReadableStream<Uint8Array>,
  watch: (textSoFar: string) => Promise<void> | undefined,
  signal: AbortSignal,
  /** Past this many bytes the body is cancelled and `tooLarge()` thrown (READ_BOUNDS.bodyBytes). */
  capBytes = Infinity,
  tooLarge: () => Error = () => new Error(`the answer is over ${capBytes} bytes`),
): Promise<Uint8Array> {
  let watching = true;
  let shown: Promise<void> | undefined;
  const decoder = new TextDecoder();
  let textSoFar = '';
  let watched = 0;
  const bytes = await readCapped(body, capBytes, tooLarge, (piece) => {
    if (!watching) return undefined;
    const part = piece.subarray(0, WATCH_LIMIT - watched);
    watched += part.byteLength;
    textSoFar += decoder.decode(part, { stream: true });
    shown = watch(textSoFar);
    watching = shown === undefined && watched < WATCH_LIMIT;
    if (!watching) textSoFar = '';
    // Settled either way; an abort meanwhile ends the read as fetch's own would.
    return (
      shown &&
      abortable(
        shown.catch(() => undefined),
        signal,
      ).then(nextFrame)
    );
  });
  return bytes;
}
