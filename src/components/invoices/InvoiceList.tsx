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
  colReference: { id: 'invoices.col.reference', defaultMessage: 'Numéro' },
  colDate: { id: 'invoices.col.date', defaultMessage: 'Date' },
  colDescription: { id: 'invoices.col.description', defaultMessage: 'Objet' },
  colAmount: { id: 'invoices.col.amount', defaultMessage: 'Montant TTC' },
  colPdf: { id: 'invoices.col.pdf', defaultMessage: 'PDF' },
  invoice: { id: 'invoices.kind.invoice', defaultMessage: 'Facture' },
  creditNote: { id: 'invoices.kind.creditNote', defaultMessage: 'Avoir' },
  download: { id: 'invoices.download', defaultMessage: 'Télécharger' },
});
const mv = {
  downloadLabel: defineMessage<{ reference: string }>({ id: 'invoices.downloadLabel', defaultMessage: 'Télécharger {reference} (PDF)' }),
  failed: defineMessage<{ message: string }>({ id: 'invoices.failed', defaultMessage: 'Le document n’a pas pu être téléchargé : {message}' }),
};

/**
 * Invoices and credit notes as a table with a PDF download per row: the customer page's (back office) and the
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
      <div className="invoice-list__scroll">
        <table className="invoice-list">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.colReference)}</th>
              <th scope="col">{intl.formatMessage(m.colDate)}</th>
              <th scope="col">{intl.formatMessage(m.colDescription)}</th>
              <th scope="col" className="invoice-list__amount">
                {intl.formatMessage(m.colAmount)}
              </th>
              <th scope="col">
                <span className="visually-hidden">{intl.formatMessage(m.colPdf)}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} data-testid="invoice-row" data-reference={invoice.reference}>
                <td>
                  <span className="invoice-list__kind">{intl.formatMessage(invoice.kind === 'INVOICE' ? m.invoice : m.creditNote)}</span> {invoice.reference}
                </td>
                <td>{intl.formatDate(invoice.issued_at, { dateStyle: 'medium' })}</td>
                <td>{invoice.description}</td>
                <td className="invoice-list__amount">{formatEuros(((invoice.kind === 'CREDIT_NOTE' ? -1 : 1) * invoice.amount_including_tax_cents) / 100, locale)}</td>
                <td>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
