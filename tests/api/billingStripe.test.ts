// The platform's billing through the real `stripe` SDK against a fake Stripe on loopback: a plan order opens a
// Checkout Session on the platform's own account; its signed webhook changes the plan once (bad signature, replay,
// a connected account's event or another session change nothing). Also, in-process over the app's own database: the
// launch discount honoured at purchase, a cancelled subscription ending, and concurrent payments (seats, invoice numbers).
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perkCodes, platformInvoices, platformOrders, stores } from '../../server/db/schema';
import { applyPlatformPaymentEvent } from '../../server/commands/billing/applyPlatformPayment';
import { expireEndedSubscriptions } from '../../server/commands/billing/subscription';
import type { Services } from '../../server/services';
import { FakeStripe } from '../support/fakeStripe';
import { inject, paymentsApp } from '../support/paymentsFixtures';
import { expectContract, uniqueEmail } from './client';

const SECRET = 'whsec_platform_billing';

let fake: FakeStripe;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  setup = await paymentsApp({ stripe: { secretKey: 'sk_test_platform', webhookSecrets: [SECRET], apiUrl: fake.url } });
  ({ services, app } = setup);
}, 60_000);
afterAll(async () => {
  await setup?.close();
  await fake?.stop();
});

async function freshStore() {
  const answer = await inject(app, 'POST', '/register', { body: { email: uniqueEmail(), password: 'correct-horse-battery', firstname: 'Inès' } });
  expect(answer.status, answer.text).toBe(201);
  return { token: answer.body.token as string, store: answer.body.user.store.uuid as string };
}

const deliver = (signed: { payload: string; header: string }) =>
  inject(app, 'POST', '/webhooks/stripe', { payload: signed.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header } });

const sessionEvent = (orderId: string, sessionId: string, options: { type?: string; account?: string; id?: string; secret?: string } = {}) =>
  FakeStripe.signed(options.secret ?? SECRET, {
    id: options.id,
    type: options.type ?? 'checkout.session.completed',
    account: options.account,
    object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { platform_order_id: orderId }, amount_total: 4900 },
  });

const planOf = async (storeId: string) => (await services.db.select().from(stores).where(eq(stores.id, storeId)))[0]!;

describe('the platform Stripe account', () => {
  it('opens a Checkout Session on the platform account, and the signed webhook changes the plan once', async () => {
    const { token, store } = await freshStore();
    fake.requests.length = 0;
    const created = await inject(app, 'POST', `/stores/${store}/subscription`, { token, body: { plan: 'PRO', frequency: 'MONTHLY' } });
    expectContract('subscribePlan', created);
    expect(created.status, created.text).toBe(201);
    expect(created.body.payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.headers['stripe-account']).toBeUndefined();
    expect(request.form).toMatchObject({ 'metadata[platform_order_id]': created.body.uuid, 'line_items[0][price_data][unit_amount]': '4900', mode: 'payment' });
    const [row] = await services.db.select().from(platformOrders).where(eq(platformOrders.id, created.body.uuid));
    const sessionId = row!.providerRef!;

    // A bad signature, a connected account's event and another session's event change nothing.
    expect((await deliver(sessionEvent(created.body.uuid, sessionId, { secret: 'whsec_wrong' }))).status).toBe(400);
    expect((await deliver(sessionEvent(created.body.uuid, sessionId, { account: 'acct_SOMEONE' }))).status).toBe(200);
    expect((await deliver(sessionEvent(created.body.uuid, 'cs_not_this_one'))).status).toBe(200);
    expect((await planOf(store)).plan).toBe('PERCENT');

    const paid = sessionEvent(created.body.uuid, sessionId, { id: 'evt_platform_paid_1' });
    expect((await deliver(paid)).status).toBe(200);
    expect((await planOf(store)).plan).toBe('PRO');
    // The replay, then a late expiry of the same session: still one invoice, still PRO.
    expect((await deliver(paid)).status).toBe(200);
    expect((await deliver(sessionEvent(created.body.uuid, sessionId, { type: 'checkout.session.expired' }))).status).toBe(200);
    const invoices = await services.db.select().from(platformInvoices).where(eq(platformInvoices.storeId, store));
    expect(invoices).toHaveLength(1);
    expect((await planOf(store)).plan).toBe('PRO');
    const order = await inject(app, 'GET', `/stores/${store}/subscription/orders/${created.body.uuid}`, { token });
    expect(order.body.status).toBe('PAID');
    // The test provider's page is not for a Stripe order.
    expect((await inject(app, 'POST', `/stores/${store}/subscription/orders/${created.body.uuid}/test-payment`, { token, body: { outcome: 'PAID' } })).status).toBe(404);
  });

  it('answers 503 and keeps the order FAILED when Stripe is down', async () => {
    const { token, store } = await freshStore();
    fake.down = true;
    try {
      const answer = await inject(app, 'POST', `/stores/${store}/subscription`, { token, body: { plan: 'EXPERT', frequency: 'MONTHLY' } });
      expect(answer.status).toBe(503);
    } finally {
      fake.down = false;
    }
    expect((await planOf(store)).plan).toBe('PERCENT');
  });
});

