import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { maskAccountId } from '../../../server/commands/paymentSettings';
import { configuredProviders } from '../../../server/payments/configured';
import { PaypalApi } from '../../../server/payments/paypal/paypalApi';
import { FakePaypal } from '../../support/fakePaypal';

describe('payment providers from the environment', () => {
  it('are off without keys, and on with them (both webhook secrets, another API host)', () => {
    const bare = readConfig({});
    expect(bare.stripe).toBeUndefined();
    expect(bare.paypal).toBeUndefined();
    expect(configuredProviders(bare)).toEqual({ stripe: null, paypal: null });

    const config = readConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_b',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecrets: ['whsec_a', 'whsec_b'], apiUrl: 'http://127.0.0.1:12111' });
    expect(config.paypal).toEqual({ clientId: 'id', clientSecret: 'secret', webhookId: 'WH-1', apiUrl: 'https://api-m.sandbox.paypal.com' });
    expect(readConfig({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'w', UPLOAD_SECRET: 'u' }).paypal?.apiUrl).toBe('https://api-m.paypal.com');
    // PayPal needs its webhook id too: without it no delivery could be verified.
    expect(readConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal).toBeUndefined();
    // One set of clients per configuration (PayPal's token cache lives with it).
    expect(configuredProviders(config)).toBe(configuredProviders(config));
    expect(configuredProviders(config).stripe?.availableFor({ id: 's', subdomain: 'demo', stripeAccountId: null, paypalMerchantId: 'X' })).toBe(false);
  });

  it('masks a Stripe account id but for its last four characters', () => {
    expect(maskAccountId('acct_1Nv0FGQ9RKHgCVdK')).toBe('acct_••••CVdK');
  });
});

describe("PayPal's OAuth2 token", () => {
  let fake: FakePaypal;
  beforeAll(async () => {
    fake = await new FakePaypal('client', 'secret', 'WH').start();
  });
  afterAll(() => fake.stop());

  it('is asked once for concurrent calls, kept until a minute before it expires, then asked again', async () => {
    let now = 1_000_000;
    const api = new PaypalApi({ clientId: 'client', clientSecret: 'secret', webhookId: 'WH', apiUrl: fake.url }, () => now);
    const before = fake.tokensIssued;
    await Promise.all([1, 2, 3].map(() => api.call('POST', '/v1/notifications/verify-webhook-signature', {})));
    expect(fake.tokensIssued - before).toBe(1);
    now += (32_400 - 61) * 1000;
    await api.call('POST', '/v1/notifications/verify-webhook-signature', {});
    expect(fake.tokensIssued - before).toBe(1);
    now += 2000;
    await api.call('POST', '/v1/notifications/verify-webhook-signature', {});
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('refuses wrong client credentials with a PayPal error, not a crash', async () => {
    const api = new PaypalApi({ clientId: 'client', clientSecret: 'wrong', webhookId: 'WH', apiUrl: fake.url });
    await expect(api.call('GET', '/v2/checkout/orders/X')).rejects.toMatchObject({ name: 'PaypalApiError', status: 401 });
  });
});
