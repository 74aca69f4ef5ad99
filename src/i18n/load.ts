import type { MessageTable } from './catalog';
import { LOCALES, type Locale } from './locales';

/** Each language is its own chunk: the reader downloads the one on screen, the other only on a switch. */
const loaders: Record<Locale, () => Promise<{ default: MessageTable }>> = {
  en: () => import('./locales/en'),
  'zh-CN': () => import('./locales/zh-CN'),
};

const tables = new Map<Locale, MessageTable>();
const inFlight = new Map<Locale, Promise<MessageTable>>();

/** The table of a language already loaded, else undefined. */
export function loadedMessages(locale: Locale): MessageTable | undefined {
  return tables.get(locale);
}

/** Loads a language's table once; a failed load (e.g. a chunk gone after a redeploy) is retried on the next call. */
export function loadLocale(locale: Locale): Promise<MessageTable> {
  const ready = tables.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = inFlight.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(
      (mod) => {
        tables.set(locale, mod.default);
        inFlight.delete(locale);
        return mod.default;
      },
      (error: unknown) => {
        inFlight.delete(locale);
        throw error;
      },
    );
    inFlight.set(locale, promise);
  }
  return promise;
}

/** For start-up: fetch the language beside config.json so the first render has its words. Never rejects. */
export function preloadLocale(locale: Locale): Promise<void> {
  return loadLocale(locale).then(
    () => undefined,
    (error: unknown) => console.error(error),
  );
}

// Unit tests render synchronously, so there both languages are loaded before any test runs.
// (A build replaces MODE with "production" and drops this line.)
if (import.meta.env.MODE === 'test') await Promise.all(LOCALES.map(loadLocale));
