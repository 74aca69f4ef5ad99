import type { MessageKey } from './message-tables';
import { loadedMessages } from './load';
import type { Locale } from './locales';

export type MessageVars = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** Fills `{name}` placeholders; a placeholder without a value stays visible rather than vanishing. */
export function interpolate(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
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
  return (key, vars) => {
    const template = table?.[key];
    if (template === undefined && import.meta.env.MODE === 'development') warnNotLoaded(key);
    return interpolate(template ?? key, vars);
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
