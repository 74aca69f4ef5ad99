/**
 * Retrieval metrics by document id, from the ranked sources of a case's answer (the order the service returned).
 * One rule for document ids everywhere (cites_document, relevant_documents, cited ids): an id is its decimal text,
 * so 0 and "0" are the id "0"; only a missing id (undefined, null, "") is no id.
 */
export function documentIdOf(source: { document_id?: string | number | null }): string | undefined {
  const id = source.document_id;
  return id === undefined || id === null || id === '' ? undefined : String(id);
}

export interface RetrievalScore {
  /** The cut-off: the case's or suite's k, else the number of sources returned. */
  k: number;
  /** 1 when a relevant document is in the top k, else 0. */
  hitAtK: number;
  /** 1 / the rank of the first relevant document in the top k, 0 when none is. */
  reciprocalRank: number;
  /** Relevant documents in the top k / relevant documents. */
  recallAtK: number;
}

export function retrievalScore(
  sources: readonly { document_id?: string | number | null }[],
  relevant: readonly (string | number)[],
  k?: number,
): RetrievalScore {
  const cut = k ?? sources.length;
  const wanted = new Set(relevant.map(String));
  const found = new Set<string>();
  let firstRank = 0;
  sources.slice(0, cut).forEach((s, i) => {
    const id = documentIdOf(s);
    if (id === undefined || !wanted.has(id)) return;
    if (!firstRank) firstRank = i + 1;
    found.add(id);
  });
  return {
    k: cut,
    hitAtK: firstRank ? 1 : 0,
    reciprocalRank: firstRank ? 1 / firstRank : 0,
    recallAtK: wanted.size ? found.size / wanted.size : 0,
  };
}

/** Means of the scores (per case over its repetitions, per run over its cases); undefined when there are none. */
export function meanRetrieval(scores: readonly RetrievalScore[]): RetrievalScore | undefined {
  if (scores.length === 0) return undefined;
  const mean = (pick: (s: RetrievalScore) => number) => scores.reduce((t, s) => t + pick(s), 0) / scores.length;
  return {
    k: Math.max(...scores.map((s) => s.k)),
    hitAtK: mean((s) => s.hitAtK),
    reciprocalRank: mean((s) => s.reciprocalRank),
    recallAtK: mean((s) => s.recallAtK),
  };
}
