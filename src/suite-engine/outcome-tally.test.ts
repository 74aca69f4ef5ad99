import { describe, expect, it } from 'vitest';
import { checkSuite, type Suite } from './suite-file';
import { caseOutcomes, outcomeTally, summarize } from './results';
import type { AttemptResult } from './types';

const suite = (() => {
  const checked = checkSuite({
    name: 'S',
    space_id: '1',
    repeat: 2,
    variants: [{ id: 'v1' }, { id: 'v2' }],
    cases: [
      { id: 'a', question: 'A?' },
      { id: 'b', question: 'B?' },
    ],
  });
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.suite as Suite;
})();

const attempt = (caseId: string, variantId: string, repetition: number, status: AttemptResult['status']) =>
  ({
    caseId,
    variantId,
    repetition,
    status,
    sessionId: 's',
    // Latencies out of order, and one turn without tokens: the running figures must match summarize's.
    turns: [
      {
        latencyMs: (repetition * 37 + caseId.length * 11 + variantId.length) % 50,
        totalTokens: status === 'error' ? undefined : 10,
        sources: [],
        assertions: [],
      },
    ],
    startedAt: 0,
    finishedAt: 1,
  }) as unknown as AttemptResult;

describe('outcomes built as results arrive', () => {
  it('equal caseOutcomes at every step, rebuild only the outcomes whose case got a result, and nothing for the same attempts', () => {
    const all = [
      attempt('a', 'v1', 1, 'pass'),
      attempt('b', 'v2', 1, 'fail'),
      attempt('a', 'v1', 2, 'pass'),
      attempt('a', 'v2', 1, 'error'),
    ];
    const tally = outcomeTally(suite);
    let before = tally.update([]);
    for (let n = 1; n <= all.length; n++) {
      const grown = all.slice(0, n);
      const now = tally.update(grown);
      expect(now).toEqual(caseOutcomes(suite, grown));
      expect(tally.summary()).toEqual(summarize(caseOutcomes(suite, grown)));
      const touched = now.filter((o, i) => o !== before[i]).map((o) => `${o.caseId}/${o.variantId}`);
      expect(touched).toEqual([`${all[n - 1]!.caseId}/${all[n - 1]!.variantId}`]);
      before = now;
    }
    // The run as it ends: the same attempts in another array (a new snapshot), nothing rebuilt.
    expect(tally.update(all.slice())).toBe(before);
    // Another run's attempts: built again from the start.
    const other = [attempt('b', 'v1', 1, 'pass')];
    expect(tally.update(other)).toEqual(caseOutcomes(suite, other));
    expect(tally.summary()).toEqual(summarize(caseOutcomes(suite, other)));
  });
});
