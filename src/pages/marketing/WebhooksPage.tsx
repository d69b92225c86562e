import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { createWebhook, deleteWebhook, refreshWebhooks, webhookDeliveriesQuery, webhooksQuery, type Webhook, type WebhookDelivery, type WebhookEvent } from '../../api/webhooksApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { ListStates } from '../../components/ui/ListStates';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './marketing.css';

const m = defineMessages({
  title: { id: 'webhooks.title', defaultMessage: 'Outils d’automatisation' },
  lead: {
    id: 'webhooks.lead',
    defaultMessage: 'Envoyez vos ventes et vos inscriptions à Zapier, Make, n8n ou votre propre serveur : à chaque événement, nous appelons l’adresse que vous indiquez.',
  },
  formTitle: { id: 'webhooks.formTitle', defaultMessage: 'Ajouter un webhook' },
  url: { id: 'webhooks.url', defaultMessage: 'Adresse de réception' },
  urlHint: { id: 'webhooks.urlHint', defaultMessage: 'Une adresse https publique, par exemple celle que Zapier vous donne.' },
  event: { id: 'webhooks.event', defaultMessage: 'Événement' },
  submit: { id: 'webhooks.submit', defaultMessage: 'Ajouter' },
  created: { id: 'webhooks.created', defaultMessage: 'Webhook ajouté.' },
  listTitle: { id: 'webhooks.listTitle', defaultMessage: 'Vos webhooks' },
  failed: { id: 'webhooks.failed', defaultMessage: 'Les webhooks n’ont pas pu être chargés.' },
  noMatch: { id: 'webhooks.noMatch', defaultMessage: 'Aucun webhook ne correspond.' },
  emptyTitle: { id: 'webhooks.emptyTitle', defaultMessage: 'Pas encore de webhook' },
  emptyBody: { id: 'webhooks.emptyBody', defaultMessage: 'Ajoutez une adresse ci-dessus : elle recevra l’événement choisi dès qu’il se produit.' },
  colEvent: { id: 'webhooks.col.event', defaultMessage: 'Événement' },
  colUrl: { id: 'webhooks.col.url', defaultMessage: 'Adresse' },
  colSecret: { id: 'webhooks.col.secret', defaultMessage: 'Clé de signature' },
  colCreated: { id: 'webhooks.col.created', defaultMessage: 'Ajouté le' },
  colActions: { id: 'webhooks.col.actions', defaultMessage: 'Actions' },
  show: { id: 'webhooks.show', defaultMessage: 'Afficher' },
  hide: { id: 'webhooks.hide', defaultMessage: 'Masquer' },
  copy: { id: 'webhooks.copy', defaultMessage: 'Copier' },
  copied: { id: 'webhooks.copied', defaultMessage: 'Clé copiée.' },
  log: { id: 'webhooks.log', defaultMessage: 'Journal' },
  closeLog: { id: 'webhooks.closeLog', defaultMessage: 'Fermer le journal' },
  delete: { id: 'webhooks.delete', defaultMessage: 'Supprimer' },
  deleteTitle: { id: 'webhooks.deleteTitle', defaultMessage: 'Supprimer ce webhook ?' },
  cancel: { id: 'webhooks.cancel', defaultMessage: 'Annuler' },
  deleting: { id: 'webhooks.deleting', defaultMessage: 'Suppression…' },
  deleted: { id: 'webhooks.deleted', defaultMessage: 'Webhook supprimé.' },
  logFailed: { id: 'webhooks.logFailed', defaultMessage: 'Le journal n’a pas pu être chargé.' },
  logEmptyTitle: { id: 'webhooks.logEmptyTitle', defaultMessage: 'Aucun envoi pour l’instant' },
  logEmptyBody: { id: 'webhooks.logEmptyBody', defaultMessage: 'Les envois apparaîtront ici dès que l’événement se produira.' },
  colStatus: { id: 'webhooks.col.status', defaultMessage: 'État' },
  colAttempts: { id: 'webhooks.col.attempts', defaultMessage: 'Tentatives' },
  colAnswer: { id: 'webhooks.col.answer', defaultMessage: 'Dernière réponse' },
  colDate: { id: 'webhooks.col.date', defaultMessage: 'Événement du' },
  PENDING: { id: 'webhooks.status.PENDING', defaultMessage: 'En cours' },
  DELIVERED: { id: 'webhooks.status.DELIVERED', defaultMessage: 'Reçu' },
  FAILED: { id: 'webhooks.status.FAILED', defaultMessage: 'Échec' },
  noAnswer: { id: 'webhooks.noAnswer', defaultMessage: 'Pas encore de réponse' },
  signatureTitle: { id: 'webhooks.signatureTitle', defaultMessage: 'Vérifier qu’un appel vient de nous' },
  signatureBody: {
    id: 'webhooks.signatureBody',
    defaultMessage:
      'Chaque appel porte l’en-tête X-Signature: t=HORODATAGE,v1=SIGNATURE. La signature est un HMAC-SHA256, avec la clé du webhook, de l’horodatage suivi d’un point et du corps brut de la requête. Refusez un horodatage de plus de cinq minutes, et ignorez un identifiant d’événement déjà reçu : un envoi en échec est retenté jusqu’à 9 fois en une journée environ.',
  },
});
const mv = {
  deleteBody: defineMessage<{ url: string }>({ id: 'webhooks.deleteBody', defaultMessage: '{url} ne recevra plus rien. Les envois en attente et le journal de ce webhook sont supprimés avec lui.' }),
  logTitle: defineMessage<{ url: string }>({ id: 'webhooks.logTitle', defaultMessage: 'Journal des envois à {url}' }),
  logLabel: defineMessage<{ url: string }>({ id: 'webhooks.logLabel', defaultMessage: 'Journal des envois à {url}' }),
  closeLogLabel: defineMessage<{ url: string }>({ id: 'webhooks.closeLogLabel', defaultMessage: 'Fermer le journal des envois à {url}' }),
  deleteLabel: defineMessage<{ url: string }>({ id: 'webhooks.deleteLabel', defaultMessage: 'Supprimer le webhook vers {url}' }),
  httpStatus: defineMessage<{ status: number }>({ id: 'webhooks.httpStatus', defaultMessage: 'HTTP {status}' }),
};
const eventNames = defineMessages({
  SALE_CREATED: { id: 'webhooks.event.SALE_CREATED', defaultMessage: 'Nouvelle vente' },
  TRAINING_ENROLLED: { id: 'webhooks.event.TRAINING_ENROLLED', defaultMessage: 'Inscription à une formation' },
  CUSTOMER_CREATED: { id: 'webhooks.event.CUSTOMER_CREATED', defaultMessage: 'Nouvel apprenant' },
  TRAINING_COMPLETED: { id: 'webhooks.event.TRAINING_COMPLETED', defaultMessage: 'Formation terminée' },
  ABANDONED_CART: { id: 'webhooks.event.ABANDONED_CART', defaultMessage: 'Panier abandonné' },
} satisfies Record<WebhookEvent, MessageDescriptor>);
/** The events in the order a trainer thinks of them. */
const EVENTS = Object.keys(eventNames) as WebhookEvent[];
const STATUS_PILL: Record<WebhookDelivery['status'], string> = { PENDING: 'pill', DELIVERED: 'pill pill--success', FAILED: 'pill pill--danger' };

