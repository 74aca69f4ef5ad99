import { CATALOG, type Locale, type MessageKey } from './catalog';

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

export function translator(locale: Locale): Translate {
  const table = CATALOG[locale];
  return (key, vars) => interpolate(table[key] ?? CATALOG.en[key] ?? key, vars);
}
