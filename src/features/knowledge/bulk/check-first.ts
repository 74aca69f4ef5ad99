/** What the check before confirming found for one id. */
export type Lookup =
  | { id: string; status: 'found'; name?: string }
  | { id: string; status: 'unknown' }
  /** The read failed (not a 404): whether it exists is not known, so it is sent unless the admin leaves it out. */
  | { id: string; status: 'unchecked'; error: string };

/**
 * Runs `lookUp` over the ids with at most `concurrency` in flight, in order of the ids; reports progress
 * after each answer and stops starting new ones once `signal` aborts (answers already asked for still count).
 */
export async function lookUpAll(
  ids: readonly string[],
  lookUp: (id: string) => Promise<Lookup>,
  options: { concurrency: number; signal?: AbortSignal; onProgress?: (done: number, results: Lookup[]) => void },
): Promise<Lookup[]> {
  const results: Lookup[] = new Array(ids.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < ids.length && !options.signal?.aborted) {
      const i = next++;
      results[i] = await lookUp(ids[i]!);
      done++;
      options.onProgress?.(done, results);
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, ids.length) }, worker));
  return results.filter(Boolean);
}

export interface LookupSummary {
  found: number;
  unknown: number;
  unchecked: number;
}

export function summarise(results: readonly Lookup[]): LookupSummary {
  const summary = { found: 0, unknown: 0, unchecked: 0 };
  for (const r of results) summary[r.status]++;
  return summary;
}
