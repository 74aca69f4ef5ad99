/** created_at/updated_at are integer seconds since the Unix epoch (the spec leaves the unit open). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

let last = 0;

/**
 * A new numeric id like the fixture's ("1732170000123004"): milliseconds times 1000 plus a counter,
 * strictly increasing within a process, below 2^53 so it survives a JSON number round trip.
 */
export function newNumericId(): string {
  const candidate = Date.now() * 1000;
  last = candidate > last ? candidate : last + 1;
  return String(last);
}
