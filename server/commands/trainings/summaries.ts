import { asc, eq, inArray, sql } from 'drizzle-orm';
import { trainings } from '../../db/schema.js';
import { presentTrainingSummary } from '../../presenters/training.js';
import type { Services } from '../../services.js';

/**
 * The figures a listed training shows, as correlated sub-queries over indexed columns (schedules by
 * training and position, items by training, enrolments by training): one query answers them for a whole
 * page instead of three more per training. Columns are written qualified by hand: drizzle leaves them bare
 * in a one-table select, where `training_id = id` would compare the wrong ids.
 */
export const firstPrice = sql<number | null>`(select ps.price from payment_schedules ps
  where ps.training_id = "trainings"."id" order by ps.position, ps.id limit 1)`.mapWith(Number);

/** Lessons, quizzes… : what a learner goes through; sections only group them. */
export const itemsCount = sql<number>`(select count(*) from training_items ti
  where ti.training_id = "trainings"."id" and ti.type <> 'SECTION')`.mapWith(Number);

/** Learners enrolled, blocked ones included; an abandoned cart is not a customer of the training. */
export const customersCount = sql<number>`(select count(*) from customer_trainings ct
  where ct.training_id = "trainings"."id" and ct.customer_type <> 'ABANDONED_CART')`.mapWith(Number);

// The whole row: a summary also carries the certificate switch and the access rules (plain columns), which the
// store-wide certificates and trainings-settings tables read from the list.
const withFigures = { training: trainings, price: firstPrice, itemsCount, customersCount };

/**
 * Summaries of the trainings whose ids a page query found, in that order. The figures are asked here, for
 * those ids only: in the page query itself, PostgreSQL would compute them for every row it sorts or skips
 * before the OFFSET (page 100 of 2,000 trainings would count the items of all 2,000).
 */
export async function summariesOf(services: Services, ids: string[]) {
  if (!ids.length) return [];
  const rows = await services.db.select(withFigures).from(trainings).where(inArray(trainings.id, ids));
  const byId = new Map(rows.map((row) => [row.training.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    // A training deleted between the two queries is simply left out of the page.
    return row ? [presentTrainingSummary(row.training, row)] : [];
  });
}

/** Every training of the store in the trainer's order (ids break ties), figures included. */
export async function allSummaries(services: Services, storeId: string) {
  const rows = await services.db
    .select(withFigures)
    .from(trainings)
    .where(eq(trainings.storeId, storeId))
    .orderBy(asc(trainings.position), asc(trainings.id));
  return rows.map((row) => presentTrainingSummary(row.training, row));
}
