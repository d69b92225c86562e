import { and, count, desc, eq } from 'drizzle-orm';
import { customers, itemFeedbacks } from '../../db/schema.js';
import { presentCustomerRef } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemOf } from '../trainingItems/items.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

/** GET /trainings/{uuid}/training_items/{id}/feedbacks: the learners' feedback on an item of the store, newest first. */
export async function listTrainingItemFeedbacks(services: Services, storeId: string, trainingUuid: string, itemId: number, page: PageRequest) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  const where = and(eq(itemFeedbacks.trainingId, training.id), eq(itemFeedbacks.trainingItemId, item.id));
  const [total] = await services.db.select({ n: count() }).from(itemFeedbacks).where(where);
  const rows = await services.db
    .select({ feedback: itemFeedbacks, customer: customers })
    .from(itemFeedbacks)
    .innerJoin(customers, eq(customers.id, itemFeedbacks.customerId))
    .where(where)
    .orderBy(desc(itemFeedbacks.updatedAt), desc(itemFeedbacks.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  return pageEnvelope(
    page,
    total?.n ?? 0,
    rows.map(({ feedback, customer }) => ({
      id: feedback.id,
      customer: presentCustomerRef(customer),
      rating: feedback.rating,
      comment: feedback.comment,
      created_at: feedback.updatedAt.toISOString(),
    })),
  );
}
