/**
 * The CLI's per-case bookkeeping: a case × variant's outcome as soon as its last repetition finishes, built from that
 * case's own attempts. (It was every outcome of the run rebuilt after each case: quadratic, about 10⁹ key builds for
 * 5,000 cases × 8 variants; `npm run bench -- suites --cli-only` measures it.)
 */
import {
  type Suite,
  caseOutcome,
  outcomeKey,
  type AttemptResult,
  type CaseOutcome,
  type PlannedAttempt,
} from '../src/suite-engine';

export class CaseProgress {
  private readonly remaining = new Map<string, number>();
  private readonly attemptsOf = new Map<string, AttemptResult[]>();
  private readonly caseById: Map<string, Suite['cases'][number]>;

  constructor(suite: Suite, planned: readonly PlannedAttempt[]) {
    this.caseById = new Map(suite.cases.map((c) => [c.id, c]));
    for (const p of planned) {
      const key = outcomeKey(p.caseId, p.variantId);
      this.remaining.set(key, (this.remaining.get(key) ?? 0) + 1);
    }
  }

  /** Takes a finished attempt; returns its case's outcome when that was the case's last repetition. */
  add(attempt: AttemptResult): CaseOutcome | undefined {
    const key = outcomeKey(attempt.caseId, attempt.variantId);
    const mine = this.attemptsOf.get(key) ?? this.attemptsOf.set(key, []).get(key)!;
    mine.push(attempt);
    const left = (this.remaining.get(key) ?? 1) - 1;
    this.remaining.set(key, left);
    if (left > 0) return undefined;
    this.attemptsOf.delete(key);
    return caseOutcome(this.caseById.get(attempt.caseId)!, attempt.variantId, mine);
  }
}
