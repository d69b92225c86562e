import { describe, expect, it } from 'vitest';
import { centsOf, discountCents, priceSchedule, splitInstallments } from '../../../shared/pricing';

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

describe('discountCents', () => {
  it('takes a percentage rounded to the cent, or an amount, never more than the total nor below 0', () => {
    expect(discountCents(10_000, { type: 'PERCENTAGE', value: 10 })).toBe(1_000);
    expect(discountCents(9_999, { type: 'PERCENTAGE', value: 12.5 })).toBe(1_250); // 1249.875 → 1250
    expect(discountCents(333, { type: 'PERCENTAGE', value: 33.33 })).toBe(111);
    expect(discountCents(10_000, { type: 'AMOUNT', value: 15.5 })).toBe(1_550);
    expect(discountCents(1_000, { type: 'AMOUNT', value: 50 })).toBe(1_000);
    expect(discountCents(1_000, { type: 'PERCENTAGE', value: 150 })).toBe(1_000);
    expect(discountCents(1_000, { type: 'AMOUNT', value: -5 })).toBe(0);
    expect(discountCents(0, { type: 'AMOUNT', value: 5 })).toBe(0);
    expect(discountCents(1_000, null)).toBe(0);
  });
});

describe('splitInstallments', () => {
  it('cuts equal payments and puts the remainder on the first', () => {
    expect(splitInstallments(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(splitInstallments(9_000, 3)).toEqual([3_000, 3_000, 3_000]);
    expect(splitInstallments(2, 3)).toEqual([2, 0, 0]);
    expect(splitInstallments(0, 4)).toEqual([0, 0, 0, 0]);
    expect(splitInstallments(-5, 2)).toEqual([0, 0]);
  });

  it('always sums to the total, for many totals and counts', () => {
    for (let total = 0; total < 5_000; total += 37) {
      for (let n = 1; n <= 24; n++) {
        const parts = splitInstallments(total, n);
        expect(parts).toHaveLength(n);
        expect(sum(parts)).toBe(total);
        expect(Math.min(...parts)).toBeGreaterThanOrEqual(0);
        expect(parts[0]! - parts[n - 1]!).toBeLessThan(n);
      }
    }
  });
});

describe('priceSchedule', () => {
  it('prices a one-time payment with and without a code', () => {
    expect(priceSchedule({ type: 'ONE_TIME', priceCents: 19_900, installmentsCount: null }, null)).toEqual({
      grossCents: 19_900,
      discountCents: 0,
      totalCents: 19_900,
      installmentsCents: [19_900],
    });
    expect(priceSchedule({ type: 'ONE_TIME', priceCents: 19_900, installmentsCount: null }, { type: 'PERCENTAGE', value: 10 })).toEqual({
      grossCents: 19_900,
      discountCents: 1_990,
      totalCents: 17_910,
      installmentsCents: [17_910],
    });
  });

  it('spreads the discount over instalments: equal payments, the remainder first, total = sum', () => {
    const price = priceSchedule({ type: 'INSTALLMENTS', priceCents: 9_900, installmentsCount: 3 }, { type: 'PERCENTAGE', value: 10 });
    expect(price.grossCents).toBe(29_700);
    expect(price.discountCents).toBe(2_970);
    expect(price.totalCents).toBe(26_730);
    expect(price.installmentsCents).toEqual([8_910, 8_910, 8_910]);
    const odd = priceSchedule({ type: 'INSTALLMENTS', priceCents: 3_333, installmentsCount: 3 }, { type: 'AMOUNT', value: 10 });
    expect(odd.totalCents).toBe(8_999);
    expect(odd.installmentsCents).toEqual([3_001, 2_999, 2_999]);
    expect(sum(odd.installmentsCents)).toBe(odd.totalCents);
  });

  it('makes a free order of a discount above the total, never a negative payment', () => {
    const price = priceSchedule({ type: 'INSTALLMENTS', priceCents: 1_000, installmentsCount: 4 }, { type: 'AMOUNT', value: 100 });
    expect(price).toEqual({ grossCents: 4_000, discountCents: 4_000, totalCents: 0, installmentsCents: [0, 0, 0, 0] });
  });

  it('prices a subscription as its first period and takes no discount on it', () => {
    expect(priceSchedule({ type: 'SUBSCRIPTION', priceCents: 2_900, installmentsCount: null }, { type: 'PERCENTAGE', value: 50 })).toEqual({
      grossCents: 2_900,
      discountCents: 0,
      totalCents: 2_900,
      installmentsCents: [2_900],
    });
  });

  it('converts euros with two decimals exactly', () => {
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(19.99)).toBe(1_999);
  });
});
