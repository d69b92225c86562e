import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../server/commands/checkout/createOrder';

/** Instalments are due a calendar month apart (issue 11); a shorter month takes its last day. */
describe('addMonths', () => {
  it('moves by calendar months, keeping the time of day', () => {
    expect(addMonths(new Date('2026-11-26T17:32:00Z'), 0).toISOString()).toBe('2026-11-26T17:32:00.000Z');
    expect(addMonths(new Date('2026-11-26T17:32:00Z'), 1).toISOString()).toBe('2026-12-26T17:32:00.000Z');
    expect(addMonths(new Date('2026-11-26T17:32:00Z'), 2).toISOString()).toBe('2027-01-26T17:32:00.000Z');
  });

  it('takes the last day of a shorter month', () => {
    expect(addMonths(new Date('2027-01-31T08:00:00Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2027-03-31T08:00:00Z'), 1).toISOString()).toBe('2027-04-30T08:00:00.000Z');
  });
});
