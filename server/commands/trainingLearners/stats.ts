import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customerConnections, customerTrainings, itemFeedbacks, itemProgress, sales, trainingItems, type trainings } from '../../db/schema.js';
import { presentTrainingStats, type ItemFigures, type TrainingFigures } from '../../presenters/stats.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { boundsOf, happenedBefore, happenedWithin, periodOf, type Bounds } from './period.js';

type TrainingRow = typeof trainings.$inferSelect;

/** Abandoned carts are not learners: they count nowhere in the statistics. */
const seated = sql`${customerTrainings.customerType} <> 'ABANDONED_CART'`;
const count = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

/**
 * What the figures mean over a period (with no bounds: over the training's whole life):
 * - customers_count: learners enrolled during the period (the histogram's new customers, summed);
 * - active_customers_count: learners with at least one connection to the training during the period;
 * - completed_count: learners who completed the training during the period;
 * - completion_rate and average_progress: over the learners enrolled during the period, where they stand now;
 * - average_rating: the learners' lesson ratings (item_feedbacks) given or changed during the period;
 * - revenue and sales_count: PAID sales of the training whose payment falls in the period (`amount` is
 *   what the buyer paid, the discount already taken off).
 */
async function trainingFigures(services: Services, training: TrainingRow, bounds: Bounds | null): Promise<TrainingFigures & { learnersByEnd: number }> {
  const enrolments = await services.db
    .select({
      customers: count(happenedWithin(customerTrainings.enrolledAt, bounds)),
      completed: count(happenedWithin(customerTrainings.completedAt, bounds)),
      cohortCompleted: count(sql`${happenedWithin(customerTrainings.enrolledAt, bounds)} and ${customerTrainings.completedAt} is not null`),
      cohortProgressAverage: sql<number | null>`avg(${customerTrainings.progress}) filter (where ${happenedWithin(customerTrainings.enrolledAt, bounds)})`.mapWith(Number),
      learnersByEnd: count(happenedBefore(customerTrainings.enrolledAt, bounds)),
    })
    .from(customerTrainings)
    .where(and(eq(customerTrainings.trainingId, training.id), seated));
  const [connections] = await services.db
    .select({ active: sql<number>`count(distinct ${customerConnections.customerId})`.mapWith(Number) })
    .from(customerConnections)
    .where(and(eq(customerConnections.trainingId, training.id), happenedWithin(customerConnections.at, bounds)));
  const [paid] = await services.db
    .select({ revenue: sql<number>`coalesce(sum(${sales.amount}), 0)`.mapWith(Number), sales: sql<number>`count(*)`.mapWith(Number) })
    .from(sales)
    .where(and(eq(sales.storeId, training.storeId), eq(sales.trainingId, training.id), eq(sales.status, 'PAID'), happenedWithin(sales.paidAt, bounds)));
  const [rated] = await services.db
    .select({ average: sql<number | null>`avg(${itemFeedbacks.rating})`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(itemFeedbacks)
    .where(and(eq(itemFeedbacks.trainingId, training.id), happenedWithin(itemFeedbacks.updatedAt, bounds)));
  const e = enrolments[0]!;
  return {
    customers: e.customers,
    activeCustomers: connections?.active ?? 0,
    completed: e.completed,
    cohort: e.customers,
    cohortCompleted: e.cohortCompleted,
    cohortProgressAverage: e.customers ? e.cohortProgressAverage : null,
    revenue: paid?.revenue ?? 0,
    sales: paid?.sales ?? 0,
    averageRating: rated?.average ?? null,
    learnersByEnd: e.learnersByEnd,
  };
}

/**
 * Every item but chapters, in outline order. Per item: completions during the period; the share of the
 * learners enrolled by the end of the period who had completed it by then; the average time spent and
 * quiz score of the learners who completed it during the period.
 */
async function itemFigures(services: Services, training: TrainingRow, bounds: Bounds | null, learnersByEnd: number): Promise<ItemFigures[]> {
  const parent = alias(trainingItems, 'parent');
  const items = await services.db
    .select({ id: trainingItems.id, name: trainingItems.name, type: trainingItems.type })
    .from(trainingItems)
    .leftJoin(parent, eq(parent.id, trainingItems.parentId))
    .where(and(eq(trainingItems.trainingId, training.id), ne(trainingItems.type, 'SECTION')))
    .orderBy(
      sql`coalesce(${parent.position}, ${trainingItems.position})`,
      sql`coalesce(${parent.id}, ${trainingItems.id})`,
      asc(trainingItems.position),
      asc(trainingItems.id),
    );
  const completedWithin = happenedWithin(itemProgress.completedAt, bounds);
  const figures = await services.db
    .select({
      itemId: itemProgress.trainingItemId,
      completed: count(completedWithin),
      completedByEnd: count(sql`${happenedBefore(itemProgress.completedAt, bounds)} and ${happenedBefore(customerTrainings.enrolledAt, bounds)}`),
      averageTimeSpent: sql<number | null>`avg(${itemProgress.timeSpent}) filter (where ${completedWithin})`.mapWith(Number),
      averageScore: sql<number | null>`avg(${itemProgress.score}) filter (where ${completedWithin})`.mapWith(Number),
    })
    .from(itemProgress)
    .innerJoin(customerTrainings, eq(customerTrainings.id, itemProgress.customerTrainingId))
    .where(and(eq(customerTrainings.trainingId, training.id), seated))
    .groupBy(itemProgress.trainingItemId);
  const byItem = new Map(figures.map((f) => [f.itemId, f]));
  return items.map((item) => {
    const f = byItem.get(item.id);
    return {
      ...item,
      completed: f?.completed ?? 0,
      completedByEnd: f?.completedByEnd ?? 0,
      learnersByEnd,
      averageTimeSpent: f?.averageTimeSpent ?? null,
      averageScore: f?.averageScore ?? null,
    };
  });
}

async function statsOver(services: Services, training: TrainingRow, bounds: Bounds | null) {
  const figures = await trainingFigures(services, training, bounds);
  return { figures, items: await itemFigures(services, training, bounds, figures.learnersByEnd) };
}

/** GET /trainings/{id}/stats: begin and end are days in Europe/Paris (the store's time zone). */
export async function getTrainingStats(services: Services, storeId: string, trainingUuid: string, query: { begin?: string; end?: string }) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const period = periodOf(services.clock(), query);
  const { figures, items } = await statsOver(services, training, boundsOf(period));
  return presentTrainingStats(period, figures, items);
}

/** GET /trainings/{id}/stats/global: the same figures over the training's whole life. */
export async function getTrainingGlobalStats(services: Services, storeId: string, trainingUuid: string) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const { figures, items } = await statsOver(services, training, null);
  return presentTrainingStats(null, figures, items);
}
