// PayPal instalments (issue 11) against a fake PayPal on loopback: the checkout's order of a 3-payment plan asks
// PayPal's vault to save the payer's PayPal, the capture (or VAULT.PAYMENT-TOKEN.CREATED) gives the token kept on
// the sale, and the scheduled job (server/jobs/installments.ts) charges the 2nd and 3rd payments with orders paid
// by that token, through the installment_charges ledger and applyPaymentEvent, on two workers sharing the database.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installmentCharges, sales, stores, transactions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { chargeInstallmentJob, dueInstallmentCharges, RETRY_AFTER_MS } from '../../server/jobs/installments';
import type { StartedQueue } from '../../server/jobs/queue';
import { configuredProviders } from '../../server/payments/configured';
import { paymentStoreOf } from '../../server/payments/registry';
import type { Services } from '../../server/services';
import { FakePaypal } from '../support/fakePaypal';
import { installmentWorkers } from '../support/installmentWorkers';
import { demoStore, inject, insertDraftSale, paymentsApp, saleState } from '../support/paymentsFixtures';
import { expectContract } from './client';

const MERCHANT = 'QWERTY1234567';
const HOUR = 3_600_000;
const PLAN = [5200, 5200, 5200];

let fake: FakePaypal;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let storeId: string;
let charging: Awaited<ReturnType<typeof installmentWorkers>>;
let workers: StartedQueue[] = [];

beforeAll(async () => {
  fake = await new FakePaypal('client-id', 'client-secret', 'WH-ID-1').start();
  setup = await paymentsApp({ paypal: { clientId: 'client-id', clientSecret: 'client-secret', webhookId: 'WH-ID-1', apiUrl: fake.url } });
  ({ services, app, storeId } = setup);
  await services.db.update(stores).set({ paypalMerchantId: MERCHANT }).where(eq(stores.id, storeId));
  charging = await installmentWorkers(setup.env.queueDatabase, services);
  ({ services, workers } = charging);
}, 120_000);
afterAll(async () => {
  await charging?.stop();
  await setup?.close();
  await fake?.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.captureOutcome = 'COMPLETED';
  fake.vaultInCaptureAnswer = true;
  fake.down = false;
  fake.loseNextAnswer = false;
});

const paypal = () => configuredProviders(services.config).paypal!;
const post = (delivery: { body: string; headers: Record<string, string> }) => inject(app, 'POST', '/webhooks/paypal', { payload: delivery.body, headers: delivery.headers });
const vaultOrders = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && JSON.stringify(r.json).includes('"vault_id"'));
const paymentTokenOf = async (saleId: string) => (await services.db.select({ token: sales.paymentToken }).from(sales).where(eq(sales.id, saleId)))[0]!.token;

/** Checkout of a 3-payment plan by PayPal, then the learner's approval: PayPal's webhook makes us capture the first payment. */
async function paidFirstByApproval(plan = PLAN) {
  const store = await demoStore(services.db);
  const { sale } = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'PAYPAL', providerRef: null, installmentsCents: plan });
  const started = await paypal().startPayment({
    store: paymentStoreOf(store),
    saleId: sale.id,
    description: 'Photographie culinaire',
    currency: 'eur',
    customer: { email: 'ines@example.test', firstname: 'Inès', lastname: 'Petit' },
    installmentsCents: plan,
    returnUrl: 'http://demo.app.test/commande/1',
    cancelUrl: 'http://demo.app.test/commande/1',
  });
  await services.db.update(sales).set({ providerRef: started.providerRef }).where(eq(sales.id, sale.id));
  const answer = await post(fake.delivery({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: started.providerRef, status: 'APPROVED', purchase_units: [{ custom_id: sale.id }] } }));
  expect(answer.status).toBe(200);
  return { sale, orderId: started.providerRef };
}

/** Instalment n's payment row, made due now (or `dueIn` from now). */
async function dueNow(saleId: string, n: number, dueIn = -HOUR) {
  const [row] = await services.db
    .update(transactions)
    .set({ dueAt: new Date(services.clock().getTime() + dueIn) })
    .where(and(eq(transactions.saleId, saleId), eq(transactions.installmentNumber, n)))
    .returning();
  return row!;
}

const sweepTwiceAndSettle = (transactionId: number, attempt: number) => charging.sweepTwiceAndSettle(transactionId, attempt);

