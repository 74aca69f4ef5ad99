import { browserStorage, safeStorage } from '../lib';
import { LOCALE_STORAGE_KEY, type LocalePreference } from '../i18n';

const local = safeStorage(() => browserStorage('local'));

/** The chosen language, kept in localStorage (blocked storage: the choice lasts until reload). */
export const localePreference: LocalePreference = {
  read: () => local.getText(LOCALE_STORAGE_KEY),
  write: (locale) => void local.setText(LOCALE_STORAGE_KEY, locale),
};
