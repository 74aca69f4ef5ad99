import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isLocale, type Locale } from './catalog';
import { formatDateTime, formatNumber } from './format';
import { translator, type Translate } from './translate';

/** The chosen language is a preference, not a secret: localStorage is fine for it. */
export const LOCALE_STORAGE_KEY = 'kc.locale';

interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  formatDateTime: (ms: number) => string;
  formatNumber: (n: number, options?: Intl.NumberFormatOptions) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

function readStoredLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Stored choice first, then the browser's languages (any Chinese variant picks zh-CN), then English. */
export function initialLocale(): Locale {
  const stored = readStoredLocale();
  if (stored) return stored;
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return langs.some((l) => l?.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => fixed ?? initialLocale());

  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // Storage can be disabled; the choice then lasts until reload.
    }
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({
      locale,
      setLocale,
      t: translator(locale),
      formatDateTime: (ms) => formatDateTime(ms, locale),
      formatNumber: (n, options) => formatNumber(n, locale, options),
    }),
    [locale, setLocale],
  );
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

/** Intl formatting in the current locale. */
export function useFormat(): Pick<I18nValue, 'formatDateTime' | 'formatNumber'> {
  const { formatDateTime: dt, formatNumber: num } = useI18n();
  return { formatDateTime: dt, formatNumber: num };
}
