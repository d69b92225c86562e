import type { components } from '../../../src/api/schema.gen.js';
import { centsOf, eurosOf, priceSchedule, type Price } from '../../../shared/pricing.js';
import type { SchoolScope } from '../../policies/schoolScope.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { paymentRegistry, paymentStoreOf } from '../../payments/registry.js';
import type { Services } from '../../services.js';
import { presentPaymentSchedule } from '../catalogue/paymentSchedules.js';
import { assertEnrolmentOpen, loadBuyable, scheduleOf, type Buyable, type BuyableType, type ScheduleRow } from './buyable.js';
import { usableCode, type DiscountCodeRow } from './discount.js';
import { assertSeats, sweepExpiredHolds, trainingsToSeat } from './holds.js';

export interface QuoteInput {
  buyable_type: BuyableType;
  buyable_uuid: string;
  /** Absent: the buyable's first schedule (checkout always names one). */
  payment_schedule_id?: number;
  discount_code?: string;
}

export interface Priced {
  buyable: Buyable;
  schedule: ScheduleRow;
  code: DiscountCodeRow | null;
  price: Price;
}

/**
 * The price of a purchase, computed here only (shared/pricing.ts): the buyable must be for sale with enrolment
 * open, the schedule one of its own, the promo code usable for it. Subscriptions are priced as their first
 * period and take no promo code (422: their renewals are billed by the provider, at the full price).
 */
export async function priceOf(services: Services, scope: SchoolScope, input: QuoteInput): Promise<Priced> {
  const now = services.clock();
  const buyable = await loadBuyable(services.db, scope.store, input.buyable_type, input.buyable_uuid);
  assertEnrolmentOpen(buyable, now);
  const schedule = scheduleOf(buyable, input.payment_schedule_id, () => invalid({ payment_schedule_id: [messages.scheduleUnknown] }));
  let code: DiscountCodeRow | null = null;
  if (input.discount_code !== undefined) {
    if (schedule.type === 'SUBSCRIPTION') throw invalid({ discount_code: [messages.promoCodeNotForSubscriptions] });
    code = await usableCode(services.db, scope.store, input.discount_code, buyable, now);
  }
  const price = priceSchedule(
    { type: schedule.type, priceCents: centsOf(schedule.price), installmentsCount: schedule.installmentsCount },
    code ? { type: code.type, value: code.value } : null,
  );
  return { buyable, schedule, code, price };
}

/** POST …/checkout/quote: prices, the schedules to choose from, the methods the school accepts; warns of a full training. */
export async function quoteCheckout(services: Services, scope: SchoolScope, input: QuoteInput): Promise<components['schemas']['CheckoutQuote']> {
  await sweepExpiredHolds(services, { storeId: scope.store.id });
  const { buyable, schedule, code, price } = await priceOf(services, scope, input);
  await assertSeats(services.db, await trainingsToSeat(services.db, buyable, scope.learner?.customer.id ?? null), services.clock());
  return {
    buyable: { type: buyable.type, uuid: buyable.id, name: buyable.name },
    payment_schedule: presentPaymentSchedule(schedule),
    discount_code: code?.code ?? null,
    discount_amount: eurosOf(price.discountCents),
    total: eurosOf(price.totalCents),
    first_payment_amount: eurosOf(price.installmentsCents[0] ?? 0),
    installments: price.installmentsCents.map(eurosOf),
    payment_schedules: buyable.schedules.map(presentPaymentSchedule),
    payment_methods: paymentRegistry(services.config).methodsFor(paymentStoreOf(scope.store)),
  };
}
