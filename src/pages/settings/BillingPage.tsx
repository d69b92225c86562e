import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { invoiceQuery, invoicesQuery, type Invoice } from '../../api/billingApi';
import { AuthActor } from '../../app/auth';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/Link';
import { ListStates } from '../../components/ui/ListStates';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import '../pages.css';
import '../../components/catalogue/catalogue.css';
import '../plan/plan.css';

const m = defineMessages({
  title: { id: 'settings.billing.title', defaultMessage: 'Facturation' },
  lead: { id: 'settings.billing.lead', defaultMessage: 'Les factures de votre abonnement et de vos comptes utilisateurs, de la plus récente à la plus ancienne.' },
  failed: { id: 'settings.billing.failed', defaultMessage: 'Impossible de charger vos factures.' },
  noMatch: { id: 'settings.billing.noMatch', defaultMessage: 'Aucune facture sur cette page.' },
  emptyTitle: { id: 'settings.billing.emptyTitle', defaultMessage: 'Aucune facture pour le moment' },
  emptyBody: { id: 'settings.billing.emptyBody', defaultMessage: 'Vos factures apparaîtront ici après votre premier paiement sur la page Abonnement.' },
  colNumber: { id: 'settings.billing.colNumber', defaultMessage: 'Numéro' },
  colDate: { id: 'settings.billing.colDate', defaultMessage: 'Date' },
  colDescription: { id: 'settings.billing.colDescription', defaultMessage: 'Objet' },
  colAmount: { id: 'settings.billing.colAmount', defaultMessage: 'Montant TTC' },
  colStatus: { id: 'settings.billing.colStatus', defaultMessage: 'État' },
  paid: { id: 'settings.billing.paid', defaultMessage: 'Payée' },
  open: { id: 'settings.billing.open', defaultMessage: 'À payer' },
  void: { id: 'settings.billing.void', defaultMessage: 'Annulée' },
  plan: { id: 'settings.billing.plan', defaultMessage: 'Gérer mon abonnement' },
  back: { id: 'settings.billing.back', defaultMessage: 'Toutes les factures' },
  print: { id: 'settings.billing.print', defaultMessage: 'Imprimer ou enregistrer en PDF' },
  invoiceTitle: { id: 'settings.billing.invoiceTitle', defaultMessage: 'Facture' },
  missing: { id: 'settings.billing.missing', defaultMessage: 'Cette facture est introuvable.' },
  issuer: { id: 'settings.billing.issuer', defaultMessage: 'Émise par la plateforme de formation' },
  billedTo: { id: 'settings.billing.billedTo', defaultMessage: 'Facturée à' },
  excludingTax: { id: 'settings.billing.excludingTax', defaultMessage: 'Total HT' },
  vat: { id: 'settings.billing.vat', defaultMessage: 'TVA (20 %)' },
  total: { id: 'settings.billing.total', defaultMessage: 'Total TTC' },
});
const openLabel = defineMessage<{ number: string }>({ id: 'settings.billing.openLabel', defaultMessage: 'Voir la facture {number}' });
const issuedOn = defineMessage<{ date: string }>({ id: 'settings.billing.issuedOn', defaultMessage: 'Date d’émission : {date}' });
const paidOn = defineMessage<{ date: string }>({ id: 'settings.billing.paidOn', defaultMessage: 'Payée le {date}' });
const storeLine = defineMessage<{ subdomain: string }>({ id: 'settings.billing.storeLine', defaultMessage: 'Espace « {subdomain} »' });

const STATUS = { PAID: m.paid, OPEN: m.open, VOID: m.void } as const satisfies Record<Invoice['status'], unknown>;

