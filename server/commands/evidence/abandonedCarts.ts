import { Readable } from 'node:stream';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { bundles, customers, sales, trainings } from '../../db/schema.js';
import { csvAttachment, csvStream } from '../../http/csv.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { boundsOf, DEFAULT_TZ, happenedWithin, localDate, periodOf } from '../trainingLearners/period.js';
import { localDateTime } from './activityLog.js';

/** Orders read per query: the file is written a batch at a time, never whole in memory. */
const BATCH = 1000;

/**
 * GET /stores/{id}/abandoned_cart/export: the orders left unpaid (sales ABANDONED: the hold expired, the buyer gave
 * up, or a newer order replaced them) created in the period (default: the last 30 days, Paris days), oldest first:
 * e-mail, names, product, amount, date. Streamed as CSV (server/http/csv.ts, formula-safe) in keyset batches.
 */
export function exportAbandonedCarts(services: Services, storeId: string, query: { begin?: string; end?: string }, locale: Locale) {
  const period = periodOf(services.clock(), query);
  const bounds = boundsOf(period);
  const h = messages.abandonedCartsExport;
  const header = [h.createdAt, h.email, h.firstname, h.lastname, h.product, h.amount].map((text) => inLocale(text, locale));
  async function* batches() {
    // Keyset on (created_at, id) compared in SQL, so microseconds are kept.
    let after: string | null = null;
    for (;;) {
      const position: SQL | undefined = after ? sql`(${sales.createdAt}, ${sales.id}) > (select s.created_at, s.id from ${sales} s where s.id = ${after})` : undefined;
      const rows = await services.db
        .select({ id: sales.id, at: sales.createdAt, email: customers.email, firstname: customers.firstname, lastname: customers.lastname, training: trainings.name, bundle: bundles.name, amount: sales.amount })
        .from(sales)
        .innerJoin(customers, eq(customers.id, sales.customerId))
        .leftJoin(trainings, eq(trainings.id, sales.trainingId))
        .leftJoin(bundles, eq(bundles.id, sales.bundleId))
        .where(and(eq(sales.storeId, storeId), eq(sales.status, 'ABANDONED'), happenedWithin(sales.createdAt, bounds), position))
        .orderBy(asc(sales.createdAt), asc(sales.id))
        .limit(BATCH);
      if (!rows.length) return;
      yield rows.map((row) => [localDateTime(row.at), row.email, row.firstname ?? '', row.lastname ?? '', row.training ?? row.bundle ?? '', row.amount.toFixed(2).replace('.', ',')]);
      if (rows.length < BATCH) return;
      after = rows.at(-1)!.id;
    }
  }
  const day = localDate(services.clock(), DEFAULT_TZ);
  return { body: Readable.from(csvStream(header, batches())), headers: csvAttachment(`paniers-abandonnes-${day}.csv`) };
}
