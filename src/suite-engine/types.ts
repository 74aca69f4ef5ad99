import type { RetrievalScore } from './retrieval';
import type { AssertionKey, GradedKey, SuiteFile } from './suite-file';
import type { CompletionBody, DocumentChunk, z } from '../contract';

/**
 * How a streamed answer ended, as `stream_completes` judges it (stream-checks.ts):
 * - complete: its final result event, or `[DONE]`, and no `error` event on the way;
 * - cut: it closed or broke off before its final event (the text so far is kept);
 * - error_event: the service sent an `error` event inside the stream;
 * - not_streamed: a stream was asked for, and the service answered with one JSON body.
 */
export type StreamEnd = 'complete' | 'cut' | 'error_event' | 'not_streamed';

export type CompletionBodyInput = z.input<typeof CompletionBody>;

/** One assertion's outcome on one answer; `answered` is the implicit check of a case without `expect`. */
export interface AssertionOutcome {
  key: AssertionKey | GradedKey | 'answered';
  ok: boolean;
  /** A graded assertion's score (similar_to: 0–1). */
  score?: number;
  /** rubric: what the grader said (`not_graded`: no grader was configured; `error`: the grader call failed). */
  verdict?: 'pass' | 'fail' | 'not_graded' | 'error';
  /** rubric: the grader's reason, or the grader error's cause. */
  reason?: string;
  /** What was found, in a few words ("missing \"14 days\"", "1,234 ms > 800 ms"). */
  detail: string;
}

/** One part of a suite split across machines: `index` of `count`, 1-based (`--shard 2/4`). */
export interface Shard {
  index: number;
  count: number;
}

/** pass / fail (an assertion failed) / error (the service answered with an error) / skipped (an earlier turn failed). */
export type TurnStatus = 'pass' | 'fail' | 'error' | 'skipped';

/** One question asked (the case's own or a follow-up) and what came back. */
export interface TurnResult {
  question: string;
  /** The request exactly as sent: method, the service URL (no token), the body. */
  request: { method: 'POST'; url: string; body: CompletionBodyInput };
  status: TurnStatus;
  answer: string;
  /** The answer's sources without their text (it is in `response`). */
  sources: DocumentChunk[];
  assertions: AssertionOutcome[];
  /** From send to the complete answer. */
  latencyMs?: number;
  /** From send to the first streamed text, when the question was streamed and text came (max_ttft_ms). */
  firstTextMs?: number;
  /** How a stream request ended (stream-checks.ts), when one was sent: what stream_completes judged. */
  streamEnd?: StreamEnd;
  totalTokens?: number;
  topScore?: number;
  conversationId?: string;
  /** The response as received (JSON text, or the final stream event's JSON), cut for storage. */
  response?: string;
  httpStatus?: number;
  error?: { kind: string; message: string };
}

/** One repetition of a case in one variant: its question and follow-ups, asked in one session. */
export type AttemptStatus = 'pass' | 'fail' | 'error';
export interface AttemptResult {
  caseId: string;
  variantId: string;
  /** 1-based. */
  repetition: number;
  status: AttemptStatus;
  sessionId: string;
  turns: TurnResult[];
  startedAt: number;
  finishedAt: number;
}

/**
 * stopped: by the admin (Stop) or a signal to the CLI; failed: the runner itself threw (a crash, not a Stop);
 * timed_out: the CLI's --timeout-ms passed. `endReason` says which and why.
 */
export type RunStatus = 'running' | 'done' | 'stopped' | 'interrupted' | 'failed' | 'timed_out';

/** A run as kept: the suite as it ran, the service it ran against (never the token), every finished attempt. */
export interface SuiteRun {
  id: string;
  suiteId: string;
  profileId: string;
  service: { profileName: string; base_url: string; secondary_url: string; mode: 'direct' | 'proxied' };
  startedAt: number;
  finishedAt?: number;
  status: RunStatus;
  /** Why the run ended before its plan, in a sentence: the crash's message, the time limit, the signal. */
  endReason?: string;
  concurrency: number;
  suite: SuiteFile;
  /** Re-run of the failed cases of another run: those case × variant keys only. */
  rerunOf?: string;
  only?: string[];
  /** One part of the suite (`--shard i/n`): `only` holds that part's cases; `npm run suite -- merge` joins the parts. */
  shard?: Shard;
  /** Attempts planned (cases × variants × repetitions, or the re-run's subset). */
  planned: number;
  attempts: AttemptResult[];
  /** Made elsewhere and imported here: a `npm run suite -- --json` output opened in the console. */
  imported?: { from: 'cli'; at: number };
  /**
   * Read from this browser's store without each turn's request, answer and response (kept apart: a case's page or
   * an export reads them). Never written: a run in memory has them all.
   */
  detailsApart?: true;
  /** The model that graded its rubrics (never the grader's address or key): a cached verdict is this model's. */
  grader?: { model: string };
  /** Grader verdicts kept for a re-grade, by answer, rubric and grader model (grader-cache.ts). */
  graderCache?: GraderCacheEntry[];
  /** Judged again from another run's answers (--regrade, "Re-grade with the current suite"): nothing was sent. */
  regradeOf?: string;
}

/** A case in one variant, over its repetitions. `not_run`: nothing finished (stopped, or outside a re-run). */
export type CaseStatus = 'pass' | 'fail' | 'error' | 'not_run';
export interface CaseOutcome {
  caseId: string;
  variantId: string;
  status: CaseStatus;
  passed: number;
  /** Repetitions finished / planned. */
  done: number;
  planned: number;
  /** Medians over the finished repetitions (latency and tokens summed over a session's turns). */
  latencyMs?: number;
  totalTokens?: number;
  topScore?: number;
  /** Median similar_to score of the question's answers (0–1), when the case has similar_to. */
  similarity?: number;
  /** Per assertion key: how many of the finished repetitions passed it. */
  assertions: { key: AssertionOutcome['key']; passed: number; total: number }[];
  /** Of `planned`, how many must pass (the case's pass_at_least, default all). */
  passAtLeast: number;
  /** Its finished repetitions disagree: some passed, some did not. */
  flaky: boolean;
  /** hit@k, reciprocal rank and recall@k, means over the answered repetitions, when the case lists relevant_documents. */
  retrieval?: RetrievalScore;
  /** Document ids cited in any repetition. */
  cited: string[];
  attempts: AttemptResult[];
}

/**
 * A grader's verdict kept for a re-grade: the same answer to the same question, judged by the same rubric and
 * grader model, is not sent to the grader again. `key` is a digest of the four (the texts themselves are in the
 * run); only a pass or a fail is kept (an error or "not graded" is asked again).
 */
export interface GraderCacheEntry {
  key: string;
  verdict: 'pass' | 'fail';
  reason?: string;
}
