import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { exportSales, saleTransactionsQuery, salesQuery, type BuyableType, type Sale, type SalesFilters, type SaleStatus } from '../../api/salesApi';
import { AuthActor } from '../../app/auth';
import { failureText } from '../../app/failureText';
import { saveFile } from '../../app/saveFile';
import { useRequest } from '../../app/useRequest';
import { SearchBox, useSearchBox } from '../../components/catalogue/SearchBox';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { DateField } from '../../components/ui/DateField';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { SALE_STATUSES, saleStatusLabels, saleStatusTone } from './salesMessages';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import './sales.css';

const PER_PAGE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const m = defineMessages({
  title: { id: 'sales.title', defaultMessage: 'Ventes' },
  lead: { id: 'sales.lead', defaultMessage: 'Chaque commande de vos formations et packs, avec ses paiements.' },
  export: { id: 'sales.export', defaultMessage: 'Exporter en CSV' },
  exporting: { id: 'sales.exporting', defaultMessage: 'Export…' },
  search: { id: 'sales.search', defaultMessage: 'Rechercher une vente' },
  searchPlaceholder: { id: 'sales.searchPlaceholder', defaultMessage: 'Nom, e-mail, produit ou code' },
  clear: { id: 'sales.clear', defaultMessage: 'Effacer la recherche' },
  status: { id: 'sales.filter.status', defaultMessage: 'Statut' },
  allStatuses: { id: 'sales.filter.allStatuses', defaultMessage: 'Tous les statuts' },
  product: { id: 'sales.filter.product', defaultMessage: 'Produit' },
  allProducts: { id: 'sales.filter.allProducts', defaultMessage: 'Formations et packs' },
  trainings: { id: 'sales.filter.trainings', defaultMessage: 'Formations' },
  bundles: { id: 'sales.filter.bundles', defaultMessage: 'Packs' },
  begin: { id: 'sales.filter.begin', defaultMessage: 'Du' },
  end: { id: 'sales.filter.end', defaultMessage: 'Au' },
  clearDate: { id: 'sales.filter.clearDate', defaultMessage: 'Effacer la date' },
  emptyTitle: { id: 'sales.emptyTitle', defaultMessage: 'Pas encore de vente' },
  emptyBody: { id: 'sales.emptyBody', defaultMessage: 'Les commandes de vos apprenants apparaîtront ici, avec chacun de leurs paiements.' },
  noMatch: { id: 'sales.noMatch', defaultMessage: 'Aucune vente ne correspond à ces filtres.' },
  failed: { id: 'sales.failed', defaultMessage: 'Les ventes n’ont pas pu être chargées.' },
  colDate: { id: 'sales.col.date', defaultMessage: 'Date' },
  colBuyer: { id: 'sales.col.buyer', defaultMessage: 'Acheteur' },
  colProduct: { id: 'sales.col.product', defaultMessage: 'Produit' },
  colAmount: { id: 'sales.col.amount', defaultMessage: 'Montant' },
  colStatus: { id: 'sales.col.status', defaultMessage: 'Statut' },
  colPayments: { id: 'sales.col.payments', defaultMessage: 'Paiements' },
  deletedProduct: { id: 'sales.deletedProduct', defaultMessage: 'Offre supprimée' },
  bundle: { id: 'sales.bundle', defaultMessage: 'Pack' },
  instalments: { id: 'sales.instalments', defaultMessage: 'En plusieurs fois' },
  subscription: { id: 'sales.subscription', defaultMessage: 'Abonnement' },
  show: { id: 'sales.payments.show', defaultMessage: 'Voir' },
  hide: { id: 'sales.payments.hide', defaultMessage: 'Masquer' },
  paymentsFailed: { id: 'sales.payments.failed', defaultMessage: 'Les paiements n’ont pas pu être chargés.' },
  noPayments: { id: 'sales.payments.none', defaultMessage: 'Aucun paiement enregistré pour cette vente.' },
  payment: { id: 'sales.payments.payment', defaultMessage: 'Paiement' },
  single: { id: 'sales.payments.single', defaultMessage: 'Paiement unique' },
  due: { id: 'sales.payments.due', defaultMessage: 'Échéance' },
  paidAt: { id: 'sales.payments.paidAt', defaultMessage: 'Payé le' },
  card: { id: 'sales.method.CARD', defaultMessage: 'Carte' },
  paypal: { id: 'sales.method.PAYPAL', defaultMessage: 'PayPal' },
  free: { id: 'sales.method.FREE', defaultMessage: 'Gratuit' },
});
const mv = {
  count: defineMessage<{ count: number }>({ id: 'sales.count', defaultMessage: '{count, plural, =0 {Aucune vente} one {# vente} other {# ventes}}' }),
  discount: defineMessage<{ amount: string; code: string }>({ id: 'sales.discount', defaultMessage: '−{amount} avec {code}' }),
  instalment: defineMessage<{ n: number }>({ id: 'sales.payments.instalment', defaultMessage: 'Échéance {n}' }),
  paymentsOf: defineMessage<{ name: string }>({ id: 'sales.payments.label', defaultMessage: 'Paiements de la vente à {name}' }),
  showPayments: defineMessage<{ name: string }>({ id: 'sales.payments.showLabel', defaultMessage: 'Voir les paiements de {name}' }),
  hidePayments: defineMessage<{ name: string }>({ id: 'sales.payments.hideLabel', defaultMessage: 'Masquer les paiements de {name}' }),
  exportFailed: defineMessage<{ message: string }>({ id: 'sales.exportFailed', defaultMessage: 'L’export a échoué : {message}' }),
};

