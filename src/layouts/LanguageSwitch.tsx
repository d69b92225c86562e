import { useIntl } from 'react-intl';
import { Button } from '../components/ui/Button';
import { commonMessages } from '../i18n/commonMessages';
import { useLocale } from '../i18n/LocaleProvider';

/** Offers the other language; the choice is kept on this device. */
export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const next = locale === 'fr' ? 'en' : 'fr';
  return (
    // "Langue, English": the name holds the visible text (WCAG 2.5.3), and says what the button is about.
    <Button variant="ghost" size="sm" onPress={() => setLocale(next)} data-testid="language-switch">
      <span className="visually-hidden">{intl.formatMessage(commonMessages.language)}, </span>
      <span lang={next}>{intl.formatMessage(next === 'en' ? commonMessages.english : commonMessages.french)}</span>
    </Button>
  );
}
