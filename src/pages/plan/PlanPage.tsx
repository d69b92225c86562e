import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { buySeats, cancelSubscription, getPlatformOrder, invoicesQuery, subscribePlan, subscriptionQuery, type PlanOffer, type Subscription } from '../../api/billingApi';
import { authApi } from '../../api/authApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/Form';
import { TextLink } from '../../components/ui/Link';
import { NumberTextField } from '../../components/ui/NumberTextField';
import { Spinner } from '../../components/ui/Spinner';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { planMessages } from '../../i18n/planMessages';
import { createPlanPurchaseActors } from '../../../machines/planPurchase/planPurchase.actors';
import { planPurchaseMachine, type Frequency, type PurchaseChoice } from '../../../machines/planPurchase/planPurchase.machine';
import { selectPlanPurchaseView } from '../../../machines/planPurchase/planPurchase.selectors';
import '../pages.css';
import '../../components/catalogue/CatalogueFrame.css';
import './plan.css';

const m = defineMessages({
  title: { id: 'plan.page.title', defaultMessage: 'Abonnement' },
  lead: { id: 'plan.page.lead', defaultMessage: 'Choisissez l’offre de votre espace, ajoutez des comptes utilisateurs et retrouvez vos factures.' },
  tabsLabel: { id: 'plan.page.tabs', defaultMessage: 'Rubriques de l’abonnement' },
  tabYou: { id: 'plan.page.tabYou', defaultMessage: 'Offres' },
  tabServices: { id: 'plan.page.tabServices', defaultMessage: 'Accompagnement' },
  loading: { id: 'plan.page.loading', defaultMessage: 'Chargement de votre abonnement…' },
  loadFailed: { id: 'plan.page.loadFailed', defaultMessage: 'Impossible de charger votre abonnement.' },
  retry: { id: 'plan.page.retry', defaultMessage: 'Réessayer' },
  monthly: { id: 'plan.page.monthly', defaultMessage: 'Mensuel' },
  yearly: { id: 'plan.page.yearly', defaultMessage: 'Annuel' },
  billedMonthly: { id: 'plan.page.billedMonthly', defaultMessage: 'mensuelle' },
  billedYearly: { id: 'plan.page.billedYearly', defaultMessage: 'annuelle' },
  yearlyHint: { id: 'plan.page.yearlyHint', defaultMessage: 'Deux mois offerts' },
  frequency: { id: 'plan.page.frequency', defaultMessage: 'Facturation' },
  perMonth: { id: 'plan.page.perMonth', defaultMessage: '/ mois' },
  perYear: { id: 'plan.page.perYear', defaultMessage: '/ an' },
  free: { id: 'plan.page.free', defaultMessage: 'Gratuit' },
  current: { id: 'plan.page.current', defaultMessage: 'Offre actuelle' },
  partner: { id: 'plan.page.partner', defaultMessage: 'Réservée aux offres partenaires (code perk à l’inscription).' },
  choose: { id: 'plan.page.choose', defaultMessage: 'Choisir cette offre' },
  switchFrequency: { id: 'plan.page.switchFrequency', defaultMessage: 'Passer à cette facturation' },
  yourPlan: { id: 'plan.page.yourPlan', defaultMessage: 'Votre offre' },
  cancel: { id: 'plan.page.cancel', defaultMessage: 'Résilier l’abonnement' },
  cancelTitle: { id: 'plan.page.cancelTitle', defaultMessage: 'Résilier l’abonnement ?' },
  cancelKeep: { id: 'plan.page.cancelKeep', defaultMessage: 'Garder mon abonnement' },
  cancelling: { id: 'plan.page.cancelling', defaultMessage: 'Résiliation…' },
  seatsTitle: { id: 'plan.page.seatsTitle', defaultMessage: 'Comptes utilisateurs' },
  seatsQuantity: { id: 'plan.page.seatsQuantity', defaultMessage: 'Comptes à ajouter' },
  seatsBuy: { id: 'plan.page.seatsBuy', defaultMessage: 'Acheter' },
  seatsNeedPlan: { id: 'plan.page.seatsNeedPlan', defaultMessage: 'Les comptes supplémentaires s’ajoutent à un abonnement PRO ou EXPERT.' },
  seatsQuantityProblem: { id: 'plan.page.seatsQuantityProblem', defaultMessage: 'Entre 1 et 50 comptes.' },
  confirmPlanTitle: { id: 'plan.page.confirmPlanTitle', defaultMessage: 'Confirmer votre offre' },
  confirmSeatsTitle: { id: 'plan.page.confirmSeatsTitle', defaultMessage: 'Confirmer l’achat de comptes' },
  confirmPay: { id: 'plan.page.confirmPay', defaultMessage: 'Continuer vers le paiement' },
  confirmBack: { id: 'plan.page.confirmBack', defaultMessage: 'Annuler' },
  placing: { id: 'plan.page.placing', defaultMessage: 'Préparation du paiement…' },
  proration: {
    id: 'plan.page.proration',
    defaultMessage: 'Ce qu’il reste de votre période en cours est déduit du prix ; la nouvelle période commence au paiement.',
  },
  seatsProration: { id: 'plan.page.seatsProration', defaultMessage: 'Vous payez la part restante de votre période en cours ; le montant exact est affiché au paiement.' },
  redirecting: { id: 'plan.page.redirecting', defaultMessage: 'Ouverture de la page de paiement…' },
  checking: { id: 'plan.page.checking', defaultMessage: 'Nous attendons la confirmation de votre paiement…' },
  unreachable: { id: 'plan.page.unreachable', defaultMessage: 'Impossible de vérifier votre paiement pour le moment.' },
  paid: { id: 'plan.page.paid', defaultMessage: 'Paiement reçu : votre abonnement est à jour. Merci !' },
  failed: { id: 'plan.page.failed', defaultMessage: 'Le paiement a échoué : rien n’a été débité. Vous pouvez réessayer.' },
  abandoned: { id: 'plan.page.abandoned', defaultMessage: 'Paiement abandonné : votre offre n’a pas changé.' },
  dismiss: { id: 'plan.page.dismiss', defaultMessage: 'Fermer' },
  invoices: { id: 'plan.page.invoices', defaultMessage: 'Voir mes factures' },
  servicesTitle: { id: 'plan.page.servicesTitle', defaultMessage: 'Services d’accompagnement' },
  servicesBody: {
    id: 'plan.page.servicesBody',
    defaultMessage:
      'Besoin d’aide pour lancer votre école ? Notre équipe vous accompagne : prise en main, construction de vos formations, stratégie de vente. Écrivez-nous depuis le menu d’aide pour en parler.',
  },
  servicesCampaign: { id: 'plan.page.servicesCampaign', defaultMessage: 'Du 24 au 30 septembre, l’offre PRO est à −20 %.' },
});

