import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { I18nProvider } from 'react-aria-components';
import { chooseLocale, shownCatalogue, storeLocale, subscribeToCatalogue, wantedLocale } from './catalogues';
import { setCurrentLocale } from './currentLocale';

export type Locale = 'fr' | 'en';
const tags: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}
const LocaleContext = createContext<LocaleState>({ locale: 'fr', setLocale: () => {} });
export const useLocale = () => useContext(LocaleContext);

/**
 * The chosen language and its messages (src/i18n/catalogues.ts: French guest messages ship with the app,
 * the rest loads on demand). `onError` goes to react-intl (tests make missing messages fail with it).
 */
export function LocaleProvider({ children, onError }: { children: ReactNode; onError?: IntlConfig['onError'] }) {
  const [locale, setChosen] = useState<Locale>(() => {
    // Set before any child starts a request (children's effects run before ours).
    const initial = wantedLocale();
    setCurrentLocale(initial);
    return initial;
  });
  const catalogue = useSyncExternalStore(subscribeToCatalogue, shownCatalogue);

  useEffect(() => {
    // A language that cannot be downloaded leaves the current one on screen.
    chooseLocale(locale).catch(() => undefined);
    document.documentElement.lang = locale;
    setCurrentLocale(locale);
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    storeLocale(next);
    setChosen(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={tags[catalogue.locale]} defaultLocale="fr-FR" messages={catalogue.messages} onError={onError}>
        <I18nProvider locale={tags[catalogue.locale]}>{children}</I18nProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
