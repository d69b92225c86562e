import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { LearnerInvoice } from '../../api/invoicesApi';
import { failureText } from '../../app/failureText';
import { saveFile } from '../../app/saveFile';
import { useRequest } from '../../app/useRequest';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import './invoices.css';

const m = defineMessages({
  invoice: { id: 'invoices.kind.invoice', defaultMessage: 'Facture' },
  creditNote: { id: 'invoices.kind.creditNote', defaultMessage: 'Avoir' },
  download: { id: 'invoices.download', defaultMessage: 'Télécharger' },
});
const mv = {
  meta: defineMessage<{ date: string; amount: string }>({ id: 'invoices.meta', defaultMessage: '{date} · {amount} TTC' }),
  downloadLabel: defineMessage<{ reference: string }>({ id: 'invoices.downloadLabel', defaultMessage: 'Télécharger {reference} (PDF)' }),
  failed: defineMessage<{ message: string }>({ id: 'invoices.failed', defaultMessage: 'Le document n’a pas pu être téléchargé : {message}' }),
};

/**
 * Invoices and credit notes as a list with a PDF download per row (narrow enough for the learner's account card): the customer page's (back office) and the
 * learner's "Mes factures" (learner area) read the same rows, each through its own API module (`download`).
 */
export function InvoiceList({ invoices, download }: { invoices: LearnerInvoice[]; download: (invoice: LearnerInvoice, signal: AbortSignal) => Promise<Blob> }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const request = useRequest(async (invoice: LearnerInvoice, signal) => {
    saveFile(await download(invoice, signal), `${invoice.kind === 'INVOICE' ? 'facture' : 'avoir'}-${invoice.reference}.pdf`);
  });
  return (
    <div className="stack" data-testid="invoice-list">
      {request.error && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(mv.failed, { message: failureText(intl, request.error) ?? '' })}
        </Banner>
      )}
      <ul className="invoice-list">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="invoice-list__item" data-testid="invoice-row" data-reference={invoice.reference}>
            <div className="invoice-list__main">
              <span className="invoice-list__reference">
                <strong>{intl.formatMessage(invoice.kind === 'INVOICE' ? m.invoice : m.creditNote)}</strong> {invoice.reference}
              </span>
              <span className="invoice-list__description">{invoice.description}</span>
              <span className="invoice-list__meta">
                {intl.formatMessage(mv.meta, {
                  date: intl.formatDate(invoice.issued_at, { dateStyle: 'medium' }),
                  amount: formatEuros(((invoice.kind === 'CREDIT_NOTE' ? -1 : 1) * invoice.amount_including_tax_cents) / 100, locale),
                })}
              </span>
            </div>
            <Button
              size="sm"
              variant="secondary"
              onPress={() => request.submit(invoice)}
              isDisabled={request.isSubmitting}
              aria-label={intl.formatMessage(mv.downloadLabel, { reference: invoice.reference })}
              data-testid="invoice-download"
            >
              {intl.formatMessage(m.download)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