const commissionText = defineMessage<{ percent: number }>({ id: 'plan.page.commission', defaultMessage: '{percent} % de commission sur vos ventes' });
const noCommission = defineMessage({ id: 'plan.page.noCommission', defaultMessage: 'Aucune commission sur vos ventes' });
const discountBanner = defineMessage<{ percent: number; plans: string; end: string; kind: string }>({
  id: 'plan.page.discount',
  defaultMessage: '{kind, select, LAUNCH {Offre de lancement} other {Offre de septembre}} : −{percent} % sur {plans} jusqu’au {end}.',
});
const periodText = defineMessage<{ frequency: string; end: string; cancelled: boolean }>({
  id: 'plan.page.period',
  defaultMessage: 'Facturation {frequency}. {cancelled, select, true {Résilié : votre offre prend fin le {end}.} other {Prochaine échéance le {end}.}}',
});
const seatsText = defineMessage<{ used: number; total: number; left: number }>({
  id: 'plan.page.seats',
  defaultMessage: '{used} compte(s) utilisé(s) sur {total} inclus ou achetés : {left, plural, =0 {plus aucune place} one {# place libre} other {# places libres}}.',
});
const seatPriceText = defineMessage<{ monthly: string; yearly: string }>({ id: 'plan.page.seatPrice', defaultMessage: 'Un compte : {monthly} par mois ou {yearly} par an.' });
const cancelBody = defineMessage<{ end: string }>({
  id: 'plan.page.cancelBody',
  defaultMessage: 'Votre offre reste active jusqu’au {end}, puis votre espace passe à l’offre Découverte et les comptes achetés prennent fin.',
});
const confirmPlanBody = defineMessage<{ plan: string; frequency: string; price: string }>({
  id: 'plan.page.confirmPlanBody',
  defaultMessage: 'Offre {plan}, facturation {frequency} : {price} TTC.',
});
const confirmSeatsBody = defineMessage<{ quantity: number }>({ id: 'plan.page.confirmSeatsBody', defaultMessage: '{quantity, plural, one {# compte utilisateur} other {# comptes utilisateurs}} de plus.' });

