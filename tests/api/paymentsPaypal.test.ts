// PayPal through its REST Orders v2 API against a fake PayPal on loopback: linking the store's merchant, the order
// a payment starts (payee, custom_id, amount), the token kept between calls, and the webhooks verified by the
// verify-webhook-signature API (the fake checks the RSA signature it is handed, so a forged delivery fails).
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { configuredProviders } from '../../server/payments/configured';
import { paypalAmount } from '../../server/payments/paypal/paypalProvider';
import type { Services } from '../../server/services';
import { FakePaypal } from '../support/fakePaypal';
import { demoStore, inject, insertDraftSale, paymentsApp, saleState } from '../support/paymentsFixtures';
import { expectContract } from './client';

const MERCHANT = 'QWERTY1234567';

let fake: FakePaypal;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let owner: string;
let storeId: string;

const paypal = () => configuredProviders(services.config).paypal!;

beforeAll(async () => {
  fake = await new FakePaypal('client-id', 'client-secret', 'WH-ID-1').start();
  setup = await paymentsApp({ paypal: { clientId: 'client-id', clientSecret: 'client-secret', webhookId: 'WH-ID-1', apiUrl: fake.url } });
  ({ services, app, owner, storeId } = setup);
}, 60_000);
afterAll(async () => {
  await setup?.close();
  await fake?.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.captureOutcome = 'COMPLETED';
});

