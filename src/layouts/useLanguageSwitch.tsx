import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/commonMessages';
import { useLocale } from '../i18n/LocaleProvider';

/** The other language, the switch's content and what switching does (the storefront draws it with a plain button). */
export function useLanguageSwitch(): { label: ReactNode; switchLanguage: () => void } {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const next = locale === 'fr' ? 'en' : 'fr';
  return {
    // "Langue, English": the name holds the visible text (WCAG 2.5.3), and says what the button is about.
    label: (
      <>
        <span className="visually-hidden">{intl.formatMessage(commonMessages.language)}, </span>
        <span lang={next}>{intl.formatMessage(next === 'en' ? commonMessages.english : commonMessages.french)}</span>
      </>
    ),
    switchLanguage: () => setLocale(next),
  };
}
