import { TARGET_HEADER } from '../http/host';
import type { RequestLogEntry } from '../../lib/log/request-log';

/** POSIX shell single-quoting: safe for any text, including quotes, `$`, backticks and newlines. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that repeats a logged call against the service itself (never the console's proxy).
 * The token appears only when passed; otherwise the command carries `Bearer ***` to be filled in.
 */
export function toCurl(entry: RequestLogEntry, options: { token?: string } = {}): string {
  const parts = ['curl', '-sS', '-X', entry.method, shellQuote(entry.targetUrl)];
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (name.toLowerCase() === TARGET_HEADER.toLowerCase()) continue;
    const shown = name.toLowerCase() === 'authorization' ? `Bearer ${options.token ?? '***'}` : value;
    parts.push('-H', shellQuote(`${name}: ${shown}`));
  }
  if (entry.requestBody !== undefined) parts.push('--data-raw', shellQuote(entry.requestBody));
  return parts.join(' ');
}
