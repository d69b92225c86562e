import { defineMessages, useIntl } from 'react-intl';
import { MonitorSmartphone } from 'lucide-react';
import { TextLink } from '../../components/ui/Link';
import { commonMessages } from '../../i18n/commonMessages';

const messages = defineMessages({
  title: { id: 'mobile.title', defaultMessage: "Cette page n'est pas disponible sur mobile" },
  body: { id: 'mobile.body', defaultMessage: 'Utilisez un ordinateur ou une tablette en mode paysage pour y accéder.' },
});

/** Owner pages under 768px, except the routes flagged responsive (spec section 2). */
export function MobileBlock() {
  const intl = useIntl();
  return (
    <section className="empty-state mobile-block" aria-labelledby="mobile-block-title" data-testid="mobile-block">
      <MonitorSmartphone size={32} aria-hidden="true" />
      <h1 id="mobile-block-title" className="page-title">
        {intl.formatMessage(messages.title)}
      </h1>
      <p className="page-lead">{intl.formatMessage(messages.body)}</p>
      <TextLink href="/">{intl.formatMessage(commonMessages.backHome)}</TextLink>
    </section>
  );
}
