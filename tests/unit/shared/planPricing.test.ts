import { describe, expect, it } from 'vitest';
import { planDiscount, quotePlan, quoteSeats, remainingCredit, vatInside } from '../../../shared/planPricing';

const DAY = 86_400_000;
const created = Date.parse('2026-03-10T09:00:00Z');
const none = { paidCents: 0, frequency: null, endsAt: null };

describe('planDiscount', () => {
  it('gives the launch discount from day 4 to day 7 after sign-up, on every paid plan', () => {
    expect(planDiscount('PRO', created, created + 3 * DAY - 1)).toBeNull();
    expect(planDiscount('PRO', created, created + 3 * DAY)).toMatchObject({ kind: 'LAUNCH', percent: 10, endsAt: created + 7 * DAY });
    expect(planDiscount('EXPERT', created, created + 7 * DAY - 1)?.kind).toBe('LAUNCH');
    expect(planDiscount('EXPERT', created, created + 7 * DAY)).toBeNull();
  });

  it('gives the September campaign (Paris time, both days included) on PRO only, and the better discount wins', () => {
    expect(planDiscount('PRO', created, Date.parse('2025-09-23T23:59:59+02:00'))).toBeNull();
    expect(planDiscount('PRO', created, Date.parse('2025-09-24T00:00:00+02:00'))).toMatchObject({ kind: 'CAMPAIGN', percent: 20 });
    expect(planDiscount('PRO', created, Date.parse('2025-09-30T23:59:59.500+02:00'))?.kind).toBe('CAMPAIGN');
    expect(planDiscount('PRO', created, Date.parse('2025-10-01T00:00:00+02:00'))).toBeNull();
    expect(planDiscount('EXPERT', created, Date.parse('2025-09-25T12:00:00+02:00'))).toBeNull();
    const during = Date.parse('2025-09-21T12:00:00+02:00');
    expect(planDiscount('PRO', during - 4 * DAY, Date.parse('2025-09-25T12:00:00+02:00'))?.kind).toBe('CAMPAIGN');
    expect(planDiscount('EXPERT', during - 4 * DAY, during)?.kind).toBe('LAUNCH');
  });
});

describe('quotePlan and quoteSeats (proration)', () => {
  it('charges the list price with no period running', () => {
    expect(quotePlan('EXPERT', 'YEARLY', created, none, created + 30 * DAY)).toMatchObject({ grossCents: 99_000, discountCents: 0, creditCents: 0, amountCents: 99_000 });
  });

  it('credits what is left of the current period, rounded down, never more than the new price', () => {
    const now = created + 30 * DAY;
    const month = { paidCents: 4_900, frequency: 'MONTHLY' as const, endsAt: now + 15 * DAY };
    expect(remainingCredit(month, now)).toBe(2_450);
    expect(quotePlan('EXPERT', 'MONTHLY', created, month, now)).toMatchObject({ creditCents: 2_450, amountCents: 9_900 - 2_450 });
    const year = { paidCents: 99_000, frequency: 'YEARLY' as const, endsAt: now + 300 * DAY };
    expect(quotePlan('PRO', 'MONTHLY', created, year, now)).toMatchObject({ creditCents: 4_900, amountCents: 0 });
    expect(remainingCredit({ ...month, endsAt: now - 1 }, now)).toBe(0);
  });

  it('prices seats by the time left at the period frequency', () => {
    const now = created + 30 * DAY;
    expect(quoteSeats(2, { paidCents: 4_900, frequency: 'MONTHLY', endsAt: now + 30 * DAY }, now)).toBe(5_800);
    expect(quoteSeats(1, { paidCents: 49_000, frequency: 'YEARLY', endsAt: now + 73 * DAY }, now)).toBe(5_800);
  });

  it('splits the VAT (20 %) out of a price that includes it', () => {
    expect(vatInside(4_900)).toBe(817);
    expect(vatInside(0)).toBe(0);
  });
});
