import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { payoutRequestMachine, type PayoutDraft, type PayoutProblem } from '../../../machines/payoutRequest/payoutRequest.machine';
import { createPayoutRequestActors } from '../../../machines/payoutRequest/payoutRequest.actors';
import { selectPayoutRequestView } from '../../../machines/payoutRequest/payoutRequest.selectors';
import {
  joinAffiliateProgram,
  myAffiliateProgramQuery,
  myAffiliateSalesQuery,
  myPayoutsQuery,
  refreshMyAffiliation,
  requestPayout,
  type Affiliate,
  type LearnerAffiliateProgram,
} from '../../api/schoolApi';
import { useSchool } from '../../app/school';
import { failureText } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';

const m = defineMessages({
  title: { id: 'school.affiliate.title', defaultMessage: 'Programme d’affiliation' },
  failed: { id: 'school.affiliate.failed', defaultMessage: 'Le programme d’affiliation n’a pas pu être chargé.' },
  closed: { id: 'school.affiliate.closed', defaultMessage: 'Cette école n’a pas de programme d’affiliation ouvert pour le moment.' },
  private: { id: 'school.affiliate.private', defaultMessage: 'Le programme d’affiliation de cette école est sur invitation : l’école ajoute elle-même ses affiliés.' },
  pitch: { id: 'school.affiliate.pitch', defaultMessage: 'Recommandez les formations de cette école et touchez une commission sur chaque vente apportée par votre lien.' },
  join: { id: 'school.affiliate.join', defaultMessage: 'Rejoindre le programme' },
  joining: { id: 'school.affiliate.joining', defaultMessage: 'Inscription…' },
  link: { id: 'school.affiliate.link', defaultMessage: 'Votre lien d’affiliation' },
  linkHelp: { id: 'school.affiliate.linkHelp', defaultMessage: 'Partagez ce lien : les ventes qu’il apporte vous sont attribuées.' },
  suspended: { id: 'school.affiliate.suspended', defaultMessage: 'Votre compte d’affilié est suspendu : vos nouvelles ventes ne rapportent pas de commission.' },
  salesTitle: { id: 'school.affiliate.sales', defaultMessage: 'Vos ventes' },
  noSales: { id: 'school.affiliate.noSales', defaultMessage: 'Aucune vente pour le moment.' },
  colDate: { id: 'school.affiliate.col.date', defaultMessage: 'Date' },
  colProduct: { id: 'school.affiliate.col.product', defaultMessage: 'Produit' },
  colCommission: { id: 'school.affiliate.col.commission', defaultMessage: 'Commission' },
  deleted: { id: 'school.affiliate.deleted', defaultMessage: 'Offre supprimée' },
  sales: { id: 'school.affiliate.figures.sales', defaultMessage: 'Ventes' },
  earned: { id: 'school.affiliate.figures.earned', defaultMessage: 'Commissions gagnées' },
  paid: { id: 'school.affiliate.figures.paid', defaultMessage: 'Déjà versé' },
  balance: { id: 'school.affiliate.figures.balance', defaultMessage: 'Disponible' },
  payoutsTitle: { id: 'school.affiliate.payouts', defaultMessage: 'Versements' },
  ask: { id: 'school.affiliate.ask', defaultMessage: 'Demander un versement' },
  amount: { id: 'school.affiliate.amount', defaultMessage: 'Montant (€)' },
  invoice: { id: 'school.affiliate.invoice', defaultMessage: 'Lien vers votre facture' },
  information: { id: 'school.affiliate.information', defaultMessage: 'Informations de paiement (IBAN, PayPal…)' },
  send: { id: 'school.affiliate.send', defaultMessage: 'Envoyer la demande' },
  sending: { id: 'school.affiliate.sending', defaultMessage: 'Envoi…' },
  cancel: { id: 'school.affiliate.cancel', defaultMessage: 'Annuler' },
  waiting: { id: 'school.affiliate.waiting', defaultMessage: 'Votre demande de versement est en cours de traitement par l’école.' },
  amountFormat: { id: 'school.affiliate.problem.amountFormat', defaultMessage: 'Indiquez un montant en euros, par exemple 25,50.' },
  invoiceUrl: { id: 'school.affiliate.problem.invoiceUrl', defaultMessage: 'Indiquez l’adresse web de votre facture (https://…).' },
  paymentInformation: { id: 'school.affiliate.problem.paymentInformation', defaultMessage: 'Indiquez comment vous payer.' },
  PENDING: { id: 'school.affiliate.payout.PENDING', defaultMessage: 'En attente' },
  PAID: { id: 'school.affiliate.payout.PAID', defaultMessage: 'Versé' },
  REFUSED: { id: 'school.affiliate.payout.REFUSED', defaultMessage: 'Refusé' },
});
const mv = {
  belowMinimum: defineMessage<{ amount: string }>({ id: 'school.affiliate.problem.belowMinimum', defaultMessage: 'Le versement minimum est de {amount}.' }),
  aboveBalance: defineMessage<{ amount: string }>({ id: 'school.affiliate.problem.aboveBalance', defaultMessage: 'Votre solde disponible est de {amount}.' }),
  terms: defineMessage<{ rate: string; days: number; delay: number; minimum: string }>({
    id: 'school.affiliate.terms',
    defaultMessage: 'Commission de {rate} % par vente ; lien valable {days} jours ; commissions versables après {delay} jours, à partir de {minimum}.',
  }),
};

