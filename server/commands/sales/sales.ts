import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { bundles, customers, sales, trainings, transactions } from '../../db/schema.js';
import { csvStream } from '../../http/csv.js';
import { invalid, notFound } from '../../http/errors.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import { customerDisplayName } from '../../presenters/customer.js';
import { buyableOf, presentSale, presentTransaction, type SaleLine } from '../../presenters/sale.js';
import type { Services } from '../../services.js';
import { searchPattern } from '../catalogue/search.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { DEFAULT_TZ, localDate } from '../trainingLearners/period.js';

type SaleStatus = components['schemas']['TransactionStatus'];
type BuyableType = components['schemas']['BuyableType'];

/** The ledger's filters, as the list and the export both take them. */
export interface SalesFilter {
  q?: string;
  /** Days of the sale's creation (YYYY-MM-DD, Paris time), both included. */
  begin?: string;
  end?: string;
  status?: SaleStatus;
  buyable_type?: BuyableType;
}

const affiliates = alias(customers, 'affiliate');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Local midnight of `day` in Paris, as SQL (the statistics cut days the same way). */
const midnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DEFAULT_TZ})`;

function whereOf(storeId: string, filter: SalesFilter): SQL | undefined {
  if (filter.begin && filter.end && filter.begin > filter.end) throw invalid({ begin: [messages.periodReversed] });
  const q = filter.q?.trim();
  // One sale by its uuid (where a SALE_CREATED notification leads), else words in the buyer, product or code.
  const search = q
    ? UUID.test(q)
      ? eq(sales.id, q.toLowerCase())
      : sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname}, ${customers.email}, ${trainings.name}, ${bundles.name}, ${sales.discountCode}) ~* ${searchPattern(q)}`
    : undefined;
  return and(
    eq(sales.storeId, storeId),
    filter.status ? eq(sales.status, filter.status) : undefined,
    filter.buyable_type === 'TRAINING' ? isNotNull(sales.trainingId) : filter.buyable_type === 'BUNDLE' ? isNotNull(sales.bundleId) : undefined,
    filter.begin ? sql`${sales.createdAt} >= ${midnight(filter.begin)}` : undefined,
    filter.end ? sql`${sales.createdAt} < ${midnight(filter.end, 1)}` : undefined,
    search,
  );
}

/** The columns the ledger shows, no more: an export reads every line, and each column costs on the way. */
const LINE = {
  sale: {
    id: sales.id,
    trainingId: sales.trainingId,
    bundleId: sales.bundleId,
    amount: sales.amount,
    discountAmount: sales.discountAmount,
    discountCode: sales.discountCode,
    paymentMethod: sales.paymentMethod,
    paymentScheduleType: sales.paymentScheduleType,
    status: sales.status,
    createdAt: sales.createdAt,
    paidAt: sales.paidAt,
  },
  customer: { id: customers.id, email: customers.email, firstname: customers.firstname, lastname: customers.lastname, picture: customers.picture },
  trainingName: trainings.name,
  bundleName: bundles.name,
  affiliate: { id: affiliates.id, email: affiliates.email, firstname: affiliates.firstname, lastname: affiliates.lastname, picture: affiliates.picture },
};

/** The ledger's lines with their buyer, product and affiliate, newest first (id breaks ties, so pages never overlap). */
function linesQuery(db: Database, where: SQL | undefined) {
  return db
    .select(LINE)
    .from(sales)
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .leftJoin(trainings, eq(trainings.id, sales.trainingId))
    .leftJoin(bundles, eq(bundles.id, sales.bundleId))
    .leftJoin(affiliates, eq(affiliates.id, sales.affiliateCustomerId))
    .where(where)
    .orderBy(desc(sales.createdAt), desc(sales.id));
}

