import type { RequestLogEntry } from '../../lib';

/** How a call ended, for colour and for the status filter. */
export type Outcome = 'pending' | 'success' | 'redirect' | 'client_error' | 'server_error' | 'failed' | 'cancelled';

export function outcomeOf(entry: RequestLogEntry): Outcome {
  if (entry.pending) return 'pending';
  const s = entry.status;
  // The console let go of the call itself (the connection check's read once the page's own answered, a page
  // left): nothing failed, so it is neither red nor counted among the failures.
  if (s === undefined) return entry.errorKind === 'aborted' ? 'cancelled' : 'failed';
  if (s >= 500) return 'server_error';
  if (s >= 400) return 'client_error';
  if (s >= 300) return 'redirect';
  // A 2xx the console could not use (not JSON, unusable) is still a failure to the reader.
  return entry.errorKind ? 'failed' : 'success';
}

export type StatusFilter = 'all' | 'ok' | 'errors' | 'pending';

export function matchesStatus(entry: RequestLogEntry, filter: StatusFilter): boolean {
  const o = outcomeOf(entry);
  switch (filter) {
    case 'all':
      return true;
    case 'ok':
      return o === 'success' || o === 'redirect';
    case 'errors':
      return o === 'client_error' || o === 'server_error' || o === 'failed';
    case 'pending':
      return o === 'pending';
  }
}

/** Free text matches the method, host, path, status, endpoint, purpose and error. */
export function matchesText(entry: RequestLogEntry, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  const hay = [
    entry.method,
    entry.host,
    entry.path,
    entry.status,
    entry.endpoint,
    entry.purpose,
    entry.errorKind,
    entry.errorMessage,
  ]
    .filter((v) => v !== undefined)
    .join(' ')
    .toLowerCase();
  return q.split(/\s+/).every((word) => hay.includes(word));
}

/** Newest first, filtered. */
export function visibleEntries(
  entries: readonly RequestLogEntry[],
  text: string,
  status: StatusFilter,
): RequestLogEntry[] {
  const out: RequestLogEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (matchesStatus(e, status) && matchesText(e, text)) out.push(e);
  }
  return out;
}

export { formatBytes } from '../../components/format-bytes';

/** A body as it is best read: pretty JSON when it parses, the text as is otherwise. */
export function prettyBody(text: string | undefined): { text: string; json: boolean } {
  if (text === undefined) return { text: '', json: false };
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}
