import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { customerConnections, customers, platformOrders, sales, stores } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { histogramOver } from '../trainingLearners/histogram.js';
import { boundsOf, happenedWithin, periodOf } from '../trainingLearners/period.js';

type Schemas = components['schemas'];
type TopsBy = 'revenue' | 'sales' | 'learners';

/** The KPI page reads at most 5 years, like the store's statistics. */
const KPI_MAX_YEARS = 5;
const PLANS = ['PERCENT', 'PERK', 'PRO', 'EXPERT'] as const;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The ranking column of each `by`, then the others as tie-breakers (fixed SQL, never the caller's text). */
const RANKINGS: Record<TopsBy, ReturnType<typeof sql.raw>> = {
  revenue: sql.raw('revenue desc, sales desc, learners desc'),
  sales: sql.raw('sales desc, revenue desc, learners desc'),
  learners: sql.raw('learners desc, revenue desc, sales desc'),
};

/**
 * GET /admin/tops: every store's paid sales (partial index sales_paid_at_idx, by payment date) and new learners
 * (customers_created_idx) of the period, grouped by store; only stores with something in the period are ranked.
 */
export async function getAdminTops(services: Services, query: { tz?: string; begin?: string; end?: string; by?: TopsBy; limit?: number }) {
  const period = periodOf(services.clock(), query);
  const bounds = boundsOf(period);
  const by = query.by ?? 'revenue';
  const result = await services.db.execute(sql`
    with paid as (
      select ${sales.storeId} as store_id, sum(${sales.amount})::float8 as revenue, count(*)::int as n from ${sales}
      where ${sales.status} = 'PAID' and ${happenedWithin(sales.paidAt, bounds)} group by 1
    ),
    joined as (
      select ${customers.storeId} as store_id, count(*)::int as n from ${customers} where ${happenedWithin(customers.createdAt, bounds)} group by 1
    ),
    figures as (
      select coalesce(paid.store_id, joined.store_id) as store_id, coalesce(paid.revenue, 0)::float8 as revenue,
        coalesce(paid.n, 0)::int as sales, coalesce(joined.n, 0)::int as learners
      from paid full join joined on joined.store_id = paid.store_id
    )
    select f.store_id, f.revenue, f.sales, f.learners, s.subdomain, s.plan
    from figures f join ${stores} s on s.id = f.store_id
    order by ${RANKINGS[by]}, s.subdomain
    limit ${query.limit ?? 20}
  `);
  const data = rowsOf(result).map(
    (row, index): Schemas['AdminTop'] => ({
      rank: index + 1,
      store: { uuid: String(row.store_id), subdomain: String(row.subdomain), plan: row.plan as Schemas['AdminTop']['store']['plan'] },
      revenue: twoDecimals(Number(row.revenue)),
      sales_count: Number(row.sales),
      learners_count: Number(row.learners),
    }),
  );
  return { begin: period.begin, end: period.end, by, data };
}

/**
 * GET /admin/kpi: stores by plan (stores_plan_idx), paying stores and MRR from the running paid periods
 * (stores_plan_period_idx), the period's sign-ups (stores_created_idx) and billing (platform_orders_paid_idx).
 */
export async function getAdminKpi(services: Services, query: { begin?: string; end?: string }): Promise<Schemas['AdminKpi']> {
  const now = services.clock();
  const period = periodOf(now, query, KPI_MAX_YEARS);
  const bounds = boundsOf(period);
  const [byPlan, figures] = await Promise.all([
    services.db.execute(sql`select ${stores.plan} as plan, count(*)::int as n from ${stores} group by 1`),
    services.db.execute(sql`
      with running as (
        select count(*)::int as n,
          coalesce(sum(case when ${stores.planFrequency} = 'YEARLY' then ${stores.planPeriodCents} / 12.0 else ${stores.planPeriodCents} end), 0)::float8 as cents
        from ${stores} where ${stores.planFrequency} is not null and ${stores.planPeriodEnd} > ${now.toISOString()}::timestamptz
      ),
      signups as (select count(*)::int as n from ${stores} where ${happenedWithin(stores.createdAt, bounds)}),
      billing as (
        select coalesce(sum(${platformOrders.amountCents}), 0)::float8 as cents from ${platformOrders}
        where ${platformOrders.status} = 'PAID' and ${happenedWithin(platformOrders.paidAt, bounds)}
      )
      select running.n as paying, running.cents as mrr_cents, signups.n as signups, billing.cents as billing_cents from running, signups, billing
    `),
  ]);
  const storesByPlan = Object.fromEntries(PLANS.map((plan) => [plan, 0])) as Schemas['AdminKpi']['stores_by_plan'];
  for (const row of rowsOf(byPlan)) storesByPlan[row.plan as (typeof PLANS)[number]] = Number(row.n);
  const row = rowsOf(figures)[0]!;
  return {
    begin: period.begin,
    end: period.end,
    stores_count: PLANS.reduce((sum, plan) => sum + storesByPlan[plan], 0),
    stores_by_plan: storesByPlan,
    paying_stores_count: Number(row.paying),
    mrr: twoDecimals(Number(row.mrr_cents) / 100),
    signups_count: Number(row.signups),
    billing_revenue: twoDecimals(Number(row.billing_cents) / 100),
  };
}

/**
 * GET /admin/kpi/histogram: the statistics Histogram over the platform: its billing as revenue and sales, the
 * stores created as new customers, every learner's connections.
 */
export async function getAdminKpiHistogram(services: Services, query: { tz?: string; begin?: string; end?: string }) {
  const period = periodOf(services.clock(), query, KPI_MAX_YEARS);
  return histogramOver(services, period, {
    paid: sql`select ${platformOrders.paidAt} as at, ${platformOrders.amountCents} / 100.0 as amount from ${platformOrders} where ${platformOrders.status} = 'PAID'`,
    enrolled: sql`select ${stores.createdAt} as at from ${stores}`,
    visits: sql`select ${customerConnections.at} as at from ${customerConnections}`,
  });
}
