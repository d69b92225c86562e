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
    <Button variant="ghost" size="sm" onPress={() => setLocale(next)} aria-label={intl.formatMessage(commonMessages.language)} data-testid="language-switch">
      <span lang={next}>{intl.formatMessage(next === 'en' ? commonMessages.english : commonMessages.french)}</span>
    </Button>
  );
}
