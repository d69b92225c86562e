import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import { affiliateProgramMachine, type ProgramStatus, type ProgramTerms } from '../../../machines/affiliateProgram/affiliateProgram.machine';
import { createAffiliateProgramActors } from '../../../machines/affiliateProgram/affiliateProgram.actors';
import { selectAffiliateProgramView } from '../../../machines/affiliateProgram/affiliateProgram.selectors';
import {
  affiliateQuery,
  affiliateSalesQuery,
  affiliatesQuery,
  affiliatesStatsQuery,
  processAffiliatePayout,
  refreshAffiliates,
  updateAffiliate,
  type Affiliate,
  type AffiliateSale,
  type AffiliateStats,
} from '../../api/affiliatesApi';
import { updateStore } from '../../api/storesApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { useRequest } from '../../app/useRequest';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { NumberTextField } from '../../components/ui/NumberTextField';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import '../sales/sales.css';
import './affiliates.css';

const m = defineMessages({
  title: { id: 'affiliates.title', defaultMessage: 'Affiliés' },
  lead: { id: 'affiliates.lead', defaultMessage: 'Vos apprenants qui recommandent vos formations, leurs ventes et leurs commissions.' },
  navList: { id: 'affiliates.nav.list', defaultMessage: 'Affiliés' },
  navSales: { id: 'affiliates.nav.sales', defaultMessage: 'Ventes' },
  navSettings: { id: 'affiliates.nav.settings', defaultMessage: 'Paramètres' },
  navLabel: { id: 'affiliates.nav.label', defaultMessage: 'Programme d’affiliation' },
  failed: { id: 'affiliates.failed', defaultMessage: 'Les affiliés n’ont pas pu être chargés.' },
  emptyTitle: { id: 'affiliates.emptyTitle', defaultMessage: 'Pas encore d’affilié' },
  emptyBody: {
    id: 'affiliates.emptyBody',
    defaultMessage: 'Ouvrez votre programme dans les paramètres : vos apprenants rejoindront l’affiliation depuis leur espace.',
  },
  colAffiliate: { id: 'affiliates.col.affiliate', defaultMessage: 'Affilié' },
  colStatus: { id: 'affiliates.col.status', defaultMessage: 'Statut' },
  colSales: { id: 'affiliates.col.sales', defaultMessage: 'Ventes' },
  colCommissions: { id: 'affiliates.col.commissions', defaultMessage: 'Commissions' },
  colBalance: { id: 'affiliates.col.balance', defaultMessage: 'Solde' },
  colPayout: { id: 'affiliates.col.payout', defaultMessage: 'Versement demandé' },
  colDate: { id: 'affiliates.col.date', defaultMessage: 'Date' },
  colBuyer: { id: 'affiliates.col.buyer', defaultMessage: 'Acheteur' },
  colProduct: { id: 'affiliates.col.product', defaultMessage: 'Produit' },
  colAmount: { id: 'affiliates.col.amount', defaultMessage: 'Montant' },
  colCommission: { id: 'affiliates.col.commission', defaultMessage: 'Commission' },
  active: { id: 'affiliates.status.ACTIVE', defaultMessage: 'Actif' },
  suspended: { id: 'affiliates.status.SUSPENDED', defaultMessage: 'Suspendu' },
  none: { id: 'affiliates.none', defaultMessage: '—' },
  edit: { id: 'affiliates.edit', defaultMessage: 'Modifier' },
  markPaid: { id: 'affiliates.payout.markPaid', defaultMessage: 'Marquer comme payé' },
  paying: { id: 'affiliates.payout.paying', defaultMessage: 'Enregistrement…' },
  payoutTitle: { id: 'affiliates.payout.title', defaultMessage: 'Demande de versement en attente' },
  invoice: { id: 'affiliates.payout.invoice', defaultMessage: 'Facture' },
  paymentInformation: { id: 'affiliates.payout.information', defaultMessage: 'Informations de paiement' },
  noPayout: { id: 'affiliates.payout.none', defaultMessage: 'Aucune demande de versement en attente.' },
  salesTitle: { id: 'affiliates.sales.title', defaultMessage: 'Ventes des affiliés' },
  salesEmpty: { id: 'affiliates.sales.empty', defaultMessage: 'Aucune vente apportée par un affilié pour le moment.' },
  deletedProduct: { id: 'affiliates.sales.deletedProduct', defaultMessage: 'Offre supprimée' },
  visits: { id: 'affiliates.figures.visits', defaultMessage: 'Visites' },
  salesCount: { id: 'affiliates.figures.sales', defaultMessage: 'Ventes' },
  revenue: { id: 'affiliates.figures.revenue', defaultMessage: 'Chiffre d’affaires' },
  commissionsTotal: { id: 'affiliates.figures.commissions', defaultMessage: 'Commissions' },
  commissionsPaid: { id: 'affiliates.figures.paid', defaultMessage: 'Versé' },
  balance: { id: 'affiliates.figures.balance', defaultMessage: 'À verser' },
  settingsTitle: { id: 'affiliates.settings.title', defaultMessage: 'Paramètres du programme' },
  status: { id: 'affiliates.settings.status', defaultMessage: 'Statut du programme' },
  statusCLOSED: { id: 'affiliates.settings.CLOSED', defaultMessage: 'Fermé' },
  statusCLOSEDHelp: { id: 'affiliates.settings.CLOSED.help', defaultMessage: 'Aucune nouvelle commission ; les commissions gagnées restent versables.' },
  statusPRIVATE: { id: 'affiliates.settings.PRIVATE', defaultMessage: 'Privé' },
  statusPRIVATEHelp: { id: 'affiliates.settings.PRIVATE.help', defaultMessage: 'Sur invitation : vous ajoutez vous-même les affiliés.' },
  statusPUBLIC: { id: 'affiliates.settings.PUBLIC', defaultMessage: 'Public' },
  statusPUBLICHelp: { id: 'affiliates.settings.PUBLIC.help', defaultMessage: 'Tout apprenant peut rejoindre le programme depuis son espace.' },
  rate: { id: 'affiliates.settings.rate', defaultMessage: 'Commission par vente (%)' },
  validity: { id: 'affiliates.settings.validity', defaultMessage: 'Validité du lien de suivi (jours)' },
  delay: { id: 'affiliates.settings.delay', defaultMessage: 'Délai minimum avant versement (jours)' },
  minimum: { id: 'affiliates.settings.minimum', defaultMessage: 'Versement minimum (€)' },
  attribution: { id: 'affiliates.settings.attribution', defaultMessage: 'Attribution de la vente' },
  first: { id: 'affiliates.settings.FIRST', defaultMessage: 'Premier lien cliqué' },
  last: { id: 'affiliates.settings.LAST', defaultMessage: 'Dernier lien cliqué' },
  save: { id: 'affiliates.settings.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'affiliates.settings.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'affiliates.settings.saved', defaultMessage: 'Paramètres enregistrés.' },
  closeTitle: { id: 'affiliates.settings.closeTitle', defaultMessage: 'Fermer le programme d’affiliation ?' },
  closeBody: {
    id: 'affiliates.settings.closeBody',
    defaultMessage: 'Les ventes ne rapporteront plus de commission. Les commissions déjà gagnées restent dues et peuvent être versées.',
  },
  closeConfirm: { id: 'affiliates.settings.closeConfirm', defaultMessage: 'Fermer le programme' },
  cancel: { id: 'affiliates.cancel', defaultMessage: 'Annuler' },
  notFound: { id: 'affiliates.notFound', defaultMessage: 'Cet affilié est introuvable.' },
  editTitle: { id: 'affiliates.edit.title', defaultMessage: 'Modifier l’affilié' },
  ownRate: { id: 'affiliates.edit.rate', defaultMessage: 'Commission propre (%)' },
  ownRateHelp: { id: 'affiliates.edit.rateHelp', defaultMessage: 'Laissez vide pour appliquer la commission du programme.' },
  suspend: { id: 'affiliates.edit.suspend', defaultMessage: 'Suspendre' },
  reactivate: { id: 'affiliates.edit.reactivate', defaultMessage: 'Réactiver' },
  link: { id: 'affiliates.link', defaultMessage: 'Lien de suivi' },
});
const mv = {
  count: defineMessage<{ count: number }>({ id: 'affiliates.count', defaultMessage: '{count, plural, =0 {Aucun affilié} one {# affilié} other {# affiliés}}' }),
  rateOf: defineMessage<{ rate: string }>({ id: 'affiliates.rateOf', defaultMessage: 'Commission : {rate} %' }),
  markPaidOf: defineMessage<{ name: string }>({ id: 'affiliates.payout.markPaidOf', defaultMessage: 'Marquer comme payé le versement de {name}' }),
};

