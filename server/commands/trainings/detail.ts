import { eq } from 'drizzle-orm';
import { trainings } from '../../db/schema.js';
import { presentTraining, type TrainingRow } from '../../presenters/training.js';
import type { Services } from '../../services.js';
import { schedulesOf } from '../catalogue/paymentSchedules.js';
import { trainingOf } from '../catalogue/scope.js';
import { loadOutline } from '../trainingItems/outline.js';
import { authorsOf } from './authors.js';
import { customersCount } from './summaries.js';

/** The whole Training of a row already known to be the caller's: four queries, whatever the outline's size. */
export async function trainingBody(services: Services, row: TrainingRow) {
  const [items, schedules, authors, [customers]] = await Promise.all([
    loadOutline(services, row.id),
    schedulesOf(services, 'trainingId', [row.id]),
    authorsOf(services, row.id),
    // The list's own counter, so both screens count learners the same way.
    services.db.select({ n: customersCount }).from(trainings).where(eq(trainings.id, row.id)),
  ]);
  return presentTraining(row, { items, schedules: schedules.get(row.id) ?? [], authors, customersCount: customers?.n ?? 0 });
}

/** GET /trainings/{id}; another store's training is answered 404 like a missing one. */
export async function getTraining(services: Services, storeId: string, trainingUuid: string) {
  return trainingBody(services, await trainingOf(services, storeId, trainingUuid));
}
