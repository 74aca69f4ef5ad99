import { SUITE_BOUNDS, type Suite } from './suite-file';
import { type DocumentChunk } from '../contract';
import type { ConnectionProfile } from '../lib/profiles/profile';
import { evaluate, topScore } from './assertions';
import {
  buildBody,
  mergedOptions,
  newSuiteSessionId,
  planAttempts,
  runSize,
  RunTooLargeError,
  type PlannedAttempt,
} from './plan';
import { completionUrl } from '../api/completion';
import { rubricOutcome, type Grader } from './grader';
import type { RunControl } from './run-control';
import { askOnce } from './send';
import { judgedDespiteEnd, streamedBody } from './stream-checks';
import type { AttemptResult, TurnResult } from './types';

export interface RunSuiteInput {
  suite: Suite;
  profile: ConnectionProfile;
  /** Sessions asked at once, SUITE_BOUNDS.concurrencyMin..Max (clamped). */
  concurrency: number;
  /** Stop: aborts what is in flight; attempts that finished are kept. */
  signal?: AbortSignal;
  /** Limit to these case × variant keys (outcomeKey). */
  only?: ReadonlySet<string>;
  /** Each attempt as it finishes (in finishing order). */
  onAttempt?(attempt: AttemptResult): void;
  newSessionId?: () => string;
  /** Grades `expect.rubric`; without one a rubric assertion is "not graded" (never a pass). Never kept with the run. */
  grader?: Grader;
  /**
   * When the signal ends the run, keep each attempt that had an answer already (its unfinished question or grading
   * an error, named) rather than drop it: the CLI's --timeout-ms ends a run this way, and an answer received is an
   * answer reported. Without it (the console's Stop) an unfinished attempt is dropped, its case not run.
   */
  keepAnswers?: boolean;
  /**
   * Pause and Resume (run-control.ts): each question waits for it before it is sent; Stop through it aborts `signal`
   * (pass `control.signal`). Without one the run never pauses.
   */
  control?: RunControl;
  /**
   * false: the output's `attempts` stays empty (each attempt goes to onAttempt only): the CLI keeps its answers on
   * disk, and holding every whole attempt here as well kept the run's memory growing with its answers.
   */
  keepAttempts?: boolean;
}

export interface RunSuiteOutput {
  planned: PlannedAttempt[];
  attempts: AttemptResult[];
  stopped: boolean;
}

export const clampConcurrency = (n: number) =>
  Math.min(SUITE_BOUNDS.concurrencyMax, Math.max(SUITE_BOUNDS.concurrencyMin, Math.round(n) || 1));

/**
 * A source as kept with a result: which document, chunk and score, without the chunk's text (the stored response
 * has it). A 2,000-case run is cloned into IndexedDB; the text twice over would double it.
 */
function sourceRef(chunk: DocumentChunk): DocumentChunk {
  const { content: _content, ...ref } = chunk;
  return ref;
}

