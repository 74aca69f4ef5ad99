/**
 * Every id the console puts into a request's path (knowledge base, document, dataset, conversation, space) is one
 * path segment. encodeURIComponent keeps `/`, `?` and `#` inside the segment, but not everything: browsers (and
 * proxies that normalise) resolve a `.` or `..` segment, also written `%2e%2e`, so `DELETE …/document/..` would
 * leave as `DELETE …/knowledge/5/`; a `\` is a `/` to some servers; control characters are stripped or refused on
 * the way. The service's ids are numeric strings, but the spec types them as strings, so any other string stays
 * accepted: only these are refused, wherever an id is typed, read from an address or a file, and again when a
 * path is built (buildPath).
 */

export type PathIdProblem = 'empty' | 'dot_segment' | 'reserved_character';

/** C0 controls, DEL and C1 controls: stripped, refused or misread somewhere between the browser and the service. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
/** Half a UTF-16 pair met alone (iterating by code point, a pair is one character): no URL can encode it. */
const isLoneSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;
const RESERVED = new Set(['/', '?', '#', '\\']);

/** Why `id` cannot be one path segment, or null when it can. */
export function pathIdProblem(id: string): PathIdProblem | null {
  if (id === '') return 'empty';
  if (id === '.' || id === '..') return 'dot_segment';
  for (const ch of id) {
    if (RESERVED.has(ch) || isControl(ch.codePointAt(0)!) || isLoneSurrogate(ch.codePointAt(0)!))
      return 'reserved_character';
  }
  return null;
}

/** True when `id` can be a path segment (pathIdProblem says why not). */
export const isPathId = (id: string): boolean => pathIdProblem(id) === null;

/**
 * The English rule, for the suite file's validation, the CLI and errors thrown by buildPath; the console's forms
 * show the same rule from its message files (common: ids.unsafe).
 */
export const PATH_ID_RULE =
  'an id cannot be empty, "." or "..", nor contain "/", "?", "#", "\\" or control characters: it is a segment of the request path (the service\'s ids are usually numeric strings, e.g. 631506272047205)';
