// Later instalments charged by the scheduled job (server/jobs/installments.ts) through the real Stripe adapter
// against a fake Stripe on loopback, and through the test provider: due dates honoured, results through
// applyPaymentEvent, a declined card retried per the decision (3 attempts, 3 days apart), Stripe down retried
// with the same idempotency key, and two workers on one database never charging an instalment twice.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installmentCharges, sales, stores, transactions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { chargeInstallmentJob, dueInstallmentCharges, RETRY_AFTER_MS } from '../../server/jobs/installments';
import type { StartedQueue } from '../../server/jobs/queue';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import { configuredProviders } from '../../server/payments/configured';
import { paymentStoreOf } from '../../server/payments/registry';
import type { Services } from '../../server/services';
import { FakeStripe } from '../support/fakeStripe';
import { installmentWorkers } from '../support/installmentWorkers';
import { demoStore, insertDraftSale, paymentsApp, saleState } from '../support/paymentsFixtures';

const ACCOUNT = 'acct_1STORE0000DEMO';
const HOUR = 3_600_000;
let fake: FakeStripe;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let storeId: string;
let charging: Awaited<ReturnType<typeof installmentWorkers>>;
let workers: StartedQueue[] = [];

beforeAll(async () => {
  fake = await new FakeStripe().start();
  setup = await paymentsApp({ stripe: { secretKey: 'sk_test_platform', webhookSecrets: ['whsec_x'], apiUrl: fake.url } });
  ({ services, storeId } = setup);
  await services.db.update(stores).set({ stripeAccountId: ACCOUNT }).where(eq(stores.id, storeId));
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
  fake.down = false;
  fake.declineCharges = false;
});

const stripe = () => configuredProviders(services.config).stripe!;
const intents = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

/** A sale whose first instalment is paid (by Stripe's Checkout Session, or the test page); the next one due `dueIn` from now. */
async function saleInProgress(provider: 'STRIPE' | 'TEST', plan: number[], dueIn = -HOUR) {
  const store = await demoStore(services.db);
  const { sale } = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.photo, provider: provider === 'TEST' ? 'STRIPE' : provider, providerRef: null, installmentsCents: plan });
  let providerRef = sale.id;
  if (provider === 'STRIPE') {
    const started = await stripe().startPayment({
      store: paymentStoreOf(store),
      saleId: sale.id,
      description: 'Photographie culinaire',
      currency: 'eur',
      customer: { email: 'ines@example.test', firstname: 'Inès', lastname: 'Petit' },
      installmentsCents: plan,
      returnUrl: 'http://demo.app.test/commande/1',
      cancelUrl: 'http://demo.app.test/commande/1',
    });
    providerRef = started.providerRef;
  }
  await services.db.update(sales).set({ provider, providerRef }).where(eq(sales.id, sale.id));
  await services.db.update(transactions).set({ provider }).where(eq(transactions.saleId, sale.id));
  await applyPaymentEvent(services, { provider, eventId: `first-${sale.id}`, saleId: sale.id, outcome: 'PAID', installmentNumber: 1, occurredAt: services.clock() });
  const now = services.clock().getTime();
  for (let n = 2; n <= plan.length; n++) {
    await services.db
      .update(transactions)
      .set({ dueAt: new Date(now + dueIn + (n - 2) * 30 * 24 * HOUR) })
      .where(and(eq(transactions.saleId, sale.id), eq(transactions.installmentNumber, n)));
  }
  const [row] = await services.db.select().from(transactions).where(and(eq(transactions.saleId, sale.id), eq(transactions.installmentNumber, 2)));
  return { sale, second: row! };
}

const sweepTwiceAndSettle = (transactionId: number, attempt: number) => charging.sweepTwiceAndSettle(transactionId, attempt);

