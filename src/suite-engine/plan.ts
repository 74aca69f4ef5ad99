import { newId } from '../lib/ids';
import { SUITE_BOUNDS, type CompletionOptions, type Suite, type SuiteCase, type SuiteVariant } from './suite-file';
import type { CompletionBodyInput } from './types';

/** One session to run: a case's question and follow-ups, in one variant, one repetition. */
export interface PlannedAttempt {
  caseId: string;
  variantId: string;
  repetition: number;
}

/** A case × variant key, as results, re-runs and comparisons use it. */
export const outcomeKey = (caseId: string, variantId: string) => `${caseId}\u0000${variantId}`;

/**
 * Every attempt of a run, case by case (each case's variants and repetitions together, so a stopped run has
 * comparable partial results). `only` limits it to some case × variant keys (a re-run of failed cases).
 */
export function planAttempts(suite: Suite, only?: ReadonlySet<string>): PlannedAttempt[] {
  const out: PlannedAttempt[] = [];
  for (const c of suite.cases) {
    for (const v of suite.variants) {
      if (only && !only.has(outcomeKey(c.id, v.id))) continue;
      for (let repetition = 1; repetition <= c.repeat; repetition++)
        out.push({ caseId: c.id, variantId: v.id, repetition });
    }
  }
  return out;
}

/** The completions a run asks for, and whether that is within SUITE_BOUNDS.completionsPerRunMax. */
export interface RunSize {
  /** Questions sent: every case × variant × repetition, its question and each follow-up. */
  completions: number;
  max: number;
  overCap: boolean;
}

/** Counted, not listed: an over-cap suite (5,000 cases × 8 variants × 20 repetitions) is refused before planning. */
export function runSize(suite: Suite, only?: ReadonlySet<string>): RunSize {
  let completions = 0;
  for (const c of suite.cases) {
    const perAttempt = 1 + (c.follow_ups?.length ?? 0);
    const variants = only
      ? suite.variants.filter((v) => only.has(outcomeKey(c.id, v.id))).length
      : suite.variants.length;
    completions += variants * c.repeat * perAttempt;
  }
  const max = SUITE_BOUNDS.completionsPerRunMax;
  return { completions, max, overCap: completions > max };
}

/** Thrown by runSuite before anything is sent when a run would ask for more completions than the cap. */
export class RunTooLargeError extends Error {
  constructor(readonly size: RunSize) {
    super(`the run would ask for ${size.completions} completions; at most ${size.max} per run`);
    this.name = 'RunTooLargeError';
  }
}

/** The options a question is sent with: the suite's defaults, then the variant's, then the case's (the case wins). */
export function mergedOptions(suite: Suite, variant: SuiteVariant, c: SuiteCase): CompletionOptions {
  return { ...suite.defaults, ...variant.options, ...c.options };
}

/** The completion body of one question: the merged options, the session, the conversation of a follow-up. */
export function buildBody(
  options: CompletionOptions,
  question: string,
  sessionId: string,
  conversationId?: string,
): CompletionBodyInput {
  return {
    ...options,
    session_id: sessionId,
    message: question,
    ...(conversationId ? { conversation_id: conversationId } : {}),
  };
}

/** A fresh session id per attempt, readable in the service's logs. */
export function newSuiteSessionId(): string {
  // The one id generator: crypto.randomUUID exists only in secure contexts (not on plain http on a LAN).
  const random = newId();
  return `kc-suite-${random}`;
}
