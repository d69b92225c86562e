import { and, desc, eq } from 'drizzle-orm';
import { learnerInvoices } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { invoiceReference, presentLearnerInvoice } from '../../presenters/learnerInvoice.js';
import type { Services } from '../../services.js';
import { customerOf } from '../customers/customers.js';
import { invoicePdf } from './invoicePdf.js';

/** The invoices and credit notes of one customer of one store, newest first. */
async function invoicesOf(services: Pick<Services, 'db'>, storeId: string, customerId: string) {
  const rows = await services.db
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.storeId, storeId), eq(learnerInvoices.customerId, customerId)))
    .orderBy(desc(learnerInvoices.number));
  return { data: rows.map(presentLearnerInvoice) };
}

/**
 * One invoice as a PDF, reached only through its store and its customer: an id of another customer or store is
 * 404, like an unknown one. Answers the file name beside the bytes.
 */
async function pdfOf(services: Pick<Services, 'db'>, storeId: string, customerId: string, invoiceId: number) {
  const [invoice] = await services.db
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.id, invoiceId), eq(learnerInvoices.storeId, storeId), eq(learnerInvoices.customerId, customerId)))
    .limit(1);
  if (!invoice) throw notFound();
  const [credited] = invoice.creditedInvoiceId
    ? await services.db
        .select()
        .from(learnerInvoices)
        .where(and(eq(learnerInvoices.id, invoice.creditedInvoiceId), eq(learnerInvoices.storeId, storeId)))
        .limit(1)
    : [];
  const reference = invoiceReference(invoice);
  return { pdf: await invoicePdf(invoice, credited ?? null), filename: `${invoice.kind === 'INVOICE' ? 'facture' : 'avoir'}-${reference}.pdf` };
}

/** GET /stores/{uuid}/customers/{uuid}/invoices (back office). */
export async function listCustomerInvoices(services: Services, storeId: string, customerUuid: string) {
  const customer = await customerOf(services, storeId, customerUuid);
  return invoicesOf(services, storeId, customer.id);
}

/** GET /stores/{uuid}/customers/{uuid}/invoices/{id}/pdf (back office). */
export async function customerInvoicePdf(services: Services, storeId: string, customerUuid: string, invoiceId: number) {
  const customer = await customerOf(services, storeId, customerUuid);
  return pdfOf(services, storeId, customer.id, invoiceId);
}

/** GET /school/stores/{subdomain}/me/invoices: the signed-in learner's own. */
export async function listMyInvoices(services: Services, storeId: string, customerId: string) {
  return invoicesOf(services, storeId, customerId);
}

/** GET /school/stores/{subdomain}/me/invoices/{id}/pdf: one of the learner's own. */
export async function myInvoicePdf(services: Services, storeId: string, customerId: string, invoiceId: number) {
  return pdfOf(services, storeId, customerId, invoiceId);
}
