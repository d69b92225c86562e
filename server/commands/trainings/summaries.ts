import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { trainings } from '../../db/schema.js';
import { presentTrainingSummary } from '../../presenters/training.js';
import type { Services } from '../../services.js';

/**
 * The figures a listed training shows, as correlated sub-queries over indexed columns (schedules by
 * training and position, items by training, enrolments by training): one query answers a whole page,
 * however many trainings it holds, instead of three more per training. Columns are written qualified by
 * hand: drizzle leaves them bare in a one-table select, where `training_id = id` would compare the wrong ids.
 */
export const firstPrice = sql<number | null>`(select ps.price from payment_schedules ps
  where ps.training_id = "trainings"."id" order by ps.position, ps.id limit 1)`.mapWith(Number);

/** Lessons, quizzes… : what a learner goes through; sections only group them. */
export const itemsCount = sql<number>`(select count(*) from training_items ti
  where ti.training_id = "trainings"."id" and ti.type <> 'SECTION')`.mapWith(Number);

/** Learners enrolled, blocked ones included; an abandoned cart is not a customer of the training. */
export const customersCount = sql<number>`(select count(*) from customer_trainings ct
  where ct.training_id = "trainings"."id" and ct.customer_type <> 'ABANDONED_CART')`.mapWith(Number);

/** Summaries of the store's trainings matching `where`, in the trainer's order (ids break ties). */
export async function selectSummaries(services: Services, storeId: string, where?: SQL, page?: { limit: number; offset: number }) {
  const query = services.db
    .select({ training: trainings, price: firstPrice, itemsCount, customersCount })
    .from(trainings)
    .where(and(eq(trainings.storeId, storeId), where))
    .orderBy(asc(trainings.position), asc(trainings.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((row) => presentTrainingSummary(row.training, row));
}
