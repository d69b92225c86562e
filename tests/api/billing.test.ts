import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

/**
 * The platform's billing of a store (plan page, issue 15) through the shared server, which has no Stripe key: the
 * built-in test provider takes the payments (as in development). Purchases run in fresh stores (PERCENT, created
 * today: no launch discount yet); the roles use the demo store's team. The Stripe webhook, the discounts at
 * purchase, the expiry and the concurrency are in billingStripe.test.ts (in-process, with a fake Stripe).
 */

async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}

const subscription = (token: string, store: string) => op('getSubscription', 'GET', `/stores/${store}/subscription`, token);
const subscribe = (token: string, store: string, body: unknown) => op('subscribePlan', 'POST', `/stores/${store}/subscription`, token, body);
const cancel = (token: string, store: string) => op('cancelSubscription', 'DELETE', `/stores/${store}/subscription`, token);
const seats = (token: string, store: string, body: unknown) => op('buySeats', 'POST', `/stores/${store}/subscription/seats`, token, body);
const order = (token: string, store: string, id: string) => op('getPlatformOrder', 'GET', `/stores/${store}/subscription/orders/${id}`, token);
const pay = (token: string, store: string, id: string, outcome = 'PAID') =>
  op('completePlatformTestPayment', 'POST', `/stores/${store}/subscription/orders/${id}/test-payment`, token, { outcome });
const invoices = (token: string, store: string, query = '') => op('listInvoices', 'GET', `/stores/${store}/invoices${query}`, token);
const invoice = (token: string, store: string, id: number | string) => op('getInvoice', 'GET', `/stores/${store}/invoices/${id}`, token);
/** A PRO-only operation (x-plans [PRO, EXPERT]): PLAN_REQUIRED below PRO, 404 (unknown training) once allowed. */
const proGate = (token: string) => api('GET', `/trainings/${randomUUID()}/training_items/1/assignments`, { token });

async function freshStore() {
  const owner = await register();
  return { token: owner.token, store: owner.user.store.uuid as string };
}

async function buyPro(token: string, store: string, frequency = 'MONTHLY') {
  const created = await subscribe(token, store, { plan: 'PRO', frequency });
  expect(created.status, created.text).toBe(201);
  expect((await pay(token, store, created.body.uuid)).body.status).toBe('PAID');
  return created.body;
}

describe('getSubscription', () => {
  it('answers a new store on Découverte with the spec 9 prices, the app commission and its seats', async () => {
    const { token, store } = await freshStore();
    const answer = await subscription(token, store);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ plan: 'PERCENT', frequency: null, current_period_end: null, cancel_at_period_end: false, discounts: [] });
    expect(answer.body.seats).toEqual({ additional_user_accounts: 0, paid_user_accounts: 0, used: 1, left: -1 });
    const byPlan = Object.fromEntries(answer.body.plans.map((p: { plan: string }) => [p.plan, p]));
    expect(byPlan.PERCENT).toMatchObject({ purchasable: false, app_commission_percent: 9, monthly: { price: 0 } });
    expect(byPlan.PERK).toMatchObject({ purchasable: false });
    expect(byPlan.PRO).toMatchObject({ purchasable: true, monthly: { price: 49, discounted_price: 49, reference_price: null }, yearly: { price: 490 } });
    expect(byPlan.EXPERT).toMatchObject({ monthly: { price: 99, reference_price: 129 }, yearly: { price: 990, reference_price: 1290 } });
    expect(answer.body.seat_price).toEqual({ monthly: 29, yearly: 290 });
  });
});

