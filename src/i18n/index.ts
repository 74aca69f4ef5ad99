export { I18nProvider, useT, useLocale, useFormat, LOCALE_STORAGE_KEY } from './provider';
export { LOCALES, LOCALE_NAMES, isLocale, type Locale, type MessageKey } from './catalog';
export { formatDateTime, formatNumber } from './format';
export { interpolate, translator, type Translate, type MessageVars } from './translate';
export { defineMessages } from './define';
