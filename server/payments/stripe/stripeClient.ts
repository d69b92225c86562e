import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

/**
 * The official SDK, with the platform's secret key. STRIPE_API_URL points it at another host (the fake Stripe of
 * the tests, on loopback): the SDK takes host, port and protocol. Requests on a store's behalf pass
 * `stripeAccount` (the Stripe-Account header of Connect).
 */
export function stripeClient(config: StripeConfig): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    Object.assign(options, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
  }
  return new Stripe(config.secretKey, options);
}
