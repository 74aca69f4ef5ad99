import { describe, expect, it } from 'vitest';
import type { CaseOutcome, Suite } from '../../../suite-engine';
import { groupRows } from './case-rows';

const suite = {
  cases: [
    { id: 'c1', question: 'What is the refund window?' },
    { id: 'c2', question: 'Who signs off?' },
  ],
} as unknown as Suite;
const outcome = (caseId: string, variantId: string, status: CaseOutcome['status']) =>
  ({ caseId, variantId, status }) as CaseOutcome;
const outcomes = [outcome('c1', 'a', 'pass'), outcome('c1', 'b', 'fail'), outcome('c2', 'a', 'pass')];

describe('groupRows', () => {
  it('puts one row per case with its outcome in each variant', () => {
    const rows = groupRows(outcomes, suite, 'all', '');
    expect(rows.map((r) => [r.caseId, r.question, [...r.byVariant.keys()]])).toEqual([
      ['c1', 'What is the refund window?', ['a', 'b']],
      ['c2', 'Who signs off?', ['a']],
    ]);
  });

  it('keeps a case failing in any variant under "failing", and only all-pass cases under "pass"', () => {
    expect(groupRows(outcomes, suite, 'failing', '').map((r) => r.caseId)).toEqual(['c1']);
    expect(groupRows(outcomes, suite, 'pass', '').map((r) => r.caseId)).toEqual(['c2']);
  });

  it('searches the id and the question, ignoring case', () => {
    expect(groupRows(outcomes, suite, 'all', 'REFUND').map((r) => r.caseId)).toEqual(['c1']);
    expect(groupRows(outcomes, suite, 'all', 'c2').map((r) => r.caseId)).toEqual(['c2']);
  });
});
