/**
 * What the platform charges a store (spec 1 and 9), in cents, and the discounts it honours at purchase. The server
 * prices every plan order and seat order with these functions (it never takes a price from the client); the plan
 * page shows what the server answered.
 *
 * - Prices are the spec's, VAT included (our design): PRO 49 € / 490 €, EXPERT 99 € / 990 € (reference price
 *   129 € / 1290 € shown struck through), a seat 29 € / 290 €. Découverte (PERCENT) costs nothing and takes the
 *   app commission (9 %) on sales; PERK comes from a partner's perk code (registerPerk), it is not sold.
 * - Launch discount: days 4 to 7 after sign-up (from 3 × 24 h after creation to 7 × 24 h after it), the spec's
 *   "level-up discount" (10 %) off every paid plan.
 * - The September campaign (spec 4's announcement window): 20 % off the PRO plan.
 * - The better of the two applies, never both; seats are never discounted.
 * - Proration: a plan change starts a new period at payment; what is left of the current paid period is credited
 *   (its price × the time left / its length, rounded down to the cent) and taken off the new price, never below 0.
 *   Seats bought during a period cost their share of the time left (at the period's frequency).
 */
export type PaidPlan = 'PRO' | 'EXPERT';
export type Frequency = 'MONTHLY' | 'YEARLY';
export type PlanName = 'PERCENT' | 'PERK' | PaidPlan;

export const PAID_PLANS: readonly PaidPlan[] = ['PRO', 'EXPERT'];
export const PLAN_PRICES_CENTS: Record<PaidPlan, Record<Frequency, number>> = {
  PRO: { MONTHLY: 4_900, YEARLY: 49_000 },
  EXPERT: { MONTHLY: 9_900, YEARLY: 99_000 },
};
/** EXPERT_REAL: the price EXPERT is worth, shown struck through beside its price. */
export const PLAN_REFERENCE_PRICES_CENTS: Partial<Record<PaidPlan, Record<Frequency, number>>> = {
  EXPERT: { MONTHLY: 12_900, YEARLY: 129_000 },
};
export const SEAT_PRICES_CENTS: Record<Frequency, number> = { MONTHLY: 2_900, YEARLY: 29_000 };
/** The commission the platform takes on the sales of a Découverte store (spec 9's app commission). */
export const APP_COMMISSION_PERCENT = 9;
/** Own affiliation: what a sponsor store earns on each platform payment of a store it sponsored (spec 9's affiliate percent). */
export const SPONSOR_COMMISSION_PERCENT = 20;
/** Our design: a sponsorship commission is PENDING for this many days after the godchild's payment, then AVAILABLE. */
export const SPONSOR_COMMISSION_HOLD_DAYS = 14;
/** Own affiliation: the least a sponsor may ask to be paid, euros (our design; the spec names no minimum). */
export const SPONSOR_PAYOUT_MINIMUM = 50;
export const LAUNCH_DISCOUNT_PERCENT = 10;
export const CAMPAIGN_DISCOUNT_PERCENT = 20;
/** The French VAT rate the invoices split out of the prices (our design: every store is billed French VAT). */
export const VAT_PERCENT = 20;
export const MAX_SEATS_PER_ORDER = 50;

/** Spec 4's campaign: from 24 Sept 2025 to 30 Sept 2025 23:59:59 (Paris), both ends included. */
export const SEPTEMBER_CAMPAIGN = {
  start: '2025-09-24T00:00:00+02:00',
  end: '2025-09-30T23:59:59.999+02:00',
} as const;

const DAY_MS = 86_400_000;
export const PERIOD_DAYS: Record<Frequency, number> = { MONTHLY: 30, YEARLY: 365 };

export interface PlanDiscount {
  kind: 'LAUNCH' | 'CAMPAIGN';
  percent: number;
  /** When it stops applying (exclusive), epoch ms. */
  endsAt: number;
}

/** The launch window of a store created at `createdAt` (epoch ms): [start, end). */
export const launchWindow = (createdAt: number) => ({ start: createdAt + 3 * DAY_MS, end: createdAt + 7 * DAY_MS });

/** The discount `plan` gets now (the better one), or null. */
export function planDiscount(plan: PaidPlan, storeCreatedAt: number, now: number): PlanDiscount | null {
  const found: PlanDiscount[] = [];
  const launch = launchWindow(storeCreatedAt);
  if (now >= launch.start && now < launch.end) found.push({ kind: 'LAUNCH', percent: LAUNCH_DISCOUNT_PERCENT, endsAt: launch.end });
  const campaignEnd = Date.parse(SEPTEMBER_CAMPAIGN.end) + 1;
  if (plan === 'PRO' && now >= Date.parse(SEPTEMBER_CAMPAIGN.start) && now < campaignEnd) {
    found.push({ kind: 'CAMPAIGN', percent: CAMPAIGN_DISCOUNT_PERCENT, endsAt: campaignEnd });
  }
  return found.sort((a, b) => b.percent - a.percent)[0] ?? null;
}

/** `percent` of `cents`, rounded to the cent. */
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

export interface CurrentPeriod {
  /** What the current period was bought for, cents (0 on Découverte and PERK). */
  paidCents: number;
  frequency: Frequency | null;
  /** Epoch ms; null without a paid period. */
  endsAt: number | null;
}

/** What is left of the current paid period, in cents, rounded down (0 when none runs). */
export function remainingCredit(period: CurrentPeriod, now: number): number {
  if (!period.frequency || period.endsAt === null || period.endsAt <= now || period.paidCents <= 0) return 0;
  const length = PERIOD_DAYS[period.frequency] * DAY_MS;
  return Math.floor((period.paidCents * Math.min(length, period.endsAt - now)) / length);
}

export interface PlanQuote {
  grossCents: number;
  discount: PlanDiscount | null;
  discountCents: number;
  /** The price of the new period after the discount: what a later change credits back from. */
  periodCents: number;
  creditCents: number;
  /** What is charged now. */
  amountCents: number;
}

export function quotePlan(plan: PaidPlan, frequency: Frequency, storeCreatedAt: number, current: CurrentPeriod, now: number): PlanQuote {
  const grossCents = PLAN_PRICES_CENTS[plan][frequency];
  const discount = planDiscount(plan, storeCreatedAt, now);
  const discountCents = discount ? percentOf(grossCents, discount.percent) : 0;
  const periodCents = grossCents - discountCents;
  const creditCents = Math.min(periodCents, remainingCredit(current, now));
  return { grossCents, discount, discountCents, periodCents, creditCents, amountCents: periodCents - creditCents };
}

/** Seats bought during the current period: their share of the time left at the period's frequency. */
export function quoteSeats(quantity: number, current: Required<CurrentPeriod> & { frequency: Frequency; endsAt: number }, now: number): number {
  const length = PERIOD_DAYS[current.frequency] * DAY_MS;
  const left = Math.max(0, Math.min(length, current.endsAt - now));
  return Math.round((quantity * SEAT_PRICES_CENTS[current.frequency] * left) / length);
}

/** The end of a period starting at `start` (epoch ms). */
export const periodEnd = (start: number, frequency: Frequency) => start + PERIOD_DAYS[frequency] * DAY_MS;

/** The VAT inside a price that includes it, cents. */
export const vatInside = (cents: number) => cents - Math.round((cents * 100) / (100 + VAT_PERCENT));
