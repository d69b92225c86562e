import { sql } from 'drizzle-orm';
import { customerConnections, customers, customerTrainings, sales } from '../../db/schema.js';
import { percent } from '../../presenters/stats.js';
import type { components } from '../../../src/api/schema.gen.js';
import type { Services } from '../../services.js';
import { histogramOver } from '../trainingLearners/histogram.js';
import { boundsOf, happenedWithin, periodOf, type Period } from '../trainingLearners/period.js';

type StatsBody = components['schemas']['Stats'];

/** The contract: the store's figures cover at most 5 years. */
const STORE_STATS_MAX_YEARS = 5;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** A learner's first seat in the store (abandoned carts are not seats): when they became a new learner. */
const firstSeats = (storeId: string) => sql`
  select min(ct.enrolled_at) as at from ${customerTrainings} ct join ${customers} c on c.id = ct.customer_id
  where c.store_id = ${storeId} and ct.customer_type <> 'ABANDONED_CART' group by ct.customer_id`;

const paidSales = (storeId: string) => sql`
  select ${sales.paidAt} as at, ${sales.amount} as amount from ${sales} where ${sales.storeId} = ${storeId} and ${sales.status} = 'PAID'`;

const storeConnections = (storeId: string) => sql`
  select cc.at as at from ${customerConnections} cc join ${customers} c on c.id = cc.customer_id where c.store_id = ${storeId}`;

/**
 * GET /stores/{id}/stats, days cut in Europe/Paris (the store's time zone). What each figure counts (README,
 * "Store statistics"):
 * - revenue, sales_count, average_basket: sales PAID during the period (amount paid, discounts taken off);
 * - new_customers_count: learners whose first seat in the store (any training, abandoned carts aside) falls
 *   in the period, the histogram's new learners summed;
 * - students_count: learners holding a STUDENT seat taken before the end of the period;
 * - abandoned_carts_count: checkouts started during the period whose seat is still an abandoned cart;
 * - connections_count: learners' visits to a training during the period;
 * - completion_rate: of the seats taken during the period, the share completed to date;
 * - conversion_rate: of the orders started during the period, the share paid.
 */
export async function getStoreStats(services: Services, storeId: string, query: { begin: string; end: string }): Promise<StatsBody> {
  const period: Period = periodOf(services.clock(), query, STORE_STATS_MAX_YEARS);
  const bounds = boundsOf(period);
  const within = (column: ReturnType<typeof sql>) => happenedWithin(column, bounds);
  const result = await services.db.execute(sql`
    with paid as (
      select coalesce(sum(e.amount), 0)::float8 as revenue, count(*)::int as n from (${paidSales(storeId)}) e where ${within(sql`e.at`)}
    ),
    newcomers as (select count(*)::int as n from (${firstSeats(storeId)}) e where ${within(sql`e.at`)}),
    seats as (
      select
        count(distinct ct.customer_id) filter (where ct.customer_type = 'STUDENT' and ct.enrolled_at < ${bounds.to})::int as students,
        count(*) filter (where ct.customer_type = 'ABANDONED_CART' and ${within(sql`ct.enrolled_at`)})::int as abandoned,
        count(*) filter (where ct.customer_type <> 'ABANDONED_CART' and ${within(sql`ct.enrolled_at`)})::int as cohort,
        count(*) filter (where ct.customer_type <> 'ABANDONED_CART' and ${within(sql`ct.enrolled_at`)} and ct.completed_at is not null)::int as cohort_completed
      from ${customerTrainings} ct join ${customers} c on c.id = ct.customer_id
      where c.store_id = ${storeId}
    ),
    visits as (select count(*)::int as n from (${storeConnections(storeId)}) e where ${within(sql`e.at`)}),
    orders as (
      select count(*)::int as started, count(*) filter (where ${sales.status} = 'PAID')::int as paid
      from ${sales} where ${sales.storeId} = ${storeId} and ${within(sql`${sales.createdAt}`)}
    )
    select paid.revenue, paid.n as sales, newcomers.n as newcomers, seats.students, seats.abandoned, seats.cohort,
      seats.cohort_completed, visits.n as connections, orders.started, orders.paid as orders_paid
    from paid, newcomers, seats, visits, orders
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const revenue = Number(row.revenue);
  const salesCount = Number(row.sales);
  return {
    begin: period.begin,
    end: period.end,
    revenue: twoDecimals(revenue),
    sales_count: salesCount,
    average_basket: salesCount ? twoDecimals(revenue / salesCount) : 0,
    new_customers_count: Number(row.newcomers),
    students_count: Number(row.students),
    abandoned_carts_count: Number(row.abandoned),
    connections_count: Number(row.connections),
    completion_rate: percent(Number(row.cohort_completed), Number(row.cohort)),
    conversion_rate: percent(Number(row.orders_paid), Number(row.started)),
  };
}

/** GET /stores/{id}/stats/histogram: the store's paid sales, new learners and connections per bucket. */
export async function getStoreStatsHistogram(services: Services, storeId: string, query: { tz?: string; begin?: string; end?: string }) {
  const period = periodOf(services.clock(), query);
  return histogramOver(services, period, { paid: paidSales(storeId), enrolled: firstSeats(storeId), visits: storeConnections(storeId) });
}