const FREQUENCIES: readonly Frequency[] = ['MONTHLY', 'YEARLY'];

/**
 * /abonnement (OWNER, ADMIN; hidden by hide_plan): `?onglet=vous` the plans with a monthly / yearly switch, the
 * current plan, the discounts the server honours now, seats; `?onglet=services` the accompaniment services. Buying
 * runs the planPurchase machine: the server prices the order, the provider's page takes the payment (the test
 * provider's page in development), and the page reads the order back with `?commande=` until it is settled.
 */
export function PlanPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const tab = search.get('onglet') === 'services' ? 'services' : 'vous';
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? null);

  return (
    <div className="stack plan-page" data-testid="plan-page">
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <nav aria-label={intl.formatMessage(m.tabsLabel)} className="training-tabs">
        <ul className="training-tabs__list">
          <li>
            <TextLink href="/abonnement?onglet=vous" className="training-tabs__tab" aria-current={tab === 'vous' ? 'page' : undefined} data-testid="plan-tab-vous">
              {intl.formatMessage(m.tabYou)}
            </TextLink>
          </li>
          <li>
            <TextLink href="/abonnement?onglet=services" className="training-tabs__tab" aria-current={tab === 'services' ? 'page' : undefined} data-testid="plan-tab-services">
              {intl.formatMessage(m.tabServices)}
            </TextLink>
          </li>
        </ul>
      </nav>
      {tab === 'services' ? <ServicesTab /> : storeUuid ? <PlansTab storeUuid={storeUuid} returningOrder={search.get('commande')} /> : null}
    </div>
  );
}

function ServicesTab() {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage(m.servicesTitle)} headingLevel={2}>
      <p>{intl.formatMessage(m.servicesBody)}</p>
      <p className="plan-page__muted">{intl.formatMessage(m.servicesCampaign)}</p>
    </Card>
  );
}

function PlansTab({ storeUuid, returningOrder }: { storeUuid: string; returningOrder: string | null }) {
  const intl = useIntl();
  const query = useQuery(subscriptionQuery(storeUuid));
  const purchase = usePurchase(storeUuid, returningOrder);
  if (query.isPending) return <Spinner aria-label={intl.formatMessage(m.loading)} />;
  if (query.isError) {
    return (
      <Banner variant="danger" action={<Button variant="secondary" onPress={() => void query.refetch()}>{intl.formatMessage(m.retry)}</Button>}>
        {intl.formatMessage(m.loadFailed)}
      </Banner>
    );
  }
  return <Plans storeUuid={storeUuid} subscription={query.data} purchase={purchase} />;
}

type Purchase = ReturnType<typeof usePurchase>;

