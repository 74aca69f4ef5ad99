/** One completion runner for the playground and the suites engine (Node-safe). */
export { askCompletion, sendCompletion, type CompletionRequest } from './runner';
export type { CompletionEnding, CompletionEvent, CompletionOutcome, CompletionTiming } from './events';
export { completionUrl, conversationOf, cutStored } from './request';
export type { ProbedDocument, RankedPiece, RetrievalProbe, RetrievalProbeResult } from './retrieval-probe';

/**
 * The retrieval probe and the completion runner it sends through, loaded when a probe is asked for: the knowledge
 * page shows the Test retrieval form on a first visit, and the runner (≈3 KB gzip) waits for the first question.
 * (Its values are exported only so: a static re-export here would keep it in the page's chunk.)
 */
export const loadRetrievalProbe = () => import('./retrieval-probe');
