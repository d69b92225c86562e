/**
 * What a checkout costs, in cents (integers only: no euro float ever adds up here). The server computes every
 * quote and order with it; the checkout page only shows what the server answered.
 *
 * - A promo code takes a percentage (rounded to the cent) or an amount (at most the total) off the total.
 * - Instalments stay equal after the discount: each is the discounted total divided by their number, rounded
 *   down, and the remainder (a few cents) goes on the first payment, so the sum is always the total.
 * - Nothing is ever negative: a discount above the total makes it 0 (a free order).
 * - A subscription is priced as its first period (renewals are the provider's); the server refuses promo codes
 *   on subscriptions, so `discount` is null for them.
 */
export type ScheduleType = 'ONE_TIME' | 'INSTALLMENTS' | 'SUBSCRIPTION';

export interface PricedSchedule {
  type: ScheduleType;
  /** Amount of each payment, cents. */
  priceCents: number;
  /** Number of payments for INSTALLMENTS (2 to 24); ignored otherwise. */
  installmentsCount: number | null;
}

export interface PromoDiscount {
  type: 'PERCENTAGE' | 'AMOUNT';
  /** Percent (0 to 100, two decimals) or euros with cents. */
  value: number;
}

export interface Price {
  /** Before the discount, cents. */
  grossCents: number;
  discountCents: number;
  /** What is paid in all, cents: the sum of `installmentsCents`. */
  totalCents: number;
  /** Every payment, in order; the first is charged at checkout. */
  installmentsCents: number[];
}

/** Euros to cents, exactly for amounts with two decimals. */
export const centsOf = (euros: number) => Math.round(euros * 100);
/** Cents to euros (two decimals). */
export const eurosOf = (cents: number) => cents / 100;

/** How many payments a schedule has. */
export const paymentsOf = (schedule: Pick<PricedSchedule, 'type' | 'installmentsCount'>) =>
  schedule.type === 'INSTALLMENTS' ? Math.max(1, schedule.installmentsCount ?? 1) : 1;

/** The discount on `grossCents`, never more than it and never negative. */
export function discountCents(grossCents: number, discount: PromoDiscount | null): number {
  if (!discount || grossCents <= 0) return 0;
  const off =
    discount.type === 'PERCENTAGE'
      ? // Percent with two decimals as an integer (12.5 % → 1250), so the product stays exact.
        Math.round((grossCents * Math.round(discount.value * 100)) / 10_000)
      : centsOf(discount.value);
  return Math.min(grossCents, Math.max(0, off));
}

/** `totalCents` cut into `count` payments: equal, the remainder on the first. */
export function splitInstallments(totalCents: number, count: number): number[] {
  const total = Math.max(0, Math.round(totalCents));
  const n = Math.max(1, Math.floor(count));
  const each = Math.floor(total / n);
  return [total - each * (n - 1), ...Array.from({ length: n - 1 }, () => each)];
}

/** The price of a schedule with an optional promo code. */
export function priceSchedule(schedule: PricedSchedule, discount: PromoDiscount | null): Price {
  const count = paymentsOf(schedule);
  const grossCents = Math.max(0, Math.round(schedule.priceCents)) * count;
  const off = schedule.type === 'SUBSCRIPTION' ? 0 : discountCents(grossCents, discount);
  const totalCents = grossCents - off;
  // Without a discount the plan's own payments stand (equal by construction).
  const installmentsCents = splitInstallments(totalCents, count);
  return { grossCents, discountCents: off, totalCents, installmentsCents };
}
