import type { Config } from '../config.js';
import { PaypalProvider } from './paypal/paypalProvider.js';
import { StripeProvider } from './stripe/stripeProvider.js';

export interface ConfiguredProviders {
  /** Set when STRIPE_SECRET_KEY is. */
  stripe: StripeProvider | null;
  /** Set when PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are. */
  paypal: PaypalProvider | null;
}

// One set of clients per configuration: PayPal's token cache and Stripe's connection pool live as long as the process.
const cache = new WeakMap<Config, ConfiguredProviders>();

/** The real providers the environment configures (the registry adds the test provider and picks per store). */
export function configuredProviders(config: Config): ConfiguredProviders {
  let providers = cache.get(config);
  if (!providers) {
    providers = {
      stripe: config.stripe ? new StripeProvider(config.stripe) : null,
      paypal: config.paypal ? new PaypalProvider(config.paypal) : null,
    };
    cache.set(config, providers);
  }
  return providers;
}
