import type { MessageKey } from './message-tables';
import { loadedMessages } from './load';
import type { Locale } from './locales';
import { formatNumber } from './format';
import { selectPlurals } from './plural';

export type MessageVars = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/**
 * Fills `{name}` placeholders, numbers formatted for the language, after choosing the plural forms of a
 * counted message (see plural.ts); a placeholder without a value stays visible rather than vanishing.
 * Codes, ids and other numbers that are names, not quantities, are passed as strings (no digit grouping).
 */
export function interpolate(template: string, vars?: MessageVars, locale: Locale = 'en'): string {
  if (!vars) return template;
  return selectPlurals(template, vars, locale).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  });
}

/**
 * `t` for a language on screen. I18nProvider shows a language only once its start-up areas are loaded, and a
 * page renders only once its areas are (lazyWithMessages); unit tests load everything up front. The table
 * grows in place, so this `t` also knows areas loaded after it was made. A language with nothing loaded
 * falls back to English if that is loaded; a key not loaded shows as the key.
 */
export function translator(locale: Locale): Translate {
  const table = loadedMessages(locale) ?? loadedMessages('en');
  const shown: Locale = loadedMessages(locale) ? locale : 'en';
  return (key, vars) => {
    const template = table?.[key];
    if (template === undefined && import.meta.env.MODE === 'development') warnNotLoaded(key);
    return interpolate(template ?? key, vars, shown);
  };
}

const warned = new Set<string>();
/** In `vite dev` only: say why a raw key shows (areas.test.ts catches it before that, for literal keys). */
function warnNotLoaded(key: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(
    `i18n: "${key}" is not loaded. Load its area with the component that shows it (lazyWithMessages / FEATURE_AREAS).`,
  );
}
