import { evaluate } from './assertions';
import { canonical } from './compare';
import { cachedOutcome, GraderCache, graderCacheOf } from './grader-cache';
import { notGraded, rubricOutcome, type Grader } from './grader';
import { mergedOptions, planAttempts } from './plan';
import { clampConcurrency } from './run';
import { runSuiteOf } from './results';
import { attemptKey } from './run-file';
import type { Suite } from './suite-file';
import type { AssertionOutcome, AttemptResult, SuiteRun, TurnResult } from './types';

type SuiteCase = Suite['cases'][number];

export interface RegradeInput {
  /** The saved run, its answers at hand (readRunFile with its answers file, or the console's kept run with details). */
  saved: SuiteRun;
  /** The suite as it is now. */
  suite: Suite;
  /** Asked only for a rubric no cached verdict answers (a changed rubric, another model); never kept with the run. */
  grader?: Grader;
  /** Grader calls at once (as a run's concurrency). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Limit to these case × variant keys (outcomeKey), as a run's --filter. */
  only?: ReadonlySet<string>;
  onAttempt?(attempt: AttemptResult): void;
}

/** A case × variant the saved answers cannot stand for, and why (it stays "not run"). */
export interface NotRegraded {
  caseId: string;
  variantId: string;
  note: string;
}

export interface RegradeOutput {
  attempts: AttemptResult[];
  notRegraded: NotRegraded[];
  /** Every verdict known after the re-grade: the saved run's and the new ones (kept with the new run). */
  cache: GraderCache;
  /** Rubrics sent to the grader; rubrics answered by a kept verdict. */
  graderCalls: number;
  cachedVerdicts: number;
  /** The grader model the verdicts are now of (the flag's, else the saved run's). */
  model?: string;
}

const questionsOf = (c: SuiteCase) => [c.question, ...(c.follow_ups ?? []).map((f) => f.question)];
const expectationsOf = (c: SuiteCase) => [c.expect, ...(c.follow_ups ?? []).map((f) => f.expect)];

/** Why the saved case × variant cannot be judged as the current one: another question or other request options. */
function whyNot(saved: Suite | undefined, now: Suite, c: SuiteCase, variantId: string): string | undefined {
  const before = saved?.cases.find((x) => x.id === c.id);
  const variantBefore = saved?.variants.find((v) => v.id === variantId);
  if (!saved || !before || !variantBefore) return 'not in the saved run: run it';
  if (canonical(questionsOf(before)) !== canonical(questionsOf(c)))
    return 'its question changed: the saved answers answer another one';
  const variant = now.variants.find((v) => v.id === variantId)!;
  if (
    String(saved.space_id) !== String(now.space_id) ||
    canonical(mergedOptions(saved, variantBefore, before)) !== canonical(mergedOptions(now, variant, c))
  )
    return 'its space or completion options changed: the saved answers were asked otherwise';
  return undefined;
}

/**
 * A saved run's answers judged against the suite as it is now, asking nothing of the service: each assertion
 * evaluated again on the kept answer, sources, latency and tokens; a rubric answered by a kept verdict (same answer,
 * rubric and grader model), else by the grader when one is given, else "not graded". An answer that was an error
 * stays one; a case whose question or options changed, or that the saved run did not have, is not run (listed).
 * Node-safe: the CLI's --regrade and the console's "Re-grade with the current suite" run this.
 */
export async function regradeRun(input: RegradeInput): Promise<RegradeOutput> {
  const { saved, suite, grader, signal } = input;
  const before = runSuiteOf(saved);
  const cache = graderCacheOf(saved);
  const model = grader?.model ?? saved.grader?.model;
  const byKey = new Map(saved.attempts.map((a) => [attemptKey(a), a]));
  const cases = new Map(suite.cases.map((c) => [c.id, c]));
  const notRegraded: NotRegraded[] = [];
  const noted = new Set<string>();
  const todo: { attempt: AttemptResult; c: SuiteCase }[] = [];
  for (const p of planAttempts(suite, input.only)) {
    const c = cases.get(p.caseId)!;
    const why = whyNot(before, suite, c, p.variantId);
    const attempt = byKey.get(attemptKey(p));
    const note = why ?? (attempt ? undefined : 'this repetition is not in the saved run');
    if (note) {
      if (!noted.has(`${p.caseId}\u0000${p.variantId}`)) notRegraded.push({ ...p, note });
      noted.add(`${p.caseId}\u0000${p.variantId}`);
      continue;
    }
    todo.push({ attempt: attempt!, c });
  }
  let graderCalls = 0;
  const rubric = async (turn: TurnResult, text: string): Promise<AssertionOutcome | undefined> => {
    const graded = { model: model ?? '', rubric: text, question: turn.question, answer: turn.answer };
    const kept = model ? cache.get(graded) : undefined;
    if (kept) return cachedOutcome(kept);
    if (!grader) return notGraded();
    graderCalls++;
    const outcome = await rubricOutcome(grader, { question: turn.question, answer: turn.answer, rubric: text }, signal);
    if (outcome) cache.put(graded, outcome);
    return outcome;
  };
  const judge = async (a: AttemptResult, c: SuiteCase): Promise<AttemptResult | undefined> => {
    const expectations = expectationsOf(c);
    const turns: TurnResult[] = [];
    for (const [i, t] of a.turns.entries()) {
      // An error stays one (the service did not answer), and what it skipped stays skipped.
      if (t.status === 'error' && t.error?.kind !== 'grader') {
        turns.push(t);
        continue;
      }
      if (t.status === 'skipped') {
        turns.push(t);
        continue;
      }
      const expect = expectations[i];
      const assertions = evaluate(expect, {
        text: t.answer,
        sources: t.sources,
        latencyMs: t.latencyMs ?? 0,
        totalTokens: t.totalTokens,
      });
      const at = assertions.findIndex((x) => x.key === 'rubric');
      if (at >= 0 && expect?.rubric !== undefined) {
        const graded = await rubric(t, expect.rubric);
        if (!graded) return undefined;
        assertions[at] = graded;
      }
      const graderError = assertions.find((x) => x.verdict === 'error');
      const { error: _error, ...rest } = t;
      turns.push(
        graderError
          ? { ...rest, assertions, status: 'error', error: { kind: 'grader', message: graderError.reason ?? '' } }
          : { ...rest, assertions, status: assertions.every((x) => x.ok) ? 'pass' : 'fail' },
      );
    }
    const status = turns.some((t) => t.status === 'error')
      ? 'error'
      : turns.every((t) => t.status === 'pass')
        ? 'pass'
        : 'fail';
    return { ...a, turns, status };
  };
  const attempts: AttemptResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !input.signal?.aborted) {
      const { attempt, c } = todo[next++]!;
      const judged = await judge(attempt, c);
      if (!judged) return;
      attempts.push(judged);
      input.onAttempt?.(judged);
    }
  };
  const workers = Math.min(clampConcurrency(input.concurrency ?? 4), todo.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return {
    attempts,
    notRegraded,
    cache,
    graderCalls,
    cachedVerdicts: cache.hits,
    ...(model ? { model } : {}),
  };
}
