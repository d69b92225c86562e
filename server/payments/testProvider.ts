import { schoolPaths } from '../../shared/schoolPaths.js';
import type { Config } from '../config.js';
import { installmentChargeKey, platformRenewalKey, type PaymentProvider, type PaymentStore } from './provider.js';

/**
 * The built-in test provider: its payment page is ours (`schoolPaths.testPayment`), marked "Mode test — aucun
 * paiement réel", with three buttons (pay, fail, abandon) that call `completeTestPayment`, which goes through
 * applyPaymentEvent like a real provider's webhook. It takes no money; its later instalments "succeed" when the
 * scheduler charges them (server/jobs/installments.ts), so the demo's instalment sales move on like real ones.
 *
 * Refused in production: it exists when `config.paymentsTestMode` (outside production, or PAYMENTS_TEST_MODE=1
 * for a demo deployment), and then serves only stores marked `feature_options.test_payments` (the demo store is).
 * The payment reference is the order's uuid: the page reads the order with it.
 */
export function testPaymentProvider(config: Pick<Config, 'paymentsTestMode'>): PaymentProvider {
  return {
    name: 'TEST',
    availableFor: (store: PaymentStore) => config.paymentsTestMode && store.testPayments === true,
    async startPayment(input) {
      // Our own page, on the learner's own origin: a relative address (a real provider answers an absolute one).
      return { providerRef: input.saleId, paymentUrl: schoolPaths.testPayment(input.store.subdomain, input.saleId) };
    },
    // The platform's billing: the test page of the back office's plan page, for any store (not only test_payments
    // ones: the money is the platform's, and the provider exists only outside production or with PAYMENTS_TEST_MODE=1).
    async startPlatformPayment(input) {
      return { providerRef: input.orderId, paymentUrl: `/abonnement/paiement-test/${input.orderId}` };
    },
    // A renewal of the platform's billing "succeeds" without money, like its first payment on the test page.
    async chargePlatformRenewal(input) {
      return { chargeRef: `test_${platformRenewalKey(input.orderId, input.attempt)}`, status: 'succeeded', declineCode: null };
    },
    // A refund takes no money back either: the caller applies its REFUNDED event at once (no webhook comes).
    async refundPayment(input) {
      if (!(config.paymentsTestMode && input.store.testPayments === true)) throw new Error('the test provider does not serve this store');
      return { refundRef: `test_${input.requestKey}` };
    },
    async chargeInstallment(input) {
      if (!(config.paymentsTestMode && input.store.testPayments === true)) throw new Error('the test provider does not serve this store');
      return { chargeRef: `test_${installmentChargeKey(input.saleId, input.installmentNumber, input.attempt)}`, status: 'succeeded', declineCode: null };
    },
  };
}