/** GET /sales: a page of the ledger. */
export async function listSales(services: Services, storeId: string, options: SalesFilter & PageRequest) {
  const where = whereOf(storeId, options);
  const [total] = await services.db
    .select({ n: count() })
    .from(sales)
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .leftJoin(trainings, eq(trainings.id, sales.trainingId))
    .leftJoin(bundles, eq(bundles.id, sales.bundleId))
    .where(where);
  const offset = offsetOf(options);
  const lines: SaleLine[] = offset < (total?.n ?? 0) ? await linesQuery(services.db, where).limit(options.perPage).offset(offset) : [];
  return pageEnvelope(options, total?.n ?? 0, lines.map(presentSale));
}

/** GET /sales/{uuid}/transactions: the payments of one sale of the store (another store's: 404). */
export async function listSaleTransactions(services: Services, storeId: string, saleUuid: string) {
  const [sale] = await services.db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, saleUuid.toLowerCase()), eq(sales.storeId, storeId)))
    .limit(1);
  if (!sale) throw notFound();
  const rows = await services.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.saleId, sale.id), eq(transactions.storeId, storeId)))
    .orderBy(sql`${transactions.installmentNumber} asc nulls first`, asc(transactions.id));
  return { data: rows.map(presentTransaction) };
}

/** Lines read per query by the export: a few hundred kilobytes of CSV at a time, whatever the file's length. */
export const EXPORT_BATCH = 1000;

/** Amounts as a spreadsheet of that language reads them (12,50 / 12.50), without thousands separators. One formatter per language: making one per cell costs more than the query. */
const EUROS = {
  fr: new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
};
const euros = (value: number, locale: Locale) => EUROS[locale].format(value);

/**
 * The ledger's lines a batch at a time, each batch after the last line read (keyset: no offset grows with the
 * file, and a sale added meanwhile does not shift the pages). The position is the row itself, compared in SQL:
 * timestamps keep microseconds that a JavaScript date would cut.
 */
async function* batchesOf(db: Database, storeId: string, filter: SalesFilter): AsyncGenerator<SaleLine[]> {
  const where = whereOf(storeId, filter);
  let after: string | null = null;
  for (;;) {
    const position = after && sql`(${sales.createdAt}, ${sales.id}) < (select s.created_at, s.id from ${sales} s where s.id = ${after})`;
    const page: SaleLine[] = await linesQuery(db, position ? and(where, position) : where).limit(EXPORT_BATCH);
    if (page.length) yield page;
    if (page.length < EXPORT_BATCH) return;
    after = page.at(-1)!.sale.id;
  }
}

/**
 * GET /sales/export: the ledger with the same filters, every page, as a CSV stream (see server/http/csv.ts).
 * Filters are checked before the first byte, so a bad period still answers 422.
 */
export function exportSales(services: Services, storeId: string, filter: SalesFilter, locale: Locale) {
  whereOf(storeId, filter);
  const h = messages.salesCsv;
  const header = [h.date, h.buyer, h.email, h.product, h.amount, h.discount, h.code, h.method, h.status, h.affiliate].map((text) => inLocale(text, locale));
  async function* rows() {
    for await (const page of batchesOf(services.db, storeId, filter)) {
      yield page.map((line) => {
        const { sale } = line;
        const method = h.methods[sale.paymentMethod as keyof typeof h.methods];
        return [
          sale.createdAt.toISOString(),
          customerDisplayName(line.customer),
          line.customer.email,
          buyableOf(line)?.name ?? inLocale(h.deletedProduct, locale),
          euros(sale.amount, locale),
          euros(sale.discountAmount, locale),
          sale.discountCode ?? '',
          method ? inLocale(method, locale) : sale.paymentMethod,
          inLocale(h.statuses[sale.status], locale),
          line.affiliate ? customerDisplayName(line.affiliate) : '',
        ];
      });
    }
  }
  return { chunks: csvStream(header, rows()), filename: `ventes-${localDate(services.clock(), DEFAULT_TZ)}.csv` };
}