/** /parametres/facturation (OWNER, ADMIN): the platform's invoices to the store, paged, each opening a printable page. */
export function BillingPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid ?? '');
  const list = useQuery({ ...invoicesQuery(storeUuid, page), enabled: storeUuid !== '', placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const date = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <div className="page stack billing-page" data-testid="billing-page">
      <header className="page-header">
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <p>
        <TextLink href="/abonnement?onglet=vous">{intl.formatMessage(m.plan)}</TextLink>
      </p>
      <ListStates query={list} isEmpty={rows.length === 0} isFiltered={page > 1} testId="invoices" messages={m}>
        <div className="table-scroll">
          <table className="data-table" aria-label={intl.formatMessage(m.title)} aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colNumber)}</th>
                <th scope="col">{intl.formatMessage(m.colDate)}</th>
                <th scope="col">{intl.formatMessage(m.colDescription)}</th>
                <th scope="col" className="data-table__num">
                  {intl.formatMessage(m.colAmount)}
                </th>
                <th scope="col">{intl.formatMessage(m.colStatus)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td>
                    <TextLink href={`/parametres/facturation/${invoice.id}`} aria-label={intl.formatMessage(openLabel, { number: invoice.number })}>
                      {invoice.number}
                    </TextLink>
                  </td>
                  <td>{date(invoice.issued_at)}</td>
                  <td>{invoice.description}</td>
                  <td className="data-table__num">{formatEuros(invoice.amount, locale)}</td>
                  <td>{intl.formatMessage(STATUS[invoice.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      {list.data && list.data.meta.last_page > 1 && (
        <Pagination page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onChange={(next) => setSearch({ page: String(next) })} />
      )}
    </div>
  );
}

/** /parametres/facturation/:id: one invoice laid out for printing (the browser's "save as PDF" makes the file). */
export function InvoicePage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { id = '' } = useParams();
  const invoiceId = Number(id);
  const store = AuthActor.useSelector((s) => s.context.user?.store ?? null);
  const valid = Number.isInteger(invoiceId) && invoiceId > 0;
  const query = useQuery({ ...invoiceQuery(store?.uuid ?? '', invoiceId), enabled: store !== null && valid });
  const date = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });
  const back = <TextLink href="/parametres/facturation" className="no-print">{intl.formatMessage(m.back)}</TextLink>;
  if (!valid || query.isError) {
    return (
      <div className="page stack">
        {back}
        <Banner variant="danger">{intl.formatMessage(m.missing)}</Banner>
      </div>
    );
  }
  if (query.isPending || !store) return <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />;
  const invoice = query.data;
  return (
    <div className="page stack invoice-page" data-testid="invoice-page">
      {back}
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice__header">
          <div>
            <h1 id="invoice-title" className="page-title">
              {intl.formatMessage(m.invoiceTitle)} {invoice.number}
            </h1>
            <p>{intl.formatMessage(issuedOn, { date: date(invoice.issued_at) })}</p>
            <p className="plan-page__muted">{intl.formatMessage(m.issuer)}</p>
          </div>
          <div>
            <p>
              <strong>{intl.formatMessage(m.billedTo)}</strong>
            </p>
            <p>{intl.formatMessage(storeLine, { subdomain: store.subdomain })}</p>
          </div>
        </header>
        <table className="data-table invoice__lines">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.colDescription)}</th>
              <th scope="col" className="data-table__num">
                {intl.formatMessage(m.colAmount)}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{invoice.description}</td>
              <td className="data-table__num">{formatEuros(invoice.amount, locale)}</td>
            </tr>
          </tbody>
        </table>
        <dl className="invoice__totals">
          <dt>{intl.formatMessage(m.excludingTax)}</dt>
          <dd data-testid="invoice-excluding-tax">{formatEuros(invoice.amount_excluding_tax, locale)}</dd>
          <dt>{intl.formatMessage(m.vat)}</dt>
          <dd>{formatEuros(invoice.vat_amount, locale)}</dd>
          <dt>{intl.formatMessage(m.total)}</dt>
          <dd data-testid="invoice-total">
            <strong>{formatEuros(invoice.amount, locale)}</strong>
          </dd>
        </dl>
        {invoice.paid_at && <p data-testid="invoice-paid">{intl.formatMessage(paidOn, { date: date(invoice.paid_at) })}</p>}
      </article>
      <div className="form-actions no-print">
        <Button variant="secondary" onPress={() => window.print()}>
          {intl.formatMessage(m.print)}
        </Button>
      </div>
    </div>
  );
}