/** /marketing/outils-automatisation: the store's outgoing webhooks (owners and admins: the secrets sign what receivers trust). */
export function WebhooksPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  const list = useQuery({ ...webhooksQuery(storeUuid), enabled: Boolean(storeUuid) });
  const [openLog, setOpenLog] = useState<number | null>(null);
  const removal = useConfirmedDeletion<Webhook>({
    remove: (webhook, signal) => deleteWebhook(storeUuid, webhook.id, signal),
    onDeleted: async (webhook) => {
      showToast({ title: intl.formatMessage(m.deleted), variant: 'success' });
      if (openLog === webhook.id) setOpenLog(null);
      await refreshWebhooks(queryClient, storeUuid);
    },
  });
  const rows = list.data?.data ?? [];
  const logOf = rows.find((webhook) => webhook.id === openLog);

  return (
    <div className="page webhooks-page" data-testid="webhooks-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>

      <WebhookForm storeUuid={storeUuid} onCreated={() => refreshWebhooks(queryClient, storeUuid)} />

      <section className="stack" aria-labelledby="webhooks-list-title">
        <h2 className="webhooks-page__subtitle" id="webhooks-list-title">
          {intl.formatMessage(m.listTitle)}
        </h2>
        <ListStates query={list} isEmpty={rows.length === 0} isFiltered={false} testId="webhooks" messages={m}>
          <div className="table-scroll">
            <table className="data-table" aria-labelledby="webhooks-list-title">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colEvent)}</th>
                  <th scope="col">{intl.formatMessage(m.colUrl)}</th>
                  <th scope="col">{intl.formatMessage(m.colSecret)}</th>
                  <th scope="col">{intl.formatMessage(m.colCreated)}</th>
                  <th scope="col">{intl.formatMessage(m.colActions)}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((webhook) => (
                  <tr key={webhook.id} data-testid="webhook-row">
                    <td className="webhooks-page__event">{intl.formatMessage(eventNames[webhook.webhook])}</td>
                    <td className="webhooks-page__url">{webhook.url}</td>
                    <td>
                      <SecretCell secret={webhook.secret} />
                    </td>
                    <td className="webhooks-page__date">{intl.formatDate(webhook.created_at, { dateStyle: 'medium' })}</td>
                    <td>
                      <div className="webhooks-page__actions">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-expanded={openLog === webhook.id}
                          aria-label={intl.formatMessage(openLog === webhook.id ? mv.closeLogLabel : mv.logLabel, { url: webhook.url })}
                          onPress={() => setOpenLog(openLog === webhook.id ? null : webhook.id)}
                        >
                          {intl.formatMessage(openLog === webhook.id ? m.closeLog : m.log)}
                        </Button>
                        <Button variant="ghost" size="sm" isDisabled={removal.isDeleting} aria-label={intl.formatMessage(mv.deleteLabel, { url: webhook.url })} onPress={() => removal.ask(webhook)}>
                          {intl.formatMessage(m.delete)}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ListStates>
      </section>

      {logOf && <DeliveryLog storeUuid={storeUuid} webhook={logOf} />}

      <Card title={intl.formatMessage(m.signatureTitle)} headingLevel={2}>
        <p className="webhooks-page__help">{intl.formatMessage(m.signatureBody)}</p>
      </Card>

      <DeleteConfirmDialog
        deletion={removal}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.deleting)}
        data-testid="webhook-delete-dialog"
      >
        {(webhook) => intl.formatMessage(mv.deleteBody, { url: webhook.url })}
      </DeleteConfirmDialog>
    </div>
  );
}

