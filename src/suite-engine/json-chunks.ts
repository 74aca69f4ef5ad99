/**
 * JSON text in pieces, byte for byte what `JSON.stringify(value, null, 2)` writes: objects and arrays down to
 * `depth` levels are opened here, each member below that is stringified on its own. A report of thousands of long
 * answers is then written (or put in a Blob) piece by piece, never held as one string (a V8 string stops at
 * about 512 MB; the run's answers alone can be more).
 */
export function* jsonChunks(value: unknown, depth = 3, indent = ''): Generator<string> {
  const plain = toPlain(value);
  if (depth <= 0 || plain === null || typeof plain !== 'object') {
    // JSON.stringify never writes a raw line break inside a string: re-indenting by line is safe.
    const text = JSON.stringify(plain, null, 2) ?? 'null';
    yield indent ? text.replace(/\n/g, `\n${indent}`) : text;
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(plain)) {
    if (plain.length === 0) return void (yield '[]');
    yield '[';
    for (let i = 0; i < plain.length; i++) {
      yield `${i ? ',' : ''}\n${inner}`;
      const item = toPlain(plain[i]);
      // As JSON.stringify: what JSON cannot hold is null in an array.
      yield* jsonChunks(
        item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item,
        depth - 1,
        inner,
      );
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const [key, member] of Object.entries(plain as Record<string, unknown>)) {
    const item = toPlain(member);
    // …and is left out of an object.
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    first = false;
    yield* jsonChunks(item, depth - 1, inner);
  }
  yield first ? '{}' : `\n${indent}}`;
}

/** A value as JSON.stringify sees it: after its toJSON (a Date is its ISO text). */
function toPlain(value: unknown): unknown {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON: () => unknown }).toJSON()
    : value;
}
