import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { connectStripe, disconnectStripe, linkPaypal, paymentSettingsQuery, refreshPayments, unlinkPaypal, type PaymentSettings } from '../../api/paymentsApi';
import { AuthActor } from '../../app/auth';
import { failureText, fieldErrors } from '../../app/failureText';
import { useRequest } from '../../app/useRequest';
import { DeleteConfirmDialog, useConfirmedDeletion } from '../../components/catalogue/DeleteConfirm';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Form, FormError } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './settings.css';
import { SettingsTabs } from './SettingsFrame';

const m = defineMessages({
  title: { id: 'settings.payments.title', defaultMessage: 'Paiements' },
  lead: {
    id: 'settings.payments.lead',
    defaultMessage: 'Vos apprenants paient par carte bancaire (Stripe) ou par PayPal : l’argent arrive directement sur votre propre compte.',
  },
  loading: { id: 'settings.payments.loading', defaultMessage: 'Chargement des comptes de paiement…' },
  loadFailed: { id: 'settings.payments.loadFailed', defaultMessage: 'Impossible de charger vos comptes de paiement.' },
  retry: { id: 'settings.payments.retry', defaultMessage: 'Réessayer' },
  cancel: { id: 'settings.payments.cancel', defaultMessage: 'Annuler' },

  stripeTitle: { id: 'settings.payments.stripe.title', defaultMessage: 'Carte bancaire (Stripe)' },
  stripeLead: {
    id: 'settings.payments.stripe.lead',
    defaultMessage: 'Connectez votre compte Stripe : les paiements par carte et les paiements en plusieurs fois y sont encaissés.',
  },
  stripeUnavailable: {
    id: 'settings.payments.stripe.unavailable',
    defaultMessage: 'Le paiement par carte n’est pas encore proposé sur cette plateforme. Contactez le support.',
  },
  stripeNone: { id: 'settings.payments.stripe.none', defaultMessage: 'Aucun compte Stripe n’est connecté : vos apprenants ne peuvent pas payer par carte.' },
  stripeConnect: { id: 'settings.payments.stripe.connect', defaultMessage: 'Connecter mon compte Stripe' },
  stripeResume: { id: 'settings.payments.stripe.resume', defaultMessage: 'Terminer la configuration sur Stripe' },
  stripeRedirecting: { id: 'settings.payments.stripe.redirecting', defaultMessage: 'Ouverture de Stripe…' },
  stripeReady: { id: 'settings.payments.stripe.ready', defaultMessage: 'Les paiements par carte sont actifs.' },
  stripePending: {
    id: 'settings.payments.stripe.pending',
    defaultMessage: 'Stripe attend encore des informations avant d’activer les paiements par carte.',
  },
  stripeUnknown: { id: 'settings.payments.stripe.unknown', defaultMessage: 'Stripe ne répond pas : l’état de votre compte est inconnu pour le moment.' },
  stripeReturned: {
    id: 'settings.payments.stripe.returned',
    defaultMessage: 'Retour de Stripe : l’état de votre compte est affiché ci-dessous.',
  },
  account: { id: 'settings.payments.stripe.account', defaultMessage: 'Compte' },
  disconnect: { id: 'settings.payments.stripe.disconnect', defaultMessage: 'Déconnecter Stripe' },
  disconnectTitle: { id: 'settings.payments.stripe.disconnectTitle', defaultMessage: 'Déconnecter Stripe ?' },
  disconnectBody: {
    id: 'settings.payments.stripe.disconnectBody',
    defaultMessage: 'Vos apprenants ne pourront plus payer par carte. Votre compte reste le vôtre chez Stripe ; vous pourrez le reconnecter.',
  },
  disconnecting: { id: 'settings.payments.stripe.disconnecting', defaultMessage: 'Déconnexion…' },

  paypalTitle: { id: 'settings.payments.paypal.title', defaultMessage: 'PayPal' },
  paypalLead: {
    id: 'settings.payments.paypal.lead',
    defaultMessage: 'Indiquez l’identifiant de marchand de votre compte PayPal professionnel : les paiements PayPal lui sont versés.',
  },
  paypalUnavailable: { id: 'settings.payments.paypal.unavailable', defaultMessage: 'PayPal n’est pas encore proposé sur cette plateforme.' },
  merchantId: { id: 'settings.payments.paypal.merchantId', defaultMessage: 'Identifiant de marchand PayPal' },
  merchantHint: {
    id: 'settings.payments.paypal.merchantHint',
    defaultMessage: '13 lettres majuscules et chiffres, dans PayPal : Paramètres du compte › Informations professionnelles.',
  },
  merchantShape: { id: 'settings.payments.paypal.merchantShape', defaultMessage: 'L’identifiant compte 13 lettres majuscules et chiffres.' },
  paypalSave: { id: 'settings.payments.paypal.save', defaultMessage: 'Enregistrer' },
  paypalSaving: { id: 'settings.payments.paypal.saving', defaultMessage: 'Enregistrement…' },
  paypalSaved: { id: 'settings.payments.paypal.saved', defaultMessage: 'Compte PayPal enregistré : PayPal est proposé à vos apprenants.' },
  unlink: { id: 'settings.payments.paypal.unlink', defaultMessage: 'Retirer PayPal' },
  unlinkTitle: { id: 'settings.payments.paypal.unlinkTitle', defaultMessage: 'Retirer PayPal ?' },
  unlinkBody: { id: 'settings.payments.paypal.unlinkBody', defaultMessage: 'Vos apprenants ne pourront plus payer par PayPal.' },
  unlinking: { id: 'settings.payments.paypal.unlinking', defaultMessage: 'Retrait…' },
});

