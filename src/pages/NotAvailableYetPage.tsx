import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { TextLink } from '../components/ui/Link';
import { commonMessages } from '../i18n/commonMessages';
import './pages.css';

const messages = defineMessages({
  title: { id: 'notAvailable.title', defaultMessage: "Cette page n'est pas encore disponible" },
});

/** The honest page of a route whose screen a later issue builds (see the README's feature status). */
const body = defineMessage<{ part: string }>({ id: 'notAvailable.body', defaultMessage: 'Elle arrive avec la partie « {part} » de la plateforme.' });

export function NotAvailableYetPage({ part }: { part: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <section className="empty-state" aria-labelledby="not-available-title" data-testid="not-available">
      <h1 id="not-available-title" className="page-title">
        {intl.formatMessage(messages.title)}
      </h1>
      <p className="page-lead">{intl.formatMessage(body, { part: intl.formatMessage(part) })}</p>
      <TextLink href="/">{intl.formatMessage(commonMessages.backHome)}</TextLink>
    </section>
  );
}