/** The ledger's filters from the address (anything malformed is left out, as if absent). */
function filtersOf(params: URLSearchParams, q: string): SalesFilters {
  const status = params.get('statut');
  const type = params.get('produit');
  const begin = params.get('du') ?? '';
  const end = params.get('au') ?? '';
  return {
    ...(q ? { q } : {}),
    ...(status && (SALE_STATUSES as string[]).includes(status) ? { status: status as SaleStatus } : {}),
    ...(type === 'TRAINING' || type === 'BUNDLE' ? { buyable_type: type as BuyableType } : {}),
    ...(DAY.test(begin) ? { begin } : {}),
    ...(DAY.test(end) ? { end } : {}),
  };
}

/**
 * /ventes: the sales ledger. Filters (search, status, product type, period) live in the address, so a notification
 * can lead to one sale (`?q=<uuid>`) and a reload shows the same lines; each line opens its payments; the export
 * takes the same filters.
 */
export function SalesPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid) ?? '';
  const search = useSearchBox({ inUrl: true });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, search.query);
  const list = useQuery({ ...salesQuery(storeUuid, { page: search.page, perPage: PER_PAGE, filters }), enabled: Boolean(storeUuid), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const exporter = useRequest(async (wanted: SalesFilters, signal) => {
    const blob = await exportSales(storeUuid, wanted, signal);
    saveFile(blob, `ventes-${new Date().toISOString().slice(0, 10)}.csv`);
  });

  /** One filter of the address changed: back to the first page. */
  const setFilter = (name: string, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    search.setPage(1);
  };
  const toggle = (uuid: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const euros = (amount: number) => formatEuros(amount, locale);
  const filtered = Object.keys(filters).length > 0;
  const rows = list.data?.data ?? [];
  const productOf = (sale: Sale) =>
    sale.buyable ? (
      <>
        {sale.buyable.name}
        {sale.buyable.type === 'BUNDLE' ? <span className="pill sales-table__kind">{intl.formatMessage(m.bundle)}</span> : null}
      </>
    ) : (
      <span className="muted">{intl.formatMessage(m.deletedProduct)}</span>
    );

  return (
    <div className="page sales-page" data-testid="sales-page">
      <header className="sales-page__header">
        <div>
          <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
          <p className="page-lead">
            {intl.formatMessage(m.lead)}
            {list.data ? ` ${intl.formatMessage(mv.count, { count: list.data.meta.total })}.` : null}
          </p>
        </div>
        <Button
          variant="secondary"
          onPress={() => exporter.submit(filters)}
          isPending={exporter.isSubmitting}
          pendingLabel={intl.formatMessage(m.exporting)}
          isDisabled={!list.data || list.data.meta.total === 0}
          data-testid="sales-export"
        >
          {intl.formatMessage(m.export)}
        </Button>
      </header>
      {exporter.error && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(mv.exportFailed, { message: failureText(intl, exporter.error) ?? '' })}
        </Banner>
      )}

      <div className="sales-filters" role="search" aria-label={intl.formatMessage(m.search)}>
        <SearchBox field={search.field} label={intl.formatMessage(m.search)} placeholder={intl.formatMessage(m.searchPlaceholder)} clearLabel={intl.formatMessage(m.clear)} data-testid="sales-search" />
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(m.status)}</span>
          <select className="native-field__select" value={filters.status ?? ''} onChange={(event) => setFilter('statut', event.target.value)} data-testid="sales-status">
            <option value="">{intl.formatMessage(m.allStatuses)}</option>
            {SALE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {intl.formatMessage(saleStatusLabels[status])}
              </option>
            ))}
          </select>
        </label>
        <label className="native-field">
          <span className="ui-field__label">{intl.formatMessage(m.product)}</span>
          <select className="native-field__select" value={filters.buyable_type ?? ''} onChange={(event) => setFilter('produit', event.target.value)} data-testid="sales-product">
            <option value="">{intl.formatMessage(m.allProducts)}</option>
            <option value="TRAINING">{intl.formatMessage(m.trainings)}</option>
            <option value="BUNDLE">{intl.formatMessage(m.bundles)}</option>
          </select>
        </label>
        <DateField granularity="day" label={intl.formatMessage(m.begin)} name="du" value={filters.begin ?? ''} max={filters.end} onChange={(value) => setFilter('du', value)} clearLabel={intl.formatMessage(m.clearDate)} />
        <DateField granularity="day" label={intl.formatMessage(m.end)} name="au" value={filters.end ?? ''} min={filters.begin} onChange={(value) => setFilter('au', value)} clearLabel={intl.formatMessage(m.clearDate)} />
      </div>

      <ListStates query={list} isEmpty={rows.length === 0} isFiltered={filtered} testId="sales" messages={m}>
        <div className="table-scroll">
          <table className="data-table sales-table" aria-label={intl.formatMessage(m.title)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colBuyer)}</th>
                <th scope="col">{intl.formatMessage(m.colProduct)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colAmount)}
                </th>
                <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                <th scope="col">{intl.formatMessage(m.colPayments)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((sale) => {
                const expanded = open.has(sale.uuid);
                const panelId = `sale-payments-${sale.uuid}`;
                return (
                  <Fragment key={sale.uuid}>
                    <tr data-testid="sale-row">
                      <td>{intl.formatDate(sale.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                      <td>
                        <div className="sales-buyer">
                          <strong>{sale.customer.display_name}</strong>
                          <span className="muted">{sale.customer.email}</span>
                        </div>
                      </td>
                      <td>
                        {productOf(sale)}
                        {sale.payment_schedule_type !== 'ONE_TIME' && (
                          <div className="muted">{intl.formatMessage(sale.payment_schedule_type === 'INSTALLMENTS' ? m.instalments : m.subscription)}</div>
                        )}
                      </td>
                      <td className="data-table__num">
                        <strong>{euros(sale.amount)}</strong>
                        {sale.discount_code && <div className="muted">{intl.formatMessage(mv.discount, { amount: euros(sale.discount_amount), code: sale.discount_code })}</div>}
                      </td>
                      <td>
                        <span className={saleStatusTone[sale.status]} data-status={sale.status}>
                          {intl.formatMessage(saleStatusLabels[sale.status])}
                        </span>
                      </td>
                      <td>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-expanded={expanded}
                          aria-controls={expanded ? panelId : undefined}
                          aria-label={intl.formatMessage(expanded ? mv.hidePayments : mv.showPayments, { name: sale.customer.display_name })}
                          onPress={() => toggle(sale.uuid)}
                          data-testid="sale-payments-toggle"
                        >
                          {intl.formatMessage(expanded ? m.hide : m.show)}
                        </Button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr className="sales-table__sub" id={panelId}>
                        <td colSpan={6}>
                          <SalePayments storeUuid={storeUuid} sale={sale} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </ListStates>
      {list.data && <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={search.setPage} />}
    </div>
  );
}

/** The payments of one sale (its transactions), read when its line opens. */
function SalePayments({ storeUuid, sale }: { storeUuid: string; sale: Sale }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const payments = useQuery({ ...saleTransactionsQuery(storeUuid, sale.uuid), meta: { failureReport: 'page' } });
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : '—');
  const methods = { CARD: m.card, PAYPAL: m.paypal, FREE: m.free } as const;
  if (payments.isPending) return <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (payments.isError) return <p className="muted">{intl.formatMessage(m.paymentsFailed)}</p>;
  if (!payments.data.data.length) return <p className="muted">{intl.formatMessage(m.noPayments)}</p>;
  return (
    <table className="sales-payments" data-testid="sale-payments" aria-label={intl.formatMessage(mv.paymentsOf, { name: sale.customer.display_name })}>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(m.payment)}</th>
          <th scope="col" className="data-table__num">
            {intl.formatMessage(m.colAmount)}
          </th>
          <th scope="col">{intl.formatMessage(m.colStatus)}</th>
          <th scope="col">{intl.formatMessage(m.due)}</th>
          <th scope="col">{intl.formatMessage(m.paidAt)}</th>
        </tr>
      </thead>
      <tbody>
        {payments.data.data.map((payment) => (
          <tr key={payment.id} data-testid="sale-payment">
            <td>
              {payment.installment_number === null ? intl.formatMessage(m.single) : intl.formatMessage(mv.instalment, { n: payment.installment_number })}
              {payment.payment_method ? <span className="muted"> · {intl.formatMessage(methods[payment.payment_method])}</span> : null}
            </td>
            <td className="data-table__num">{formatEuros(payment.amount, locale)}</td>
            <td>
              <span className={saleStatusTone[payment.status]} data-status={payment.status}>
                {intl.formatMessage(saleStatusLabels[payment.status])}
              </span>
            </td>
            <td>{date(payment.due_at)}</td>
            <td>{date(payment.paid_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
