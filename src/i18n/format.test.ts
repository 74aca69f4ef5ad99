import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatTime } from './format';

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

describe('written-out formats equal Intl’s own output', () => {
  // A seeded walk over the values the console shows: timestamps across years 1000–9999 (every hour of the day and
  // both sides of noon and midnight), integers and decimals of every size, negative zero and rounding carries.
  let seed = 20261126;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const LOCALES = ['en', 'zh-CN'] as const;

  it('dates and times', () => {
    const instants = [
      0,
      1736154600000,
      Date.UTC(2024, 1, 29, 12, 0, 0),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59),
    ];
    for (let i = 0; i < 2000; i += 1) instants.push(Math.round(Date.UTC(1000, 0, 1) + random() * 2.8e14));
    for (let h = 0; h < 24; h += 1) instants.push(Date.UTC(2025, 0, 5, h, 3, 9));
    for (const locale of LOCALES) {
      const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
      const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
      for (const ms of instants) {
        expect(formatDateTime(ms, locale)).toBe(dateTime.format(ms));
        expect(formatTime(ms, locale)).toBe(time.format(ms));
      }
    }
  });

  it('numbers', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      999,
      1000,
      -1234567,
      1.0005,
      0.9995,
      999.9995,
      -0.0001,
      1e-6,
      0.1 + 0.2,
      2 ** 53,
      2 ** 53 + 2,
    ];
    values.push(1e20, 123456789.123456, 0.5, 0.0005, 0.00049);
    for (let i = 0; i < 3000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 24 - 6);
      const n = (random() - 0.3) * magnitude;
      values.push(n, Math.round(n), Number(n.toFixed(Math.floor(random() * 6))));
    }
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of values) expect(formatNumber(n, locale), String(n)).toBe(intl.format(n));
    }
    expect(formatNumber(1e21, 'en')).toBe(new Intl.NumberFormat('en').format(1e21));
    expect(formatNumber(Number.POSITIVE_INFINITY, 'zh-CN')).toBe('∞');
    expect(formatNumber(0.25, 'en', { style: 'percent' })).toBe('25%');
  });
});
