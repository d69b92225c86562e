import type { StoreRow } from '../auth/session.js';
import type { Config } from '../config.js';
import type { PaymentProvider, PaymentStore } from './provider.js';
import { configuredProviders } from './configured.js';
import { testPaymentProvider } from './testProvider.js';

export type PaymentMethodChoice = 'CARD' | 'PAYPAL';

/**
 * The payment providers of this process, from its configuration. ADD A PROVIDER HERE: its factory reads its own
 * keys from the config and the list keeps the order of preference (real providers before the test one).
 */
function providersFrom(config: Config): PaymentProvider[] {
  const { stripe, paypal } = configuredProviders(config);
  return [...(stripe ? [stripe] : []), ...(paypal ? [paypal] : []), testPaymentProvider(config)];
}

/** Which provider takes which method: card → Stripe, PayPal → PayPal; the test provider takes both. */
const METHODS: Record<PaymentProvider['name'], readonly PaymentMethodChoice[]> = {
  STRIPE: ['CARD'],
  PAYPAL: ['PAYPAL'],
  TEST: ['CARD', 'PAYPAL'],
};

export interface PaymentRegistry {
  readonly providers: readonly PaymentProvider[];
  /** The provider that takes `method` for this store, or null (the first available in the list's order). */
  chooseProvider(store: PaymentStore, method: PaymentMethodChoice): PaymentProvider | null;
  /** The methods this store can be paid with now (none: checkout answers NO_STRIPE_TOKEN_DEFINED). */
  methodsFor(store: PaymentStore): PaymentMethodChoice[];
  byName(name: PaymentProvider['name']): PaymentProvider | undefined;
}

const registries = new WeakMap<Config, PaymentRegistry>();

/** The registry of a configuration (built once per config object). */
export function paymentRegistry(config: Config): PaymentRegistry {
  const known = registries.get(config);
  if (known) return known;
  const providers = providersFrom(config);
  const registry: PaymentRegistry = {
    providers,
    chooseProvider: (store, method) => providers.find((p) => METHODS[p.name].includes(method) && p.availableFor(store)) ?? null,
    methodsFor: (store) => (['CARD', 'PAYPAL'] as const).filter((method) => registry.chooseProvider(store, method) !== null),
    byName: (name) => providers.find((p) => p.name === name),
  };
  registries.set(config, registry);
  return registry;
}

/** A store row as providers see it. */
export const paymentStoreOf = (store: StoreRow): PaymentStore => ({
  id: store.id,
  subdomain: store.subdomain,
  stripeAccountId: store.stripeAccountId,
  paypalMerchantId: store.paypalMerchantId,
  testPayments: store.featureOptions.test_payments === true,
});

/**
 * Who takes the platform's own billing (plan, seats): the platform's Stripe account when STRIPE_SECRET_KEY is set,
 * otherwise the built-in test provider where it exists (outside production, or PAYMENTS_TEST_MODE=1), otherwise
 * nobody (the plan page answers 503). Production never falls back to the test provider.
 */
export function platformBillingProvider(config: Config): PaymentProvider | null {
  const registry = paymentRegistry(config);
  const stripe = registry.byName('STRIPE');
  if (stripe?.startPlatformPayment) return stripe;
  const test = config.paymentsTestMode ? registry.byName('TEST') : undefined;
  return test?.startPlatformPayment ? test : null;
}
