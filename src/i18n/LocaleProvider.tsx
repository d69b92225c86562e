import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { I18nProvider } from 'react-aria-components';
import type { MessageFormatElement } from 'react-intl';
import fr from './compiled/fr.json';
import { setCurrentLocale } from './currentLocale';

export type Locale = 'fr' | 'en';
const LOCALE_KEY = 'cp.locale';
const tags: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

type Catalogue = Record<string, MessageFormatElement[]>;

// French is the source and ships with the app; English is fetched on demand to keep the first load small.
// Both are ASTs precompiled from locales/*.json (npm run i18n:compile), so no parser runs in the browser.
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  fr: async () => fr as Catalogue,
  en: async () => (await import('./compiled/en.json')).default as Catalogue,
};

function storedLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}
const LocaleContext = createContext<LocaleState>({ locale: 'fr', setLocale: () => {} });
export const useLocale = () => useContext(LocaleContext);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setChosen] = useState<Locale>(() => {
    // Set before any child starts a request (children's effects run before ours).
    const initial = storedLocale();
    setCurrentLocale(initial);
    return initial;
  });
  const [catalogue, setCatalogue] = useState<{ locale: Locale; messages: Catalogue }>({ locale: 'fr', messages: fr as Catalogue });

  useEffect(() => {
    let live = true;
    void loaders[locale]().then((messages) => live && setCatalogue({ locale, messages }));
    document.documentElement.lang = locale;
    setCurrentLocale(locale);
    return () => {
      live = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    try {
      localStorage.setItem(LOCALE_KEY, next);
    } catch {
      /* not persisted */
    }
    setChosen(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={tags[catalogue.locale]} defaultLocale="fr-FR" messages={catalogue.messages}>
        <I18nProvider locale={tags[catalogue.locale]}>{children}</I18nProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
