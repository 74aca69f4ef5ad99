/**
 * Retrieval metrics by document id, from the ranked sources of a case's answer (the order the service returned).
 *
 * One rule for document ids everywhere (cites_document, relevant_documents, cited ids, CSV columns): an id is a
 * string or a whole number, compared as its decimal text (surrounding spaces dropped), so 831506272047403 and
 * "831506272047403" are one id, and 0 is "0". A missing id (undefined, null, "", a fraction, anything else) is none.
 */
export function documentIdText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** A source's document id under the one rule. */
export function documentIdOf(source: { document_id?: string | number | null }): string | undefined {
  return documentIdText(source.document_id);
}

/** The ranked list retrieval is scored on: each document once, in the order its first piece came. */
export function rankedDocuments(sources: readonly { document_id?: string | number | null }[]): string[] {
  const seen = new Set<string>();
  for (const s of sources) {
    const id = documentIdOf(s);
    if (id !== undefined) seen.add(id);
  }
  return [...seen];
}

export interface RetrievalScore {
  /** The cut-off in documents: the case's or suite's k, else the number of distinct documents returned. */
  k: number;
  /** 1 when a relevant document is in the top k, else 0. */
  hitAtK: number;
  /** 1 / the rank (by document) of the first relevant document in the top k, 0 when none is. */
  reciprocalRank: number;
  /** Relevant documents in the top k / relevant documents. */
  recallAtK: number;
  /** One answer's: the distinct document ids in the order first seen (rankedDocuments), all of them. */
  ranked?: string[];
  /** The relevant document ids, under the one id rule. */
  relevant?: string[];
}

/**
 * One answer's retrieval, by document: two pieces of one document ahead of another count once, so the third
 * distinct document is rank 3 (reciprocal rank 1/3), and k counts documents, not pieces.
 */
export function retrievalScore(
  sources: readonly { document_id?: string | number | null }[],
  relevant: readonly (string | number)[],
  k?: number,
): RetrievalScore {
  const ranked = rankedDocuments(sources);
  const cut = k ?? ranked.length;
  const wanted = [...new Set(relevant.map(documentIdText).filter((id): id is string => id !== undefined))];
  const wantedSet = new Set(wanted);
  const top = ranked.slice(0, cut);
  const firstRank = top.findIndex((id) => wantedSet.has(id)) + 1;
  const found = top.filter((id) => wantedSet.has(id)).length;
  return {
    k: cut,
    hitAtK: firstRank ? 1 : 0,
    reciprocalRank: firstRank ? 1 / firstRank : 0,
    recallAtK: wanted.length ? found / wanted.length : 0,
    ranked,
    relevant: wanted,
  };
}

/**
 * Means of the scores (per case over its repetitions, per run over its cases); undefined when there are none. The
 * relevant ids are kept when every score names the same ones; the ranked list when there is one score.
 */
export function meanRetrieval(scores: readonly RetrievalScore[]): RetrievalScore | undefined {
  if (scores.length === 0) return undefined;
  const mean = (pick: (s: RetrievalScore) => number) => scores.reduce((t, s) => t + pick(s), 0) / scores.length;
  const relevant = scores[0]!.relevant;
  const sameRelevant = relevant && scores.every((s) => s.relevant?.join('\u0000') === relevant.join('\u0000'));
  return {
    k: Math.max(...scores.map((s) => s.k)),
    hitAtK: mean((s) => s.hitAtK),
    reciprocalRank: mean((s) => s.reciprocalRank),
    recallAtK: mean((s) => s.recallAtK),
    ...(scores.length === 1 && scores[0]!.ranked ? { ranked: scores[0]!.ranked } : {}),
    ...(sameRelevant ? { relevant } : {}),
  };
}