describe('what the server honours at purchase', () => {
  it('the launch discount on days 4 to 7 after sign-up, priced by the server', async () => {
    const { token, store } = await freshStore();
    await services.db.update(stores).set({ createdAt: new Date(services.clock().getTime() - 4 * 86_400_000) }).where(eq(stores.id, store));
    const view = await inject(app, 'GET', `/stores/${store}/subscription`, { token });
    expectContract('getSubscription', view);
    expect(view.body.discounts).toEqual([{ kind: 'LAUNCH', percent: 10, plans: ['PRO', 'EXPERT'], ends_at: expect.any(String) }]);
    const created = await inject(app, 'POST', `/stores/${store}/subscription`, { token, body: { plan: 'PRO', frequency: 'YEARLY' } });
    expect(created.body).toMatchObject({ gross_amount: 490, discount: 'LAUNCH', discount_amount: 49, amount: 441 });
    // Day 8: over.
    await services.db.update(stores).set({ createdAt: new Date(services.clock().getTime() - 8 * 86_400_000) }).where(eq(stores.id, store));
    const later = await inject(app, 'POST', `/stores/${store}/subscription`, { token, body: { plan: 'PRO', frequency: 'YEARLY' } });
    expect(later.body).toMatchObject({ discount: null, amount: 490 });
  });

  it('a cancelled subscription ends with its period: Découverte, paid seats gone', async () => {
    const { token, store } = await freshStore();
    await services.db
      .update(stores)
      .set({ plan: 'PRO', planFrequency: 'MONTHLY', planPeriodEnd: new Date(services.clock().getTime() - 1000), planPeriodCents: 4900, planCancelAtPeriodEnd: true, paidUserAccounts: 2 })
      .where(eq(stores.id, store));
    const view = await inject(app, 'GET', `/stores/${store}/subscription`, { token });
    expect(view.body).toMatchObject({ plan: 'PERCENT', frequency: null, cancel_at_period_end: false, seats: { paid_user_accounts: 0 } });
    const other = await freshStore();
    await services.db.update(stores).set({ plan: 'EXPERT', planFrequency: 'YEARLY', planPeriodEnd: new Date(services.clock().getTime() - 1000), planCancelAtPeriodEnd: true }).where(eq(stores.id, other.store));
    expect(await expireEndedSubscriptions(services)).toBeGreaterThanOrEqual(1);
    expect((await planOf(other.store)).plan).toBe('PERCENT');
  });
});

