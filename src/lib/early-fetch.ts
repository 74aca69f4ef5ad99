import { abortable } from './abortable';

/**
 * The answers src/boot/early-fetches.ts asked for before the entry ran (config.json, the first page's reads): a call
 * that is the same request (method, URL, headers, body) takes its answer instead of sending it again, once.
 */

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const norm = (h: Record<string, string>) =>
    Object.entries(h)
      .map(([k, v]) => `${k.toLowerCase()}:${v}`)
      .sort()
      .join('\n');
  return norm(a) === norm(b);
};

/**
 * The early answer to this request, or undefined (none was started, or it was taken). An abort of `signal`
 * (the caller's, or the call's timeout) rejects it as fetch would.
 */
export function takeEarlyFetch(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal?: AbortSignal,
): Promise<Response> | undefined {
  const list = typeof window === 'undefined' ? undefined : window.kcEarlyFetches;
  const at =
    list?.findIndex(
      (e) => e.method === method && e.url === url && e.body === body && sameHeaders(e.headers, headers),
    ) ?? -1;
  if (!list || at < 0) return undefined;
  const [entry] = list.splice(at, 1);
  return signal ? abortable(entry!.response, signal) : entry!.response;
}
