import { describe, expect, it } from 'vitest';
import { readWatchingStart } from './first-text';

const encode = (text: string) => new TextEncoder().encode(text);
function bodyOf(pieces: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      pieces.forEach((p) => controller.enqueue(p));
      controller.close();
    },
  });
}

describe('readWatchingStart', () => {
  it('shows the text so far after each piece until the watcher has what it wanted, then returns every byte', async () => {
    const seen: string[] = [];
    let shown = false;
    const bytes = await readWatchingStart(
      bodyOf([encode('{"items":['), encode('1,'), encode('2,'), encode('3]}')]),
      (text) => {
        seen.push(text);
        if (!text.includes('1,')) return undefined;
        return Promise.resolve().then(() => void (shown = true));
      },
      new AbortController().signal,
    );
    expect(seen).toEqual(['{"items":[', '{"items":[1,']);
    expect(shown).toBe(true);
    expect(new TextDecoder().decode(bytes)).toBe('{"items":[1,2,3]}');
  });

  it('decodes a character split across pieces, and stops watching after the first 256 KB', async () => {
    const euro = encode('€');
    const big = new Uint8Array(300 * 1024).fill(0x61);
    const seen: string[] = [];
    const bytes = await readWatchingStart(
      bodyOf([euro.subarray(0, 1), euro.subarray(1), big, encode('tail')]),
      (text) => void seen.push(text),
      new AbortController().signal,
    );
    expect(seen[0]).toBe('');
    expect(seen[1]).toBe('€');
    expect(seen).toHaveLength(3);
    expect(seen[2]!.length).toBe(256 * 1024 - 3 + 1);
    expect(bytes.byteLength).toBe(3 + 300 * 1024 + 4);
  });

  it('reads the rest of the body only once what the watcher shows has settled', async () => {
    const parts = [encode('{"items":[1,'), encode('2,'), encode('3]}')];
    let pulled = 0;
    let shownYet = false;
    let pullsBeforeShown = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!shownYet) pullsBeforeShown += 1;
          const next = parts[pulled++];
          if (next) controller.enqueue(next);
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const read = readWatchingStart(
      body,
      // Shown after the tasks queued now have run: a reader that went on meanwhile would have pulled the rest.
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            shownYet = true;
            resolve();
          }, 0),
        ),
      new AbortController().signal,
    );
    expect(new TextDecoder().decode(await read)).toBe('{"items":[1,2,3]}');
    expect(pullsBeforeShown).toBe(1);
    expect(pulled).toBe(4);
  });
});
