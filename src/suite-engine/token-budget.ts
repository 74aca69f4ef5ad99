import { attemptTokens } from './results';
import type { AttemptResult } from './types';

/**
 * `--max-total-tokens N`: the service's reported usage (each answer's token_usage.total_tokens), added up as the
 * sessions finish; `add` says when it has reached the budget, so the run sends nothing more.
 */
export function tokenBudget(max: number) {
  let used = 0;
  return {
    add(attempt: AttemptResult): boolean {
      used += attemptTokens(attempt) ?? 0;
      return used >= max;
    },
    get used() {
      return used;
    },
  };
}
