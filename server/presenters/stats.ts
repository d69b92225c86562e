import type { components } from '../../src/api/schema.gen.js';

type TrainingStatsBody = components['schemas']['TrainingStats'];
type TrainingItemStatsBody = components['schemas']['TrainingItemStats'];
type HistogramBody = components['schemas']['Histogram'];
type ItemType = components['schemas']['TrainingItemType'];

/** Percentages to 2 decimals (spec section 9), kept inside 0..100 whatever rounding did. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 10_000) / 100)) : 0);
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** The figures as the queries read them (counts, sums and averages over the chosen rows). */
export interface TrainingFigures {
  customers: number;
  activeCustomers: number;
  completed: number;
  cohort: number;
  cohortCompleted: number;
  cohortProgressAverage: number | null;
  revenue: number;
  sales: number;
  /** The learners' lesson ratings (1–5), null when none. */
  averageRating: number | null;
}

export interface ItemFigures {
  id: number;
  name: string;
  type: ItemType;
  completed: number;
  completedByEnd: number;
  learnersByEnd: number;
  averageTimeSpent: number | null;
  averageScore: number | null;
}

export function presentItemStats(item: ItemFigures): TrainingItemStatsBody {
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    completed_count: item.completed,
    completion_rate: percent(item.completedByEnd, item.learnersByEnd),
    average_time_spent: Math.round(item.averageTimeSpent ?? 0),
    average_score: item.type === 'QUIZ' && item.averageScore !== null ? Math.min(100, twoDecimals(item.averageScore)) : null,
  };
}

/**
 * Every figure comes from the learners, progress, connections, sales and lesson feedback (item_feedbacks)
 * tables.
 */
export function presentTrainingStats(
  period: { begin: string; end: string } | null,
  figures: TrainingFigures,
  items: ItemFigures[],
): TrainingStatsBody {
  return {
    begin: period?.begin ?? null,
    end: period?.end ?? null,
    customers_count: figures.customers,
    active_customers_count: figures.activeCustomers,
    completed_count: figures.completed,
    completion_rate: percent(figures.cohortCompleted, figures.cohort),
    average_progress: Math.min(100, twoDecimals(figures.cohortProgressAverage ?? 0)),
    revenue: twoDecimals(figures.revenue),
    sales_count: figures.sales,
    average_rating: figures.averageRating === null ? null : twoDecimals(figures.averageRating),
    items: items.map(presentItemStats),
  };
}

export interface HistogramRow {
  day: string;
  revenue: number;
  sales: number;
  newCustomers: number;
  connections: number;
}

export function presentHistogram(
  period: { begin: string; end: string; tz: string },
  interval: HistogramBody['interval'],
  rows: HistogramRow[],
): HistogramBody {
  return {
    tz: period.tz,
    begin: period.begin,
    end: period.end,
    interval,
    points: rows.map((row) => ({
      date: row.day,
      revenue: twoDecimals(row.revenue),
      sales_count: row.sales,
      new_customers_count: row.newCustomers,
      connections_count: row.connections,
    })),
  };
}
