import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { emailProvidersQuery, refreshEmailProviders, updateEmailProvider, type EmailProvider, type EmailProviderInput, type EmailProviderName } from '../../api/emailProvidersApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Form, FormError } from '../../components/ui/Form';
import { ListStates } from '../../components/ui/ListStates';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './marketing.css';

const m = defineMessages({
  title: { id: 'emailProviders.title', defaultMessage: 'Connexions externes' },
  lead: {
    id: 'emailProviders.lead',
    defaultMessage:
      'Reliez votre outil d’e-mailing : chaque nouvel apprenant d’une formation est ajouté à la liste que vous choisissez dans les paramètres de la formation, ou à la liste par défaut de l’outil.',
  },
  failed: { id: 'emailProviders.failed', defaultMessage: 'Les connexions n’ont pas pu être chargées.' },
  noMatch: { id: 'emailProviders.noMatch', defaultMessage: 'Aucun outil ne correspond.' },
  emptyTitle: { id: 'emailProviders.emptyTitle', defaultMessage: 'Aucun outil disponible' },
  emptyBody: { id: 'emailProviders.emptyBody', defaultMessage: 'Aucun outil d’e-mailing n’est proposé pour l’instant.' },
  connected: { id: 'emailProviders.connected', defaultMessage: 'Connecté' },
  notConnected: { id: 'emailProviders.notConnected', defaultMessage: 'Non connecté' },
  apiKey: { id: 'emailProviders.apiKey', defaultMessage: 'Clé API' },
  newApiKey: { id: 'emailProviders.newApiKey', defaultMessage: 'Nouvelle clé API' },
  showKey: { id: 'emailProviders.showKey', defaultMessage: 'Afficher la clé' },
  hideKey: { id: 'emailProviders.hideKey', defaultMessage: 'Masquer la clé' },
  connect: { id: 'emailProviders.connect', defaultMessage: 'Connecter' },
  replace: { id: 'emailProviders.replace', defaultMessage: 'Remplacer la clé' },
  checking: { id: 'emailProviders.checking', defaultMessage: 'Vérification…' },
  enabled: { id: 'emailProviders.enabled', defaultMessage: 'Ajouter les nouveaux apprenants à cet outil' },
  defaultList: { id: 'emailProviders.defaultList', defaultMessage: 'Liste par défaut (identifiant)' },
  defaultListHint: { id: 'emailProviders.defaultListHint', defaultMessage: 'Pour les formations qui ne choisissent pas de liste. Laissez vide pour n’en utiliser aucune.' },
  save: { id: 'emailProviders.save', defaultMessage: 'Enregistrer' },
  saved: { id: 'emailProviders.saved', defaultMessage: 'Connexion enregistrée.' },
  disconnect: { id: 'emailProviders.disconnect', defaultMessage: 'Déconnecter' },
  disconnected: { id: 'emailProviders.disconnected', defaultMessage: 'Outil déconnecté : sa clé est oubliée.' },
  apiUrl: { id: 'emailProviders.apiUrl', defaultMessage: 'Adresse d’API du compte' },
  apiUrlHint: {
    id: 'emailProviders.apiUrlHint',
    defaultMessage: 'Dans ActiveCampaign : Paramètres, Développeur, « URL » (par exemple https://moncompte.api-us1.com).',
  },
  keyHint: { id: 'emailProviders.keyHint', defaultMessage: 'La clé est vérifiée auprès de l’outil avant d’être enregistrée, puis conservée chiffrée : elle ne sera plus affichée.' },
});
const mv = {
  lastFour: defineMessage<{ digits: string }>({ id: 'emailProviders.lastFour', defaultMessage: 'Clé enregistrée se terminant par {digits}' }),
};
const providerNames = {
  BREVO: 'Brevo',
  MAILCHIMP: 'Mailchimp',
  MAILERLITE: 'MailerLite',
  ACTIVECAMPAIGN: 'ActiveCampaign',
  KIT: 'Kit',
  SYSTEME_IO: 'Systeme.io',
} satisfies Record<EmailProviderName, string>;
const keyHints = defineMessages({
  BREVO: { id: 'emailProviders.hint.BREVO', defaultMessage: 'Dans Brevo : SMTP & API, onglet Clés API.' },
  MAILCHIMP: { id: 'emailProviders.hint.MAILCHIMP', defaultMessage: 'Dans Mailchimp : Profil, Extras, Clés API (la clé se termine par -us21 ou similaire).' },
  MAILERLITE: { id: 'emailProviders.hint.MAILERLITE', defaultMessage: 'Dans MailerLite : Intégrations, API.' },
  ACTIVECAMPAIGN: { id: 'emailProviders.hint.ACTIVECAMPAIGN', defaultMessage: 'Dans ActiveCampaign : Paramètres, Développeur.' },
  KIT: { id: 'emailProviders.hint.KIT', defaultMessage: 'Dans Kit : Paramètres, Développeur.' },
  SYSTEME_IO: { id: 'emailProviders.hint.SYSTEME_IO', defaultMessage: 'Dans Systeme.io : Paramètres, Clés API publiques.' },
} satisfies Record<EmailProviderName, MessageDescriptor>);