/** The purchase machine, with the API, the payment page and the refreshes supplied here (the composition root). */
function usePurchase(storeUuid: string, returningOrder: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = AuthActor.useActorRef();
  const machine = useMemo(
    () =>
      planPurchaseMachine.provide({
        actors: createPlanPurchaseActors({
          placeOrder: (choice, signal) =>
            choice.kind === 'PLAN' ? subscribePlan(storeUuid, { plan: choice.plan, frequency: choice.frequency }, signal) : buySeats(storeUuid, choice.quantity, signal),
          readOrder: (orderId, signal) => getPlatformOrder(storeUuid, orderId, signal),
        }),
        actions: {
          // The test provider's page is one of ours; Stripe's is another site.
          openPayment: (_, { url }) => (url.startsWith('/') ? void navigate(url) : window.location.assign(url)),
          purchaseSettled: () => {
            void queryClient.invalidateQueries({ queryKey: subscriptionQuery(storeUuid).queryKey });
            void queryClient.invalidateQueries({ queryKey: invoicesQuery(storeUuid).queryKey.slice(0, 2) });
            // The session's store carries the plan every gate of the app reads.
            void authApi.getMe(new AbortController().signal).then((user) => auth.send({ type: 'USER_UPDATED', user }));
          },
        },
      }),
    [storeUuid, navigate, queryClient, auth],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { returningOrder } });
  return { view: selectPlanPurchaseView(snapshot), send };
}

