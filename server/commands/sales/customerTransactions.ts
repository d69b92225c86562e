import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { bundleTrainings, installmentCharges, sales, transactions } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentTransaction } from '../../presenters/sale.js';
import type { Services } from '../../services.js';
import { enrolmentOf } from '../certificates/certificates.js';

type Db = Services['db'];

/** The customer's sales that gave the training: of the training itself, or of a bundle holding it. */
export const salesOfTraining = (storeId: string, customerId: string, trainingId: string) =>
  and(
    eq(sales.storeId, storeId),
    eq(sales.customerId, customerId),
    or(eq(sales.trainingId, trainingId), inArray(sales.bundleId, sql`(select ${bundleTrainings.bundleId} from ${bundleTrainings} where ${bundleTrainings.trainingId} = ${trainingId})`)),
  );

async function transactionsOf(db: Db, storeId: string, customerId: string, trainingId: string) {
  const rows = await db
    .select({ transaction: transactions })
    .from(transactions)
    .innerJoin(sales, eq(sales.id, transactions.saleId))
    .where(and(eq(transactions.storeId, storeId), salesOfTraining(storeId, customerId, trainingId)))
    .orderBy(asc(sales.createdAt), sql`${transactions.installmentNumber} asc nulls first`, asc(transactions.id));
  return rows.map((row) => presentTransaction(row.transaction));
}

/** GET /trainings/{uuid}/customers/{customerUuid}/transactions: the payments of the sales that gave this training. */
export async function listTrainingCustomerTransactions(services: Services, storeId: string, trainingUuid: string, customerUuid: string) {
  const { training, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  return { data: await transactionsOf(services.db, storeId, customer.id, training.id) };
}

/** What may be cancelled; a cancelled payment is ABANDONED (the contract's statuses have no other word for it). */
const CANCELLABLE = new Set(['INCOMING', 'DRAFT']);

/**
 * POST …/transactions/cancel: the given upcoming payments become ABANDONED; the learner keeps access. In one
 * database transaction, the rows are locked (FOR UPDATE) before they are read, so two cancels, or a cancel and the
 * instalment job, are serialised: an id of another customer, training or store answers 404; a payment paid,
 * failed or in progress answers 422, as does one whose charge a worker has claimed (PENDING or PROCESSING);
 * cancelling an already cancelled one changes nothing.
 */
export async function cancelTrainingCustomerTransactions(services: Services, storeId: string, trainingUuid: string, customerUuid: string, ids: number[]) {
  const { training, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  return services.db.transaction(async (tx) => {
    const wanted = ids.filter((id) => id <= 2_147_483_647);
    const locked = wanted.length
      ? await tx
          .select({ id: transactions.id, status: transactions.status })
          .from(transactions)
          .innerJoin(sales, eq(sales.id, transactions.saleId))
          .where(and(inArray(transactions.id, wanted), eq(transactions.storeId, storeId), salesOfTraining(storeId, customer.id, training.id)))
          .for('update', { of: transactions })
      : [];
    if (locked.length !== ids.length) throw notFound();
    const refused = locked.filter((row) => !CANCELLABLE.has(row.status) && row.status !== 'ABANDONED');
    if (refused.length) throw invalid({ transaction_ids: [messages.transactionNotCancellable] }, messages.transactionNotCancellable);
    const open = locked.filter((row) => CANCELLABLE.has(row.status)).map((row) => row.id);
    if (open.length) {
      const [charging] = await tx
        .select({ id: installmentCharges.id })
        .from(installmentCharges)
        .where(and(inArray(installmentCharges.transactionId, open), inArray(installmentCharges.status, ['PENDING', 'PROCESSING'])))
        .limit(1);
      if (charging) throw invalid({ transaction_ids: [messages.transactionBeingCharged] }, messages.transactionBeingCharged);
      await tx.update(transactions).set({ status: 'ABANDONED' }).where(inArray(transactions.id, open));
    }
    return { data: await transactionsOf(tx as unknown as Db, storeId, customer.id, training.id) };
  });
}
