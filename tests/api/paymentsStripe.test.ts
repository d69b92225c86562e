// Stripe Connect through the real `stripe` SDK against a fake Stripe on loopback: the settings operations
// (connect, status, disconnect), the Checkout Session a payment starts, later instalments charged off-session,
// and the signed webhook (good signature applies once; bad signature, replay, late or foreign events change nothing).
// The app runs in-process over its own database so the tests can write the DRAFT sales checkout would write.
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { customerTrainings, paymentEvents, paymentSchedules, sales, stores } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { configuredProviders } from '../../server/payments/configured';
import type { PaymentStore } from '../../server/payments/provider';
import type { Services } from '../../server/services';
import { FakeStripe } from '../support/fakeStripe';
import { demoStore, inject, insertDraftSale, paymentsApp, saleState } from '../support/paymentsFixtures';
import { expectContract } from './client';

const SECRET = 'whsec_platform_test';
const CONNECT_SECRET = 'whsec_connect_test';

let fake: FakeStripe;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let owner: string;
let storeId: string;

const login = (email: string) => setup.login(email);
const stripe = () => configuredProviders(services.config).stripe!;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  setup = await paymentsApp({ stripe: { secretKey: 'sk_test_platform', webhookSecrets: [SECRET, CONNECT_SECRET], apiUrl: fake.url } });
  ({ services, app, owner, storeId } = setup);
}, 60_000);
afterAll(async () => {
  await setup?.close();
  await fake?.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.down = false;
  fake.declineCharges = false;
});

const milestone = async () =>
  (await inject(app, 'GET', `/stores/${storeId}/onboarding`, { token: owner })).body.data.find((m: { key: string }) => m.key === 'STRIPE').completed as boolean;