describe('later instalments, charged by the scheduled job', () => {
  it('charges a due Stripe instalment once with two workers and two overlapping sweeps; the next one waits for its date', async () => {
    const { sale, second } = await saleInProgress('STRIPE', [5000, 5000, 4900]);
    expect((await saleState(services.db, sale.id)).status).toBe('IN_PROGRESS');
    // A job sent twice for the same attempt (a sweep crossing a slow charge) is still one charge.
    await workers[1]!.send('installment.charge', { transactionId: second.id, attempt: 1 });
    await sweepTwiceAndSettle(second.id, 1);

    expect(intents()).toHaveLength(1);
    expect(intents()[0]!.headers['idempotency-key']).toBe(`installment-${sale.id}-2`);
    expect(intents()[0]!.form).toMatchObject({ amount: '5000', 'metadata[installment_number]': '2', off_session: 'true' });
    const state = await saleState(services.db, sale.id);
    expect(state.status).toBe('IN_PROGRESS');
    expect(state.payments.map((p) => p.status)).toEqual(['PAID', 'PAID', 'INCOMING']);
    const charges = await services.db.select().from(installmentCharges).where(eq(installmentCharges.transactionId, second.id));
    expect(charges).toMatchObject([{ attempt: 1, status: 'SUCCEEDED' }]);
    // Nothing else is due now: the third instalment's date is a month away.
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);
  }, 60_000);

  it('retries a declined card after 3 days with a new attempt (new idempotency key), at most 3 attempts', async () => {
    const { sale, second } = await saleInProgress('STRIPE', [5000, 5000]);
    fake.declineCharges = true;
    await sweepTwiceAndSettle(second.id, 1);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'FAILED']);
    const [declined] = await services.db.select().from(installmentCharges).where(eq(installmentCharges.transactionId, second.id));
    expect(declined).toMatchObject({ attempt: 1, status: 'DECLINED', declineCode: 'insufficient_funds' });
    // Not before the wait is over.
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);

    setup.env.advance(RETRY_AFTER_MS);
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([{ transactionId: second.id, attempt: 2 }]);
    fake.declineCharges = false;
    fake.requests.length = 0;
    await sweepTwiceAndSettle(second.id, 2);
    expect(intents().map((r) => r.headers['idempotency-key'])).toEqual([`installment-${sale.id}-2-attempt-2`]);
    expect(await saleState(services.db, sale.id)).toMatchObject({ status: 'PAID' });
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);
  }, 60_000);

  it('gives up after the third declined attempt', async () => {
    const { second } = await saleInProgress('STRIPE', [5000, 5000]);
    fake.declineCharges = true;
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) setup.env.advance(RETRY_AFTER_MS);
      expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt })).toBe('declined');
    }
    setup.env.advance(RETRY_AFTER_MS);
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === second.id)).toEqual([]);
  });

  it('keeps the attempt when Stripe cannot be reached, and asks again with the same idempotency key', async () => {
    const { sale, second } = await saleInProgress('STRIPE', [5000, 5000]);
    fake.down = true;
    await expect(chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).rejects.toThrow();
    expect((await saleState(services.db, sale.id)).payments[1]!.status).toBe('INCOMING');
    fake.down = false;
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).toBe('succeeded');
    const keys = intents().map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([`installment-${sale.id}-2`]));
    // Done: the same job run again changes nothing and asks nobody.
    fake.requests.length = 0;
    expect(await chargeInstallmentJob(services, { transactionId: second.id, attempt: 1 })).toBe('claimed-elsewhere');
    expect(intents()).toHaveLength(0);
  });

  it('charges the test provider’s instalments (no money: the demo’s sales move on) and skips what is not due', async () => {
    const { sale, second } = await saleInProgress('TEST', [3000, 3000, 3000]);
    const later = await saleInProgress('TEST', [3000, 3000], 2 * 24 * HOUR);
    await sweepTwiceAndSettle(second.id, 1);
    expect((await saleState(services.db, sale.id)).payments.map((p) => p.status)).toEqual(['PAID', 'PAID', 'INCOMING']);
    expect(intents()).toHaveLength(0);
    expect((await dueInstallmentCharges(services)).filter((d) => d.transactionId === later.second.id)).toEqual([]);
  }, 60_000);
});