const useStoreUuid = () => AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid) ?? '';

function AffiliatesFrame({ title, children, lead }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="page affiliates-page" data-testid="affiliates-page">
      <header>
        <h1 className="page-title">{title}</h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </header>
      <nav className="affiliates-nav" aria-label={intl.formatMessage(m.navLabel)}>
        <NavLink to="/affilies" end>
          {intl.formatMessage(m.navList)}
        </NavLink>
        <NavLink to="/affilies/ventes">{intl.formatMessage(m.navSales)}</NavLink>
        <NavLink to="/affilies/parametres">{intl.formatMessage(m.navSettings)}</NavLink>
      </nav>
      {children}
    </div>
  );
}

function Loading() {
  const intl = useIntl();
  return (
    <div className="loading-state">
      <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
    </div>
  );
}

function Failed({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const intl = useIntl();
  return (
    <Banner
      variant="danger"
      title={text ?? intl.formatMessage(m.failed)}
      action={
        <Button variant="secondary" onPress={onRetry}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      }
    />
  );
}

function Figures({ stats }: { stats: AffiliateStats }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const euros = (n: number) => formatEuros(n, locale);
  const items: [string, string][] = [
    [intl.formatMessage(m.visits), String(stats.visits_count)],
    [intl.formatMessage(m.salesCount), String(stats.sales_count)],
    [intl.formatMessage(m.revenue), euros(stats.revenue)],
    [intl.formatMessage(m.commissionsTotal), euros(stats.commissions_total)],
    [intl.formatMessage(m.commissionsPaid), euros(stats.commissions_paid)],
    [intl.formatMessage(m.balance), euros(stats.balance)],
  ];
  return (
    <dl className="affiliates-figures" data-testid="affiliates-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Marks the affiliate's pending request PAID (PUT …/affiliate/payout), then refreshes every affiliate query. */
function MarkPaidButton({ affiliate }: { affiliate: Affiliate }) {
  const intl = useIntl();
  const storeUuid = useStoreUuid();
  const queryClient = useQueryClient();
  const request = useRequest(async (_: void, signal) => {
    await processAffiliatePayout(storeUuid, affiliate.uuid, { status: 'PAID' }, signal);
    await refreshAffiliates(queryClient);
  });
  return (
    <>
      <Button
        size="sm"
        onPress={() => request.submit(undefined)}
        isPending={request.isSubmitting}
        pendingLabel={intl.formatMessage(m.paying)}
        aria-label={intl.formatMessage(mv.markPaidOf, { name: affiliate.customer.display_name })}
        data-testid="affiliate-mark-paid"
      >
        {intl.formatMessage(m.markPaid)}
      </Button>
      {request.error ? <span role="alert">{failureText(intl, request.error)}</span> : null}
    </>
  );
}

/** /affilies: the program's figures and its affiliates, each with their pending payout request. */
export function AffiliatesPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const storeUuid = useStoreUuid();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...affiliatesQuery(storeUuid, { page }), enabled: Boolean(storeUuid), placeholderData: keepPreviousData });
  const stats = useQuery({ ...affiliatesStatsQuery(storeUuid), enabled: Boolean(storeUuid) });
  const rows = list.data?.data ?? [];
  return (
    <AffiliatesFrame title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)}>
      {stats.data ? <Figures stats={stats.data} /> : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="affiliates-empty">
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p className="page-lead">{intl.formatMessage(m.emptyBody)}</p>
        </div>
      ) : (
        <>
          <p className="muted">{intl.formatMessage(mv.count, { count: list.data.meta.total })}</p>
          <div className="table-scroll">
            <table className="data-table sales-table" aria-label={intl.formatMessage(m.title)}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.colAffiliate)}</th>
                  <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                  <th scope="col" className="data-table__num">
                    {intl.formatMessage(m.colSales)}
                  </th>
                  <th scope="col" className="data-table__num">
                    {intl.formatMessage(m.colCommissions)}
                  </th>
                  <th scope="col" className="data-table__num">
                    {intl.formatMessage(m.colBalance)}
                  </th>
                  <th scope="col">{intl.formatMessage(m.colPayout)}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((affiliate) => (
                  <tr key={affiliate.uuid} data-testid="affiliate-row">
                    <td>
                      <NavLink to={`/affilies/${affiliate.uuid}/profil`}>{affiliate.customer.display_name}</NavLink>
                      <div className="muted affiliates-code">{affiliate.code}</div>
                    </td>
                    <td>
                      <span className={`pill ${affiliate.status === 'ACTIVE' ? 'pill--info' : 'pill--warning'}`}>{intl.formatMessage(affiliate.status === 'ACTIVE' ? m.active : m.suspended)}</span>
                    </td>
                    <td className="data-table__num">{affiliate.stats.sales_count}</td>
                    <td className="data-table__num">{formatEuros(affiliate.stats.commissions_total, locale)}</td>
                    <td className="data-table__num">{formatEuros(affiliate.stats.balance, locale)}</td>
                    <td>
                      {affiliate.pending_payout ? (
                        <div className="affiliates-actions">
                          <span>{formatEuros(affiliate.pending_payout.amount, locale)}</span>
                          <MarkPaidButton affiliate={affiliate} />
                        </div>
                      ) : (
                        <span className="muted">{intl.formatMessage(m.none)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} lastPage={list.data.meta.last_page} onChange={setPage} />
        </>
      )}
    </AffiliatesFrame>
  );
}

