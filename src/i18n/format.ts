import type { Locale } from './locales';

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A date and time in the reader's locale, e.g. "Jan 5, 2025, 14:03:09" or "2025年1月5日 14:03:09". */
export function formatDateTime(ms: number, locale: Locale): string {
  // Past ±8.64e15 ms a Date is invalid and Intl throws; a drifted timestamp must show, not crash the page.
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return String(ms);
  let fmt = dateTimeFormats.get(locale);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    dateTimeFormats.set(locale, fmt);
  }
  return fmt.format(ms);
}

export function formatNumber(n: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(locale, options).format(n);
  let fmt = numberFormats.get(locale);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale);
    numberFormats.set(locale, fmt);
  }
  return fmt.format(n);
}
