import type { StoreRow } from '../../auth/session.js';
import { notFound } from '../../http/errors.js';
import { applyPaymentEvent } from '../../payments/applyPaymentEvent.js';
import { paymentRegistry, paymentStoreOf } from '../../payments/registry.js';
import type { Services } from '../../services.js';
import { findOrder, presentOrder } from './order.js';

/**
 * The test provider's page buttons: the outcome goes through applyPaymentEvent with the event id
 * `test:<ref>:<outcome>`, so the same button twice is a replay. 404 when the test provider does not serve this
 * store (production, or a store not marked `test_payments`) or the order is not one of its payments.
 */
export async function completeTestPayment(services: Services, store: StoreRow, ref: string, outcome: 'PAID' | 'FAILED' | 'ABANDONED') {
  const test = paymentRegistry(services.config).byName('TEST');
  if (!test?.availableFor(paymentStoreOf(store))) throw notFound();
  const sale = await findOrder(services.db, store, ref);
  if (sale.provider !== 'TEST' || sale.providerRef !== ref) throw notFound();
  await applyPaymentEvent(services, { provider: 'TEST', eventId: `test:${ref}:${outcome}`, saleId: sale.id, outcome, occurredAt: services.clock() });
  return presentOrder(services.db, await findOrder(services.db, store, ref));
}