describe('buying the PRO plan with the test provider', () => {
  let token: string;
  let store: string;
  beforeAll(async () => ({ token, store } = await freshStore()));

  it('prices the order on the server, opens the test page, and changes the plan the x-plans gates read once paid', async () => {
    expect((await proGate(token)).body.code).toBe('PLAN_REQUIRED');
    const created = await subscribe(token, store, { plan: 'PRO', frequency: 'MONTHLY' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ kind: 'PLAN', plan: 'PRO', frequency: 'MONTHLY', amount: 49, gross_amount: 49, credit_amount: 0, status: 'PENDING' });
    expect(created.body.payment_url).toBe(`/abonnement/paiement-test/${created.body.uuid}`);
    // Not paid yet: nothing changed.
    expect((await subscription(token, store)).body.plan).toBe('PERCENT');
    expect((await proGate(token)).body.code).toBe('PLAN_REQUIRED');

    const paid = await pay(token, store, created.body.uuid);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', payment_url: null });
    const now = await subscription(token, store);
    expect(now.body).toMatchObject({ plan: 'PRO', frequency: 'MONTHLY', cancel_at_period_end: false });
    const days = (Date.parse(now.body.current_period_end) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await proGate(token)).status).toBe(404);
    expect((await order(token, store, created.body.uuid)).body.status).toBe('PAID');
  });

  it('applies a report once: a replay or a late failure changes nothing, and one invoice is written', async () => {
    const list = await invoices(token, store);
    expect(list.status).toBe(200);
    const [first] = list.body.data;
    expect(list.body.meta.total).toBe(1);
    expect(first).toMatchObject({ amount: 49, vat_amount: 8.17, amount_excluding_tax: 40.83, status: 'PAID', pdf_url: null });
    expect(first.number).toMatch(/^F\d{4}-\d{6}$/);
    expect(first.description).toContain('Abonnement PRO mensuel');
    const again = await subscribe(token, store, { plan: 'PRO', frequency: 'MONTHLY' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('ALREADY_SUBSCRIBED');
    const one = await invoice(token, store, first.id);
    expect(one.body).toEqual(first);
  });

  it('prorates a change: what is left of the month is taken off the yearly EXPERT price', async () => {
    const change = await subscribe(token, store, { plan: 'EXPERT', frequency: 'YEARLY' });
    expect(change.status, change.text).toBe(201);
    expect(change.body.gross_amount).toBe(990);
    expect(change.body.credit_amount).toBeGreaterThan(48.9);
    expect(change.body.credit_amount).toBeLessThanOrEqual(49);
    expect(change.body.amount).toBeCloseTo(990 - change.body.credit_amount, 2);
    // A late failure of a paid order, and a replay of its payment, change nothing.
    await pay(token, store, change.body.uuid);
    expect((await pay(token, store, change.body.uuid, 'FAILED')).body.status).toBe('PAID');
    expect((await pay(token, store, change.body.uuid)).body.status).toBe('PAID');
    expect((await subscription(token, store)).body).toMatchObject({ plan: 'EXPERT', frequency: 'YEARLY' });
    const list = await invoices(token, store);
    expect(list.body.meta.total).toBe(2);
    const numbers = list.body.data.map((i: { number: string }) => i.number);
    expect(new Set(numbers).size).toBe(2);
  });

  it('sells seats for the time left in the period and adds them when paid', async () => {
    const created = await seats(token, store, { quantity: 2 });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ kind: 'SEATS', seats: 2, frequency: 'YEARLY', plan: null });
    expect(created.body.amount).toBeGreaterThan(579);
    expect(created.body.amount).toBeLessThanOrEqual(580);
    expect((await subscription(token, store)).body.seats.paid_user_accounts).toBe(0);
    await pay(token, store, created.body.uuid);
    expect((await subscription(token, store)).body.seats).toEqual({ additional_user_accounts: 0, paid_user_accounts: 2, used: 1, left: 1 });
  });

  it('cancels at the end of the period: the plan stays until then; twice is the same', async () => {
    const answer = await cancel(token, store);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ plan: 'EXPERT', cancel_at_period_end: true });
    expect((await cancel(token, store)).body.cancel_at_period_end).toBe(true);
    // Subscribing again while cancelled is allowed (the same plan included) and starts a new period.
    const back = await subscribe(token, store, { plan: 'EXPERT', frequency: 'YEARLY' });
    expect(back.status, back.text).toBe(201);
  });

  it('failed and abandoned payments leave the plan as it was', async () => {
    const other = await freshStore();
    const failed = await subscribe(other.token, other.store, { plan: 'PRO', frequency: 'YEARLY' });
    expect((await pay(other.token, other.store, failed.body.uuid, 'FAILED')).body.status).toBe('FAILED');
    const abandoned = await subscribe(other.token, other.store, { plan: 'PRO', frequency: 'YEARLY' });
    expect((await pay(other.token, other.store, abandoned.body.uuid, 'ABANDONED')).body.status).toBe('ABANDONED');
    expect((await subscription(other.token, other.store)).body.plan).toBe('PERCENT');
    expect((await invoices(other.token, other.store)).body.data).toEqual([]);
  });
});