/** `/ecole/:subdomain/affiliation`: join the program, the REF- link, sales with commissions, payout requests. */
export function LearnerAffiliatePage() {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const program = useQuery(myAffiliateProgramQuery(subdomain));
  return (
    <section className="auth-card school-affiliate" aria-labelledby="school-affiliate-title" data-testid="school-affiliate">
      <h1 id="school-affiliate-title">{intl.formatMessage(m.title)}</h1>
      {program.isPending ? (
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : program.isError ? (
        <Banner variant="danger" title={intl.formatMessage(m.failed)} action={<Button variant="secondary" onPress={() => void program.refetch()}>{intl.formatMessage(commonMessages.retry)}</Button>} />
      ) : (
        <ProgramView program={program.data} />
      )}
    </section>
  );
}

function ProgramView({ program }: { program: LearnerAffiliateProgram }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { subdomain } = useSchool();
  const queryClient = useQueryClient();
  const join = useRequest(async (_: void, signal) => {
    await joinAffiliateProgram(subdomain, signal);
    await refreshMyAffiliation(queryClient, subdomain);
  });
  const { terms, affiliate } = program;
  const termsText = intl.formatMessage(mv.terms, {
    rate: String(terms.commission_rate),
    days: terms.link_validity_days,
    delay: terms.min_payout_delay_days,
    minimum: formatEuros(terms.min_payout_amount, locale),
  });
  if (!affiliate) {
    if (!program.can_join) return <p data-testid="school-affiliate-unavailable">{intl.formatMessage(terms.status === 'PRIVATE' ? m.private : m.closed)}</p>;
    return (
      <>
        <p>{intl.formatMessage(m.pitch)}</p>
        <p className="muted">{termsText}</p>
        {join.error ? (
          <Banner variant="danger" role="alert">
            {failureText(intl, join.error)}
          </Banner>
        ) : null}
        <Button onPress={() => join.submit(undefined)} isPending={join.isSubmitting} pendingLabel={intl.formatMessage(m.joining)} data-testid="school-affiliate-join">
          {intl.formatMessage(m.join)}
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="muted">{termsText}</p>
      {affiliate.status === 'SUSPENDED' ? <Banner variant="warning">{intl.formatMessage(m.suspended)}</Banner> : null}
      <TextField label={intl.formatMessage(m.link)} description={intl.formatMessage(m.linkHelp)} value={affiliate.link} isReadOnly data-testid="school-affiliate-link" />
      <dl className="school-affiliate__figures">
        <div>
          <dt>{intl.formatMessage(m.sales)}</dt>
          <dd>{affiliate.stats.sales_count}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.earned)}</dt>
          <dd>{formatEuros(affiliate.stats.commissions_total, locale)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.paid)}</dt>
          <dd>{formatEuros(affiliate.stats.commissions_paid, locale)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.balance)}</dt>
          <dd data-testid="school-affiliate-balance">{formatEuros(affiliate.stats.balance, locale)}</dd>
        </div>
      </dl>
      <SalesList />
      <div className="school-account__section">
        <h2>{intl.formatMessage(m.payoutsTitle)}</h2>
        <PayoutForm key={affiliate.pending_payout?.id ?? 'none'} affiliate={affiliate} minimum={terms.min_payout_amount} />
        <PayoutHistory />
      </div>
    </>
  );
}

