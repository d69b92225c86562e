import { defineMessages, useIntl } from 'react-intl';
import { TextLink } from '../components/ui/Link';
import { commonMessages } from '../i18n/commonMessages';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Vous êtes perdu ?' },
  body: { id: 'notFound.body', defaultMessage: "Cette page n'existe pas." },
});

/** The lost user's page: the server's message when there is one, else "Cette page n'existe pas". */
export function NotFoundPage({ message }: { message?: string }) {
  const intl = useIntl();
  return (
    <section className="auth-card auth-card__center" aria-labelledby="not-found-title" data-testid="not-found">
      <h1 id="not-found-title">{intl.formatMessage(messages.title)}</h1>
      <p className="auth-card__lead">{message ?? intl.formatMessage(messages.body)}</p>
      <TextLink href="/">{intl.formatMessage(commonMessages.backHome)}</TextLink>
    </section>
  );
}
