import { describe, expect, it } from 'vitest';
import { customerActionsOf } from '../../../src/pages/trainings/training/CustomerActions';

// The same list feeds the row's buttons and its "…" menu (narrow table): both offer exactly these.
describe('customerActionsOf (a learner row of /formations/:uuid/apprenants)', () => {
  it('a learner\'s access can be changed (end date, drip bypass), and they can be blocked or removed', () => {
    expect(customerActionsOf({ customer_type: 'STUDENT', blocked_reason: null })).toEqual(['edit', 'block', 'remove']);
  });
  it('a learner the teacher blocked can be unblocked or removed', () => {
    expect(customerActionsOf({ customer_type: 'BLOCKED', blocked_reason: 'BY_TEACHER' })).toEqual(['edit', 'unblock', 'remove']);
  });
  it('an expired access offers no Débloquer: a later end date gives it back; it can be removed', () => {
    expect(customerActionsOf({ customer_type: 'BLOCKED', blocked_reason: 'BY_EXPIRATION' })).toEqual(['edit', 'remove']);
  });
  it('an abandoned cart has no action (no buttons, no menu)', () => {
    expect(customerActionsOf({ customer_type: 'ABANDONED_CART', blocked_reason: null })).toEqual([]);
  });
});
