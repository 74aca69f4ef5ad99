import { describe, expect, it } from 'vitest';
import { MIN_OVERLAP_CHARS, QUESTION_CHARS } from './bounds';
import { longestOverlapAtLeast, probeQuestion, withoutPassage } from './text';

const doc =
  'Hone the blade before each use and sharpen it on a whetstone every month. Never put a good knife in the dishwasher.';

describe('longestOverlapAtLeast', () => {
  it('finds a verbatim run of at least the minimum, whatever the wrapping', () => {
    const piece = 'Hone the blade before each use\n and sharpen it on a whetstone every month.';
    expect(longestOverlapAtLeast(piece, doc)).toBe(true);
  });
  it('finds a run that starts anywhere in the candidate (not only at a window boundary)', () => {
    const run = doc.slice(7, 7 + MIN_OVERLAP_CHARS);
    expect(longestOverlapAtLeast(`xyz ${run} qrs`, doc)).toBe(true);
  });
  it('does not count a run one character short, nor shared words scattered', () => {
    const run = doc.slice(7, 7 + MIN_OVERLAP_CHARS - 1);
    expect(longestOverlapAtLeast(`[${run}]`, doc)).toBe(false);
    expect(
      longestOverlapAtLeast('the blade, the whetstone, the month, the knife, the dishwasher, each use, a good', doc),
    ).toBe(false);
  });
  it('works on text without spaces (CJK)', () => {
    const cjk =
      '冰川是由积雪经过长期压实和重结晶形成的巨大冰体，它们在重力作用下缓慢流动，塑造了山谷和湖泊的形态，并储存了地球上大部分的淡水资源。';
    expect(longestOverlapAtLeast(`问：${cjk.slice(3)}`, cjk, 40)).toBe(true);
    expect(longestOverlapAtLeast('冰川是由积雪形成的', cjk, 40)).toBe(false);
  });
});

describe('withoutPassage', () => {
  it('takes the question out of an answer that echoes it, so the echo quotes nothing', () => {
    const question = doc.slice(0, 80);
    const answer = `You asked: "${question}". I do not know.`;
    expect(longestOverlapAtLeast(withoutPassage(answer, question), doc)).toBe(false);
    expect(longestOverlapAtLeast(answer, doc)).toBe(true);
  });
});

describe('probeQuestion', () => {
  it('asks with a passage of the document itself, within the bounds', () => {
    const long = Array.from(
      { length: 30 },
      (_, i) => `Sentence number ${i} tells about the glacier's ${i}th moraine.`,
    ).join(' ');
    const q = probeQuestion(['Title', long]);
    expect(q).not.toBeNull();
    expect(long).toContain(q!);
    expect(q!.length).toBeGreaterThanOrEqual(QUESTION_CHARS.min);
    expect(q!.length).toBeLessThanOrEqual(QUESTION_CHARS.max);
    // From the middle, not the head of the text.
    expect(long.indexOf(q!)).toBeGreaterThan(0);
  });
  it('takes a short piece whole, and has no question for text too short to find anything', () => {
    expect(probeQuestion([doc])).toBe(doc);
    expect(probeQuestion(['Hi.', 'Short'])).toBeNull();
    expect(probeQuestion([])).toBeNull();
  });
});
