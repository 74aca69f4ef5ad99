import { ANSWER_BOUNDS } from '../bounds';
import type { ChunkHit } from '../store/chunks';
import type { StoredDataset } from '../store/records';
import type { Store } from '../store/store';
import { ftsQuery, termPresence } from './terms';

export interface RetrievalTarget {
  dataset: StoredDataset;
  /** Only these documents of the dataset, or all of them. */
  documentIds: readonly string[] | null;
}

/** One element of document_chunks (plus `hit`, internal: false for a chunk added by chunk expansion). */
export interface RetrievedChunk {
  document_id: string;
  document_name: string;
  dataset_id: string;
  chunk_index: number;
  content: string;
  score: number;
  hit: boolean;
}

export interface QueryTerms {
  /** Terms of the question itself. */
  primary: readonly string[];
  /** Terms of the previous user turn of the conversation (widen recall, weigh less). */
  context: readonly string[];
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Share of the question's terms present in a chunk (Latin terms compared by light stems, CJK by substring). */
export function coverage(terms: readonly string[], content: string): number {
  if (terms.length === 0) return 0;
  const has = termPresence(content);
  return terms.filter(has).length / terms.length;
}

/**
 * BM25 over FTS5, scored 0..1 so a dataset's score_threshold means something on any corpus size:
 * score = 0.5 × (bm25 relative to the best candidate of this request) + 0.5 × (share of the question's terms
 * found in the chunk). Raw bm25 is not used alone because FTS5 floors the IDF of a term found in more than half
 * the chunks to ~0, which on a small corpus would push every chunk under any threshold.
 * Each dataset contributes at most its top_k chunks at or above its score_threshold; its
 * retrieval_chunk_expansion then adds the neighbouring chunks of each hit (same score, after the hit's place).
 */
export function retrieve(store: Store, targets: readonly RetrievalTarget[], terms: QueryTerms): RetrievedChunk[] {
  const all = [...terms.primary, ...terms.context.filter((t) => !terms.primary.includes(t))];
  const match = ftsQuery(all);
  if (match === null) return [];
  const scoringTerms = terms.primary.length > 0 ? terms.primary : all;

  const perTarget = targets.map((target) => ({
    target,
    candidates: store.chunks.search(
      match,
      target.dataset.dataset_id,
      target.documentIds,
      target.dataset.top_k * ANSWER_BOUNDS.candidateFactor,
    ),
  }));
  const best = Math.max(0, ...perTarget.flatMap((t) => t.candidates.map((c) => c.strength)));

  const names = new Map<string, string>();
  const nameOf = (documentId: string) => {
    let name = names.get(documentId);
    if (name === undefined) {
      name = store.getDocument(documentId)?.name ?? '';
      names.set(documentId, name);
    }
    return name;
  };
  const toChunk = (c: ChunkHit, score: number, hit: boolean): RetrievedChunk => ({
    document_id: c.document_id,
    document_name: nameOf(c.document_id),
    dataset_id: c.dataset_id,
    chunk_index: c.chunk_index,
    content: c.content,
    score,
    hit,
  });

  const hits: { chunk: ChunkHit; score: number; target: RetrievalTarget; order: number }[] = [];
  let order = 0;
  for (const { target, candidates } of perTarget) {
    const scored = candidates
      .map((chunk) => ({
        chunk,
        score: round4(0.5 * (best > 0 ? chunk.strength / best : 1) + 0.5 * coverage(scoringTerms, chunk.content)),
        target,
        order: order++,
      }))
      .filter((s) => s.score >= target.dataset.score_threshold)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, target.dataset.top_k);
    hits.push(...scored);
  }
  hits.sort((a, b) => b.score - a.score || a.order - b.order);

  const out: RetrievedChunk[] = [];
  const seen = new Set<number>();
  for (const { chunk, score, target } of hits) {
    if (seen.has(chunk.id)) continue;
    const { pre_count, next_count } = target.dataset.retrieval_chunk_expansion;
    if (pre_count === 0 && next_count === 0) {
      seen.add(chunk.id);
      out.push(toChunk(chunk, score, true));
      continue;
    }
    for (const n of store.chunks.neighbours(
      chunk.document_id,
      chunk.chunk_index - pre_count,
      chunk.chunk_index + next_count,
    )) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n.id === chunk.id ? toChunk(chunk, score, true) : toChunk(n, score, false));
    }
  }
  return out;
}

/** The wire shape of a retrieved chunk (the internal `hit` flag dropped). */
export function wireChunk({ hit: _hit, ...chunk }: RetrievedChunk) {
  return chunk;
}