/** /marketing/connexions-externes: the store's e-mail marketing services (owners and admins). */
export function EmailProvidersPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  const list = useQuery({ ...emailProvidersQuery(storeUuid), enabled: Boolean(storeUuid) });
  const rows = list.data?.data ?? [];
  return (
    <div className="page email-providers-page" data-testid="email-providers-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <ListStates query={list} isEmpty={rows.length === 0} isFiltered={false} testId="email-providers" messages={m}>
        <div className="email-providers">
          {rows.map((provider) => (
            <ProviderCard key={provider.provider} storeUuid={storeUuid} provider={provider} />
          ))}
        </div>
      </ListStates>
    </div>
  );
}

/**
 * One service: its key (checked by the server against the service, refused at the field), whether new learners go
 * to it, its default list; disconnecting forgets the key. Each change is one request (the request machine).
 */
function ProviderCard({ storeUuid, provider }: { storeUuid: string; provider: EmailProvider }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const name = providerNames[provider.provider];
  const [apiKey, setApiKey] = useState('');
  const [listId, setListId] = useState(provider.default_list_id ?? '');
  // ActiveCampaign only: each account has its own API address (checked by the server like a webhook's).
  const takesUrl = provider.provider === 'ACTIVECAMPAIGN';
  const [apiUrl, setApiUrl] = useState(provider.api_url ?? '');
  const request = useRequest(async (body: EmailProviderInput, signal) => {
    await updateEmailProvider(storeUuid, body, signal);
    showToast({ title: intl.formatMessage(body.api_key === null ? m.disconnected : m.saved), variant: 'success' });
    if (body.api_key) setApiKey('');
    if (body.api_key === null) {
      setListId('');
      setApiUrl('');
    }
    await refreshEmailProviders(queryClient, storeUuid);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: EmailProviderInput = { provider: provider.provider };
    if (apiKey.trim()) body.api_key = apiKey.trim();
    if (takesUrl && apiUrl.trim() !== (provider.api_url ?? '')) body.api_url = apiUrl.trim() || null;
    if (provider.connected && listId.trim() !== (provider.default_list_id ?? '')) body.default_list_id = listId.trim() || null;
    request.submit(body);
  };
  return (
    <div data-testid={`email-provider-${provider.provider}`}>
    <Card title={name} headingLevel={2}>
      <div className="email-providers__status">
        <span className={provider.connected ? 'pill pill--success' : 'pill'} data-testid="email-provider-status">
          {intl.formatMessage(provider.connected ? m.connected : m.notConnected)}
        </span>
        {provider.api_key_last_four ? <span className="email-providers__key">{intl.formatMessage(mv.lastFour, { digits: provider.api_key_last_four })}</span> : null}
      </div>
      <Form className="email-providers__form" onSubmit={onSubmit}>
        <FormError>{failureText(intl, request.error, ['api_key', 'api_url', 'default_list_id', 'enabled'])}</FormError>
        {takesUrl ? (
          <TextField
            name="api_url"
            type="url"
            label={intl.formatMessage(m.apiUrl)}
            description={intl.formatMessage(m.apiUrlHint)}
            value={apiUrl}
            onChange={(next) => {
              setApiUrl(next);
              if (request.error) request.clearError();
            }}
            maxLength={2048}
            autoComplete="off"
            errorMessage={fieldErrors(request.error, 'api_url')}
          />
        ) : null}
        <PasswordField
          name="api_key"
          label={intl.formatMessage(provider.connected ? m.newApiKey : m.apiKey)}
          description={`${intl.formatMessage(keyHints[provider.provider])} ${intl.formatMessage(m.keyHint)}`}
          value={apiKey}
          onChange={(next) => {
            setApiKey(next);
            if (request.error) request.clearError();
          }}
          maxLength={512}
          autoComplete="off"
          showLabel={intl.formatMessage(m.showKey)}
          hideLabel={intl.formatMessage(m.hideKey)}
          errorMessage={fieldErrors(request.error, 'api_key')}
        />
        {provider.connected ? (
          <>
            <Checkbox isSelected={provider.enabled} isDisabled={request.isSubmitting} onChange={(enabled) => request.submit({ provider: provider.provider, enabled })}>
              {intl.formatMessage(m.enabled)}
            </Checkbox>
            <TextField
              name="default_list_id"
              label={intl.formatMessage(m.defaultList)}
              description={intl.formatMessage(m.defaultListHint)}
              value={listId}
              onChange={setListId}
              maxLength={128}
              errorMessage={fieldErrors(request.error, 'default_list_id')}
            />
          </>
        ) : null}
        <div className="email-providers__actions">
          <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.checking)} data-testid="email-provider-save">
            {intl.formatMessage(provider.connected ? (apiKey.trim() ? m.replace : m.save) : m.connect)}
          </Button>
          {provider.connected ? (
            <Button variant="ghost" isDisabled={request.isSubmitting} onPress={() => request.submit({ provider: provider.provider, api_key: null })}>
              {intl.formatMessage(m.disconnect)}
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
    </div>
  );
}
