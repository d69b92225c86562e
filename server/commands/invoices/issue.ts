import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  bundles,
  companies,
  customers,
  learnerInvoiceCounters,
  learnerInvoices,
  stores,
  trainings,
  type InvoiceBuyerData,
  type InvoiceLineData,
  type InvoiceSellerData,
  type sales,
  type transactions,
} from '../../db/schema.js';

/** The paying transaction (applyPaymentEvent's), or the seed's. */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;
type SaleRow = typeof sales.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
export type LearnerInvoiceRow = typeof learnerInvoices.$inferSelect;

/** Euros with two decimals (the database's numeric) to integer cents. */
export const toCents = (euros: number) => Math.round(euros * 100);

/** A price including VAT split into its parts: the VAT is what is left once the excl. tax amount is rounded to the cent. */
export function splitVat(inclTaxCents: number, vatRateBp: number | null): { exclTaxCents: number; vatCents: number } {
  if (vatRateBp === null || vatRateBp <= 0) return { exclTaxCents: inclTaxCents, vatCents: 0 };
  const exclTaxCents = Math.round((inclTaxCents * 10_000) / (10_000 + vatRateBp));
  return { exclTaxCents, vatCents: inclTaxCents - exclTaxCents };
}

const joinTrimmed = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** The next number of the store's series, from its counter row: the row stays locked until the payment commits. */
async function nextNumber(tx: Tx, storeId: string): Promise<number> {
  const [counter] = await tx
    .insert(learnerInvoiceCounters)
    .values({ storeId, last: 1 })
    .onConflictDoUpdate({ target: learnerInvoiceCounters.storeId, set: { last: sql`${learnerInvoiceCounters.last} + 1` } })
    .returning({ last: learnerInvoiceCounters.last });
  return counter!.last;
}

async function sellerOf(tx: Tx, storeId: string): Promise<{ seller: InvoiceSellerData; vatRateBp: number | null }> {
  const [company] = await tx.select().from(companies).where(eq(companies.storeId, storeId)).limit(1);
  const [store] = await tx.select({ subdomain: stores.subdomain }).from(stores).where(eq(stores.id, storeId)).limit(1);
  const addressLines = company
    ? [company.addressLine1, company.addressLine2, joinTrimmed(company.postalCode, company.city), joinTrimmed(company.state, company.country)].filter(
        (line): line is string => Boolean(line?.trim()),
      )
    : [];
  return {
    seller: {
      name: company?.name?.trim() || store?.subdomain || 'Organisme de formation',
      legalForm: company?.legalForm ?? null,
      addressLines,
      siret: company?.siret ?? null,
      vatNumber: company?.vatNumber ?? null,
      activityNumber: company?.activityNumber ?? null,
      email: company?.email ?? null,
    },
    vatRateBp: company?.vatRateBp ?? null,
  };
}

async function buyerOf(tx: Tx, sale: SaleRow): Promise<InvoiceBuyerData> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, sale.customerId)).limit(1);
  const email = customer?.email ?? '';
  const billing = sale.billingAddress;
  if (billing) {
    return {
      name: joinTrimmed(billing.firstname, billing.lastname),
      companyName: billing.company_name ?? null,
      addressLines: [billing.address_line1, billing.address_line2 ?? null, joinTrimmed(billing.postal_code, billing.city), joinTrimmed(billing.state, billing.country)].filter(
        (line): line is string => Boolean(line?.trim()),
      ),
      email,
    };
  }
  return { name: joinTrimmed(customer?.firstname, customer?.lastname) || email, companyName: null, addressLines: [], email };
}

/** "Formation « X »", "Pack « Y »", with the instalment ("échéance 2 sur 3") and the promo code when there is one. */
async function describe(tx: Tx, sale: SaleRow, payment: TransactionRow): Promise<string> {
  const [product] = sale.trainingId
    ? (await tx.select({ name: trainings.name }).from(trainings).where(eq(trainings.id, sale.trainingId))).map((row) => `Formation « ${row.name} »`)
    : sale.bundleId
      ? (await tx.select({ name: bundles.name }).from(bundles).where(eq(bundles.id, sale.bundleId))).map((row) => `Pack « ${row.name} »`)
      : [];
  let text = product ?? 'Offre supprimée';
  if (payment.installmentNumber !== null && sale.installmentsCount) text += `, échéance ${payment.installmentNumber} sur ${sale.installmentsCount}`;
  if (sale.discountCode) text += ` (code promo ${sale.discountCode})`;
  return text.slice(0, 300);
}

/**
 * The invoice of a payment just taken (called by applyPaymentEvent in the payment's transaction, and by the demo
 * seed): numbered from the store's counter, the seller, buyer and line copied now. A payment of nothing (a free
 * order) gets none; a payment that already has one keeps it.
 */
export async function issueInvoice(tx: Tx, sale: SaleRow, payment: TransactionRow, now: Date): Promise<LearnerInvoiceRow | null> {
  const inclTaxCents = toCents(payment.amount);
  if (inclTaxCents <= 0) return null;
  const [existing] = await tx
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.transactionId, payment.id), eq(learnerInvoices.kind, 'INVOICE')))
    .limit(1);
  if (existing) return existing;
  const { seller, vatRateBp } = await sellerOf(tx, sale.storeId);
  const { exclTaxCents, vatCents } = splitVat(inclTaxCents, vatRateBp);
  const lines: InvoiceLineData[] = [{ description: await describe(tx, sale, payment), quantity: 1, unitExclTaxCents: exclTaxCents, exclTaxCents }];
  const [row] = await tx
    .insert(learnerInvoices)
    .values({
      storeId: sale.storeId,
      customerId: sale.customerId,
      saleId: sale.id,
      transactionId: payment.id,
      kind: 'INVOICE',
      number: await nextNumber(tx, sale.storeId),
      seller,
      buyer: await buyerOf(tx, sale),
      lines,
      vatRateBp,
      exclTaxCents,
      vatCents,
      inclTaxCents,
      issuedAt: now,
    })
    .returning();
  return row!;
}

/**
 * The credit note (avoir) of a refunded payment: the invoice's lines and amounts, with the invoice's own seller,
 * buyer and VAT (what was invoiced is what is credited), numbered in the same series. None without an invoice;
 * a second refund of the same payment changes nothing.
 */
export async function issueCreditNote(tx: Tx, payment: TransactionRow, now: Date): Promise<LearnerInvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.transactionId, payment.id), eq(learnerInvoices.kind, 'INVOICE')))
    .limit(1);
  if (!invoice) return null;
  const [credited] = await tx
    .select({ id: learnerInvoices.id })
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.transactionId, payment.id), eq(learnerInvoices.kind, 'CREDIT_NOTE')))
    .limit(1);
  if (credited) return null;
  const [row] = await tx
    .insert(learnerInvoices)
    .values({
      storeId: invoice.storeId,
      customerId: invoice.customerId,
      saleId: invoice.saleId,
      transactionId: payment.id,
      kind: 'CREDIT_NOTE',
      number: await nextNumber(tx, invoice.storeId),
      creditedInvoiceId: invoice.id,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines: invoice.lines,
      vatRateBp: invoice.vatRateBp,
      exclTaxCents: invoice.exclTaxCents,
      vatCents: invoice.vatCents,
      inclTaxCents: invoice.inclTaxCents,
      issuedAt: now,
    })
    .returning();
  return row!;
}
