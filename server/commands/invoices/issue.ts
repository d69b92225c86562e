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
 * The credit note (avoir) of a refund: numbered in the same series, with the invoice's own seller, buyer and VAT
 * rate (what was invoiced is what is credited). `refundedTotalCents` is all the provider has refunded of the
 * payment so far (null: all of it); the note credits what that adds to the credit notes already written, so a
 * replay, a late or an out-of-order delivery credits nothing more, and the notes never add up to more than the
 * invoice. A note crediting the whole invoice at once copies its lines; a partial one has one line "remboursement
 * partiel", and the one that completes the refund takes exactly what is left of the invoice's excl. tax and VAT.
 * None without an invoice.
 */
export async function issueCreditNote(tx: Tx, payment: TransactionRow, now: Date, refundedTotalCents: number | null = null): Promise<LearnerInvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.transactionId, payment.id), eq(learnerInvoices.kind, 'INVOICE')))
    .limit(1);
  if (!invoice) return null;
  const [credited] = await tx
    .select({
      incl: sql<number>`coalesce(sum(${learnerInvoices.inclTaxCents}), 0)::int`,
      excl: sql<number>`coalesce(sum(${learnerInvoices.exclTaxCents}), 0)::int`,
      vat: sql<number>`coalesce(sum(${learnerInvoices.vatCents}), 0)::int`,
    })
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.transactionId, payment.id), eq(learnerInvoices.kind, 'CREDIT_NOTE')));
  const already = { incl: Number(credited?.incl ?? 0), excl: Number(credited?.excl ?? 0), vat: Number(credited?.vat ?? 0) };
  const target = refundedTotalCents === null ? invoice.inclTaxCents : Math.min(Math.max(0, Math.round(refundedTotalCents)), invoice.inclTaxCents);
  const inclTaxCents = target - already.incl;
  if (inclTaxCents <= 0) return null;
  const whole = already.incl === 0 && inclTaxCents === invoice.inclTaxCents;
  const last = target === invoice.inclTaxCents;
  const { exclTaxCents, vatCents } = last
    ? { exclTaxCents: invoice.exclTaxCents - already.excl, vatCents: invoice.vatCents - already.vat }
    : splitVat(inclTaxCents, invoice.vatRateBp);
  const description = `${invoice.lines[0]?.description ?? 'Remboursement'} — remboursement partiel`.slice(0, 300);
  const lines: InvoiceLineData[] = whole ? invoice.lines : [{ description, quantity: 1, unitExclTaxCents: exclTaxCents, exclTaxCents }];
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
      lines,
      vatRateBp: invoice.vatRateBp,
      exclTaxCents,
      vatCents,
      inclTaxCents,
      issuedAt: now,
    })
    .returning();
  return row!;
}

/** What a payment was invoiced and what credit notes gave back of it so far, in cents. */
export async function creditState(tx: Tx, transactionId: number): Promise<{ invoicedCents: number; creditedCents: number }> {
  const [row] = await tx
    .select({
      invoiced: sql<number>`coalesce(sum(${learnerInvoices.inclTaxCents}) filter (where ${learnerInvoices.kind} = 'INVOICE'), 0)::int`,
      credited: sql<number>`coalesce(sum(${learnerInvoices.inclTaxCents}) filter (where ${learnerInvoices.kind} = 'CREDIT_NOTE'), 0)::int`,
    })
    .from(learnerInvoices)
    .where(eq(learnerInvoices.transactionId, transactionId));
  return { invoicedCents: Number(row?.invoiced ?? 0), creditedCents: Number(row?.credited ?? 0) };
}
