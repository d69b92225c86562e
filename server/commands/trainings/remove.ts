import { and, eq, inArray } from 'drizzle-orm';
import { sales, trainings } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { deleteUnusedPackages, scormUrlsOf } from '../scorm/packageCleanup.js';

/** Sales that mean someone paid, or is paying instalments, for the training. */
const PAYING = ['PAID', 'IN_PROGRESS', 'INCOMING'] as const;

/**
 * DELETE /trainings/{id}: its outline, prices, authors and enrolments go with it (foreign keys cascade).
 * Once a customer has paid, deleting would take away what they bought: 409, close or hide it instead.
 * Its SCORM packages no other training launches leave storage too; answers the clean-up failures to log.
 */
export async function deleteTraining(services: Services, storeId: string, trainingUuid: string): Promise<unknown[]> {
  const row = await trainingOf(services, storeId, trainingUuid);
  const [paid] = await services.db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.trainingId, row.id), inArray(sales.status, [...PAYING])))
    .limit(1);
  if (paid) throw conflict(messages.trainingHasPayingCustomers);
  const scormUrls = await scormUrlsOf(services.db, row.id);
  await services.db.delete(trainings).where(eq(trainings.id, row.id));
  return deleteUnusedPackages(services, storeId, scormUrls);
}
