import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { assignmentSubmissions, bundleTrainings, itemProgress, sales, trainingItems, transactions } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentCustomerTraining } from '../../presenters/customer.js';
import { presentTransaction } from '../../presenters/sale.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { learnerView } from '../learning/learnerOutline.js';
import { enrolmentOf } from './enrolments.js';

type Detail = components['schemas']['CustomerTrainingDetail'];

/**
 * A customer's progress in a training as the team sees it (getCustomerTraining): the enrolment, every item the
 * learner sees (published lessons in outline order, chapters left out) with the state the learner's outline
 * shows, computed by the same `learnerView`, and the payments of the sales of this training or of a bundle
 * holding it. Another store's training or customer, or a customer not enrolled: 404.
 */
export async function customerTrainingDetail(services: Services, storeId: string, trainingUuid: string, customerUuid: string): Promise<Detail> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const { enrolment, customer } = await enrolmentOf(services, training.id, customerUuid);
  const now = services.clock();
  const view = await learnerView(services.db, training, enrolment, now);

  const assignmentIds = view.order.filter((item) => item.type === 'ASSIGNMENT').map((item) => item.id);
  const [statuses, payments] = await Promise.all([
    assignmentIds.length
      ? services.db
          .select({ id: assignmentSubmissions.trainingItemId, status: assignmentSubmissions.status })
          .from(assignmentSubmissions)
          .where(and(eq(assignmentSubmissions.customerId, enrolment.customerId), inArray(assignmentSubmissions.trainingItemId, assignmentIds)))
      : Promise.resolve([]),
    services.db
      .select({ transaction: transactions })
      .from(transactions)
      .innerJoin(sales, eq(sales.id, transactions.saleId))
      .where(
        and(
          eq(transactions.storeId, storeId),
          eq(transactions.customerId, enrolment.customerId),
          or(
            eq(sales.trainingId, training.id),
            inArray(sales.bundleId, services.db.select({ id: bundleTrainings.bundleId }).from(bundleTrainings).where(eq(bundleTrainings.trainingId, training.id))),
          ),
        ),
      )
      .orderBy(asc(transactions.createdAt), sql`${transactions.installmentNumber} asc nulls first`, asc(transactions.id)),
  ]);
  const statusOf = new Map(statuses.map((row) => [row.id, row.status]));

  return {
    customer_training: presentCustomerTraining(enrolment, training, customer, now),
    items: view.order.map((item) => {
      const row = view.progress.get(item.id);
      const state = view.states.get(item.id);
      return {
        item_id: item.id,
        name: item.name,
        type: item.type,
        completed_at: row?.completedAt?.toISOString() ?? null,
        time_spent: row?.timeSpent ?? 0,
        blocked: state?.state === 'locked',
        blocked_by: state?.state === 'locked' ? state.reason : null,
        unblocked_by_teacher: row?.unblockedByTeacher ?? false,
        quiz_best_score: item.type === 'QUIZ' ? (row?.score ?? null) : null,
        assignment_status: statusOf.get(item.id) ?? null,
      };
    }),
    transactions: payments.map((row) => presentTransaction(row.transaction)),
  };
}

/**
 * The team opens one item for one learner (unblockCustomerTrainingItem): the item's progress row says
 * `unblocked_by_teacher`, which `unlockState` reads before every other rule. An upsert, so two clicks or two
 * members at once leave one row. The item must be a lesson of this training (404 otherwise; a chapter: 422).
 */
export async function unblockCustomerTrainingItem(services: Services, storeId: string, trainingUuid: string, customerUuid: string, itemId: number): Promise<Detail> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const { enrolment } = await enrolmentOf(services, training.id, customerUuid);
  const [item] = await services.db
    .select({ id: trainingItems.id, type: trainingItems.type })
    .from(trainingItems)
    .where(and(eq(trainingItems.id, itemId), eq(trainingItems.trainingId, training.id)))
    .limit(1);
  if (!item) throw notFound();
  if (item.type === 'SECTION') throw invalid({ itemId: [messages.chapterHasNoLock] }, messages.chapterHasNoLock);
  if (enrolment.customerType === 'ABANDONED_CART') throw invalid({ body: [messages.notEnrolled] }, messages.notEnrolled);

  await services.db
    .insert(itemProgress)
    .values({ customerTrainingId: enrolment.id, trainingItemId: item.id, unblockedByTeacher: true })
    .onConflictDoUpdate({ target: [itemProgress.customerTrainingId, itemProgress.trainingItemId], set: { unblockedByTeacher: true } });
  return customerTrainingDetail(services, storeId, trainingUuid, customerUuid);
}
