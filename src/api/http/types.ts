import type { DriftWarning } from '../../contract';

/**
 * A successful call: the record the answer reads as, plus everything a page needs to show drift and the
 * raw answer. A query's result is one of these, so a page reads `query.data.record`.
 */
export interface ApiResult<T> {
  /** The answer read through its record's tolerant view. */
  record: T;
  /** Where the answer differs from the documented shape; empty when it matches. */
  drift: DriftWarning[];
  /** The answer parsed as JSON, before any normalisation. */
  raw: unknown;
  /** The answer exactly as received. */
  rawText: string;
  status: number;
  durationMs: number;
  /** The request-log entry of the call. */
  logId: string;
  /** Response headers (names lower-case), e.g. the sandbox's x-conversation-id on completions. */
  headers: Record<string, string>;
}
