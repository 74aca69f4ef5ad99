/** One completion runner for the playground and the suites engine (Node-safe). */
export { askCompletion, sendCompletion, type CompletionRequest } from './runner';
export type { CompletionEnding, CompletionEvent, CompletionOutcome, CompletionTiming } from './events';
export { completionUrl, conversationOf, cutStored } from './request';
export {
  RETRIEVAL_PROBE_USER,
  documentsOfPieces,
  rankPieces,
  retrievalProbeBody,
  runRetrievalProbe,
  type ProbedDocument,
  type RankedPiece,
  type RetrievalProbe,
  type RetrievalProbeResult,
} from './retrieval-probe';