describe('PayPal instalments', () => {
  it('pays a 3-payment plan: the first by approval (the payer’s PayPal vaulted), the 2nd and 3rd by the job, each charged once by two workers', async () => {
    const { sale, orderId } = await paidFirstByApproval();
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')!;
    expect(created.json).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: sale.id, amount: { value: '52.00' }, payee: { merchant_id: MERCHANT } }],
      payment_source: { paypal: { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } } },
    });
    const token = fake.tokenOf(orderId)!;
    expect(token).toBeDefined();
    expect(await paymentTokenOf(sale.id)).toBe(token.id);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'INCOMING', 'INCOMING']);

    // The token is ours to charge with, never shown: neither the sales list nor the sale's payments carry it.
    const owner = setup.owner;
    const list = await inject(app, 'GET', `/stores/${storeId}/sales`, { token: owner });
    expectContract('listSales', list);
    const payments = await inject(app, 'GET', `/stores/${storeId}/sales/${sale.id}/transactions`, { token: owner });
    expect(payments.status).toBe(200);
    expect(JSON.stringify(list.body) + JSON.stringify(payments.body)).not.toContain(token.id);

    const second = await dueNow(sale.id, 2);
    await dueNow(sale.id, 3, 30 * 24 * HOUR);
    // A job sent twice for the same attempt (a sweep crossing a slow charge) is still one charge.
    await workers[1]!.send('installment.charge', { transactionId: second.id, attempt: 1 });
    await sweepTwiceAndSettle(second.id, 1);

    expect(vaultOrders()).toHaveLength(1);
    expect(vaultOrders()[0]!.headers['paypal-request-id']).toBe(`installment-${sale.id}-2`);
    expect(vaultOrders()[0]!.json).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: `${sale.id}/2`, amount: { currency_code: 'EUR', value: '52.00' }, payee: { merchant_id: MERCHANT } }],
      payment_source: { paypal: { vault_id: token.id, stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT' } } },
    });
    const charge = fake.vaultCharges.find((c) => c.customId === `${sale.id}/2`)!;
    let state = await saleState(services.db, sale.id);
    expect(state.status).toBe('IN_PROGRESS');
    expect(state.payments.map((p) => p.status)).toEqual(['PAID', 'PAID', 'INCOMING']);
    expect(state.payments[1]!.ref).toBe(charge.captureId);
    expect(await services.db.select().from(installmentCharges).where(eq(installmentCharges.transactionId, second.id))).toMatchObject([{ attempt: 1, status: 'SUCCEEDED', chargeRef: charge.captureId }]);
    // PayPal's own news of that capture (custom_id names the instalment) is the same payment: nothing changes.
    const completed = fake.delivery({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: charge.captureId, status: 'COMPLETED', custom_id: `${sale.id}/2`, amount: { currency_code: 'EUR', value: '52.00' } } });
    expect((await post(completed)).status).toBe(200);
    expect(await saleState(services.db, sale.id)).toEqual(state);
    // The third waits for its date.
    const third = (await services.db.select().from(transactions).where(and(eq(transactions.saleId, sale.id), eq(transactions.installmentNumber, 3))))[0]!;
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === third.id)).toEqual([]);

    setup.env.advance(31 * 24 * HOUR);
    await sweepTwiceAndSettle(third.id, 1);
    expect(vaultOrders().map((r) => r.headers['paypal-request-id'])).toEqual([`installment-${sale.id}-2`, `installment-${sale.id}-3`]);
    state = await saleState(services.db, sale.id);
    expect(state.status).toBe('PAID');
    expect(state.payments.map((p) => p.status)).toEqual(['PAID', 'PAID', 'PAID']);
    expect(fake.vaultCharges.filter((c) => c.customId.startsWith(sale.id)).map((c) => c.amount)).toEqual(['52.00', '52.00']);
  }, 90_000);

  it('keeps the token told by VAULT.PAYMENT-TOKEN.CREATED when the capture’s answer has none; unknown orders and replays change nothing', async () => {
    fake.vaultInCaptureAnswer = false;
    const { sale, orderId } = await paidFirstByApproval([5000, 5000]);
    expect(await paymentTokenOf(sale.id)).toBeNull();
    const token = fake.tokenOf(orderId)!;
    const vaulted = fake.delivery({ event_type: 'VAULT.PAYMENT-TOKEN.CREATED', resource: { id: token.id, customer: { id: token.customerId }, metadata: { order_id: orderId }, payment_source: { paypal: {} } } });
    const answer = await post(vaulted);
    expectContract('receivePaypalWebhook', answer);
    expect(answer.status).toBe(200);
    expect(await paymentTokenOf(sale.id)).toBe(token.id);
    expect((await post(vaulted)).status).toBe(200);
    // A token of an order PayPal does not know for us, and one with no order: acknowledged, nothing kept.
    const stranger = fake.delivery({ event_type: 'VAULT.PAYMENT-TOKEN.CREATED', resource: { id: 'othertoken', metadata: { order_id: 'NOSUCHORDER' } } });
    expect((await post(stranger)).status).toBe(200);
    expect((await post(fake.delivery({ event_type: 'VAULT.PAYMENT-TOKEN.CREATED', resource: { id: 'othertoken' } }))).status).toBe(200);
    expect(await paymentTokenOf(sale.id)).toBe(token.id);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'INCOMING']);
  });

  it('retries a declined PayPal after 3 days with a new attempt (a new PayPal-Request-Id)', async () => {
    const { sale, orderId } = await paidFirstByApproval([5000, 5000]);
    const token = fake.tokenOf(orderId)!;
    token.declined = true;
    const second = await dueNow(sale.id, 2);
    await sweepTwiceAndSettle(second.id, 1);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'FAILED']);
    expect(await services.db.select().from(installmentCharges).where(eq(installmentCharges.transactionId, second.id))).toMatchObject([{ attempt: 1, status: 'DECLINED', declineCode: 'INSTRUMENT_DECLINED' }]);
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);

    setup.env.advance(RETRY_AFTER_MS);
    token.declined = false;
    fake.requests.length = 0;
    await sweepTwiceAndSettle(second.id, 2);
    expect(vaultOrders().map((r) => r.headers['paypal-request-id'])).toEqual([`installment-${sale.id}-2-attempt-2`]);
    expect(await saleState(services.db, sale.id)).toMatchObject({ status: 'PAID' });
  }, 60_000);

  it('refuses a wrong token, another merchant’s token and a missing one as declined payments (no 500, no charge)', async () => {
    const { sale, orderId } = await paidFirstByApproval([5000, 5000]);
    const second = await dueNow(sale.id, 2);
    await services.db.update(sales).set({ paymentToken: 'notatoken' }).where(eq(sales.id, sale.id));
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).toBe('declined');

    // A genuine token saved for another merchant is no token of this store's.
    fake.tokenOf(orderId)!.merchantId = 'OTHERMERCHANT';
    await services.db.update(sales).set({ paymentToken: fake.tokenOf(orderId)!.id }).where(eq(sales.id, sale.id));
    setup.env.advance(RETRY_AFTER_MS);
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 2 })).toBe('declined');

    await services.db.update(sales).set({ paymentToken: null }).where(eq(sales.id, sale.id));
    setup.env.advance(RETRY_AFTER_MS);
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 3 })).toBe('declined');

    const attempts = await services.db.select().from(installmentCharges).where(eq(installmentCharges.transactionId, second.id)).orderBy(installmentCharges.attempt);
    expect(attempts.map((a) => [a.status, a.declineCode])).toEqual([
      ['DECLINED', 'INVALID_RESOURCE_ID'],
      ['DECLINED', 'INVALID_RESOURCE_ID'],
      ['DECLINED', 'PAYMENT_TOKEN_MISSING'],
    ]);
    expect(fake.vaultCharges.filter((c) => c.customId.startsWith(sale.id))).toHaveLength(0);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'FAILED']);
    // Three attempts in all: the payment stays FAILED for the team.
    setup.env.advance(RETRY_AFTER_MS);
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);
  });

  it('keeps the attempt when PayPal is down or its answer is lost, and asks again with the same PayPal-Request-Id: one charge', async () => {
    const { sale } = await paidFirstByApproval([5000, 5000]);
    const second = await dueNow(sale.id, 2);
    fake.down = true;
    await expect(chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).rejects.toThrow();
    fake.down = false;
    // PayPal charges, but its answer never reaches us.
    fake.loseNextAnswer = true;
    await expect(chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).rejects.toThrow();
    expect((await saleState(services.db, sale.id)).payments[1]!.status).toBe('INCOMING');
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).toBe('succeeded');

    expect(new Set(vaultOrders().map((r) => r.headers['paypal-request-id']))).toEqual(new Set([`installment-${sale.id}-2`]));
    const charges = fake.vaultCharges.filter((c) => c.customId === `${sale.id}/2`);
    expect(charges).toHaveLength(1);
    expect((await saleState(services.db, sale.id)).payments.map((p) => [p.status, p.ref])).toEqual([
      ['PAID', expect.any(String)],
      ['PAID', charges[0]!.captureId],
    ]);
  });
});
