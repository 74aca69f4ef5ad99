import type { Locale } from './locales';

// Dates, times and numbers in the console's two languages are written out here rather than by Intl: the
// first Intl.NumberFormat or DateTimeFormat a page makes loads ICU's data, 50–100 ms on a two-core machine, the
// largest single cost of a cold load's first render (scripts/perf/profile-cold.mjs). The output is Intl's own,
// character for character (format.test.ts compares them); anything else (options, exponents, infinities, dates
// outside years 1000–9999) still goes to Intl.

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

const intlDateTimes = new Map<string, Intl.DateTimeFormat>();
// By locale and options: making a formatter costs far more than using one.
const intlNumbers = new Map<string, Intl.NumberFormat>();

function intlDateTime(locale: Locale, options: Intl.DateTimeFormatOptions, ms: number): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let fmt = intlDateTimes.get(key);
  if (!fmt) intlDateTimes.set(key, (fmt = new Intl.DateTimeFormat(locale, options)));
  return fmt.format(ms);
}

/**
 * An instant written by `write` in local time, by Intl (with `options`) outside years 1000–9999, and as its number
 * where no Date can hold it: past ±8.64e15 ms Intl throws, and a drifted timestamp must show, not crash the page.
 */
function formatInstant(
  ms: number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
  write: (date: Date) => string,
): string {
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) return String(ms);
  const year = date.getFullYear();
  return year >= 1000 && year <= 9999 ? write(date) : intlDateTime(locale, options, ms);
}

/** Intl's `timeStyle: 'medium'`: "2:03:09 PM" (en), "14:03:09" (zh-CN). */
function clockOf(date: Date, locale: Locale): string {
  const h = date.getHours();
  const rest = `${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return locale === 'en' ? `${h % 12 || 12}:${rest} ${h < 12 ? 'AM' : 'PM'}` : `${two(h)}:${rest}`;
}

/** A date and time in the reader's locale, e.g. "Jan 5, 2025, 2:03:09 PM" or "2025年1月5日 14:03:09". */
export function formatDateTime(ms: number, locale: Locale): string {
  return formatInstant(ms, locale, { dateStyle: 'medium', timeStyle: 'medium' }, (date) => {
    const clock = clockOf(date, locale);
    const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
    return locale === 'en'
      ? `${EN_MONTHS[month]} ${day}, ${year}, ${clock}`
      : `${year}年${month + 1}月${day}日 ${clock}`;
  });
}

/** A time of day in the reader's locale, e.g. "2:03:09 PM" or "14:03:09". */
export function formatTime(ms: number, locale: Locale): string {
  return formatInstant(ms, locale, { timeStyle: 'medium' }, (date) => clockOf(date, locale));
}

/** Digits grouped by three with commas, as both languages write them: "1234567" → "1,234,567". */
function grouped(digits: string): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * Intl.NumberFormat's default for both languages, written out: grouped integer digits, at most three fraction
 * digits rounded half away from zero, applied (as ICU does) to the shortest decimal form of the number, so 1.0005
 * is "1.001" where toFixed(3) says "1.000". Null for what has an exponent in that form (below 1e-6, from 1e21).
 */
function plainNumber(n: number): string | null {
  const shortest = String(Math.abs(n));
  if (shortest.includes('e')) return null;
  const [whole = '', fraction = ''] = shortest.split('.');
  let intPart = whole;
  let fracPart = fraction;
  if (fraction.length > 3) {
    const rounded = BigInt(whole + fraction.slice(0, 3)) + (fraction.charCodeAt(3) >= 53 /* '5' */ ? 1n : 0n);
    intPart = String(rounded / 1000n);
    fracPart = String(rounded % 1000n)
      .padStart(3, '0')
      .replace(/0+$/, '');
  }
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${grouped(intPart)}${fracPart ? `.${fracPart}` : ''}`;
}

/** A number in the reader's locale: "1,234.5" in both languages without options; Intl with options. */
export function formatNumber(n: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  const plain = options || !Number.isFinite(n) ? null : plainNumber(n);
  if (plain !== null) return plain;
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let fmt = intlNumbers.get(key);
  if (!fmt) intlNumbers.set(key, (fmt = new Intl.NumberFormat(locale, options)));
  return fmt.format(n);
}