describe('the payments settings: Stripe Connect onboarding', () => {
  it('connects the store (an account, then an Account Link back to /parametres/paiements), shows its state, and disconnects', async () => {
    await services.db.update(stores).set({ stripeAccountId: null }).where(eq(stores.id, storeId));
    const before = await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner });
    expectContract('getPaymentSettings', before);
    expect(before.body.stripe).toEqual({ available: true, connected: false, account_id: null, charges_enabled: null, details_submitted: null });
    expect(await milestone()).toBe(false);

    const connect = await inject(app, 'POST', `/stores/${storeId}/payments/stripe/connect`, { token: owner });
    expectContract('connectStripe', connect);
    expect(connect.status).toBe(200);
    const [account] = [...fake.accounts.values()];
    expect(connect.body.url).toBe(`https://connect.stripe.test/setup/s/${account!.id}`);
    const link = fake.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.form).toMatchObject({ account: account!.id, type: 'account_onboarding', return_url: 'http://app.test/parametres/paiements?stripe=retour' });
    expect(fake.requests.find((r) => r.path === '/v1/accounts')!.form).toMatchObject({ type: 'standard', 'metadata[store_id]': storeId });
    expect(await milestone()).toBe(true);

    let settings = await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner });
    expect(settings.body.stripe).toEqual({ available: true, connected: true, account_id: `acct_••••${account!.id.slice(-4)}`, charges_enabled: false, details_submitted: false });
    // The owner finished Stripe's form: Stripe's signed account.updated says so, the page shows it without asking Stripe.
    const now = Math.floor(Date.now() / 1000);
    const updated = (created: number, state: Record<string, boolean>, secret = CONNECT_SECRET) =>
      FakeStripe.signed(secret, { type: 'account.updated', account: account!.id, created, object: { id: account!.id, object: 'account', ...state } });
    const deliver = (signed: { payload: string; header: string }) =>
      inject(app, 'POST', '/webhooks/stripe', { payload: signed.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header } });
    const enabled = updated(now + 10, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    fake.requests.length = 0;
    expect((await deliver(enabled)).status).toBe(200);
    settings = await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner });
    expect(settings.body.stripe).toMatchObject({ charges_enabled: true, details_submitted: true });
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/accounts'))).toEqual([]);
    // An older event delivered late changes nothing; a replay neither; a bad signature is refused.
    expect((await deliver(updated(now + 5, { charges_enabled: false, details_submitted: false }))).status).toBe(200);
    expect((await deliver(enabled)).status).toBe(200);
    expect((await deliver(updated(now + 20, { charges_enabled: false }, 'whsec_wrong'))).status).toBe(400);
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.stripe).toMatchObject({ charges_enabled: true, details_submitted: true });
    // Stripe disables charges later (a verification due): the newer event wins.
    expect((await deliver(updated(now + 30, { charges_enabled: false, details_submitted: true }))).status).toBe(200);
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.stripe).toMatchObject({ charges_enabled: false, details_submitted: true });
    // Another account's event touches no store.
    const foreign = FakeStripe.signed(CONNECT_SECRET, { type: 'account.updated', account: 'acct_other', created: now + 40, object: { id: 'acct_other', object: 'account', charges_enabled: true } });
    expect((await deliver(foreign)).status).toBe(200);
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.stripe.charges_enabled).toBe(false);

    // Onboarding resumed: the same account, a new link.
    fake.requests.length = 0;
    await inject(app, 'POST', `/stores/${storeId}/payments/stripe/connect`, { token: owner });
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/account_links']);

    // Stripe unreachable: the page still answers, the state unknown; connecting answers 503.
    fake.down = true;
    await services.db.update(stores).set({ stripeAccountState: null }).where(eq(stores.id, storeId));
    settings = await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner });
    expect(settings.body.stripe).toMatchObject({ connected: true, charges_enabled: null });
    const down = await inject(app, 'POST', `/stores/${storeId}/payments/stripe/connect`, { token: owner });
    expectContract('connectStripe', down);
    expect(down.status).toBe(503);
    fake.down = false;

    const disconnect = await inject(app, 'DELETE', `/stores/${storeId}/payments/stripe`, { token: owner });
    expect(disconnect.status).toBe(204);
    expect(await milestone()).toBe(false);
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: owner })).body.stripe.connected).toBe(false);
  });

  it('is for managers of the store only: teacher and analyst 403, another store 404', async () => {
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const token = await login(email);
      for (const [method, path] of [
        ['GET', 'payments'],
        ['POST', 'payments/stripe/connect'],
        ['DELETE', 'payments/stripe'],
      ] as const) {
        const answer = await inject(app, method, `/stores/${storeId}/${path}`, { token });
        expect(answer.status, `${email} ${method} ${path}`).toBe(403);
      }
    }
    const admin = await login('admin@demo.test');
    expect((await inject(app, 'GET', `/stores/${storeId}/payments`, { token: admin })).status).toBe(200);
    const other = await inject(app, 'POST', `/stores/00000000-0000-4000-8000-000000000000/payments/stripe/connect`, { token: owner });
    expect(other.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 409 when the platform has no Stripe keys', async () => {
    const bare = await buildApp({ ...services, config: { ...services.config, stripe: undefined } }, { logger: false });
    try {
      const answer = await bare.inject({ method: 'POST', url: `/api/v1/stores/${storeId}/payments/stripe/connect`, headers: { authorization: `Bearer ${owner}` } });
      expect(answer.statusCode).toBe(409);
      const settings = await bare.inject({ method: 'GET', url: `/api/v1/stores/${storeId}/payments`, headers: { authorization: `Bearer ${owner}` } });
      expect(settings.json().stripe.available).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

describe('a card payment through Stripe Checkout on the connected account', () => {
  const ACCOUNT = 'acct_1STORE0000DEMO';
  beforeAll(async () => {
    await services.db.update(stores).set({ stripeAccountId: ACCOUNT }).where(eq(stores.id, storeId));
  });

  const start = async (installmentsCents: number[], providerRef: string | null = null) => {
    const store = await demoStore(services.db);
    const { sale, customer } = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef, installmentsCents });
    return { store, sale, customer };
  };
  const post = (signed: { payload: string; header: string }) =>
    inject(app, 'POST', '/webhooks/stripe', { payload: signed.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header } });
  const sessionEvent = (type: string, sessionId: string, saleId: string, extra: Record<string, unknown> = {}) => ({
    type,
    account: ACCOUNT,
    object: { id: sessionId, object: 'checkout.session', metadata: { sale_id: saleId }, payment_status: 'paid', payment_intent: `pi_of_${sessionId}`, amount_total: 14900, ...extra },
  });

  const startPayment = (store: PaymentStore, saleId: string, installmentsCents: number[]) =>
    stripe().startPayment({
      store,
      saleId,
      description: 'Photographie culinaire',
      currency: 'eur',
      customer: { email: 'ines@example.test', firstname: 'Inès', lastname: 'Petit' },
      installmentsCents,
      returnUrl: 'http://demo.app.test/commande/1',
      cancelUrl: 'http://demo.app.test/formations/photo',
    });

  it('creates the Checkout Session on the store account: amount in cents, sale id in metadata, return addresses, one per sale', async () => {
    const { store, sale } = await start([14900]);
    const started = await startPayment(store, sale.id, [14900]);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.headers['stripe-account']).toBe(ACCOUNT);
    expect(request.headers['idempotency-key']).toBe(`checkout-session-${sale.id}`);
    expect(request.headers.authorization).toBe('Bearer sk_test_platform');
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][product_data][name]': 'Photographie culinaire',
      'metadata[sale_id]': sale.id,
      'payment_intent_data[metadata][sale_id]': sale.id,
      customer_email: 'ines@example.test',
      success_url: 'http://demo.app.test/commande/1',
      cancel_url: 'http://demo.app.test/formations/photo',
    });
    expect(request.form['payment_intent_data[setup_future_usage]']).toBeUndefined();
    expect(started.providerRef).toMatch(/^cs_test_/);
    expect(started.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it('applies a signed checkout.session.completed once: paid and enrolled; a replay, a bad signature and a late expiry change nothing', async () => {
    const { sale, customer } = await start([14900], 'cs_test_one');
    const completed = FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', 'cs_test_one', sale.id));

    // A bad signature first: 400, nothing recorded.
    const forged = FakeStripe.signed('whsec_someone_else', sessionEvent('checkout.session.completed', 'cs_test_one', sale.id));
    const refused = await post(forged);
    expectContract('receiveStripeWebhook', refused);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_SIGNATURE');
    // The right header over other bytes (the same event, re-serialised) does not verify either: signatures cover the raw body.
    const reserialised = await post({ payload: JSON.stringify(JSON.parse(completed.payload)), header: completed.header });
    expect(reserialised.status).toBe(400);
    const unsigned = await inject(app, 'POST', '/webhooks/stripe', { payload: completed.payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect((await saleState(services.db, sale.id)).status).toBe('DRAFT');

    const answer = await post(completed);
    expectContract('receiveStripeWebhook', answer);
    expect(answer.status).toBe(200);
    expect(await saleState(services.db, sale.id)).toEqual({ status: 'PAID', payments: [{ number: null, status: 'PAID', ref: 'pi_of_cs_test_one' }] });
    const enrolled = await services.db.select().from(customerTrainings).where(eq(customerTrainings.customerId, customer.id));
    expect(enrolled.map((e) => [e.trainingId, e.customerType])).toEqual([[DEMO_IDS.trainings.photo, 'STUDENT']]);

    // Replay: 200, nothing more.
    expect((await post(completed)).status).toBe(200);
    const [events] = await services.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.saleId, sale.id));
    expect(events!.n).toBe(1);
    // Out of order: the session's expiry delivered after its completion.
    expect((await post(FakeStripe.signed(SECRET, sessionEvent('checkout.session.expired', 'cs_test_one', sale.id, { payment_status: 'unpaid' })))).status).toBe(200);
    expect((await saleState(services.db, sale.id)).status).toBe('PAID');
    const rows = await services.db.select().from(customerTrainings).where(and(eq(customerTrainings.customerId, customer.id)));
    expect(rows).toHaveLength(1);
  });

  it('sells through the real checkout: the order opens a Checkout Session on the store account, the signed completion pays it once', async () => {
    const [schedule] = await services.db.select({ id: paymentSchedules.id }).from(paymentSchedules).where(eq(paymentSchedules.trainingId, DEMO_IDS.trainings.light));
    const email = `buyer-${Date.now()}@example.test`;
    const ordered = await inject(app, 'POST', '/school/stores/demo/checkout', {
      body: {
        buyable_type: 'TRAINING',
        buyable_uuid: DEMO_IDS.trainings.light,
        payment_schedule_id: schedule!.id,
        email,
        firstname: 'Jeanne',
        lastname: 'Roux',
        billing_address: { firstname: 'Jeanne', lastname: 'Roux', address_line1: '1 rue Haute', postal_code: '69001', city: 'Lyon', country: 'FR' },
        payment_method: 'CARD',
        accept_terms: true,
      },
    });
    expectContract('checkout', ordered);
    expect(ordered.status, ordered.text).toBe(201);
    // Stripe comes before the test provider when the store has a connected account.
    expect(ordered.body.payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.headers['stripe-account']).toBe(ACCOUNT);
    expect(request.form['line_items[0][price_data][unit_amount]']).toBe('8900');
    const [sale] = await services.db.select().from(sales).where(eq(sales.id, ordered.body.uuid));
    expect(sale).toMatchObject({ provider: 'STRIPE', status: 'DRAFT' });

    const completed = FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', sale!.providerRef!, sale!.id, { amount_total: 8900 }));
    expect((await post(completed)).status).toBe(200);
    expect((await post(completed)).status).toBe(200);
    const order = await inject(app, 'GET', `/school/stores/demo/orders/${sale!.id}`);
    expectContract('getCheckoutOrder', order);
    expect(order.body.status).toBe('PAID');
    const enrolled = await services.db.select().from(customerTrainings).where(eq(customerTrainings.customerId, sale!.customerId));
    expect(enrolled.map((e) => [e.trainingId, e.customerType])).toEqual([[DEMO_IDS.trainings.light, 'STUDENT']]);
  });

  it('pays a sale whose charge id another payment already carries, without keeping the id twice (no 500)', async () => {
    const first = await start([14900], 'cs_test_shared_1');
    const second = await start([14900], 'cs_test_shared_2');
    for (const [sale, session] of [[first.sale, 'cs_test_shared_1'], [second.sale, 'cs_test_shared_2']] as const) {
      const answer = await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', session, sale.id, { payment_intent: 'pi_test_shared' })));
      expect(answer.status, answer.text).toBe(200);
    }
    expect(await saleState(services.db, first.sale.id)).toEqual({ status: 'PAID', payments: [{ number: null, status: 'PAID', ref: 'pi_test_shared' }] });
    expect(await saleState(services.db, second.sale.id)).toEqual({ status: 'PAID', payments: [{ number: null, status: 'PAID', ref: null }] });
  });

  it('marks an expired session ABANDONED and a failed bank debit FAILED; ignores events of another session or of no sale of ours', async () => {
    const abandoned = await start([14900], 'cs_test_expired');
    await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.expired', 'cs_test_expired', abandoned.sale.id, { payment_status: 'unpaid' })));
    expect((await saleState(services.db, abandoned.sale.id)).status).toBe('ABANDONED');

    const debit = await start([14900], 'cs_test_debit');
    // Completed but unpaid (a bank debit on its way): nothing yet; then the debit fails.
    await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', 'cs_test_debit', debit.sale.id, { payment_status: 'unpaid' })));
    expect((await saleState(services.db, debit.sale.id)).status).toBe('DRAFT');
    await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.async_payment_failed', 'cs_test_debit', debit.sale.id, { payment_status: 'unpaid' })));
    expect((await saleState(services.db, debit.sale.id)).status).toBe('FAILED');

    // Another connected account's session naming our sale in its metadata: not the sale's session, ignored.
    const target = await start([14900], 'cs_test_real');
    const foreign = await post(FakeStripe.signed(CONNECT_SECRET, { ...sessionEvent('checkout.session.completed', 'cs_test_other', target.sale.id), account: 'acct_1SOMEONEELSE' }));
    expect(foreign.status).toBe(200);
    expect((await saleState(services.db, target.sale.id)).status).toBe('DRAFT');
    // No sale (metadata not a uuid, or an unknown one) and events we do not act on: 200.
    expect((await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', 'cs_x', 'not-a-uuid')))).status).toBe(200);
    expect((await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', 'cs_x', '00000000-0000-4000-8000-0000000000aa')))).status).toBe(200);
    expect((await post(FakeStripe.signed(SECRET, { type: 'customer.created', object: { id: 'cus_1' } }))).status).toBe(200);
  });

  it('runs instalments: the card saved by the session, later ones charged off-session and reported by payment_intent events', async () => {
    const plan = [5000, 5000, 4900];
    const { store, sale } = await start(plan);
    const started = await startPayment(store, sale.id, plan);
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
    expect(created).toMatchObject({
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': 'Photographie culinaire (1/3)',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'payment_intent_data[metadata][installment_number]': '1',
      customer_creation: 'always',
    });
    // Checkout keeps the session id on the sale.
    await services.db.update(sales).set({ providerRef: started.providerRef }).where(eq(sales.id, sale.id));
    const firstPaid = await post(FakeStripe.signed(CONNECT_SECRET, sessionEvent('checkout.session.completed', started.providerRef, sale.id, { amount_total: 5000 })));
    expect(firstPaid.status, firstPaid.text).toBe(200);
    expect((await saleState(services.db, sale.id)).status).toBe('IN_PROGRESS');

    fake.requests.length = 0;
    const charge = await stripe().chargeInstallment({ store, saleId: sale.id, checkoutSessionId: started.providerRef, installmentNumber: 2, amountCents: 5000, currency: 'eur', description: 'Photographie culinaire' });
    expect(charge.status).toBe('succeeded');
    const session = fake.sessions.get(started.providerRef)!;
    const intentRequest = fake.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(intentRequest.headers['stripe-account']).toBe(ACCOUNT);
    expect(intentRequest.headers['idempotency-key']).toBe(`installment-${sale.id}-2`);
    expect(intentRequest.form).toMatchObject({
      amount: '5000',
      currency: 'eur',
      customer: session.customer,
      payment_method: (session.payment_intent as { payment_method: string }).payment_method,
      off_session: 'true',
      confirm: 'true',
      'metadata[sale_id]': sale.id,
      'metadata[installment_number]': '2',
    });

    const intent = (n: number, type: string, account = ACCOUNT) =>
      FakeStripe.signed(CONNECT_SECRET, { type, account, object: { id: `pi_test_${n}`, object: 'payment_intent', amount: 5000, metadata: { sale_id: sale.id, installment_number: String(n) } } });
    // The same event from another connected account (its own metadata naming our sale) is not believed.
    await post(intent(2, 'payment_intent.succeeded', 'acct_1SOMEONEELSE'));
    expect((await saleState(services.db, sale.id)).payments[1]!.status).toBe('INCOMING');
    await post(intent(2, 'payment_intent.succeeded'));
    // The first payment's own intent events are the session's business: a failed card on Stripe's page is retried there.
    await post(intent(1, 'payment_intent.payment_failed'));
    expect(await saleState(services.db, sale.id)).toEqual({
      status: 'IN_PROGRESS',
      payments: [
        { number: 1, status: 'PAID', ref: `pi_of_${started.providerRef}` },
        { number: 2, status: 'PAID', ref: 'pi_test_2' },
        { number: 3, status: 'INCOMING', ref: null },
      ],
    });

    // The third: declined. The charge answers it, the webhook records it; the learner keeps the access.
    fake.declineCharges = true;
    const declined = await stripe().chargeInstallment({ store, saleId: sale.id, checkoutSessionId: started.providerRef, installmentNumber: 3, amountCents: 4900, currency: 'eur', description: 'Photographie culinaire' });
    expect(declined).toMatchObject({ status: 'failed', declineCode: 'insufficient_funds' });
    expect(declined.chargeRef).toMatch(/^pi_test_/);
    await post(intent(3, 'payment_intent.payment_failed'));
    const after = await saleState(services.db, sale.id);
    expect(after.status).toBe('IN_PROGRESS');
    expect(after.payments[2]!.status).toBe('FAILED');
  });
});
