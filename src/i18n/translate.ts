import type { MessageKey } from './catalog';
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
 * `t` for a language whose table is loaded (I18nProvider renders only then; unit tests load both up front).
 * A language not loaded yet falls back to English if that is loaded, else shows the key.
 */
export function translator(locale: Locale): Translate {
  const table = loadedMessages(locale) ?? loadedMessages('en');
  return (key, vars) => interpolate(table?.[key] ?? key, vars);
}
