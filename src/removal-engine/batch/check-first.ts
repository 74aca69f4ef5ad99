/**
 * What the check before confirming found for one id.
 *
 * What a check can know: the only per-document read, query-base, documents `name`, `description` and `url`,
 * nothing of the document's knowledge base or dataset; the knowledge base's read names its `dataset_id` but lists
 * no documents, and the dataset's read only counts them. So with the documented reads an existing document is
 * `exists`: it is there, whether it is in this knowledge base is not known (the DELETE is refused if not). Only when
 * the base info carries an undocumented `knowledge_id` or `dataset_id` is it compared: `found` (in this knowledge
 * base) or `elsewhere` (in another one, left out: the service refuses its DELETE).
 */
export type Lookup =
  | { id: string; status: 'found'; name?: string }
  | { id: string; status: 'exists'; name?: string }
  | { id: string; status: 'elsewhere'; name?: string; where: string }
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

/** The knowledge base the check is for: its id, and its dataset when its read named one. */
export interface CheckTarget {
  knowledgeId: string;
  datasetId?: string;
}

const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** An existing document, placed by what its base info says of its knowledge base or dataset (if anything). */
export function placeFound(id: string, record: Record<string, unknown>, target: CheckTarget): Lookup {
  const name = typeof record.name === 'string' ? record.name : undefined;
  const knowledge = idOf(record.knowledge_id);
  if (knowledge !== undefined)
    return knowledge === target.knowledgeId
      ? { id, status: 'found', name }
      : { id, status: 'elsewhere', name, where: knowledge };
  const dataset = idOf(record.dataset_id);
  if (dataset !== undefined && target.datasetId !== undefined)
    return dataset === target.datasetId
      ? { id, status: 'found', name }
      : { id, status: 'elsewhere', name, where: dataset };
  return { id, status: 'exists', name };
}

export interface LookupSummary {
  found: number;
  exists: number;
  elsewhere: number;
  unknown: number;
  unchecked: number;
}

export function summarise(results: readonly Lookup[]): LookupSummary {
  const summary = { found: 0, exists: 0, elsewhere: 0, unknown: 0, unchecked: 0 };
  for (const r of results) summary[r.status]++;
  return summary;
}
