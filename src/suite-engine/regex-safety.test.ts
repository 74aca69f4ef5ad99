import { describe, expect, it } from 'vitest';
import { canBacktrackCatastrophically } from './regex-safety';

describe('canBacktrackCatastrophically', () => {
  it.each([
    ['(a+)+$'],
    ['(a|a)*b'],
    ['(x+x+)+y'],
    ['^(\\w+\\s*)+$'],
    ['(\\d|\\w)+!'],
    ['(a|aa)*b'],
    ['(?:yes|YES)+!', 'i'],
    ['(?<=x)(a+)+'],
  ])('refuses %s', (pattern, flags = '') => {
    expect(canBacktrackCatastrophically(pattern, flags)).toBe(true);
  });

  it.each([
    ['^\\d{3}-\\d{4}$'],
    ['\\b14\\s+days\\b'],
    ['battery.*(hours|days)'],
    ['^(a|b)*$'],
    ['^(a|ab)*$'],
    ['((yes|yeah) )+'],
    ['(?:yes|YES)+!'],
    ['(?<y>\\d{4})-\\k<y>'],
    ['\\p{L}+'],
    ['(?<=\\$)\\d+'],
    ['30[- ]day (refund|return) window'],
  ])('accepts %s', (pattern, flags = '') => {
    expect(canBacktrackCatastrophically(pattern, flags)).toBe(false);
  });
});
