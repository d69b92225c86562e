import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { trainings } from '../../db/schema.js';
import { presentTrainingSummary, type SummaryColumns, type SummaryExtras } from '../../presenters/training.js';
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

// The columns a summary shows: besides the catalogue's, the certificate switch and the access rules, which the
// store-wide certificates and trainings-settings tables read from the list. Not the description nor the SEO.
const summaryColumns = {
  id: trainings.id,
  slug: trainings.slug,
  name: trainings.name,
  summary: trainings.summary,
  picture: trainings.picture,
  status: trainings.status,
  position: trainings.position,
  maxCustomers: trainings.maxCustomers,
  enrollmentEndsAt: trainings.enrollmentEndsAt,
  accessDurationDays: trainings.accessDurationDays,
  dripFrequency: trainings.dripFrequency,
  certificateEnabled: trainings.certificateEnabled,
  createdAt: trainings.createdAt,
  updatedAt: trainings.updatedAt,
};
const withFigures = { training: summaryColumns, price: firstPrice, itemsCount, customersCount };

/**
 * The trainings matching `where` with their figures, in the trainer's order (ids break ties), plus any `extra`
 * columns. The figures are computed for the rows answered only: callers that page put the page's ids in
 * `where`, since in the page query itself PostgreSQL would compute them for every row it sorts or skips
 * before the OFFSET (page 100 of 2,000 trainings would count the items of all 2,000).
 */
export function summaryQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, where: SQL | undefined, extra = {} as Extra) {
  return db
    .select({ ...withFigures, ...extra })
    .from(trainings)
    .where(where)
    .orderBy(asc(trainings.position), asc(trainings.id));
}

export const presentSummaryRow = (row: { training: SummaryColumns } & SummaryExtras) => presentTrainingSummary(row.training, row);

/** Every training of the store in the trainer's order (ids break ties), figures included. */
export async function allSummaries(services: Services, storeId: string) {
  return (await summaryQuery(services.db, eq(trainings.storeId, storeId))).map(presentSummaryRow);
}