function SalesList() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { subdomain } = useSchool();
  const sales = useQuery(myAffiliateSalesQuery(subdomain, 1));
  return (
    <div className="school-account__section">
      <h2>{intl.formatMessage(m.salesTitle)}</h2>
      {sales.isPending ? (
        <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
      ) : sales.isError ? (
        <Banner variant="danger">{intl.formatMessage(m.failed)}</Banner>
      ) : sales.data.data.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noSales)}</p>
      ) : (
        <table className="school-affiliate__table" data-testid="school-affiliate-sales">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.colDate)}</th>
              <th scope="col">{intl.formatMessage(m.colProduct)}</th>
              <th scope="col">{intl.formatMessage(m.colCommission)}</th>
            </tr>
          </thead>
          <tbody>
            {sales.data.data.map((line) => (
              <tr key={line.id}>
                <td>{intl.formatDate(line.created_at, { dateStyle: 'medium' })}</td>
                <td>{line.sale.buyable?.name ?? intl.formatMessage(m.deleted)}</td>
                <td>{formatEuros(line.commission, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function PayoutHistory() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { subdomain } = useSchool();
  const payouts = useQuery(myPayoutsQuery(subdomain));
  if (!payouts.data?.data.length) return null;
  return (
    <ul className="school-affiliate__payouts" data-testid="school-affiliate-payouts">
      {payouts.data.data.map((payout) => (
        <li key={payout.id}>
          {intl.formatDate(payout.requested_at, { dateStyle: 'medium' })} — {formatEuros(payout.amount, locale)} — {intl.formatMessage(m[payout.status])}
          {payout.comment ? ` (${payout.comment})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The payout request form (machines/payoutRequest): one pending request at a time. */
function PayoutForm({ affiliate, minimum }: { affiliate: Affiliate; minimum: number }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { subdomain } = useSchool();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      payoutRequestMachine.provide({
        actors: createPayoutRequestActors({
          requestPayout: async (body, signal) => {
            const payout = await requestPayout(subdomain, body, signal);
            void refreshMyAffiliation(queryClient, subdomain);
            return payout;
          },
        }),
      }),
    [subdomain, queryClient],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { balance: affiliate.stats.balance, minimum, pending: affiliate.pending_payout !== null } });
  const view = selectPayoutRequestView(snapshot);
  if (view.isWaiting) return <Banner variant="info" data-testid="school-affiliate-waiting">{intl.formatMessage(m.waiting)}</Banner>;
  if (view.isClosed) {
    return (
      <Button variant="secondary" onPress={() => send({ type: 'OPEN' })} isDisabled={affiliate.stats.balance < minimum || affiliate.stats.balance <= 0} data-testid="school-affiliate-ask">
        {intl.formatMessage(m.ask)}
      </Button>
    );
  }
  const problemText = (problem: PayoutProblem) =>
    problem === 'belowMinimum'
      ? intl.formatMessage(mv.belowMinimum, { amount: formatEuros(minimum, locale) })
      : problem === 'aboveBalance'
        ? intl.formatMessage(mv.aboveBalance, { amount: formatEuros(affiliate.stats.balance, locale) })
        : intl.formatMessage(m[problem]);
  const server = view.failure?.fieldErrors ?? {};
  const errorOf = (field: keyof PayoutDraft, problems: PayoutProblem[], serverField: string) =>
    view.problems.filter((p) => problems.includes(p)).map(problemText)[0] ?? server[serverField]?.[0];
  const change = (field: keyof PayoutDraft) => (value: string) => send({ type: 'CHANGE', field, value });
  return (
    <form
      className="auth-card__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
      data-testid="school-affiliate-payout-form"
    >
      <TextField label={intl.formatMessage(m.amount)} inputMode="decimal" value={view.draft.amount} onChange={change('amount')} errorMessage={errorOf('amount', ['amountFormat', 'belowMinimum', 'aboveBalance'], 'amount')} isDisabled={view.isSending} />
      <TextField label={intl.formatMessage(m.invoice)} type="url" value={view.draft.invoiceUrl} onChange={change('invoiceUrl')} errorMessage={errorOf('invoiceUrl', ['invoiceUrl'], 'invoice_url')} isDisabled={view.isSending} />
      <TextAreaField
        label={intl.formatMessage(m.information)}
        value={view.draft.paymentInformation}
        onChange={change('paymentInformation')}
        errorMessage={errorOf('paymentInformation', ['paymentInformation'], 'payment_information')}
        isDisabled={view.isSending}
      />
      {view.failure && !Object.keys(server).length ? (
        <Banner variant="danger" role="alert">
          {failureText(intl, view.failure)}
        </Banner>
      ) : null}
      <div className="school-affiliate__actions">
        <Button type="submit" isPending={view.isSending} pendingLabel={intl.formatMessage(m.sending)} data-testid="school-affiliate-send">
          {intl.formatMessage(m.send)}
        </Button>
        <Button variant="secondary" onPress={() => send({ type: 'CANCEL' })} isDisabled={view.isSending}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </form>
  );
}