describe('concurrency', () => {
  it('20 seat orders paid at once add 20 seats and 20 invoices with distinct consecutive numbers; replays in the crowd change nothing', async () => {
    const { store } = await freshStore();
    await services.db.update(stores).set({ plan: 'PRO', planFrequency: 'MONTHLY', planPeriodEnd: new Date(services.clock().getTime() + 10 * 86_400_000), planPeriodCents: 4900 }).where(eq(stores.id, store));
    const orders = await services.db
      .insert(platformOrders)
      .values(Array.from({ length: 20 }, () => ({ storeId: store, kind: 'SEATS' as const, frequency: 'MONTHLY' as const, seats: 1, grossCents: 967, amountCents: 967, provider: 'TEST' as const })))
      .returning();
    const event = (id: string) => ({ provider: 'TEST' as const, eventId: `concurrency:${id}`, orderId: id, outcome: 'PAID' as const, providerRef: id, occurredAt: services.clock() });
    await Promise.all([...orders, ...orders].map((o) => applyPlatformPaymentEvent(services, event(o.id))));
    expect((await planOf(store)).paidUserAccounts).toBe(20);
    const invoices = await services.db.select().from(platformInvoices).where(inArray(platformInvoices.orderId, orders.map((o) => o.id)));
    expect(invoices).toHaveLength(20);
    const numbers = invoices.map((i) => Number(i.number.split('-')[1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });
});

describe('registerPerk', () => {
  const perk = (body: Record<string, unknown>) =>
    inject(app, 'POST', '/perks/register', { body: { email: uniqueEmail('perk'), password: 'correct-horse-battery', firstname: 'Léa', ...body } });

  it('puts the new store on PERK with an unused code, once; an unknown or used code is refused and creates nothing', async () => {
    await services.db.insert(perkCodes).values({ code: 'PARTNER-ONE', partner: 'Test' });
    const created = await perk({ perk_code: ' partner-one ' });
    expectContract('registerPerk', created);
    expect(created.status, created.text).toBe(201);
    expect(created.body.user.store.plan).toBe('PERK');
    const [row] = await services.db.select().from(perkCodes).where(eq(perkCodes.code, 'PARTNER-ONE'));
    expect(row!.usedByStoreId).toBe(created.body.user.store.uuid);

    const email = uniqueEmail('perk');
    const used = await inject(app, 'POST', '/perks/register', { body: { email, password: 'correct-horse-battery', firstname: 'Léa', perk_code: 'PARTNER-ONE' } });
    expectContract('registerPerk', used);
    expect(used.status).toBe(422);
    expect(Object.keys(used.body.errors)).toEqual(['perk_code']);
    // Nothing was created: the address is still free.
    expect((await inject(app, 'POST', '/login', { body: { email, password: 'correct-horse-battery' } })).status).toBe(422);
    expect((await perk({ perk_code: 'NOPE' })).status).toBe(422);
    expect((await perk({})).status).toBe(422);

    // Two sign-ups racing for one code (the command itself, concurrently): one store on PERK, the other refused.
    const { registerTrainer } = await import('../../server/commands/registerTrainer');
    await services.db.insert(perkCodes).values({ code: 'PARTNER-RACE' });
    const raced = await Promise.allSettled([0, 1].map(() => registerTrainer(services, { email: uniqueEmail('perk'), password: 'correct-horse-battery', firstname: 'Léa', perk_code: 'PARTNER-RACE' })));
    expect(raced.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as { status: number }).status).toBe(422);
  });

  it('keeps the campaign the visitor came with, as POST /register does', async () => {
    await services.db.insert(perkCodes).values({ code: 'PARTNER-UTM' });
    const created = await perk({ perk_code: 'PARTNER-UTM', attribution: { utm_source: 'partenaire', utm_campaign: 'rentree' } });
    expectContract('registerPerk', created);
    expect(created.status, created.text).toBe(201);
    const [store] = await services.db.select().from(stores).where(eq(stores.id, created.body.user.store.uuid));
    expect(store!.signupAttribution).toEqual({ utm_source: 'partenaire', utm_campaign: 'rentree' });
  });
});
