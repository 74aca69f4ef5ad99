/** The address of the chunk a failed dynamic import names (Chromium: "…module: <url>", Firefox: "…module: <url>"). */
const chunkUrl = (error: unknown): string | undefined =>
  /\b(https?:\/\/[^\s'"]+\.js)\b/.exec(error instanceof Error ? error.message : String(error))?.[1];

/**
 * A loader whose next call, after a failed fetch of its chunk (a redeploy, a dropped connection), really fetches it
 * again. Some browsers keep the failure in their module map, so importing the same address fails again without a
 * request (seen in Chromium 150); the address with a query is a new module to them. Where the error does not name
 * the address, the next call is a plain import again.
 */
export function importAgain<T>(load: () => Promise<T>): () => Promise<T> {
  let failures = 0;
  let url: string | undefined;
  return async () => {
    try {
      return failures > 0 && url ? ((await import(/* @vite-ignore */ `${url}?retry=${failures}`)) as T) : await load();
    } catch (error) {
      url ??= chunkUrl(error);
      failures += 1;
      throw error;
    }
  };
}