function SalesTable({ sales, showAffiliate }: { sales: AffiliateSale[]; showAffiliate: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <div className="table-scroll">
      <table className="data-table sales-table" aria-label={intl.formatMessage(m.salesTitle)} data-testid="affiliate-sales">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colDate)}</th>
            {showAffiliate ? <th scope="col">{intl.formatMessage(m.colAffiliate)}</th> : null}
            <th scope="col">{intl.formatMessage(m.colBuyer)}</th>
            <th scope="col">{intl.formatMessage(m.colProduct)}</th>
            <th scope="col" className="data-table__num">
              {intl.formatMessage(m.colAmount)}
            </th>
            <th scope="col" className="data-table__num">
              {intl.formatMessage(m.colCommission)}
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((line) => (
            <tr key={line.id}>
              <td>{intl.formatDate(line.created_at, { dateStyle: 'medium' })}</td>
              {showAffiliate ? <td>{line.affiliate.display_name}</td> : null}
              <td>{line.sale.customer.display_name}</td>
              <td>{line.sale.buyable?.name ?? <span className="muted">{intl.formatMessage(m.deletedProduct)}</span>}</td>
              <td className="data-table__num">{formatEuros(line.sale.amount, locale)}</td>
              <td className="data-table__num">{formatEuros(line.commission, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SalesBlock({ customerUuid }: { customerUuid?: string }) {
  const intl = useIntl();
  const storeUuid = useStoreUuid();
  const [page, setPage] = useState(1);
  const sales = useQuery({ ...affiliateSalesQuery(storeUuid, page, customerUuid), enabled: Boolean(storeUuid), placeholderData: keepPreviousData });
  if (sales.isPending) return <Loading />;
  if (sales.isError) return <Failed onRetry={() => void sales.refetch()} />;
  if (!sales.data.data.length) return <p className="muted">{intl.formatMessage(m.salesEmpty)}</p>;
  return (
    <>
      <SalesTable sales={sales.data.data} showAffiliate={!customerUuid} />
      <Pagination page={page} lastPage={sales.data.meta.last_page} onChange={setPage} />
    </>
  );
}

/** /affilies/ventes: every sale an affiliate brought, with its commission. */
export function AffiliateSalesPage() {
  const intl = useIntl();
  return (
    <AffiliatesFrame title={intl.formatMessage(m.salesTitle)}>
      <SalesBlock />
    </AffiliatesFrame>
  );
}

type StoreWithTerms = { affiliation_options: Partial<ProgramTerms> & { status: ProgramStatus } };
const DEFAULT_TERMS: Omit<ProgramTerms, 'status'> = { commission_rate: 20, link_validity_days: 30, min_payout_delay_days: 30, min_payout_amount: 50, attribution: 'LAST' };
const termsOf = (store: StoreWithTerms): ProgramTerms => ({ ...DEFAULT_TERMS, ...store.affiliation_options });
const parseNumber = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
};

/** /affilies/parametres: the program's status and terms (machines/affiliateProgram). */
export function AffiliateSettingsPage() {
  const intl = useIntl();
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const auth = AuthActor.useActorRef();
  if (!user) return <Loading />;
  return (
    <AffiliatesFrame title={intl.formatMessage(m.settingsTitle)}>
      <ProgramForm
        initial={termsOf(user.store)}
        save={async (terms, signal) => {
          const store = await updateStore(user.store.uuid, { affiliation_options: terms }, signal);
          auth.send({ type: 'USER_UPDATED', user: { ...user, store } });
          return termsOf(store);
        }}
      />
    </AffiliatesFrame>
  );
}

function ProgramForm({ initial, save }: { initial: ProgramTerms; save: (terms: ProgramTerms, signal: AbortSignal) => Promise<ProgramTerms> }) {
  const intl = useIntl();
  const machine = useMemo(() => affiliateProgramMachine.provide({ actors: createAffiliateProgramActors({ saveTerms: save }) }), [save]);
  const [snapshot, send] = useInspectedMachine(machine, { input: { terms: initial } });
  const view = selectAffiliateProgramView(snapshot);
  const { draft } = view;
  const errors = view.failure?.fieldErrors ?? {};
  const field = (name: string) => errors[`affiliation_options.${name}`] ?? errors[name];
  const number = (name: Exclude<keyof ProgramTerms, 'status' | 'attribution'>, label: string) => (
    <NumberTextField
      label={label}
      value={draft[name]}
      parse={parseNumber}
      onChange={(value) => value !== null && send({ type: 'SET_TERM', field: name, value })}
      errorMessage={field(name)}
      isDisabled={view.isSaving}
      data-testid={`affiliates-${name}`}
    />
  );
  return (
    <form
      className="affiliates-form"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <ChoiceGroup<ProgramStatus>
        label={intl.formatMessage(m.status)}
        value={draft.status}
        onChange={(status) => send({ type: 'SET_STATUS', status })}
        isDisabled={view.isSaving}
        testId="affiliates-status"
        choices={(['CLOSED', 'PRIVATE', 'PUBLIC'] as const).map((status) => ({
          value: status,
          label: intl.formatMessage(m[`status${status}`]),
          description: intl.formatMessage(m[`status${status}Help`]),
        }))}
      />
      {number('commission_rate', intl.formatMessage(m.rate))}
      {number('link_validity_days', intl.formatMessage(m.validity))}
      {number('min_payout_delay_days', intl.formatMessage(m.delay))}
      {number('min_payout_amount', intl.formatMessage(m.minimum))}
      <ChoiceGroup<'FIRST' | 'LAST'>
        label={intl.formatMessage(m.attribution)}
        value={draft.attribution}
        onChange={(value) => send({ type: 'SET_TERM', field: 'attribution', value })}
        isDisabled={view.isSaving}
        orientation="horizontal"
        choices={[
          { value: 'FIRST', label: intl.formatMessage(m.first) },
          { value: 'LAST', label: intl.formatMessage(m.last) },
        ]}
      />
      {view.failure ? (
        <Banner variant="danger" role="alert">
          {failureText(intl, view.failure)}
        </Banner>
      ) : null}
      {view.justSaved ? (
        <Banner variant="success" data-testid="affiliates-saved">
          {intl.formatMessage(m.saved)}
        </Banner>
      ) : null}
      <div className="affiliates-actions">
        <Button type="submit" isPending={view.isSaving} pendingLabel={intl.formatMessage(m.saving)} data-testid="affiliates-save">
          {intl.formatMessage(m.save)}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={view.isConfirmingClose}
        onOpenChange={(open) => !open && send({ type: 'CANCEL' })}
        title={intl.formatMessage(m.closeTitle)}
        confirmLabel={intl.formatMessage(m.closeConfirm)}
        cancelLabel={intl.formatMessage(m.cancel)}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
        variant="danger"
      >
        {intl.formatMessage(m.closeBody)}
      </ConfirmDialog>
    </form>
  );
}

function useAffiliate() {
  const { uuid = '' } = useParams();
  const storeUuid = useStoreUuid();
  return useQuery({ ...affiliateQuery(storeUuid, uuid), enabled: Boolean(storeUuid && uuid) });
}

/** /affilies/:uuid/profil: one affiliate's figures, link, pending payout and sales. */
export function AffiliateProfilePage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const affiliate = useAffiliate();
  if (affiliate.isPending) return <Loading />;
  if (affiliate.isError) return <Failed onRetry={() => void affiliate.refetch()} text={intl.formatMessage(m.notFound)} />;
  const a = affiliate.data;
  const payout = a.pending_payout;
  return (
    <AffiliatesFrame title={a.customer.display_name} lead={a.customer.email}>
      <div className="affiliates-actions">
        <span className={`pill ${a.status === 'ACTIVE' ? 'pill--info' : 'pill--warning'}`}>{intl.formatMessage(a.status === 'ACTIVE' ? m.active : m.suspended)}</span>
        {a.commission_rate !== null ? <span>{intl.formatMessage(mv.rateOf, { rate: String(a.commission_rate) })}</span> : null}
        <NavLink to={`/affilies/${a.uuid}/modifier`}>{intl.formatMessage(m.edit)}</NavLink>
      </div>
      <p>
        {intl.formatMessage(m.link)} : <span className="affiliates-code">{a.link}</span>
      </p>
      <Figures stats={a.stats} />
      <section aria-labelledby="affiliate-payout-title">
        <h2 id="affiliate-payout-title">{intl.formatMessage(m.payoutTitle)}</h2>
        {payout ? (
          <div className="affiliates-form" data-testid="affiliate-pending-payout">
            <p>
              <strong>{formatEuros(payout.amount, locale)}</strong> — {intl.formatDate(payout.requested_at, { dateStyle: 'medium' })}
            </p>
            {payout.invoice_url ? (
              <p>
                {intl.formatMessage(m.invoice)} :{' '}
                <a href={payout.invoice_url} target="_blank" rel="noreferrer noopener">
                  {payout.invoice_url}
                </a>
              </p>
            ) : null}
            {payout.payment_information ? (
              <p>
                {intl.formatMessage(m.paymentInformation)} : {payout.payment_information}
              </p>
            ) : null}
            <div className="affiliates-actions">
              <MarkPaidButton affiliate={a} />
            </div>
          </div>
        ) : (
          <p className="muted">{intl.formatMessage(m.noPayout)}</p>
        )}
      </section>
      <section aria-labelledby="affiliate-sales-title">
        <h2 id="affiliate-sales-title">{intl.formatMessage(m.salesTitle)}</h2>
        <SalesBlock customerUuid={a.uuid} />
      </section>
    </AffiliatesFrame>
  );
}

/** /affilies/:uuid/modifier: suspend or reactivate, own commission rate. */
export function AffiliateEditPage() {
  const intl = useIntl();
  const affiliate = useAffiliate();
  if (affiliate.isPending) return <Loading />;
  if (affiliate.isError) return <Failed onRetry={() => void affiliate.refetch()} text={intl.formatMessage(m.notFound)} />;
  return (
    <AffiliatesFrame title={intl.formatMessage(m.editTitle)} lead={affiliate.data.customer.display_name}>
      <AffiliateEditForm affiliate={affiliate.data} />
    </AffiliatesFrame>
  );
}

function AffiliateEditForm({ affiliate }: { affiliate: Affiliate }) {
  const intl = useIntl();
  const storeUuid = useStoreUuid();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [rate, setRate] = useState<number | null>(affiliate.commission_rate);
  const request = useRequest(async (body: { status?: 'ACTIVE' | 'SUSPENDED'; commission_rate?: number | null }, signal) => {
    await updateAffiliate(storeUuid, affiliate.uuid, body, signal);
    await refreshAffiliates(queryClient);
    void navigate(`/affilies/${affiliate.uuid}/profil`);
  });
  const errors = request.error?.fieldErrors ?? {};
  return (
    <form
      className="affiliates-form"
      onSubmit={(event) => {
        event.preventDefault();
        request.submit({ commission_rate: rate });
      }}
    >
      <NumberTextField label={intl.formatMessage(m.ownRate)} description={intl.formatMessage(m.ownRateHelp)} value={rate} parse={parseNumber} onChange={setRate} errorMessage={errors.commission_rate} />
      {request.error && !errors.commission_rate ? (
        <Banner variant="danger" role="alert">
          {failureText(intl, request.error)}
        </Banner>
      ) : null}
      <div className="affiliates-actions">
        <Button type="submit" isPending={request.isSubmitting} pendingLabel={intl.formatMessage(m.saving)}>
          {intl.formatMessage(m.save)}
        </Button>
        <Button variant="secondary" isDisabled={request.isSubmitting} onPress={() => request.submit({ status: affiliate.status === 'ACTIVE' ? 'SUSPENDED' : 'ACTIVE' })}>
          {intl.formatMessage(affiliate.status === 'ACTIVE' ? m.suspend : m.reactivate)}
        </Button>
      </div>
    </form>
  );
}