function Plans({ storeUuid, subscription, purchase }: { storeUuid: string; subscription: Subscription; purchase: Purchase }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [frequency, setFrequency] = useState<Frequency>(subscription.frequency ?? 'MONTHLY');
  const { view, send } = purchase;
  const date = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });
  const planName = (plan: PlanOffer['plan']) => intl.formatMessage(planMessages[plan]);
  const frequencyName = (f: Frequency) => intl.formatMessage(f === 'MONTHLY' ? m.billedMonthly : m.billedYearly);

  return (
    <>
      <PurchaseStatus purchase={purchase} />
      {subscription.discounts.map((d) => (
        <Banner key={d.kind} variant="success" data-testid={`plan-discount-${d.kind}`}>
          {intl.formatMessage(discountBanner, { kind: d.kind, percent: d.percent, plans: d.plans.map(planName).join(', '), end: date(d.ends_at) })}
        </Banner>
      ))}
      <CurrentPlan storeUuid={storeUuid} subscription={subscription} frequencyName={frequencyName} date={date} />
      <ChoiceGroup
        label={intl.formatMessage(m.frequency)}
        orientation="horizontal"
        value={frequency}
        onChange={setFrequency}
        testId="plan-frequency"
        choices={FREQUENCIES.map((f) => ({ value: f, label: intl.formatMessage(f === 'MONTHLY' ? m.monthly : m.yearly), description: f === 'YEARLY' ? intl.formatMessage(m.yearlyHint) : undefined }))}
      />
      <ul className="plan-grid" aria-label={intl.formatMessage(m.title)}>
        {subscription.plans.map((offer) => {
          const price = frequency === 'MONTHLY' ? offer.monthly : offer.yearly;
          const isCurrent = offer.plan === subscription.plan && (!offer.purchasable || subscription.frequency === frequency);
          const isCurrentPlanOtherFrequency = offer.plan === subscription.plan && offer.purchasable && subscription.frequency !== frequency && subscription.frequency !== null;
          const discounted = price.discounted_price < price.price;
          return (
            <li key={offer.plan} className={`plan-card${offer.plan === subscription.plan ? ' plan-card--current' : ''}`} data-testid={`plan-card-${offer.plan}`}>
              <h2 className="plan-card__name">{planName(offer.plan)}</h2>
              {offer.plan === subscription.plan && <span className="plan-card__badge">{intl.formatMessage(m.current)}</span>}
              <p className="plan-card__price">
                {offer.purchasable ? (
                  <>
                    {(price.reference_price !== null || discounted) && (
                      <s className="plan-card__was">{formatEuros(discounted ? price.price : (price.reference_price ?? price.price), locale)}</s>
                    )}{' '}
                    <strong>{formatEuros(price.discounted_price, locale)}</strong> {intl.formatMessage(frequency === 'MONTHLY' ? m.perMonth : m.perYear)}
                  </>
                ) : offer.plan === 'PERCENT' ? (
                  <strong>{intl.formatMessage(m.free)}</strong>
                ) : null}
              </p>
              <p className="plan-card__commission">
                {offer.app_commission_percent > 0 ? intl.formatMessage(commissionText, { percent: offer.app_commission_percent }) : intl.formatMessage(noCommission)}
              </p>
              {offer.plan === 'PERK' && <p className="plan-page__muted">{intl.formatMessage(m.partner)}</p>}
              {offer.purchasable && !isCurrent && (offer.plan === 'PRO' || offer.plan === 'EXPERT') && (
                <Button
                  variant={offer.plan === 'PRO' ? 'primary' : 'secondary'}
                  isDisabled={!view.canChoose}
                  onPress={() => send({ type: 'CHOOSE', choice: { kind: 'PLAN', plan: offer.plan as 'PRO' | 'EXPERT', frequency } })}
                  data-testid={`plan-choose-${offer.plan}`}
                >
                  {intl.formatMessage(isCurrentPlanOtherFrequency ? m.switchFrequency : m.choose)}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <SeatsCard subscription={subscription} purchase={purchase} />
      <ConfirmPurchase subscription={subscription} purchase={purchase} planName={planName} frequencyName={frequencyName} />
      <p>
        <TextLink href="/parametres/facturation">{intl.formatMessage(m.invoices)}</TextLink>
      </p>
    </>
  );
}

function PurchaseStatus({ purchase: { view, send } }: { purchase: Purchase }) {
  const intl = useIntl();
  const dismiss = (
    <Button variant="secondary" size="sm" onPress={() => send({ type: 'DISMISS' })}>
      {intl.formatMessage(m.dismiss)}
    </Button>
  );
  if (view.isRedirecting) return <Banner variant="info">{intl.formatMessage(m.redirecting)}</Banner>;
  if (view.isChecking) return <Banner variant="info" data-testid="plan-purchase-checking">{intl.formatMessage(m.checking)}</Banner>;
  if (view.isUnreachable) {
    return (
      <Banner variant="warning" action={<Button variant="secondary" size="sm" onPress={() => send({ type: 'RETRY' })}>{intl.formatMessage(m.retry)}</Button>}>
        {intl.formatMessage(m.unreachable)}
      </Banner>
    );
  }
  if (view.isPaid) return <Banner variant="success" action={dismiss} data-testid="plan-purchase-paid">{intl.formatMessage(m.paid)}</Banner>;
  if (view.isFailed) return <Banner variant="danger" action={dismiss} data-testid="plan-purchase-failed">{intl.formatMessage(m.failed)}</Banner>;
  if (view.isAbandoned) return <Banner variant="warning" action={dismiss} data-testid="plan-purchase-abandoned">{intl.formatMessage(m.abandoned)}</Banner>;
  return null;
}

function CurrentPlan({
  storeUuid,
  subscription,
  frequencyName,
  date,
}: {
  storeUuid: string;
  subscription: Subscription;
  frequencyName: (f: Frequency) => string;
  date: (iso: string) => string;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useRequest(async (_: void, signal) => {
    await cancelSubscription(storeUuid, signal);
    await queryClient.invalidateQueries({ queryKey: subscriptionQuery(storeUuid).queryKey });
    setAsking(false);
  });
  const end = subscription.current_period_end;
  return (
    <Card title={intl.formatMessage(m.yourPlan)} headingLevel={2}>
      <div className="stack" data-testid="plan-current">
        <p className="plan-current__name">
          <strong>{intl.formatMessage(planMessages[subscription.plan])}</strong>
        </p>
        {subscription.frequency && end && (
          <p>{intl.formatMessage(periodText, { frequency: frequencyName(subscription.frequency), end: date(end), cancelled: subscription.cancel_at_period_end })}</p>
        )}
        <FormError>{failureText(intl, cancel.error)}</FormError>
        {subscription.frequency && end && !subscription.cancel_at_period_end && (
          <div className="form-actions">
            <Button variant="secondary" onPress={() => setAsking(true)} data-testid="plan-cancel">
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        isOpen={asking}
        onOpenChange={setAsking}
        title={intl.formatMessage(m.cancelTitle)}
        confirmLabel={intl.formatMessage(m.cancel)}
        cancelLabel={intl.formatMessage(m.cancelKeep)}
        variant="danger"
        isPending={cancel.isSubmitting}
        pendingLabel={intl.formatMessage(m.cancelling)}
        closeOnConfirm={false}
        onConfirm={() => cancel.submit()}
      >
        {end ? intl.formatMessage(cancelBody, { end: date(end) }) : null}
      </ConfirmDialog>
    </Card>
  );
}

function SeatsCard({ subscription, purchase: { view, send } }: { subscription: Subscription; purchase: Purchase }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [quantity, setQuantity] = useState<number | null>(1);
  const { seats } = subscription;
  const valid = quantity !== null && Number.isInteger(quantity) && quantity >= 1 && quantity <= 50;
  const hasPeriod = subscription.frequency !== null;
  return (
    <Card title={intl.formatMessage(m.seatsTitle)} headingLevel={2}>
      <div className="stack" data-testid="plan-seats">
        <p>
          {intl.formatMessage(seatsText, {
            used: seats.used,
            total: seats.additional_user_accounts + seats.paid_user_accounts,
            left: Math.max(0, seats.left),
          })}
        </p>
        <p className="plan-page__muted">
          {intl.formatMessage(seatPriceText, { monthly: formatEuros(subscription.seat_price.monthly, locale), yearly: formatEuros(subscription.seat_price.yearly, locale) })}
        </p>
        {hasPeriod ? (
          <div className="plan-seats__buy">
            <NumberTextField
              label={intl.formatMessage(m.seatsQuantity)}
              value={quantity}
              onChange={setQuantity}
              parse={(text) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)}
              errorMessage={quantity !== null && !valid ? intl.formatMessage(m.seatsQuantityProblem) : undefined}
              inputMode="numeric"
            />
            <Button isDisabled={!valid || !view.canChoose} onPress={() => valid && send({ type: 'CHOOSE', choice: { kind: 'SEATS', quantity: quantity } })} data-testid="plan-seats-buy">
              {intl.formatMessage(m.seatsBuy)}
            </Button>
          </div>
        ) : (
          <p>{intl.formatMessage(m.seatsNeedPlan)}</p>
        )}
      </div>
    </Card>
  );
}

function ConfirmPurchase({
  subscription,
  purchase: { view, send },
  planName,
  frequencyName,
}: {
  subscription: Subscription;
  purchase: Purchase;
  planName: (plan: PlanOffer['plan']) => string;
  frequencyName: (f: Frequency) => string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const choice: PurchaseChoice | null = view.choice;
  const summary = () => {
    if (!choice) return null;
    if (choice.kind === 'SEATS') return intl.formatMessage(confirmSeatsBody, { quantity: choice.quantity });
    const offer = subscription.plans.find((p) => p.plan === choice.plan);
    const price = offer ? (choice.frequency === 'MONTHLY' ? offer.monthly : offer.yearly).discounted_price : 0;
    return intl.formatMessage(confirmPlanBody, { plan: planName(choice.plan), frequency: frequencyName(choice.frequency), price: formatEuros(price, locale) });
  };
  return (
    <ConfirmDialog
      isOpen={view.isConfirming}
      onOpenChange={(open) => !open && send({ type: 'CANCEL' })}
      title={intl.formatMessage(choice?.kind === 'SEATS' ? m.confirmSeatsTitle : m.confirmPlanTitle)}
      confirmLabel={intl.formatMessage(m.confirmPay)}
      cancelLabel={intl.formatMessage(m.confirmBack)}
      isPending={view.isPlacing}
      pendingLabel={intl.formatMessage(m.placing)}
      closeOnConfirm={false}
      onConfirm={() => send({ type: 'CONFIRM' })}
    >
      <div className="stack" data-testid="plan-confirm">
        <p>{summary()}</p>
        {choice && <p className="plan-page__muted">{intl.formatMessage(choice.kind === 'SEATS' ? m.seatsProration : m.proration)}</p>}
        <FormError>{failureText(intl, view.failure)}</FormError>
      </div>
    </ConfirmDialog>
  );
}
