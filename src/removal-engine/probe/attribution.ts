import { MIN_OVERLAP_CHARS } from './bounds';
import { longestOverlapAtLeast, withoutPassage } from './text';

/** A retrieved piece as the answer gives it (the spec's `document_chunks[]`; every field may be missing). */
export interface ProbeChunk {
  document_id?: string | number;
  document_name?: string;
  dataset_id?: string | number;
  content?: string;
}

/**
 * What one probe brought back: the answer, or its failure. A 4xx/5xx (or no answer) is a failure and is never read
 * as "nothing found": only an answer that came back can be empty.
 */
export type ProbeAnswer =
  | { ok: true; assistantMessage?: string; chunks: readonly ProbeChunk[]; tokens?: number }
  | { ok: false; status?: number; message: string; tokens?: number };

export interface Attribution {
  found: boolean;
  /** The field that showed the document, e.g. `document_chunks[2].document_id`, `assistant_message`. */
  field?: string;
  /** Pieces the answer carried, and how many of them named a document. */
  pieces: number;
  piecesWithDocumentId: number;
  /** The text of the pieces attributed to the document (kept by the positive control for later probes). */
  matched: string[];
}

/**
 * Whether an answer comes from the document. A piece names it by `document_id`; a piece naming another document is
 * not it; a piece naming none is it when it quotes the document's text (MIN_OVERLAP_CHARS verbatim). The
 * `assistant_message` is scanned too (a QA pair can be answered directly, with no piece), the question's own words
 * taken out first (an answer that only echoes the question quotes nothing of the document), and words a piece of
 * another document holds too not counted (a near-identical document answering is not this one).
 */
export function attribute(
  answer: { assistantMessage?: string; chunks: readonly ProbeChunk[] },
  doc: { documentId: string; reference: string; question: string },
): Attribution {
  let field: string | undefined;
  const matched: string[] = [];
  let piecesWithDocumentId = 0;
  answer.chunks.forEach((chunk, i) => {
    const id = chunk.document_id;
    const named = id !== undefined && id !== null && String(id) !== '';
    if (named) piecesWithDocumentId++;
    if (named && String(id) === doc.documentId) {
      field ??= `document_chunks[${i}].document_id`;
      if (chunk.content) matched.push(chunk.content);
    } else if (!named && chunk.content && longestOverlapAtLeast(chunk.content, doc.reference, MIN_OVERLAP_CHARS)) {
      field ??= `document_chunks[${i}].content`;
      matched.push(chunk.content);
    }
  });
  // Words the answer took from a piece of another document are that document's (near-identical documents share
  // whole sentences): only a run no other retrieved document holds shows this one.
  const otherDocuments = answer.chunks.flatMap((chunk) => {
    const id = chunk.document_id;
    const other = id !== undefined && id !== null && String(id) !== '' && String(id) !== doc.documentId;
    return other && chunk.content ? [chunk.content] : [];
  });
  if (
    !field &&
    answer.assistantMessage &&
    longestOverlapAtLeast(
      withoutPassage(answer.assistantMessage, doc.question),
      doc.reference,
      MIN_OVERLAP_CHARS,
      otherDocuments,
    )
  )
    field = 'assistant_message';
  return { found: field !== undefined, field, pieces: answer.chunks.length, piecesWithDocumentId, matched };
}
