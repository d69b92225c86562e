import type { components } from '../../src/api/schema.gen.js';
import type { learnerInvoices } from '../db/schema.js';

type LearnerInvoiceRow = typeof learnerInvoices.$inferSelect;

/** `F-000042` for an invoice, `AV-000043` for a credit note: the number as printed. */
export const invoiceReference = (row: Pick<LearnerInvoiceRow, 'kind' | 'number'>) => `${row.kind === 'INVOICE' ? 'F' : 'AV'}-${String(row.number).padStart(6, '0')}`;

export function presentLearnerInvoice(row: LearnerInvoiceRow): components['schemas']['LearnerInvoice'] {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    reference: invoiceReference(row),
    credited_invoice_id: row.creditedInvoiceId,
    description: (row.lines[0]?.description ?? '').slice(0, 300),
    currency: 'EUR',
    vat_rate: row.vatRateBp === null ? null : row.vatRateBp / 100,
    amount_excluding_tax_cents: row.exclTaxCents,
    vat_cents: row.vatCents,
    amount_including_tax_cents: row.inclTaxCents,
    issued_at: row.issuedAt.toISOString(),
    sale_uuid: row.saleId,
    customer_uuid: row.customerId,
  };
}
