import { describe, expect, it } from 'vitest';
import { checkSuite } from './suite-file';
import { evaluate } from './assertions';
import { caseOutcomes } from './results';
import { tokenF1 } from './similarity';
import type { AttemptResult } from './types';

const facts = (text: string) => ({ text, sources: [], latencyMs: 10 });

describe('similar_to', () => {
  it('scores token F1 over the sandbox word splitting, Chinese included', () => {
    expect(tokenF1('The battery lasts 14 days.', 'the battery lasts 14 days')).toBe(1);
    // 3 shared of 4 answer words and 5 reference words: P 0.75, R 0.6.
    expect(tokenF1('battery lasts fourteen days', 'the battery lasts 14 days')).toBeCloseTo(2 / 3, 5);
    expect(tokenF1('Returns take 30 days', 'the battery lasts 14 days')).toBeCloseTo(0.222, 3);
    // A Chinese answer shares words with its reference only once the runs of Han characters are split into words.
    expect(tokenF1('电池可以使用十四天', '电池能用十四天')).toBeGreaterThan(0.4);
    expect(tokenF1('退货需要三十天', '电池能用十四天')).toBeLessThan(0.3);
  });

  it('passes a reworded right answer and fails a wrong one, keeping the score', () => {
    const expectation = { similar_to: { text: 'The battery lasts about 14 days on a full charge.', min: 0.5 } };
    const [right] = evaluate(expectation, facts('On a full charge, the battery lasts 14 days.'));
    const [wrong] = evaluate(expectation, facts('Beacon Plus costs $4.99 per month.'));
    expect(right).toMatchObject({ key: 'similar_to', ok: true });
    expect(right!.score).toBeGreaterThan(0.7);
    expect(right!.detail).toBe(`similarity ${right!.score} ≥ 0.5`);
    expect(wrong).toMatchObject({ key: 'similar_to', ok: false });
    expect(wrong!.score).toBeLessThan(0.2);
  });

  it('is checked by the schema (text and min 0–1) and its median score is kept per case', () => {
    const bad = checkSuite({
      name: 's',
      space_id: '1',
      cases: [{ question: 'q', expect: { similar_to: { text: '', min: 2 } } }],
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'cases[0].expect.similar_to.text: must not be empty',
      'cases[0].expect.similar_to.min: must be from 0 to 1',
    ]);
    const good = checkSuite({
      name: 's',
      space_id: '1',
      cases: [{ id: 'c', question: 'q', repeat: 3, expect: { similar_to: { text: 'fourteen days', min: 0.1 } } }],
    });
    if (!good.ok) throw new Error(good.errors.join('\n'));
    const attempts = [0.2, 0.9, 0.5].map((score, i): AttemptResult => ({
      caseId: 'c',
      variantId: 'default',
      repetition: i + 1,
      status: 'pass',
      sessionId: 's',
      startedAt: 0,
      finishedAt: 1,
      turns: [
        {
          question: 'q',
          request: { method: 'POST', url: 'u', body: { session_id: 's', message: 'q' } },
          status: 'pass',
          answer: 'a',
          sources: [],
          assertions: [{ key: 'similar_to', ok: true, score, detail: '' }],
        },
      ],
    }));
    expect(caseOutcomes(good.suite, attempts)[0]!.similarity).toBe(0.5);
  });
});
