import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import type { PaymentStore } from '../../../server/payments/provider';
import { paymentRegistry } from '../../../server/payments/registry';

/** The payment registry and the test provider's gate (issue 11): refused in production unless PAYMENTS_TEST_MODE=1, and only for marked stores. */
const store = (testPayments: boolean): PaymentStore => ({ id: 's', subdomain: 'demo', stripeAccountId: null, paypalMerchantId: null, testPayments });

describe('payment registry', () => {
  it('offers the test provider for both methods to a marked store outside production', () => {
    const registry = paymentRegistry(readConfig({}));
    expect(registry.methodsFor(store(true))).toEqual(['CARD', 'PAYPAL']);
    expect(registry.chooseProvider(store(true), 'CARD')?.name).toBe('TEST');
    expect(registry.chooseProvider(store(true), 'PAYPAL')?.name).toBe('TEST');
  });

  it('offers nothing to a store that is not marked', () => {
    const registry = paymentRegistry(readConfig({}));
    expect(registry.methodsFor(store(false))).toEqual([]);
    expect(registry.chooseProvider(store(false), 'CARD')).toBeNull();
  });

  it('refuses the test provider in production, unless PAYMENTS_TEST_MODE=1', () => {
    expect(paymentRegistry(readConfig({ NODE_ENV: 'production' })).methodsFor(store(true))).toEqual([]);
    expect(paymentRegistry(readConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).methodsFor(store(true))).toEqual([]);
    expect(paymentRegistry(readConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: '1' })).methodsFor(store(true))).toEqual(['CARD', 'PAYPAL']);
  });

  it("sends the learner to our own test page, carrying the order's uuid", async () => {
    const test = paymentRegistry(readConfig({})).byName('TEST')!;
    const started = await test.startPayment({
      store: store(true),
      saleId: '0b5e2d8e-2f5c-4a59-9c1e-3a1f4c7d9e01',
      description: 'Formation',
      currency: 'eur',
      customer: { email: 'a@example.test', firstname: 'A', lastname: 'B' },
      installmentsCents: [100],
      returnUrl: '/r',
      cancelUrl: '/c',
    });
    expect(started).toEqual({ providerRef: '0b5e2d8e-2f5c-4a59-9c1e-3a1f4c7d9e01', paymentUrl: '/ecole/demo/paiement-test/0b5e2d8e-2f5c-4a59-9c1e-3a1f4c7d9e01' });
  });
});