/** The creation form: the address and the event stay as typed when the server refuses them (its message at the field). */
function WebhookForm({ storeUuid, onCreated }: { storeUuid: string; onCreated: () => unknown }) {
  const intl = useIntl();
  const [url, setUrl] = useState('');
  const [event, setEvent] = useState<WebhookEvent>('SALE_CREATED');
  const request = useRequest(async (body: { url: string; webhook: WebhookEvent }, signal) => {
    await createWebhook(storeUuid, body, signal);
    showToast({ title: intl.formatMessage(m.created), variant: 'success' });
    setUrl('');
    await onCreated();
  });
  const onSubmit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    request.submit({ url: url.trim(), webhook: event });
  };
  return (
    <Card title={intl.formatMessage(m.formTitle)} headingLevel={2}>
      <Form className="webhooks-form" onSubmit={onSubmit} data-testid="webhook-form">
        <FormError>{failureText(intl, request.error, ['url', 'webhook'])}</FormError>
        <div className="webhooks-form__fields">
          <TextField
            name="url"
            type="url"
            label={intl.formatMessage(m.url)}
            description={intl.formatMessage(m.urlHint)}
            value={url}
            onChange={(next) => {
              setUrl(next);
              if (request.error) request.clearError();
            }}
            isRequired
            maxLength={2048}
            errorMessage={fieldErrors(request.error, 'url')}
          />
          <label className="native-field">
            <span className="native-field__label">{intl.formatMessage(m.event)}</span>
            <select className="native-field__select" name="webhook" value={event} onChange={(change) => setEvent(change.target.value as WebhookEvent)}>
              {EVENTS.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(eventNames[option])}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" isPending={request.isSubmitting} data-testid="webhook-submit">
            {intl.formatMessage(m.submit)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The signing key, masked until asked for; copying does not need to show it. */
function SecretCell({ secret }: { secret: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(secret).then(
      () => showToast({ title: intl.formatMessage(m.copied), variant: 'success' }),
      () => setShown(true),
    );
  return (
    <div className="webhooks-page__secret">
      <code data-testid="webhook-secret">{shown ? secret : `${secret.slice(0, 6)}${'•'.repeat(12)}`}</code>
      <Button variant="ghost" size="sm" onPress={() => setShown(!shown)}>
        {intl.formatMessage(shown ? m.hide : m.show)}
      </Button>
      <Button variant="ghost" size="sm" onPress={copy}>
        {intl.formatMessage(m.copy)}
      </Button>
    </div>
  );
}

function DeliveryLog({ storeUuid, webhook }: { storeUuid: string; webhook: Webhook }) {
  const intl = useIntl();
  const deliveries = useQuery(webhookDeliveriesQuery(storeUuid, webhook.id));
  const rows = deliveries.data?.data ?? [];
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'medium' });
  const answerOf = (delivery: WebhookDelivery) => {
    if (delivery.response_status !== null) return intl.formatMessage(mv.httpStatus, { status: delivery.response_status }) + (delivery.error ? ` · ${delivery.error}` : '');
    return delivery.error ?? intl.formatMessage(m.noAnswer);
  };
  return (
    <section className="stack" aria-labelledby="webhook-log-title" data-testid="webhook-log">
      <h2 className="webhooks-page__subtitle" id="webhook-log-title">
        {intl.formatMessage(mv.logTitle, { url: webhook.url })}
      </h2>
      <ListStates query={deliveries} isEmpty={rows.length === 0} isFiltered={false} testId="webhook-log" messages={{ failed: m.logFailed, noMatch: m.logEmptyTitle, emptyTitle: m.logEmptyTitle, emptyBody: m.logEmptyBody }}>
        <div className="table-scroll">
          <table className="data-table" aria-labelledby="webhook-log-title">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colAttempts)}
                </th>
                <th scope="col">{intl.formatMessage(m.colAnswer)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => (
                <tr key={delivery.id} data-testid="webhook-delivery">
                  <td>{when(delivery.created_at)}</td>
                  <td>
                    <span className={STATUS_PILL[delivery.status]}>{intl.formatMessage(m[delivery.status])}</span>
                  </td>
                  <td className="data-table__num">{delivery.attempts}</td>
                  <td>{answerOf(delivery)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
    </section>
  );
}
