import type { Locale } from './locales';

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
// By locale and options: making a formatter costs far more than using one.
const numberFormats = new Map<string, Intl.NumberFormat>();

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
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let fmt = numberFormats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, fmt);
  }
  return fmt.format(n);
}

/** Makes the locale's formatters ahead of their first use (the first costs tens of ms); for start-up. */
export function warmFormats(locale: Locale): void {
  formatNumber(0, locale);
  formatDateTime(0, locale);
}
