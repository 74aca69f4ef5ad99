/** One completion runner for the playground and the suites engine (Node-safe). */
export { askCompletion, sendCompletion, type CompletionRequest } from './runner';
export type { CompletionEnding, CompletionEvent, CompletionOutcome, CompletionTiming } from './events';
export { completionUrl, conversationOf, cutStored } from './request';
