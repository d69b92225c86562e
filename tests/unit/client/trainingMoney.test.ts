import { describe, expect, it } from 'vitest';
import { parseEuros, scheduleTotal } from '../../../src/components/catalogue/money';

describe('parseEuros', () => {
  it.each([
    ['49', 49],
    ['49,90', 49.9],
    ['49.9', 49.9],
    [' 0 ', 0],
    ['1 234,50', 1234.5],
    ['1\u202f234,50 €', 1234.5],
    ['1.234,50', 1234.5],
    ['12,5€', 12.5],
    ['0,07', 0.07],
  ])('%j → %d', (text, amount) => {
    expect(parseEuros(text)).toBe(amount);
  });

  it.each(['', '   ', 'abc', '-5', '4,999', '1,2,3', '12e3', '€', '.5'])('%j is not an amount', (text) => {
    expect(parseEuros(text)).toBeNull();
  });
});

describe('scheduleTotal', () => {
  it('multiplies the instalments and rounds to the cent', () => {
    expect(scheduleTotal(33.33, 3)).toBe(99.99);
    expect(scheduleTotal(0.1, 3)).toBe(0.3);
  });
  it('is the price for one payment or a subscription', () => {
    expect(scheduleTotal(49, null)).toBe(49);
  });
});
