export {
  I18nProvider,
  useT,
  useLocale,
  useFormat,
  initialLocale,
  LOCALE_STORAGE_KEY,
  type LocalePreference,
} from './provider';
export { LOCALES, LOCALE_NAMES, isLocale, type Locale } from './locales';
export type { MessageKey } from './message-tables';
export { loadLocale, loadMessages, prefetchMessages, preloadLocale } from './load';
export { lazyWithMessages, withMessages } from './lazy';
export { FEATURE_AREAS, START_AREAS, type Area } from './areas';
export { formatDateTime, formatNumber, formatTime } from './format';
export { interpolate, translator, type Translate, type MessageVars } from './translate';
export { defineMessages } from './define';
