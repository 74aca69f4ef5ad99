import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { formatDateTime, formatNumber, formatTime } from './format';
import { isLocaleReady, loadLocale, setLocalesInUse } from './load';
import { isLocale, type Locale } from './locales';
import { translator, type Translate } from './translate';

/** The chosen language is a preference, not a secret: localStorage is fine for it. */
export const LOCALE_STORAGE_KEY = 'kc.locale';

/**
 * Where the chosen language is kept. The app gives one on its storage module (src/lib/storage); this
 * layer imports nothing of the others, so it does not read storage itself. Without one the choice lasts
 * until reload.
 */
export interface LocalePreference {
  read(): string | null;
  write(locale: Locale): void;
}

interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  formatDateTime: (ms: number) => string;
  formatTime: (ms: number) => string;
  formatNumber: (n: number, options?: Intl.NumberFormatOptions) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Stored choice first, then the browser's languages (any Chinese variant picks zh-CN), then English. */
export function initialLocale(preference?: LocalePreference): Locale {
  const stored = preference?.read() ?? null;
  if (isLocale(stored)) return stored;
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return langs.some((l) => l?.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export function I18nProvider({
  children,
  locale: fixed,
  preference,
}: {
  children: ReactNode;
  locale?: Locale;
  preference?: LocalePreference;
}) {
  // `wanted` is the choice; `shown` the language on screen. A switch keeps the old language until the new
  // one has every area loaded so far (start-up ones and every page's), so no raw key ever flashes.
  // A new object for every choice, so choosing again the language whose load just failed tries again.
  const [choice, setChoice] = useState<{ locale: Locale }>(() => ({ locale: fixed ?? initialLocale(preference) }));
  const wanted = choice.locale;
  const [shown, setShown] = useState<Locale | null>(() => (isLocaleReady(wanted) ? wanted : null));
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // While a switch loads, a page opened meanwhile loads its areas in both languages.
    const next = choice.locale;
    setLocalesInUse(shown === null || shown === next ? [next] : [shown, next]);
    if (shown === next) return;
    let live = true;
    loadLocale(next).then(
      () => {
        if (!live) return;
        setFailure(null);
        setShown(next);
      },
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        // Keep the language on screen; only a first load that fails leaves nothing to show.
        // Choosing it again retries: load.ts does not remember a failed chunk.
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [choice, shown]);

  const setLocale = useCallback(
    (next: Locale) => {
      setChoice({ locale: next });
      preference?.write(next);
    },
    [preference],
  );

  useEffect(() => {
    if (shown) document.documentElement.lang = shown;
  }, [shown]);

  const value = useMemo<I18nValue | null>(
    () =>
      shown === null
        ? null
        : {
            locale: shown,
            setLocale,
            t: translator(shown),
            formatDateTime: (ms) => formatDateTime(ms, shown),
            formatTime: (ms) => formatTime(ms, shown),
            formatNumber: (n, options) => formatNumber(n, shown, options),
          },
    [shown, setLocale],
  );
  if (!value) {
    // Without any table there are no words to say it with: this one line is in both languages.
    return failure ? <p role="alert">Could not load the console’s texts / 无法加载界面文字：{failure}</p> : null;
  }
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT/useLocale/useFormat must be used inside <I18nProvider>');
  return value;
}

/** `t('nav.knowledge')`, `t('settings.saved', { name })`. */
export function useT(): Translate {
  return useI18n().t;
}

export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const { locale, setLocale } = useI18n();
  return { locale, setLocale };
}

/** Dates, times and numbers in the current locale (format.ts). */
export function useFormat(): Pick<I18nValue, 'formatDateTime' | 'formatTime' | 'formatNumber'> {
  const { formatDateTime: dt, formatTime: time, formatNumber: num } = useI18n();
  return { formatDateTime: dt, formatTime: time, formatNumber: num };
}