/** A session: the case's question, then its follow-ups in the same conversation. Undefined when stopped midway. */
async function runAttempt(
  input: RunSuiteInput,
  planned: PlannedAttempt,
  sessionId: string,
): Promise<AttemptResult | undefined> {
  const { suite, profile, signal } = input;
  const c = suite.cases.find((x) => x.id === planned.caseId)!;
  const variant = suite.variants.find((v) => v.id === planned.variantId)!;
  const options = mergedOptions(suite, variant, c);
  const url = completionUrl(profile, suite.space_id);
  const startedAt = Date.now();
  const questions = [{ question: c.question, expect: c.expect }, ...(c.follow_ups ?? [])];
  const turns: TurnResult[] = [];
  let conversationId: string | undefined;
  const ended = 'the run ended before this question was answered';
  // Ended while asking: the answers so far kept (keepAnswers), the rest skipped; nothing kept without an answer.
  const cut = (): AttemptResult | undefined => {
    if (!input.keepAnswers || !turns.some((t) => t.answer !== '')) return undefined;
    const rest = questions.slice(turns.length).map(({ question, expect }) => ({
      question,
      request: {
        method: 'POST' as const,
        url,
        body: streamedBody(buildBody(options, question, sessionId, conversationId), expect),
      },
      status: 'skipped' as const,
      answer: '',
      sources: [],
      assertions: [],
    }));
    if (rest[0]) Object.assign(rest[0], { status: 'error', error: { kind: 'stopped', message: ended } });
    return { ...planned, status: 'error', sessionId, turns: [...turns, ...rest], startedAt, finishedAt: Date.now() };
  };
  for (const { question, expect } of questions) {
    // A turn that measures a stream (max_ttft_ms, stream_completes) is asked for one.
    const body = streamedBody(buildBody(options, question, sessionId, conversationId), expect);
    const request = { method: 'POST' as const, url, body };
    // A follow-up of a failed turn still runs (its own expectations are informative); after an error it cannot.
    if (turns.some((t) => t.status === 'error' || t.status === 'skipped')) {
      turns.push({ question, request, status: 'skipped', answer: '', sources: [], assertions: [] });
      continue;
    }
    // Paused: nothing is sent until Resume; stopped meanwhile, the attempt ends here.
    if (input.control && !(await input.control.mayAsk())) return cut();
    if (signal?.aborted) return cut();
    input.control?.dispatch({ type: 'sent' });
    const answer = await askOnce(profile, suite.space_id, body, signal).finally(() =>
      input.control?.dispatch({ type: 'answered' }),
    );
    if (answer.aborted || signal?.aborted) return cut();
    conversationId = answer.conversationId ?? conversationId;
    const base = {
      question,
      request,
      answer: answer.text,
      sources: answer.sources.map(sourceRef),
      latencyMs: answer.latencyMs,
      ...(answer.firstTextMs === undefined ? {} : { firstTextMs: answer.firstTextMs }),
      ...(answer.streamEnd === undefined ? {} : { streamEnd: answer.streamEnd }),
      totalTokens: answer.result?.token_usage?.total_tokens,
      topScore: topScore(answer.sources),
      conversationId: answer.conversationId,
      response: answer.response,
      httpStatus: answer.httpStatus,
    };
    // An early end is the turn's error, unless the turn checks stream_completes: then it is judged (and fails it).
    if (!answer.ok && !judgedDespiteEnd(answer.streamEnd, expect)) {
      turns.push({ ...base, status: 'error', assertions: [], error: answer.error });
      continue;
    }
    const assertions = evaluate(expect, {
      text: answer.text,
      sources: answer.sources,
      latencyMs: answer.latencyMs,
      totalTokens: answer.result?.token_usage?.total_tokens,
      firstTextMs: answer.firstTextMs,
      streamEnd: answer.streamEnd,
      streamProblem: answer.error?.message,
      abstentionPhrases: suite.abstentionPhrases,
    });
    const rubricAt = assertions.findIndex((a) => a.key === 'rubric');
    if (rubricAt >= 0 && expect?.rubric && input.grader) {
      const graded = await rubricOutcome(
        input.grader,
        { question, answer: answer.text, rubric: expect.rubric },
        signal,
      );
      // Ended while grading: the answer is kept with its rubric ungraded (an error), when keepAnswers.
      if (!graded && !input.keepAnswers) return undefined;
      assertions[rubricAt] = graded ?? {
        key: 'rubric',
        ok: false,
        verdict: 'error',
        reason: 'the run ended before the grader answered',
        detail: 'grader error: the run ended before the grader answered',
      };
    }
    // The grader could not be asked (down, 5xx, refused, timed out, busy after its retries, an unreadable verdict):
    // the answer could not be judged, an error — never a failure of the service.
    const graderError = assertions.find((a) => a.verdict === 'error');
    if (graderError) {
      turns.push({
        ...base,
        status: 'error',
        assertions,
        error: { kind: 'grader', message: graderError.reason ?? graderError.detail },
      });
      if (signal?.aborted) return cut();
      continue;
    }
    turns.push({ ...base, status: assertions.every((a) => a.ok) ? 'pass' : 'fail', assertions });
  }
  const status = turns.some((t) => t.status === 'error')
    ? 'error'
    : turns.every((t) => t.status === 'pass')
      ? 'pass'
      : 'fail';
  return { ...planned, status, sessionId, turns, startedAt, finishedAt: Date.now() };
}

/**
 * Runs a suite's attempts with at most `concurrency` sessions at once. Each question is sent once (completions
 * are writes: never retried); a run over SUITE_BOUNDS.completionsPerRunMax is refused whole. Stop aborts what is in flight and keeps what finished. Node-safe: the console and
 * `npm run suite` both run this.
 */
export async function runSuite(input: RunSuiteInput): Promise<RunSuiteOutput> {
  const size = runSize(input.suite, input.only);
  if (size.overCap) throw new RunTooLargeError(size);
  const planned = planAttempts(input.suite, input.only);
  const attempts: AttemptResult[] = [];
  let finished = 0;
  const newSession = input.newSessionId ?? newSuiteSessionId;
  let next = 0;
  const worker = async () => {
    while (next < planned.length && !input.signal?.aborted) {
      const item = planned[next++]!;
      const attempt = await runAttempt(input, item, newSession());
      if (!attempt) return;
      finished++;
      if (input.keepAttempts !== false) attempts.push(attempt);
      input.onAttempt?.(attempt);
    }
  };
  const workers = Math.min(clampConcurrency(input.concurrency), planned.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return { planned, attempts, stopped: !!input.signal?.aborted && finished < planned.length };
}