describe('bad input', () => {
  let token: string;
  let store: string;
  beforeAll(async () => ({ token, store } = await freshStore()));

  it.each([
    [{ plan: 'PERCENT', frequency: 'MONTHLY' }, 'plan'],
    [{ plan: 'PERK', frequency: 'MONTHLY' }, 'plan'],
    [{ plan: 'PRO', frequency: 'WEEKLY' }, 'frequency'],
    [{ plan: 'PRO' }, 'frequency'],
    [{ plan: 'PRO', frequency: 'MONTHLY', price: 1 }, 'price'],
  ])('subscribePlan refuses %j (422 on %s)', async (body, field) => {
    const answer = await subscribe(token, store, body);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? {})).toContain(field);
  });

  it.each([[{ quantity: 0 }], [{ quantity: 51 }], [{ quantity: 1.5 }], [{ quantity: '2' }], [{}]])('buySeats refuses %j', async (body) => {
    expect((await seats(token, store, body)).status).toBe(422);
  });

  it('buySeats needs a paid subscription; cancel needs one too', async () => {
    const answer = await seats(token, store, { quantity: 1 });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await cancel(token, store)).body.code).toBe('NO_SUBSCRIPTION');
  });

  it('unknown or malformed order and invoice ids', async () => {
    expect((await order(token, store, randomUUID())).status).toBe(404);
    expect((await api('GET', `/stores/${store}/subscription/orders/nope`, { token })).status).toBe(422);
    expect((await pay(token, store, randomUUID())).status).toBe(404);
    expect((await op('completePlatformTestPayment', 'POST', `/stores/${store}/subscription/orders/${randomUUID()}/test-payment`, token, { outcome: 'MAYBE' })).status).toBe(422);
    expect((await invoice(token, store, 999_999)).status).toBe(404);
    expect((await api('GET', `/stores/${store}/invoices/0`, { token })).status).toBe(422);
  });
});

describe('roles and stores', () => {
  let demo: { owner: string; admin: string; teacher: string; analyst: string; store: string };
  beforeAll(async () => {
    const owner = await login('owner@demo.test');
    const me = await api('GET', '/users/me', { token: owner });
    demo = { owner, admin: await login('admin@demo.test'), teacher: await login('teacher@demo.test'), analyst: await login('analyst@demo.test'), store: me.body.store.uuid };
  });

  it('owners and admins read the plan; teachers and analysts are refused everything (403)', async () => {
    expect((await subscription(demo.admin, demo.store)).status).toBe(200);
    for (const token of [demo.teacher, demo.analyst]) {
      expect((await subscription(token, demo.store)).status).toBe(403);
      expect((await subscribe(token, demo.store, { plan: 'EXPERT', frequency: 'MONTHLY' })).status).toBe(403);
      expect((await seats(token, demo.store, { quantity: 1 })).status).toBe(403);
      expect((await cancel(token, demo.store)).status).toBe(403);
      expect((await invoices(token, demo.store)).status).toBe(403);
    }
    expect((await subscription('not-a-token', demo.store)).status).toBe(401);
  });

  it('an admin may buy for the store (the order stays unpaid here)', async () => {
    const answer = await subscribe(demo.admin, demo.store, { plan: 'EXPERT', frequency: 'MONTHLY' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.status).toBe('PENDING');
  });

  it("another store's subscription, orders and invoices answer 404", async () => {
    const a = await freshStore();
    const b = await freshStore();
    const bought = await buyPro(b.token, b.store);
    const [bInvoice] = (await invoices(b.token, b.store)).body.data;
    expect((await subscription(a.token, b.store)).status).toBe(404);
    expect((await order(a.token, a.store, bought.uuid)).status).toBe(404);
    expect((await pay(a.token, a.store, bought.uuid)).status).toBe(404);
    expect((await invoice(a.token, a.store, bInvoice.id)).status).toBe(404);
    expect((await invoices(a.token, b.store)).status).toBe(404);
    expect((await invoices(a.token, a.store)).body.data).toEqual([]);
  });
});
