import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime on drifted timestamps', () => {
  it('shows a time past the representable range as the number instead of throwing', () => {
    // Intl.DateTimeFormat#format throws RangeError("Invalid time value") beyond ±8.64e15 ms.
    expect(formatDateTime(1e20, 'en')).toBe('100000000000000000000');
    expect(formatDateTime(-1e19, 'zh-CN')).toBe('-10000000000000000000');
    expect(formatDateTime(Number.NaN, 'en')).toBe('NaN');
  });

  it('still formats the last representable instant', () => {
    expect(formatDateTime(8.64e15, 'en')).toMatch(/275760/);
  });
});
