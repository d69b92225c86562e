import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { NavLink, useSearchParams } from 'react-router-dom';
import { payoutRequestMachine, type PayoutProblem } from '../../../machines/payoutRequest/payoutRequest.machine';
import { createPayoutRequestActors } from '../../../machines/payoutRequest/payoutRequest.actors';
import { selectPayoutRequestView } from '../../../machines/payoutRequest/payoutRequest.selectors';
import {
  godchildCommissionsQuery,
  godchildrenQuery,
  godchildStatsQuery,
  refreshSponsorship,
  requestSponsorPayout,
  sponsorPayoutsQuery,
  type Godchild,
  type SponsorPayout,
  type SponsorPeriod,
  type SponsorStats,
} from '../../api/sponsorshipApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DateField } from '../../components/ui/DateField';
import { Form } from '../../components/ui/Form';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { showToast } from '../../components/ui/toastQueue';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { SPONSOR_COMMISSION_HOLD_DAYS, SPONSOR_COMMISSION_PERCENT } from '../../../shared/planPricing';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import '../affiliates/affiliates.css';
import './affiliation.css';

const PER_PAGE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const m = defineMessages({
  title: { id: 'affiliation.title', defaultMessage: 'Mon affiliation' },
  navLabel: { id: 'affiliation.nav.label', defaultMessage: 'Mon affiliation' },
  navOverview: { id: 'affiliation.nav.overview', defaultMessage: 'Vue d’ensemble' },
  navGodchildren: { id: 'affiliation.nav.godchildren', defaultMessage: 'Mes filleuls' },
  navRevenues: { id: 'affiliation.nav.revenues', defaultMessage: 'Mes revenus' },
  linkTitle: { id: 'affiliation.linkTitle', defaultMessage: 'Votre lien de parrainage' },
  linkLabel: { id: 'affiliation.linkLabel', defaultMessage: 'Lien de parrainage' },
  copy: { id: 'affiliation.copy', defaultMessage: 'Copier le lien' },
  copied: { id: 'affiliation.copied', defaultMessage: 'Lien copié.' },
  figuresTitle: { id: 'affiliation.figuresTitle', defaultMessage: 'Depuis le début' },
  godchildrenCount: { id: 'affiliation.figure.godchildren', defaultMessage: 'Filleuls inscrits' },
  payingCount: { id: 'affiliation.figure.paying', defaultMessage: 'Filleuls abonnés' },
  total: { id: 'affiliation.figure.total', defaultMessage: 'Commissions gagnées' },
  pending: { id: 'affiliation.figure.pending', defaultMessage: 'En attente' },
  paid: { id: 'affiliation.figure.paid', defaultMessage: 'Versées' },
  failed: { id: 'affiliation.failed', defaultMessage: 'Votre affiliation n’a pas pu être chargée.' },
  retry: { id: 'affiliation.retry', defaultMessage: 'Réessayer' },
  godchildrenFailed: { id: 'affiliation.godchildren.failed', defaultMessage: 'Vos filleuls n’ont pas pu être chargés.' },
  godchildrenEmptyTitle: { id: 'affiliation.godchildren.emptyTitle', defaultMessage: 'Pas encore de filleul' },
  godchildrenEmptyBody: { id: 'affiliation.godchildren.emptyBody', defaultMessage: 'Partagez votre lien de parrainage : les formateurs qui s’inscrivent avec lui apparaîtront ici.' },
  colStore: { id: 'affiliation.col.store', defaultMessage: 'Filleul' },
  colPlan: { id: 'affiliation.col.plan', defaultMessage: 'Abonnement' },
  colSince: { id: 'affiliation.col.since', defaultMessage: 'Inscrit le' },
  colEarned: { id: 'affiliation.col.earned', defaultMessage: 'Commissions' },
  colDate: { id: 'affiliation.col.date', defaultMessage: 'Date' },
  colBase: { id: 'affiliation.col.base', defaultMessage: 'Paiement HT' },
  colRate: { id: 'affiliation.col.rate', defaultMessage: 'Taux' },
  colAmount: { id: 'affiliation.col.amount', defaultMessage: 'Commission' },
  colStatus: { id: 'affiliation.col.status', defaultMessage: 'État' },
  revenuesFailed: { id: 'affiliation.revenues.failed', defaultMessage: 'Vos commissions n’ont pas pu être chargées.' },
  revenuesNoMatch: { id: 'affiliation.revenues.noMatch', defaultMessage: 'Aucune commission sur cette période.' },
  revenuesEmptyTitle: { id: 'affiliation.revenues.emptyTitle', defaultMessage: 'Pas encore de commission' },
  revenuesEmptyBody: { id: 'affiliation.revenues.emptyBody', defaultMessage: 'Chaque paiement d’abonnement de vos filleuls vous rapporte une commission, listée ici.' },
  begin: { id: 'affiliation.begin', defaultMessage: 'Du' },
  end: { id: 'affiliation.end', defaultMessage: 'Au' },
  clearDate: { id: 'affiliation.clearDate', defaultMessage: 'Effacer la date' },
  periodTitle: { id: 'affiliation.periodTitle', defaultMessage: 'Sur la période' },
  PENDING: { id: 'affiliation.status.PENDING', defaultMessage: 'En attente' },
  AVAILABLE: { id: 'affiliation.status.AVAILABLE', defaultMessage: 'Disponible' },
  PAID: { id: 'affiliation.status.PAID', defaultMessage: 'Versée' },
  MONTHLY: { id: 'affiliation.frequency.MONTHLY', defaultMessage: 'mensuel' },
  YEARLY: { id: 'affiliation.frequency.YEARLY', defaultMessage: 'annuel' },
  PERCENT: { id: 'affiliation.plan.PERCENT', defaultMessage: 'Découverte' },
  payoutsTitle: { id: 'affiliation.payouts.title', defaultMessage: 'Versements' },
  payoutsFailed: { id: 'affiliation.payouts.failed', defaultMessage: 'Vos versements n’ont pas pu être chargés.' },
  available: { id: 'affiliation.payouts.available', defaultMessage: 'Disponible maintenant' },
  ask: { id: 'affiliation.payouts.ask', defaultMessage: 'Demander le versement' },
  invoice: { id: 'affiliation.payouts.invoice', defaultMessage: 'Lien vers votre facture à la plateforme' },
  information: { id: 'affiliation.payouts.information', defaultMessage: 'Informations de paiement (IBAN, PayPal…)' },
  send: { id: 'affiliation.payouts.send', defaultMessage: 'Envoyer la demande' },
  sending: { id: 'affiliation.payouts.sending', defaultMessage: 'Envoi…' },
  cancel: { id: 'affiliation.payouts.cancel', defaultMessage: 'Annuler' },
  waiting: { id: 'affiliation.payouts.waiting', defaultMessage: 'Votre demande de versement est en cours : la plateforme vous paie sous peu.' },
  invoiceUrl: { id: 'affiliation.payouts.problem.invoiceUrl', defaultMessage: 'Indiquez l’adresse web de votre facture (https://…).' },
  paymentInformation: { id: 'affiliation.payouts.problem.paymentInformation', defaultMessage: 'Indiquez comment vous payer.' },
  colRequested: { id: 'affiliation.payouts.col.requested', defaultMessage: 'Demandé le' },
  colCount: { id: 'affiliation.payouts.col.count', defaultMessage: 'Commissions' },
  colPaid: { id: 'affiliation.payouts.col.paid', defaultMessage: 'Payé le' },
  payoutPENDING: { id: 'affiliation.payouts.status.PENDING', defaultMessage: 'En cours' },
  payoutPAID: { id: 'affiliation.payouts.status.PAID', defaultMessage: 'Payé' },
});
const mv = {
  lead: defineMessage<{ percent: number; days: number }>({
    id: 'affiliation.lead',
    defaultMessage:
      'Recommandez la plateforme à d’autres formateurs : quand un formateur s’inscrit avec votre lien, vous touchez {percent} % hors taxes de chacun de ses paiements d’abonnement. Une commission reste en attente {days} jours, puis devient disponible.',
  }),
  planOf: defineMessage<{ plan: string; frequency: string }>({ id: 'affiliation.planOf', defaultMessage: '{plan} {frequency}' }),
  payoutsLead: defineMessage<{ minimum: string }>({
    id: 'affiliation.payouts.lead',
    defaultMessage: 'Demandez le versement de toutes vos commissions disponibles dès qu’elles atteignent {minimum}, avec votre facture à la plateforme. Une demande à la fois.',
  }),
  belowMinimum: defineMessage<{ amount: string }>({ id: 'affiliation.payouts.problem.belowMinimum', defaultMessage: 'Le versement minimum est de {amount}.' }),
};
const STATUS_PILL = { PENDING: 'pill', AVAILABLE: 'pill pill--success', PAID: 'pill' } as const;

function AffiliationFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="page affiliation-page" data-testid="affiliation-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(mv.lead, { percent: SPONSOR_COMMISSION_PERCENT, days: SPONSOR_COMMISSION_HOLD_DAYS })}</p>
      </header>
      <nav className="affiliates-nav" aria-label={intl.formatMessage(m.navLabel)}>
        <NavLink to="/affiliation" end>
          {intl.formatMessage(m.navOverview)}
        </NavLink>
        <NavLink to="/affiliation/affilies">{intl.formatMessage(m.navGodchildren)}</NavLink>
        <NavLink to="/affiliation/revenus">{intl.formatMessage(m.navRevenues)}</NavLink>
      </nav>
      {children}
    </div>
  );
}

/** The totals of a period as figures (the overview's and the revenues page's). */
function StatsFigures({ query }: { query: { data?: SponsorStats; isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  const intl = useIntl();
  const { locale } = useLocale();
  if (query.isPending) {
    return (
      <div className="loading-state">
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="affiliation-error">
        <span>{intl.formatMessage(m.failed)}</span>
        <Button variant="secondary" size="sm" onPress={() => void query.refetch()}>
          {intl.formatMessage(m.retry)}
        </Button>
      </div>
    );
  }
  const stats = query.data;
  const items: [string, string][] = [
    [intl.formatMessage(m.godchildrenCount), String(stats.godchildren_count)],
    [intl.formatMessage(m.payingCount), String(stats.paying_godchildren_count)],
    [intl.formatMessage(m.total), formatEuros(stats.commissions_total, locale)],
    [intl.formatMessage(m.pending), formatEuros(stats.commissions_pending, locale)],
    [intl.formatMessage(m.paid), formatEuros(stats.commissions_paid, locale)],
  ];
  return (
    <dl className="affiliates-figures" data-testid="affiliation-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /affiliation: the owner's sponsor link (the sign-up page with `parrain`, the store's subdomain) and the totals. */
export function AffiliationPage() {
  const intl = useIntl();
  const subdomain = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.subdomain) ?? '';
  const stats = useQuery(godchildStatsQuery({}));
  const link = `${window.location.origin}/inscription?parrain=${encodeURIComponent(subdomain)}`;
  const copy = () => void navigator.clipboard?.writeText(link).then(() => showToast({ title: intl.formatMessage(m.copied), variant: 'success' }), () => undefined);
  return (
    <AffiliationFrame>
      <Card title={intl.formatMessage(m.linkTitle)} headingLevel={2}>
        <div className="affiliation-link">
          <input className="affiliation-link__input" readOnly value={link} aria-label={intl.formatMessage(m.linkLabel)} data-testid="affiliation-link" onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" onPress={copy}>
            {intl.formatMessage(m.copy)}
          </Button>
        </div>
      </Card>
      <section className="stack" aria-labelledby="affiliation-figures-title">
        <h2 className="affiliation-subtitle" id="affiliation-figures-title">
          {intl.formatMessage(m.figuresTitle)}
        </h2>
        <StatsFigures query={stats} />
      </section>
    </AffiliationFrame>
  );
}

function usePlanLabel() {
  const intl = useIntl();
  return (godchild: Godchild) => {
    const plan = godchild.plan === 'PERCENT' ? intl.formatMessage(m.PERCENT) : godchild.plan;
    return godchild.billing_frequency ? intl.formatMessage(mv.planOf, { plan, frequency: intl.formatMessage(m[godchild.billing_frequency]) }) : plan;
  };
}

/** /affiliation/affilies: the stores signed up with the owner's link, newest first. */
export function AffiliationGodchildrenPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const planLabel = usePlanLabel();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...godchildrenQuery(page, PER_PAGE), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <AffiliationFrame>
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        isFiltered={false}
        testId="godchildren"
        messages={{ failed: m.godchildrenFailed, noMatch: m.godchildrenEmptyTitle, emptyTitle: m.godchildrenEmptyTitle, emptyBody: m.godchildrenEmptyBody }}
      >
        <div className="table-scroll">
          <table className="data-table" aria-label={intl.formatMessage(m.navGodchildren)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colStore)}</th>
                <th scope="col">{intl.formatMessage(m.colPlan)}</th>
                <th scope="col">{intl.formatMessage(m.colSince)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colEarned)}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((godchild) => (
                <tr key={godchild.uuid} data-testid="godchild-row">
                  <td>
                    <span className="affiliation-name">{godchild.display_name}</span>
                    <span className="affiliation-sub">{godchild.subdomain}</span>
                  </td>
                  <td>{planLabel(godchild)}</td>
                  <td>{intl.formatDate(godchild.created_at, { dateStyle: 'medium' })}</td>
                  <td className="data-table__num">{formatEuros(godchild.commissions_total, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      {list.data ? <Pagination page={page} lastPage={list.data.meta.last_page} onChange={setPage} /> : null}
    </AffiliationFrame>
  );
}

/** The period of the address (`du`, `au`; anything malformed is left out). */
function periodOf(params: URLSearchParams): SponsorPeriod {
  const begin = params.get('du') ?? '';
  const end = params.get('au') ?? '';
  return { ...(DAY.test(begin) ? { begin } : {}), ...(DAY.test(end) ? { end } : {}) };
}

/** /affiliation/revenus: the commissions of a period (kept in the address) with its totals, newest first. */
export function AffiliationRevenuesPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const stats = useQuery({ ...godchildStatsQuery(period), placeholderData: keepPreviousData });
  const list = useQuery({ ...godchildCommissionsQuery(page, PER_PAGE, period), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name !== 'page' },
    );
  return (
    <AffiliationFrame>
      <div className="affiliation-filters">
        <DateField granularity="day" label={intl.formatMessage(m.begin)} name="du" value={period.begin ?? ''} max={period.end} onChange={(value) => setParam('du', value)} clearLabel={intl.formatMessage(m.clearDate)} />
        <DateField granularity="day" label={intl.formatMessage(m.end)} name="au" value={period.end ?? ''} min={period.begin} onChange={(value) => setParam('au', value)} clearLabel={intl.formatMessage(m.clearDate)} />
      </div>
      <section className="stack" aria-labelledby="affiliation-period-title">
        <h2 className="affiliation-subtitle" id="affiliation-period-title">
          {intl.formatMessage(m.periodTitle)}
        </h2>
        <StatsFigures query={stats} />
      </section>
      <SponsorPayouts />
      <ListStates
        query={list}
        isEmpty={rows.length === 0}
        isFiltered={Boolean(period.begin || period.end)}
        testId="commissions"
        messages={{ failed: m.revenuesFailed, noMatch: m.revenuesNoMatch, emptyTitle: m.revenuesEmptyTitle, emptyBody: m.revenuesEmptyBody }}
      >
        <div className="table-scroll">
          <table className="data-table" aria-label={intl.formatMessage(m.navRevenues)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colStore)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colBase)}
                </th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colRate)}
                </th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colAmount)}
                </th>
                <th scope="col">{intl.formatMessage(m.colStatus)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((commission) => (
                <tr key={commission.id} data-testid="commission-row">
                  <td>{intl.formatDate(commission.created_at, { dateStyle: 'medium' })}</td>
                  <td>{commission.godchild.display_name}</td>
                  <td className="data-table__num">{formatEuros(commission.base_amount, locale)}</td>
                  <td className="data-table__num">{intl.formatNumber(commission.rate / 100, { style: 'percent', maximumFractionDigits: 2 })}</td>
                  <td className="data-table__num">{formatEuros(commission.amount, locale)}</td>
                  <td>
                    <span className={STATUS_PILL[commission.status]}>{intl.formatMessage(m[commission.status])}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      {list.data ? <Pagination page={page} lastPage={list.data.meta.last_page} onChange={(next) => setParam('page', String(next))} /> : null}
    </AffiliationFrame>
  );
}

/** The revenues page's payouts: what may be asked for now, the request form, the requests made. */
function SponsorPayouts() {
  const intl = useIntl();
  const { locale } = useLocale();
  const payouts = useQuery(sponsorPayoutsQuery(1, PER_PAGE));
  const data = payouts.data;
  const pending = data?.data.find((payout) => payout.status === 'PENDING');
  return (
    <Card title={intl.formatMessage(m.payoutsTitle)} headingLevel={2} description={intl.formatMessage(mv.payoutsLead, { minimum: formatEuros(data?.minimum ?? 0, locale) })}>
      {payouts.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : payouts.isError || !data ? (
        <div role="alert" className="affiliation-error">
          <span>{intl.formatMessage(m.payoutsFailed)}</span>
          <Button variant="secondary" size="sm" onPress={() => void payouts.refetch()}>
            {intl.formatMessage(m.retry)}
          </Button>
        </div>
      ) : (
        <div className="stack affiliation-payouts">
          <dl className="affiliates-figures">
            <div>
              <dt>{intl.formatMessage(m.available)}</dt>
              <dd data-testid="affiliation-available">{formatEuros(data.available, locale)}</dd>
            </div>
          </dl>
          <SponsorPayoutForm key={pending?.id ?? `none-${data.available}`} available={data.available} minimum={data.minimum} pending={Boolean(pending)} />
          {data.data.length ? <SponsorPayoutTable payouts={data.data} /> : null}
        </div>
      )}
    </Card>
  );
}

function SponsorPayoutTable({ payouts }: { payouts: SponsorPayout[] }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={intl.formatMessage(m.payoutsTitle)} data-testid="affiliation-payouts">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colRequested)}</th>
            <th scope="col" className="data-table__num">
              {intl.formatMessage(m.colCount)}
            </th>
            <th scope="col" className="data-table__num">
              {intl.formatMessage(m.colAmount)}
            </th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col">{intl.formatMessage(m.colPaid)}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} data-testid="affiliation-payout-row">
              <td>{intl.formatDate(payout.requested_at, { dateStyle: 'medium' })}</td>
              <td className="data-table__num">{payout.commissions_count}</td>
              <td className="data-table__num">{formatEuros(payout.amount, locale)}</td>
              <td>
                <span className={payout.status === 'PAID' ? 'pill' : 'pill pill--success'}>{intl.formatMessage(payout.status === 'PAID' ? m.payoutPAID : m.payoutPENDING)}</span>
              </td>
              <td>{payout.paid_at ? intl.formatDate(payout.paid_at, { dateStyle: 'medium' }) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The payout request (machines/payoutRequest, the whole balance as its amount): one pending request at a time. */
function SponsorPayoutForm({ available, minimum, pending }: { available: number; minimum: number; pending: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      payoutRequestMachine.provide({
        actors: createPayoutRequestActors({
          requestPayout: async ({ invoice_url, payment_information }, signal) => {
            const payout = await requestSponsorPayout({ invoice_url, payment_information }, signal);
            void refreshSponsorship(queryClient);
            return payout;
          },
        }),
      }),
    [queryClient],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { balance: available, minimum, pending, amount: available.toFixed(2) } });
  const view = selectPayoutRequestView(snapshot);
  if (view.isWaiting) {
    return (
      <Banner variant="info" data-testid="affiliation-payout-waiting">
        {intl.formatMessage(m.waiting)}
      </Banner>
    );
  }
  if (view.isClosed) {
    return (
      <div>
        <Button onPress={() => send({ type: 'OPEN' })} isDisabled={available < minimum || available <= 0} data-testid="affiliation-payout-ask">
          {intl.formatMessage(m.ask)}
        </Button>
      </div>
    );
  }
  const server = view.failure?.fieldErrors ?? {};
  const problemText = (problem: PayoutProblem) => (problem === 'invoiceUrl' || problem === 'paymentInformation' ? intl.formatMessage(m[problem]) : intl.formatMessage(mv.belowMinimum, { amount: formatEuros(minimum, locale) }));
  const errorOf = (problems: PayoutProblem[], serverField: string) => view.problems.filter((p) => problems.includes(p)).map(problemText)[0] ?? server[serverField]?.[0];
  const amountError = errorOf(['amountFormat', 'belowMinimum', 'aboveBalance'], 'amount');
  return (
    // The kit's Form validates by aria only: a browser's "Please enter a URL." would stick after a correction.
    <Form
      className="affiliation-payout-form"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
      data-testid="affiliation-payout-form"
    >
      <TextField
        label={intl.formatMessage(m.invoice)}
        type="url"
        value={view.draft.invoiceUrl}
        onChange={(value) => send({ type: 'CHANGE', field: 'invoiceUrl', value })}
        errorMessage={errorOf(['invoiceUrl'], 'invoice_url')}
        isDisabled={view.isSending}
      />
      <TextAreaField
        label={intl.formatMessage(m.information)}
        value={view.draft.paymentInformation}
        onChange={(value) => send({ type: 'CHANGE', field: 'paymentInformation', value })}
        errorMessage={errorOf(['paymentInformation'], 'payment_information')}
        isDisabled={view.isSending}
      />
      {amountError ? (
        <Banner variant="danger" role="alert">
          {amountError}
        </Banner>
      ) : view.failure && !Object.keys(server).length ? (
        <Banner variant="danger" role="alert">
          {failureText(intl, view.failure)}
        </Banner>
      ) : null}
      <div className="affiliation-payout-form__actions">
        <Button type="submit" isPending={view.isSending} pendingLabel={intl.formatMessage(m.sending)} data-testid="affiliation-payout-send">
          {intl.formatMessage(m.send)}
        </Button>
        <Button variant="secondary" onPress={() => send({ type: 'CANCEL' })} isDisabled={view.isSending}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </Form>
  );
}
