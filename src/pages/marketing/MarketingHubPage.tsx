import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { emailProvidersQuery } from '../../api/emailProvidersApi';
import { emailTemplatesQuery } from '../../api/emailTemplatesApi';
import { webhooksQuery } from '../../api/webhooksApi';
import { AuthActor } from '../../app/auth';
import { Card } from '../../components/ui/Card';
import { ButtonLink } from '../../components/ui/Link';
import { Spinner } from '../../components/ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import '../pages.css';
import './marketing.css';

const m = defineMessages({
  title: { id: 'marketingHub.title', defaultMessage: 'Marketing' },
  lead: { id: 'marketingHub.lead', defaultMessage: 'Vos e-mails automatiques, vos outils d’e-mailing et vos webhooks, en un coup d’œil.' },
  emailsTitle: { id: 'marketingHub.emails.title', defaultMessage: 'E-mails automatiques' },
  emailsBody: { id: 'marketingHub.emails.body', defaultMessage: 'Bienvenue à l’inscription, relances après une absence : rédigez-les et activez-les.' },
  emailsOpen: { id: 'marketingHub.emails.open', defaultMessage: 'Gérer les e-mails' },
  connectionsTitle: { id: 'marketingHub.connections.title', defaultMessage: 'Connexions externes' },
  connectionsBody: { id: 'marketingHub.connections.body', defaultMessage: 'Brevo, Mailchimp, MailerLite : vos nouveaux apprenants rejoignent vos listes d’e-mailing.' },
  connectionsOpen: { id: 'marketingHub.connections.open', defaultMessage: 'Gérer les connexions' },
  toolsTitle: { id: 'marketingHub.tools.title', defaultMessage: 'Outils d’automatisation' },
  toolsBody: { id: 'marketingHub.tools.body', defaultMessage: 'Des webhooks signés préviennent vos outils (Zapier, Make…) à chaque vente ou inscription.' },
  toolsOpen: { id: 'marketingHub.tools.open', defaultMessage: 'Gérer les webhooks' },
  figureFailed: { id: 'marketingHub.figureFailed', defaultMessage: 'Chiffre indisponible' },
});
const mv = {
  emails: defineMessage<{ enabled: number; total: number }>({
    id: 'marketingHub.emails.figure',
    defaultMessage: '{enabled, plural, =0 {Aucun e-mail activé} one {# e-mail activé} other {# e-mails activés}} sur {total}',
  }),
  connections: defineMessage<{ count: number }>({
    id: 'marketingHub.connections.figure',
    defaultMessage: '{count, plural, =0 {Aucun outil connecté} one {# outil connecté} other {# outils connectés}}',
  }),
  tools: defineMessage<{ count: number }>({
    id: 'marketingHub.tools.figure',
    defaultMessage: '{count, plural, =0 {Aucun webhook} one {# webhook} other {# webhooks}}',
  }),
};

/** A card's live figure: a spinner while it loads, a short notice when it cannot be read. */
function Figure<T>({ query, text, testId }: { query: { data?: T; isPending: boolean; isError: boolean }; text: (data: T) => string; testId: string }) {
  const intl = useIntl();
  if (query.isPending) return <Spinner size="sm" aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (query.isError || query.data === undefined) return <p className="marketing-hub__figure marketing-hub__figure--muted">{intl.formatMessage(m.figureFailed)}</p>;
  return (
    <p className="marketing-hub__figure" data-testid={testId}>
      {text(query.data)}
    </p>
  );
}

function HubCard({ title, body, open, href, testId, children }: { title: MessageDescriptor; body: MessageDescriptor; open: MessageDescriptor; href: string; testId: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card
      title={intl.formatMessage(title)}
      headingLevel={2}
      className="marketing-hub__card"
      footer={
        <ButtonLink variant="secondary" href={href} data-testid={`${testId}-open`}>
          {intl.formatMessage(open)}
        </ButtonLink>
      }
    >
      <p className="marketing-hub__body">{intl.formatMessage(body)}</p>
      {children}
    </Card>
  );
}

/** /marketing: the marketing hub, one card per marketing page with its live figure (each from the page's own list). */
export function MarketingHubPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  const enabled = Boolean(storeUuid);
  const templates = useQuery({ ...emailTemplatesQuery(storeUuid), enabled });
  const providers = useQuery({ ...emailProvidersQuery(storeUuid), enabled });
  const webhooks = useQuery({ ...webhooksQuery(storeUuid), enabled });
  return (
    <div className="page marketing-page" data-testid="marketing-hub">
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <div className="card-grid">
        <HubCard title={m.emailsTitle} body={m.emailsBody} open={m.emailsOpen} href="/marketing/emails" testId="marketing-hub-emails">
          <Figure
            query={templates}
            testId="marketing-hub-emails-figure"
            text={(data) => intl.formatMessage(mv.emails, { enabled: data.data.filter((template) => template.enabled).length, total: data.data.length })}
          />
        </HubCard>
        <HubCard title={m.connectionsTitle} body={m.connectionsBody} open={m.connectionsOpen} href="/marketing/connexions-externes" testId="marketing-hub-connections">
          <Figure query={providers} testId="marketing-hub-connections-figure" text={(data) => intl.formatMessage(mv.connections, { count: data.data.filter((provider) => provider.connected).length })} />
        </HubCard>
        <HubCard title={m.toolsTitle} body={m.toolsBody} open={m.toolsOpen} href="/marketing/outils-automatisation" testId="marketing-hub-tools">
          <Figure query={webhooks} testId="marketing-hub-tools-figure" text={(data) => intl.formatMessage(mv.tools, { count: data.data.length })} />
        </HubCard>
      </div>
    </div>
  );
}
