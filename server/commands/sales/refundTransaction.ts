import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { sales, stores, transactions } from '../../db/schema.js';
import { HttpError, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { applyPaymentEvent } from '../../payments/applyPaymentEvent.js';
import { PaypalApiError } from '../../payments/paypal/paypalApi.js';
import { refundKey, toCents } from '../../payments/provider.js';
import { paymentRegistry, paymentStoreOf } from '../../payments/registry.js';
import type { Services } from '../../services.js';
import { enrolmentOf } from '../certificates/certificates.js';
import { creditState } from '../invoices/issue.js';
import { salesOfTraining } from './customerTransactions.js';

const MAX_SERIAL = 2_147_483_647;

/** The provider said the money is already back (refunded from its dashboard): the event that says so credits it. */
function alreadyRefundedAtProvider(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return error.code === 'charge_already_refunded';
  if (error instanceof PaypalApiError) return error.status === 422 && error.issues.includes('CAPTURE_FULLY_REFUNDED');
  return false;
}

/**
 * POST …/transactions/{transactionId}/refund (our design): gives a paid payment back to the learner through the
 * provider that took it, on the store's own account (Stripe refund of the payment intent, PayPal refund of the
 * capture; the test provider refunds at once). One path for the credit note: the provider's refund event
 * (charge.refunded, PAYMENT.CAPTURE.REFUNDED) goes through applyPaymentEvent like any refund made from the
 * provider's dashboard; the test provider sends none, so its REFUNDED event is applied here.
 *
 * Once per payment: the row is locked and marked PENDING (`refund_status`, `refund_requested_at`) in a first
 * transaction, so of two refunds at once the second answers 422 (as does a refund of a payment already credited in
 * full, or not paid); a refund the provider reported failed may be asked again. The provider
 * call comes after the commit with an idempotency key per payment; when the provider cannot be reached the mark is
 * taken off again (503, the team may retry). The learner keeps access (the team decides, as for a cancel).
 */
export async function refundTrainingCustomerTransaction(services: Services, storeId: string, trainingUuid: string, customerUuid: string, transactionId: number) {
  const { training, customer } = await enrolmentOf(services, storeId, trainingUuid, customerUuid);
  if (transactionId > MAX_SERIAL) throw notFound();
  const now = services.clock();
  const { payment, sale } = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payment: transactions, sale: sales })
      .from(transactions)
      .innerJoin(sales, eq(sales.id, transactions.saleId))
      .where(and(eq(transactions.id, transactionId), eq(transactions.storeId, storeId), salesOfTraining(storeId, customer.id, training.id)))
      .for('update', { of: transactions });
    if (!row) throw notFound();
    const { payment } = row;
    if (payment.status !== 'PAID' || toCents(payment.amount) <= 0) throw invalid({ transaction_id: [messages.transactionNotRefundable] }, messages.transactionNotRefundable);
    const { invoicedCents, creditedCents } = await creditState(tx, payment.id);
    // A refund the provider refused (FAILED) may be asked again; one waiting for the provider or made may not.
    if (payment.refundStatus === 'PENDING' || payment.refundStatus === 'REFUNDED' || (invoicedCents > 0 && creditedCents >= invoicedCents)) {
      throw invalid({ transaction_id: [messages.transactionAlreadyRefunded] }, messages.transactionAlreadyRefunded);
    }
    await tx.update(transactions).set({ refundRequestedAt: now, refundStatus: 'PENDING' }).where(eq(transactions.id, payment.id));
    return row;
  });
  // The provider was not reached: the payment is as it was before the request.
  const release = () =>
    services.db.update(transactions).set({ refundRequestedAt: payment.refundRequestedAt, refundStatus: payment.refundStatus }).where(eq(transactions.id, payment.id));

  // Payments written without a provider (the demo's seeded ones) are the test provider's, where it serves the store.
  const name = payment.provider ?? sale.provider ?? 'TEST';
  const provider = paymentRegistry(services.config).byName(name);
  const [store] = await services.db.select().from(stores).where(eq(stores.id, storeId));
  const paymentStore = paymentStoreOf(store!);
  const chargeRef = name === 'TEST' ? (payment.providerRef ?? `test_${payment.id}`) : payment.providerRef;
  if (!provider?.refundPayment || !provider.availableFor(paymentStore) || !chargeRef) {
    await release();
    throw invalid({ transaction_id: [messages.refundProviderUnavailable] }, messages.refundProviderUnavailable);
  }
  try {
    const requestKey = payment.refundStatus === 'FAILED' ? `${refundKey(payment.id)}-${now.getTime()}` : refundKey(payment.id);
    await provider.refundPayment({ store: paymentStore, saleId: sale.id, transactionId: payment.id, chargeRef, requestKey });
  } catch (error) {
    if (alreadyRefundedAtProvider(error)) throw invalid({ transaction_id: [messages.transactionAlreadyRefunded] }, messages.transactionAlreadyRefunded);
    await release();
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', name === 'PAYPAL' ? messages.paypalUnreachable : messages.stripeUnreachable);
  }
  if (name !== 'TEST') return { transaction_id: payment.id, status: 'PENDING' as const };
  await applyPaymentEvent(services, { provider: 'TEST', eventId: refundKey(payment.id), saleId: sale.id, outcome: 'REFUNDED', transactionId: payment.id, occurredAt: now });
  return { transaction_id: payment.id, status: 'REFUNDED' as const };
}
