import { retrievalProbeBody } from '../../api/completion/retrieval-probe';
import type { ProbeAnswer, ProbeChunk } from './attribution';

/** What a probe sends: the api's retrieval probe body (no rewriting, no web search, no conversation, one JSON answer). */
export function probeBody(request: { question: string; datasetId?: string; documentId?: string }) {
  return retrievalProbeBody({
    question: request.question,
    datasetId: request.datasetId ?? '',
    documentId: request.documentId,
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A completion's answer as a probe reads it: an HTTP failure is a failure (never "nothing found"); a 2xx without
 * `document_chunks` as a list, or without `assistant_message`, is an answer of unexpected shape, a failure too.
 */
export function probeAnswerOf(status: number, body: unknown, statusText = ''): ProbeAnswer {
  const usage = isObject(body) && isObject(body.token_usage) ? body.token_usage : undefined;
  const tokens = typeof usage?.total_tokens === 'number' ? usage.total_tokens : undefined;
  if (status < 200 || status >= 300) {
    const message =
      isObject(body) && typeof body.message === 'string'
        ? body.message
        : isObject(body) && typeof body.detail === 'string'
          ? body.detail
          : `HTTP ${status} ${statusText}`.trim();
    return { ok: false, status, message, tokens };
  }
  if (!isObject(body) || (body.document_chunks !== undefined && !Array.isArray(body.document_chunks)))
    return { ok: false, status, message: 'The answer is not a completion result (no document_chunks list).', tokens };
  const chunks = (Array.isArray(body.document_chunks) ? body.document_chunks : []).filter(isObject) as ProbeChunk[];
  const assistantMessage = typeof body.assistant_message === 'string' ? body.assistant_message : undefined;
  return { ok: true, assistantMessage, chunks, tokens };
}
