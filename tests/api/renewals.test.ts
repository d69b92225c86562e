// Renewal of a paid plan at the end of its period (server/jobs/renewals.ts), in-process through the real `stripe`
// SDK against a fake Stripe on loopback: one renewal order per period however many sweeps, one charge with two
// workers, an invoice for each paid period, a declined card tried 3 times 3 days apart and then the store back on
// Découverte, Stripe down retried with the same idempotency key, a cancelled plan not renewed.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyPlatformPaymentEvent } from '../../server/commands/billing/applyPlatformPayment';
import { platformInvoices, platformOrders, stores } from '../../server/db/schema';
import { RENEWAL_RETRY_AFTER_MS, renewSubscriptionJob, sweepRenewals } from '../../server/jobs/renewals';
import { startQueue, type StartedQueue } from '../../server/jobs/queue';
import type { Services } from '../../server/services';
import { FakeStripe } from '../support/fakeStripe';
import { eventually } from '../support/jobs';
import { inject, paymentsApp } from '../support/paymentsFixtures';
import { uniqueEmail } from './client';

const DAY = 86_400_000;
let fake: FakeStripe;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let now = Date.now();
let workers: StartedQueue[] = [];
const outcomes: { worker: number; orderId: string; outcome: string }[] = [];

beforeAll(async () => {
  fake = await new FakeStripe().start();
  setup = await paymentsApp({ stripe: { secretKey: 'sk_test_platform', webhookSecrets: ['whsec_x'], apiUrl: fake.url } });
  app = setup.app;
  // The jobs read a clock the tests move (the app's own routes keep theirs).
  services = { ...setup.services, clock: () => new Date(now) };
  workers = [await startQueue(setup.env.queueDatabase, { pollingIntervalSeconds: 0.5 }), await startQueue(setup.env.queueDatabase, { pollingIntervalSeconds: 0.5 })];
  services = { ...services, jobs: workers[0]! };
  for (const [index, queue] of workers.entries()) {
    await queue.work({
      'subscription.renew': async (renewal) => {
        const outcome = await renewSubscriptionJob({ ...services, jobs: queue }, renewal);
        outcomes.push({ worker: index, orderId: renewal.orderId, outcome });
      },
    });
  }
}, 120_000);
afterAll(async () => {
  for (const queue of workers) await queue.stop();
  await setup?.close();
  await fake?.stop();
});
beforeEach(() => {
  now = Date.now();
  fake.requests.length = 0;
  fake.down = false;
  fake.declineCharges = false;
});

const storeRow = async (storeId: string) => (await services.db.select().from(stores).where(eq(stores.id, storeId)))[0]!;
const renewalsOf = (storeId: string) =>
  services.db.select().from(platformOrders).where(and(eq(platformOrders.storeId, storeId), isNotNull(platformOrders.renewalOf)));
const invoicesOf = (storeId: string) => services.db.select().from(platformInvoices).where(eq(platformInvoices.storeId, storeId));
/** Sweeps without sending the jobs: the test runs the attempts itself, no worker racing it. */
const quietSweep = () => sweepRenewals({ ...services, jobs: { send: async () => null } });
const charges = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

/** A new store that bought PRO monthly through Stripe's Checkout (the card saved), its period now ended. */
async function proStoreEnded(seats = 0) {
  const answer = await inject(app, 'POST', '/register', { body: { email: uniqueEmail(), password: 'correct-horse-battery', firstname: 'Inès' } });
  expect(answer.status, answer.text).toBe(201);
  const token = answer.body.token as string;
  const storeUuid = answer.body.user.store.uuid as string;
  const created = await inject(app, 'POST', `/stores/${storeUuid}/subscription`, { token, body: { plan: 'PRO', frequency: 'MONTHLY' } });
  expect(created.status, created.text).toBe(201);
  const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
  // The card is kept for the renewals.
  expect(session.form['payment_intent_data[setup_future_usage]']).toBe('off_session');
  const [order] = await services.db.select().from(platformOrders).where(eq(platformOrders.id, created.body.uuid));
  await applyPlatformPaymentEvent(services, { provider: 'STRIPE', eventId: `paid-${order!.id}`, orderId: order!.id, outcome: 'PAID', providerRef: order!.providerRef, occurredAt: new Date(now) });
  await services.db.update(stores).set({ planPeriodEnd: new Date(now - 1000), paidUserAccounts: seats }).where(eq(stores.id, order!.storeId));
  fake.requests.length = 0;
  return { storeId: order!.storeId, storeUuid, token };
}

