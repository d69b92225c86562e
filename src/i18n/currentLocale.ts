import type { Locale } from './LocaleProvider';

/**
 * The language the app shows right now, outside React: the API client sends it as Accept-Language
 * so the server's messages (errors, notices) come in the same language.
 */
let current: Locale = 'fr';

export const currentLocale = () => current;
export function setCurrentLocale(locale: Locale) {
  current = locale;
}
