/**
 * The complete string items at the start of the array named `key` in the first part of a JSON text (a body still
 * arriving): `{"document_id":1,"document_contents":["a","b","c` → ["a", "b"]. What is not a string item (or not
 * complete yet) ends the list, as does `max`. The key counts only as a key outside every string, followed by `:` and `[`.
 * A preview only: the whole answer is parsed and checked as usual once it is in.
 */
export function firstStringItems(text: string, key: string, max = Infinity): string[] {
  const at = arrayStart(text, key);
  if (at < 0) return [];
  const items: string[] = [];
  let i = at;
  while (items.length < max) {
    i = skipSpace(text, i);
    if (text[i] !== '"') return items;
    const end = stringEnd(text, i);
    if (end < 0) return items;
    try {
      items.push(JSON.parse(text.slice(i, end + 1)) as string);
    } catch {
      return items;
    }
    i = skipSpace(text, end + 1);
    if (text[i] !== ',') return items;
    i += 1;
  }
  return items;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

function skipSpace(text: string, i: number): number {
  while (isSpace(text[i])) i += 1;
  return i;
}

/** The index of the quote that closes the string opening at `start`, or -1 if the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '"') return i;
  }
  return -1;
}

/** The index just after the `[` of `"key": [`, or -1. */
function arrayStart(text: string, key: string): number {
  const quoted = JSON.stringify(key);
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== '"') continue;
    const end = stringEnd(text, i);
    if (end < 0) return -1;
    if (text.slice(i, end + 1) === quoted) {
      const colon = skipSpace(text, end + 1);
      if (text[colon] === ':') {
        const bracket = skipSpace(text, colon + 1);
        if (text[bracket] === '[') return bracket + 1;
      }
    }
    i = end;
  }
  return -1;
}