describe('renewal of a paid plan at the end of its period', () => {
  it('charges once with two workers and overlapping sweeps, renews the period and writes the invoice', async () => {
    const { storeId } = await proStoreEnded(2);
    await Promise.all([sweepRenewals(services), sweepRenewals(services), sweepRenewals(services)]);
    const [renewal, ...more] = await renewalsOf(storeId);
    expect(more).toHaveLength(0);
    // The plan's price and the two paid seats of the month.
    expect(renewal!.amountCents).toBe(4_900 + 2 * 2_900);
    await eventually(async () => (await storeRow(storeId)).planPeriodEnd!.getTime() > now || undefined, 20_000, 'period renewed');
    await sweepRenewals(services);
    expect(charges()).toHaveLength(1);
    expect(charges()[0]!.headers['idempotency-key']).toBe(`platform-renewal-${renewal!.id}-attempt-1`);
    expect(charges()[0]!.headers['stripe-account']).toBeUndefined();
    const store = await storeRow(storeId);
    expect(store.plan).toBe('PRO');
    expect(store.paidUserAccounts).toBe(2);
    expect(store.planPeriodEnd!.getTime()).toBeGreaterThan(now + 27 * DAY);
    const invoices = await invoicesOf(storeId);
    expect(invoices).toHaveLength(2);
    const renewed = invoices.find((i) => i.orderId === renewal!.id)!;
    expect(renewed.amountCents).toBe(10_700);
    expect(renewed.description).toMatch(/^Renouvellement de l’abonnement PRO mensuel, .*2 comptes utilisateurs supplémentaires/);
    expect(outcomes.filter((o) => o.orderId === renewal!.id && o.outcome === 'succeeded')).toHaveLength(1);
  });

  it('tries a declined card 3 times, 3 days apart, keeping the plan meanwhile, then goes back to Découverte', async () => {
    const { storeId } = await proStoreEnded(1);
    fake.declineCharges = true;
    await quietSweep();
    const [renewal] = await renewalsOf(storeId);
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('declined');
    // Not again before the wait is over.
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('claimed-elsewhere');
    expect((await storeRow(storeId)).plan).toBe('PRO');
    now += RENEWAL_RETRY_AFTER_MS;
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('declined');
    now += RENEWAL_RETRY_AFTER_MS;
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('ended');
    expect(charges().map((c) => c.headers['idempotency-key'])).toEqual([1, 2, 3].map((n) => `platform-renewal-${renewal!.id}-attempt-${n}`));
    const store = await storeRow(storeId);
    expect(store).toMatchObject({ plan: 'PERCENT', planFrequency: null, planPeriodEnd: null, paidUserAccounts: 0 });
    const [failed] = await services.db.select().from(platformOrders).where(eq(platformOrders.id, renewal!.id));
    expect(failed!.status).toBe('FAILED');
    // No invoice for a period not paid; a later sweep makes no new renewal.
    expect(await invoicesOf(storeId)).toHaveLength(1);
    await quietSweep();
    expect(await renewalsOf(storeId)).toHaveLength(1);
  });

  it('keeps the attempt when Stripe cannot be reached, and asks again with the same idempotency key', async () => {
    const { storeId } = await proStoreEnded();
    await quietSweep();
    const [renewal] = await renewalsOf(storeId);
    fake.down = true;
    await expect(renewSubscriptionJob(services, { orderId: renewal!.id })).rejects.toThrow();
    fake.down = false;
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('succeeded');
    const keys = charges().map((c) => c.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([`platform-renewal-${renewal!.id}-attempt-1`]));
    expect((await storeRow(storeId)).planPeriodEnd!.getTime()).toBeGreaterThan(now);
  });

  it('renews no cancelled plan, and drops a renewal whose plan was cancelled meanwhile', async () => {
    const cancelled = await proStoreEnded();
    await services.db.update(stores).set({ planCancelAtPeriodEnd: true }).where(eq(stores.id, cancelled.storeId));
    await quietSweep();
    expect(await renewalsOf(cancelled.storeId)).toHaveLength(0);

    const { storeId } = await proStoreEnded();
    // Swept while no worker picks it yet (the order exists), then cancelled before the charge.
    await quietSweep();
    const [renewal] = await renewalsOf(storeId);
    await services.db.update(stores).set({ planCancelAtPeriodEnd: true }).where(eq(stores.id, storeId));
    expect(await renewSubscriptionJob(services, { orderId: renewal!.id })).toBe('cancelled');
    expect(charges()).toHaveLength(0);
  });
});
