import { sql, type SQL } from 'drizzle-orm';
import { customerConnections, customerTrainings, sales } from '../../db/schema.js';
import { presentHistogram, type HistogramRow } from '../../presenters/stats.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { boundsOf, happenedWithin, lengthInDays, periodOf, type Period } from './period.js';

type Interval = 'DAY' | 'WEEK' | 'MONTH';

/** DAY up to 62 days, WEEK up to a year (366 days, for leap years), else MONTH. */
export function intervalFor(period: Period): Interval {
  const days = lengthInDays(period);
  if (days <= 62) return 'DAY';
  if (days <= 366) return 'WEEK';
  return 'MONTH';
}

/**
 * What a histogram counts, each a subquery of event instants (`at`), the paid one with its `amount` too:
 * a training's or a whole store's.
 */
export interface HistogramSources {
  paid: SQL;
  enrolled: SQL;
  visits: SQL;
}

/**
 * Buckets are cut in SQL in the period's time zone (`date_trunc(unit, instant at time zone tz)`; weeks start
 * on Monday, as ISO and the spec say), one row per bucket from the one holding `begin` to the one holding `end`,
 * empty buckets included. Only events inside the period count, so a first or last bucket that sticks out of it
 * holds only the period's part.
 */
export async function histogramOver(services: Services, period: Period, sources: HistogramSources) {
  const interval = intervalFor(period);
  const unit = interval.toLowerCase();
  const bounds = boundsOf(period);
  const bucket = sql`date_trunc(${unit}::text, e.at at time zone ${period.tz})::date`;
  const within = happenedWithin(sql`e.at`, bounds);

  const result = await services.db.execute(sql`
    with buckets as (
      select generate_series(date_trunc(${unit}::text, ${period.begin}::date::timestamp), ${period.end}::date::timestamp, ('1 ' || ${unit}::text)::interval)::date as day
    ),
    paid as (select ${bucket} as day, sum(e.amount)::float8 as revenue, count(*)::int as n from (${sources.paid}) e where ${within} group by 1),
    enrolled as (select ${bucket} as day, count(*)::int as n from (${sources.enrolled}) e where ${within} group by 1),
    visits as (select ${bucket} as day, count(*)::int as n from (${sources.visits}) e where ${within} group by 1)
    select to_char(b.day, 'YYYY-MM-DD') as day,
      coalesce(paid.revenue, 0)::float8 as revenue, coalesce(paid.n, 0)::int as sales,
      coalesce(enrolled.n, 0)::int as new_customers, coalesce(visits.n, 0)::int as connections
    from buckets b
      left join paid on paid.day = b.day
      left join enrolled on enrolled.day = b.day
      left join visits on visits.day = b.day
    order by b.day
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (row): HistogramRow => ({
      day: String(row.day),
      revenue: Number(row.revenue),
      sales: Number(row.sales),
      newCustomers: Number(row.new_customers),
      connections: Number(row.connections),
    }),
  );
  return presentHistogram(period, interval, rows);
}

/** GET /trainings/{id}/stats/histogram: the training's paid sales, enrolments and connections. */
export async function getTrainingStatsHistogram(services: Services, storeId: string, trainingUuid: string, query: { tz?: string; begin?: string; end?: string }) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const period = periodOf(services.clock(), query);
  return histogramOver(services, period, {
    paid: sql`select ${sales.paidAt} as at, ${sales.amount} as amount from ${sales}
      where ${sales.storeId} = ${training.storeId} and ${sales.trainingId} = ${training.id} and ${sales.status} = 'PAID'`,
    enrolled: sql`select ${customerTrainings.enrolledAt} as at from ${customerTrainings}
      where ${customerTrainings.trainingId} = ${training.id} and ${customerTrainings.customerType} <> 'ABANDONED_CART'`,
    visits: sql`select ${customerConnections.at} as at from ${customerConnections} where ${customerConnections.trainingId} = ${training.id}`,
  });
}