const paypalLinked = defineMessage<{ merchant: string }>({ id: 'settings.payments.paypal.linked', defaultMessage: 'Les paiements PayPal sont versés au marchand {merchant}.' });

const MERCHANT_ID = /^[A-Z0-9]{13}$/;

/**
 * /parametres/paiements (OWNER, ADMIN): the store's Stripe account (connected through Stripe's own onboarding
 * form, which sends the owner back here with `?stripe=retour`) and its PayPal merchant id. The calls run through
 * the request and deleteConfirm machines; the state is the server's, read again after each change.
 */
export function PaymentSettingsPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? null);
  const query = useQuery({ ...paymentSettingsQuery(storeUuid ?? ''), enabled: storeUuid !== null });

  return (
    <div className="stack settings-payments" data-testid="payment-settings-page">
      <SettingsTabs />
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      {query.isPending ? (
        <Spinner aria-label={intl.formatMessage(m.loading)} />
      ) : query.isError || !storeUuid ? (
        <Banner variant="danger" action={<Button variant="secondary" onPress={() => void query.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
          {intl.formatMessage(m.loadFailed)}
        </Banner>
      ) : (
        <>
          <StripeCard storeUuid={storeUuid} settings={query.data.stripe} />
          <PaypalCard storeUuid={storeUuid} settings={query.data.paypal} />
        </>
      )}
    </div>
  );
}

function StripeCard({ storeUuid, settings }: { storeUuid: string; settings: PaymentSettings['stripe'] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const connect = useRequest(async (_: void, signal) => {
    const { url } = await connectStripe(storeUuid, signal);
    // Stripe's own form: it sends the owner back to this page.
    window.location.assign(url);
  });
  const disconnection = useConfirmedDeletion<'stripe'>({
    remove: (_, signal) => disconnectStripe(storeUuid, signal),
    onDeleted: () => refreshPayments(queryClient, storeUuid),
  });
  // Leaving for Stripe: the button stays busy until the page is gone.
  const redirecting = connect.isSubmitting || connect.hasSucceeded;

  return (
    <Card title={intl.formatMessage(m.stripeTitle)} description={intl.formatMessage(m.stripeLead)}>
      <div className="stack" data-testid="stripe-card">
        {!settings.available ? (
          <Banner variant="info">{intl.formatMessage(m.stripeUnavailable)}</Banner>
        ) : (
          <>
            {search.get('stripe') === 'retour' && settings.connected && <Banner variant="info">{intl.formatMessage(m.stripeReturned)}</Banner>}
            <StripeState settings={settings} />
            <FormError>{failureText(intl, connect.error)}</FormError>
            <div className="form-actions">
              {settings.charges_enabled !== true && (
                <Button onPress={() => connect.submit()} isPending={redirecting} pendingLabel={intl.formatMessage(m.stripeRedirecting)} data-testid="stripe-connect">
                  {intl.formatMessage(settings.connected ? m.stripeResume : m.stripeConnect)}
                </Button>
              )}
              {settings.connected && (
                <Button variant="secondary" onPress={() => disconnection.ask('stripe')} data-testid="stripe-disconnect">
                  {intl.formatMessage(m.disconnect)}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      <DeleteConfirmDialog
        deletion={disconnection}
        title={intl.formatMessage(m.disconnectTitle)}
        confirmLabel={intl.formatMessage(m.disconnect)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.disconnecting)}
        data-testid="stripe-disconnect-dialog"
      >
        {() => <p>{intl.formatMessage(m.disconnectBody)}</p>}
      </DeleteConfirmDialog>
    </Card>
  );
}

function StripeState({ settings }: { settings: PaymentSettings['stripe'] }) {
  const intl = useIntl();
  if (!settings.connected) return <p className="settings-payments__state">{intl.formatMessage(m.stripeNone)}</p>;
  const [variant, text] =
    settings.charges_enabled === true ? (['success', m.stripeReady] as const) : settings.charges_enabled === false ? (['warning', m.stripePending] as const) : (['info', m.stripeUnknown] as const);
  return (
    <>
      <Banner variant={variant} role="none" data-testid="stripe-state">
        {intl.formatMessage(text)}
      </Banner>
      <dl className="facts">
        <dt>{intl.formatMessage(m.account)}</dt>
        <dd>{settings.account_id}</dd>
      </dl>
    </>
  );
}

function PaypalCard({ storeUuid, settings }: { storeUuid: string; settings: PaymentSettings['paypal'] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [merchantId, setMerchantId] = useState(settings.merchant_id ?? '');
  const [shapeProblem, setShapeProblem] = useState(false);
  const save = useRequest(async (id: string, signal) => {
    await linkPaypal(storeUuid, id, signal);
    await refreshPayments(queryClient, storeUuid);
  });
  const unlinking = useConfirmedDeletion<'paypal'>({
    remove: (_, signal) => unlinkPaypal(storeUuid, signal),
    onDeleted: async () => {
      setMerchantId('');
      save.reset();
      await refreshPayments(queryClient, storeUuid);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = merchantId.trim().toUpperCase();
    setShapeProblem(!MERCHANT_ID.test(id));
    if (MERCHANT_ID.test(id)) save.submit(id);
  };
  const shapeError = shapeProblem ? intl.formatMessage(m.merchantShape) : undefined;

  return (
    <Card title={intl.formatMessage(m.paypalTitle)} description={intl.formatMessage(m.paypalLead)}>
      {!settings.available ? (
        <Banner variant="info">{intl.formatMessage(m.paypalUnavailable)}</Banner>
      ) : (
        <Form className="stack form-narrow" onSubmit={onSubmit} data-testid="paypal-form">
          {save.hasSucceeded && (
            <Banner variant="success" role="status">
              {intl.formatMessage(m.paypalSaved)}
            </Banner>
          )}
          {settings.merchant_id && !save.hasSucceeded && <p className="settings-payments__state">{intl.formatMessage(paypalLinked, { merchant: settings.merchant_id })}</p>}
          <FormError>{failureText(intl, save.error, ['merchant_id'])}</FormError>
          <TextField
            name="merchant_id"
            label={intl.formatMessage(m.merchantId)}
            description={intl.formatMessage(m.merchantHint)}
            value={merchantId}
            onChange={(value) => {
              setMerchantId(value);
              setShapeProblem(false);
            }}
            isRequired
            maxLength={13}
            autoComplete="off"
            errorMessage={shapeError ?? fieldErrors(save.error, 'merchant_id')}
          />
          <div className="form-actions">
            <Button type="submit" isPending={save.isSubmitting} pendingLabel={intl.formatMessage(m.paypalSaving)} data-testid="paypal-save">
              {intl.formatMessage(m.paypalSave)}
            </Button>
            {settings.merchant_id && (
              <Button variant="secondary" onPress={() => unlinking.ask('paypal')} data-testid="paypal-unlink">
                {intl.formatMessage(m.unlink)}
              </Button>
            )}
          </div>
        </Form>
      )}
      <DeleteConfirmDialog
        deletion={unlinking}
        title={intl.formatMessage(m.unlinkTitle)}
        confirmLabel={intl.formatMessage(m.unlink)}
        cancelLabel={intl.formatMessage(m.cancel)}
        pendingLabel={intl.formatMessage(m.unlinking)}
        data-testid="paypal-unlink-dialog"
      >
        {() => <p>{intl.formatMessage(m.unlinkBody)}</p>}
      </DeleteConfirmDialog>
    </Card>
  );
}
