/**
 * Saves text as a file through a temporary object URL (works under a strict CSP: nothing is fetched).
 * Shared by the pages that export JSON (activity log, id catalog).
 */
export function downloadText(filename: string, text: string | Iterable<string>, type = 'application/json'): void {
  // A report's pieces go into the Blob as they are: never joined into one string first.
  const parts = typeof text === 'string' ? [text] : [...text];
  const url = URL.createObjectURL(new Blob(parts, { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A timestamp safe in a file name, e.g. 2026-04-02T10-15-00. */
export function fileStamp(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/:/g, '-');
}
