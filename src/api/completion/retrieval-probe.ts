import type { DocumentChunk, EndpointBody, TokenUsage } from '../../contract';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { catalogStore } from '../../lib/catalog';
import { newId } from '../../lib/ids';
import type { CompletionOutcome } from './events';
import { askCompletion } from './runner';

/**
 * A question asked only to see what retrieval finds (a knowledge page's Test retrieval, the deletion probe): one
 * completion restricted to a dataset (or a document), with nothing that changes what is retrieved or where it is
 * kept: no question rewriting, no web search, no conversation (each probe stands alone), one JSON answer, and the
 * same external user for every probe so the service's logs can tell them apart from people's questions.
 * Node-safe: the console and a CLI can run it.
 */
export const RETRIEVAL_PROBE_USER = 'knowledge-console-probe';

export interface RetrievalProbe {
  question: string;
  /** The dataset to retrieve from (a knowledge base's `dataset_id`). */
  datasetId: string;
  /** Narrows retrieval to one document of the dataset (the deletion probe). */
  documentId?: string;
  /** A fresh one per probe when absent. */
  sessionId?: string;
}

/** The completion body of a retrieval probe (the spec's field names; see RETRIEVAL_PROBE_USER for why each). */
export function retrievalProbeBody(probe: RetrievalProbe): EndpointBody<'chatCompletions'> {
  return {
    session_id: probe.sessionId ?? `retrieval-probe-${newId()}`,
    message: probe.question,
    external_user_id: RETRIEVAL_PROBE_USER,
    stream: false,
    refine_question: false,
    retrieval_with_websearch: false,
    // No dataset known (the deletion probe restricted to its document): no empty dataset_id either.
    ...(probe.datasetId ? { dataset_id: probe.datasetId } : {}),
    ...(probe.documentId ? { document_id: probe.documentId } : {}),
  };
}

/** One retrieved piece, ranked. */
export interface RankedPiece {
  /** 1 for the best. */
  rank: number;
  documentId?: string;
  documentName?: string;
  datasetId?: string;
  chunkIndex?: number;
  content?: string;
  score?: number;
}

/**
 * The pieces of an answer, best first: by score, highest first; pieces without a score keep the answer's order,
 * after the scored ones (the service's order is its own ranking when it gives no score).
 */
export function rankPieces(chunks: readonly DocumentChunk[]): RankedPiece[] {
  return chunks
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const sa = a.c.score;
      const sb = b.c.score;
      if (sa !== undefined && sb !== undefined && sa !== sb) return sb - sa;
      if ((sa === undefined) !== (sb === undefined)) return sa === undefined ? 1 : -1;
      return a.i - b.i;
    })
    .map(({ c }, i) => ({
      rank: i + 1,
      documentId: c.document_id,
      documentName: c.document_name,
      datasetId: c.dataset_id,
      chunkIndex: c.chunk_index,
      content: c.content,
      score: c.score,
    }));
}

/** Per document: its best piece's rank and score, and how many of its pieces came back. */
export interface ProbedDocument {
  documentId: string;
  documentName?: string;
  bestRank: number;
  bestScore?: number;
  pieces: number;
}

export function documentsOfPieces(pieces: readonly RankedPiece[]): ProbedDocument[] {
  const byId = new Map<string, ProbedDocument>();
  for (const p of pieces) {
    if (!p.documentId) continue;
    const seen = byId.get(p.documentId);
    if (seen) seen.pieces++;
    else
      byId.set(p.documentId, {
        documentId: p.documentId,
        documentName: p.documentName,
        bestRank: p.rank,
        bestScore: p.score,
        pieces: 1,
      });
  }
  return [...byId.values()];
}

export interface RetrievalProbeResult {
  pieces: RankedPiece[];
  /** Tokens the probe cost (it is a billed completion). */
  usage?: TokenUsage;
  outcome: CompletionOutcome;
}

/** Asks the probe and ranks what came back; a failure is the outcome's (`outcome.ending`, `outcome.error`). */
export async function runRetrievalProbe({
  profile,
  spaceId,
  probe,
  signal,
}: {
  profile: ConnectionProfile;
  spaceId: string;
  probe: RetrievalProbe;
  signal?: AbortSignal;
}): Promise<RetrievalProbeResult> {
  // The documents it retrieved are met (the knowledge page lists them); the conversation the service may have opened
  // for the probe is not one an admin looks for, so the catalog is not told of it.
  const outcome = await askCompletion({
    profile,
    spaceId,
    body: retrievalProbeBody(probe),
    signal,
    remember: false,
  });
  const pieces = rankPieces(outcome.sources);
  catalogStore.remember(
    profile.id,
    pieces.flatMap((p) =>
      p.documentId
        ? [{ kind: 'document' as const, id: p.documentId, label: p.documentName, datasetId: p.datasetId }]
        : [],
    ),
  );
  return { pieces, usage: outcome.usage, outcome };
}