describe('the payments settings: the PayPal merchant', () => {
  it('links a merchant id of the right shape, shows it and unlinks it; managers only', async () => {
    const bad = await inject(app, 'PUT', `/stores/${storeId}/payments/paypal`, { token: owner, body: { merchant_id: 'not-an-id' } });
    expectContract('linkPaypal', bad);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.merchant_id).toBeDefined();

    const linked = await inject(app, 'PUT', `/stores/${storeId}/payments/paypal`, { token: owner, body: { merchant_id: MERCHANT } });
    expectContract('linkPaypal', linked);
    expect(linked.body.paypal).toEqual({ available: true, merchant_id: MERCHANT });
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.paypal.merchant_id).toBe(MERCHANT);

    const teacher = await setup.login('teacher@demo.test');
    expect((await inject(app, 'PUT', `/stores/${storeId}/payments/paypal`, { token: teacher, body: { merchant_id: MERCHANT } })).status).toBe(403);
    expect((await inject(app, 'DELETE', `/stores/${storeId}/payments/paypal`, { token: teacher })).status).toBe(403);
    expect((await inject(app, 'DELETE', `/stores/00000000-0000-4000-8000-000000000000/payments/paypal`, { token: owner })).status).toBe(404);

    expect((await inject(app, 'DELETE', `/stores/${storeId}/payments/paypal`, { token: owner })).status).toBe(204);
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.paypal.merchant_id).toBeNull();
    // PayPal not offered to learners: nothing was asked of PayPal for any of this.
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a PayPal payment', () => {
  beforeAll(async () => {
    await services.db.update(stores).set({ paypalMerchantId: MERCHANT }).where(eq(stores.id, storeId));
  });

  const start = async (cents = 14990) => {
    const store = await demoStore(services.db);
    const { sale } = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.light, provider: 'PAYPAL', providerRef: null, installmentsCents: [cents] });
    const started = await paypal().startPayment({
      store,
      saleId: sale.id,
      description: 'Maîtriser la lumière naturelle',
      currency: 'eur',
      customer: { email: 'ines@example.test', firstname: 'Inès', lastname: 'Petit' },
      installmentsCents: [cents],
      returnUrl: 'http://demo.app.test/commande/3',
      cancelUrl: 'http://demo.app.test/formations/lumiere',
    });
    return { sale, started };
  };
  const post = (delivery: { body: string; headers: Record<string, string> }) => inject(app, 'POST', '/webhooks/paypal', { payload: delivery.body, headers: delivery.headers });
  const approved = (orderId: string, saleId: string) => ({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId, status: 'APPROVED', purchase_units: [{ custom_id: saleId }] } });

  it('creates the order: intent CAPTURE, the store as payee, the sale as custom_id, the amount in euros; one token for many calls', async () => {
    const tokensBefore = fake.tokensIssued;
    const { sale, started } = await start();
    await start(100);
    const orders = fake.requests.filter((r) => r.path === '/v2/checkout/orders');
    expect(orders).toHaveLength(2);
    expect(orders[0]!.headers['paypal-request-id']).toBe(`order-${sale.id}`);
    expect(orders[0]!.json).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: sale.id, amount: { currency_code: 'EUR', value: '149.90' }, payee: { merchant_id: MERCHANT } }],
      payment_source: { paypal: { experience_context: { return_url: 'http://demo.app.test/commande/3', cancel_url: 'http://demo.app.test/formations/lumiere' } } },
    });
    expect((orders[1]!.json as { purchase_units: { amount: { value: string } }[] }).purchase_units[0]!.amount.value).toBe('1.00');
    expect(started.paymentUrl).toBe(`https://www.paypal.test/checkoutnow?token=${started.providerRef}`);
    expect(fake.tokensIssued - tokensBefore).toBeLessThanOrEqual(1);
  });

  it('captures on CHECKOUT.ORDER.APPROVED: paid once; a replay and the later PAYMENT.CAPTURE.COMPLETED change nothing', async () => {
    const { sale, started } = await start();
    const delivery = fake.delivery(approved(started.providerRef, sale.id));
    const answer = await post(delivery);
    expectContract('receivePaypalWebhook', answer);
    expect(answer.status).toBe(200);
    const verify = fake.requests.find((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
    expect(verify.json).toMatchObject({ webhook_id: 'WH-ID-1', transmission_id: delivery.headers['paypal-transmission-id'], auth_algo: 'SHA256withRSA' });
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
    const state = await saleState(services.db, sale.id);
    expect(state.status).toBe('PAID');
    expect(state.payments[0]!.ref).toMatch(/^[0-9A-F]{16}$/);

    expect((await post(delivery)).status).toBe(200);
    const captureId = state.payments[0]!.ref!;
    const completed = fake.delivery({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: captureId, status: 'COMPLETED', custom_id: sale.id, amount: { currency_code: 'EUR', value: '149.90' } } });
    expect((await post(completed)).status).toBe(200);
    expect(await saleState(services.db, sale.id)).toEqual(state);
  });

  it('refuses a forged delivery and an altered one (400, nothing changes)', async () => {
    const { sale, started } = await start();
    // Signed with a key that is not PayPal's.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await post(fake.delivery(approved(started.providerRef, sale.id), { privateKey }));
    expectContract('receivePaypalWebhook', forged);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');
    // PayPal's signature of one event over the bytes of another (a completed capture of our sale).
    const genuine = fake.delivery({ event_type: 'PAYMENT.CAPTURE.PENDING', resource: { id: 'X', custom_id: sale.id } });
    const altered = { ...genuine, body: genuine.body.replace('PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.COMPLETED') };
    expect((await post(altered)).status).toBe(400);
    // No transmission headers at all, or a body that is no JSON.
    expect((await inject(app, 'POST', '/webhooks/paypal', { payload: genuine.body, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await post({ ...genuine, body: 'not json' })).status).toBe(400);
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(0);
    expect((await saleState(services.db, sale.id)).status).toBe('DRAFT');
  });

  it('records a denied capture and a declined instrument as FAILED', async () => {
    const denied = await start();
    fake.captureOutcome = 'DECLINED';
    await post(fake.delivery(approved(denied.started.providerRef, denied.sale.id)));
    expect((await saleState(services.db, denied.sale.id)).status).toBe('FAILED');

    const declined = await start();
    fake.captureOutcome = 'INSTRUMENT_DECLINED';
    await post(fake.delivery(approved(declined.started.providerRef, declined.sale.id)));
    expect((await saleState(services.db, declined.sale.id)).status).toBe('FAILED');

    const later = await start();
    const deniedEvent = fake.delivery({ event_type: 'PAYMENT.CAPTURE.DENIED', resource: { id: 'CAPTURE1', status: 'DECLINED', custom_id: later.sale.id } });
    expect((await post(deniedEvent)).status).toBe(200);
    expect((await saleState(services.db, later.sale.id)).status).toBe('FAILED');
  });

  it('answers 503 when PayPal cannot verify (it delivers again later), and formats amounts to the cent', async () => {
    const { sale, started } = await start();
    const delivery = fake.delivery(approved(started.providerRef, sale.id));
    await fake.stop();
    try {
      const answer = await post(delivery);
      expectContract('receivePaypalWebhook', answer);
      expect(answer.status).toBe(503);
    } finally {
      await fake.start();
    }
    expect([0, 1, 99, 100, 14990, 123456789].map(paypalAmount)).toEqual(['0.00', '0.01', '0.99', '1.00', '149.90', '1234567.89']);
  });
});
