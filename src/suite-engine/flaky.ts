import type { CaseOutcome } from './types';

/** A case × variant whose repetitions disagreed in one run: `passed` of `done` passed. */
export interface FlakyCase {
  caseId: string;
  variantId: string;
  passed: number;
  done: number;
}

/** The run's flaky cases (repetitions that disagree), in the suite's order: the CLI, JSON, HTML and run page list them. */
export function flakyCases(outcomes: readonly CaseOutcome[]): FlakyCase[] {
  return outcomes
    .filter((o) => o.flaky)
    .map(({ caseId, variantId, passed, done }) => ({ caseId, variantId, passed, done }));
}
