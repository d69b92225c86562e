// Refunds into credit notes (issue 14): the providers' refund webhooks (Stripe `charge.refunded`, PayPal
// `PAYMENT.CAPTURE.REFUNDED`, signed as each provider signs them, against the fakes on loopback) mapped into
// applyPaymentEvent's REFUNDED outcome, partial refunds included, and the team's refund
// (refundTrainingCustomerTransaction) through the store's provider. The app runs in-process over its own database.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, learnerInvoices, sales, stores, transactions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import type { Services } from '../../server/services';
import { FakePaypal } from '../support/fakePaypal';
import { FakeStripe } from '../support/fakeStripe';
import { inject, insertDraftSale, paymentsApp } from '../support/paymentsFixtures';
import { expectContract } from './client';

const SECRET = 'whsec_refunds_test';
const ACCOUNT = 'acct_REFUNDSTORE01';
const MERCHANT = 'REFUND1234567';

let stripe: FakeStripe;
let paypal: FakePaypal;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let owner: string;
let storeId: string;

beforeAll(async () => {
  stripe = await new FakeStripe().start();
  paypal = await new FakePaypal('client-id', 'client-secret', 'WH-REFUNDS').start();
  setup = await paymentsApp({
    stripe: { secretKey: 'sk_test_platform', webhookSecrets: [SECRET], apiUrl: stripe.url },
    paypal: { clientId: 'client-id', clientSecret: 'client-secret', webhookId: 'WH-REFUNDS', apiUrl: paypal.url },
  });
  ({ services, app, owner, storeId } = setup);
  await services.db.update(stores).set({ stripeAccountId: ACCOUNT, paypalMerchantId: MERCHANT }).where(eq(stores.id, storeId));
}, 60_000);
afterAll(async () => {
  await setup?.close();
  await stripe?.stop();
  await paypal?.stop();
});
beforeEach(() => {
  stripe.requests.length = 0;
  stripe.down = false;
  paypal.requests.length = 0;
});

let serial = 0;
/** A sale paid through `provider`, its charge id kept on the payment (as the provider's PAID event leaves it). */
async function paidSale(provider: 'STRIPE' | 'PAYPAL', cents = 12000) {
  const { sale, customer } = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.photo, provider, providerRef: `checkout_${++serial}`, installmentsCents: [cents] });
  const chargeRef = provider === 'STRIPE' ? `pi_refund_${serial}_${sale.id.slice(0, 8)}` : `CAP${serial}${sale.id.slice(0, 8).toUpperCase()}`;
  const outcome = await applyPaymentEvent(services, { provider, eventId: `paid-${sale.id}`, saleId: sale.id, outcome: 'PAID', chargeRef, occurredAt: services.clock() });
  expect(outcome.kind).toBe('applied');
  const [payment] = await services.db.select().from(transactions).where(eq(transactions.saleId, sale.id));
  return { sale, customer, chargeRef, payment: payment! };
}

const notesOf = (saleId: string) =>
  services.db
    .select()
    .from(learnerInvoices)
    .where(and(eq(learnerInvoices.saleId, saleId), eq(learnerInvoices.kind, 'CREDIT_NOTE')))
    .orderBy(asc(learnerInvoices.number));

const chargeRefunded = (chargeRef: string, saleId: string, amount: number, refunded: number, options: { account?: string; id?: string } = {}) =>
  FakeStripe.signed(SECRET, {
    type: 'charge.refunded',
    account: options.account ?? ACCOUNT,
    id: options.id,
    object: { id: `ch_${chargeRef}`, object: 'charge', amount, amount_refunded: refunded, refunded: refunded >= amount, payment_intent: chargeRef, metadata: { sale_id: saleId } },
  });
const deliverStripe = (signed: { payload: string; header: string }) =>
  inject(app, 'POST', '/webhooks/stripe', { payload: signed.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header } });

const captureRefunded = (captureId: string, total: string, options: { id?: string; customId?: string } = {}) =>
  paypal.delivery({
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    id: options.id,
    resource: {
      id: `RF${captureId}`,
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: total },
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'EUR', value: total } },
      ...(options.customId ? { custom_id: options.customId } : {}),
      links: [
        { rel: 'self', href: `https://api.paypal.test/v2/payments/refunds/RF${captureId}`, method: 'GET' },
        { rel: 'up', href: `https://api.paypal.test/v2/payments/captures/${captureId}`, method: 'GET' },
      ],
    },
  });
const deliverPaypal = (delivery: { body: string; headers: Record<string, string> }) => inject(app, 'POST', '/webhooks/paypal', { payload: delivery.body, headers: delivery.headers });

/** The payment's refund as the team's payments list shows it (listTrainingCustomerTransactions). */
async function refundShown(customer: string, transactionId: number, training: string = DEMO_IDS.trainings.photo) {
  const answer = await inject(app, 'GET', `/trainings/${training}/customers/${customer}/transactions`, { token: owner });
  expectContract('listTrainingCustomerTransactions', answer);
  return (answer.body.data as Array<{ id: number; refund: { status: string; requested_at: string | null } | null }>).find((row) => row.id === transactionId)?.refund;
}

const refundFailed = (chargeRef: string, saleId: string, type: 'charge.refund.updated' | 'refund.failed', status = 'failed') =>
  FakeStripe.signed(SECRET, {
    type,
    account: ACCOUNT,
    object: { id: `re_${chargeRef}_${type}`, object: 'refund', amount: 5000, status, payment_intent: chargeRef, charge: `ch_${chargeRef}`, metadata: { sale_id: saleId } },
  });

const refundPath = (customer: string, transactionId: number, training: string = DEMO_IDS.trainings.photo) => `/trainings/${training}/customers/${customer}/transactions/${transactionId}/refund`;
const refund = async (token: string, customer: string, transactionId: number, training?: string) => {
  const answer = await inject(app, 'POST', refundPath(customer, transactionId, training), { token });
  expectContract('refundTrainingCustomerTransaction', answer);
  return answer;
};

describe("Stripe's charge.refunded", () => {
  it('credits a partial refund for its amount, then the rest once whatever the replays, the order or the concurrency', async () => {
    // The store charges 20 % VAT for this sale: 120 € = 100 € + 20 € VAT.
    await services.db.update(companies).set({ vatRateBp: 2000 }).where(eq(companies.storeId, storeId));
    const { sale, chargeRef } = await paidSale('STRIPE', 12000).finally(() => services.db.update(companies).set({ vatRateBp: null }).where(eq(companies.storeId, storeId)));
    const partial = chargeRefunded(chargeRef, sale.id, 12000, 4000);
    expect((await deliverStripe(partial)).status).toBe(200);
    let notes = await notesOf(sale.id);
    expect(notes.map((n) => n.inclTaxCents)).toEqual([4000]);
    expect(notes[0]!.lines).toEqual([{ description: expect.stringMatching(/ — remboursement partiel$/), quantity: 1, unitExclTaxCents: 3333, exclTaxCents: 3333 }]);
    expect(notes[0]).toMatchObject({ vatRateBp: 2000, exclTaxCents: 3333, vatCents: 667 });
    // The same delivery again, and an older total delivered late under another event id: nothing more.
    expect((await deliverStripe(partial)).status).toBe(200);
    expect((await deliverStripe(chargeRefunded(chargeRef, sale.id, 12000, 4000))).status).toBe(200);
    expect((await notesOf(sale.id)).length).toBe(1);
    // The rest refunded: Stripe's event delivered several times at once (different event ids, same total) credits it once.
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliverStripe(chargeRefunded(chargeRef, sale.id, 12000, 12000))));
    for (const answer of answers) expect(answer.status).toBe(200);
    notes = await notesOf(sale.id);
    expect(notes.map((n) => [n.inclTaxCents, n.exclTaxCents, n.vatCents])).toEqual([
      [4000, 3333, 667],
      [8000, 6667, 1333],
    ]);
    const [invoice] = await services.db.select().from(learnerInvoices).where(and(eq(learnerInvoices.saleId, sale.id), eq(learnerInvoices.kind, 'INVOICE')));
    expect(notes.reduce((sum, n) => sum + n.exclTaxCents, 0)).toBe(invoice!.exclTaxCents);
    expect(notes.reduce((sum, n) => sum + n.vatCents, 0)).toBe(invoice!.vatCents);
    expect(notes.every((n) => n.creditedInvoiceId === invoice!.id)).toBe(true);
    // The payment and the sale stay PAID (the team decides about the access).
    const [payment] = await services.db.select().from(transactions).where(eq(transactions.saleId, sale.id));
    expect(payment!.status).toBe('PAID');
  });

  it('credits a full refund with the invoice lines; ignores another account, an unknown charge and a bad signature', async () => {
    const { sale, chargeRef } = await paidSale('STRIPE', 9900);
    // Another connected account naming our charge and sale: not the store's, nothing.
    expect((await deliverStripe(chargeRefunded(chargeRef, sale.id, 9900, 9900, { account: 'acct_SOMEONEELSE' }))).status).toBe(200);
    expect((await deliverStripe(chargeRefunded('pi_unknown_charge', sale.id, 9900, 9900))).status).toBe(200);
    const forged = chargeRefunded(chargeRef, sale.id, 9900, 9900);
    expect((await deliverStripe({ payload: forged.payload, header: FakeStripe.signed('whsec_wrong', { type: 'x', object: {} }).header })).status).toBe(400);
    expect(await notesOf(sale.id)).toEqual([]);

    expect((await deliverStripe(chargeRefunded(chargeRef, sale.id, 9900, 9900))).status).toBe(200);
    const [invoice] = await services.db.select().from(learnerInvoices).where(and(eq(learnerInvoices.saleId, sale.id), eq(learnerInvoices.kind, 'INVOICE')));
    const notes = await notesOf(sale.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ inclTaxCents: 9900, lines: invoice!.lines });
  });
});

describe("PayPal's PAYMENT.CAPTURE.REFUNDED", () => {
  it('credits the capture named by the refund, once; an unknown capture or a forged delivery changes nothing', async () => {
    const { sale, chargeRef } = await paidSale('PAYPAL', 14900);
    expect((await deliverPaypal(captureRefunded('UNKNOWNCAPTURE', '149.00'))).status).toBe(200);
    const forged = captureRefunded(chargeRef, '149.00');
    expect((await deliverPaypal({ ...forged, body: forged.body.replace('149.00', '149.01') })).status).toBe(400);
    expect(await notesOf(sale.id)).toEqual([]);

    const partial = captureRefunded(chargeRef, '49.00', { customId: sale.id });
    expect((await deliverPaypal(partial)).status).toBe(200);
    expect((await deliverPaypal(partial)).status).toBe(200);
    const full = await Promise.all([deliverPaypal(captureRefunded(chargeRef, '149.00')), deliverPaypal(captureRefunded(chargeRef, '149.00'))]);
    for (const answer of full) expect(answer.status).toBe(200);
    expect((await notesOf(sale.id)).map((n) => n.inclTaxCents)).toEqual([4900, 10000]);
  });
});

describe('the team refund (refundTrainingCustomerTransaction)', () => {
  it("refunds a Stripe payment on the store's account once; the credit note comes with charge.refunded; then 422", async () => {
    const { sale, customer, chargeRef, payment } = await paidSale('STRIPE', 12000);
    const answer = await refund(owner, customer.id, payment.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ transaction_id: payment.id, status: 'PENDING' });
    const made = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(made).toHaveLength(1);
    expect(made[0]!.form).toMatchObject({ payment_intent: chargeRef, 'metadata[sale_id]': sale.id });
    expect(made[0]!.headers['stripe-account']).toBe(ACCOUNT);
    expect(made[0]!.headers['idempotency-key']).toBe(`refund-transaction-${payment.id}`);
    expect(await notesOf(sale.id)).toEqual([]);
    expect(await refundShown(customer.id, payment.id)).toEqual({ status: 'PENDING', requested_at: expect.any(String) });

    const again = await refund(owner, customer.id, payment.id);
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/déjà été remboursé/);

    expect((await deliverStripe(chargeRefunded(chargeRef, sale.id, 12000, 12000))).status).toBe(200);
    expect((await notesOf(sale.id)).map((n) => n.inclTaxCents)).toEqual([12000]);
    expect((await refundShown(customer.id, payment.id))?.status).toBe('REFUNDED');
    expect((await refund(owner, customer.id, payment.id)).status).toBe(422);
  });

  it('shows a refund Stripe could not make as FAILED; the team asks again under a new idempotency key', async () => {
    const { sale, customer, chargeRef, payment } = await paidSale('STRIPE', 5000);
    // A failed refund nobody asked here (made from the dashboard) is not ours to show.
    expect((await deliverStripe(refundFailed(chargeRef, sale.id, 'refund.failed'))).status).toBe(200);
    expect(await refundShown(customer.id, payment.id)).toBeNull();

    expect((await refund(owner, customer.id, payment.id)).status).toBe(200);
    // Still being processed: an update that is not a failure changes nothing.
    expect((await deliverStripe(refundFailed(chargeRef, sale.id, 'charge.refund.updated', 'pending'))).status).toBe(200);
    expect((await refundShown(customer.id, payment.id))?.status).toBe('PENDING');
    expect((await deliverStripe(refundFailed(chargeRef, sale.id, 'charge.refund.updated'))).status).toBe(200);
    expect((await refundShown(customer.id, payment.id))?.status).toBe('FAILED');
    expect(await notesOf(sale.id)).toEqual([]);

    const retry = await refund(owner, customer.id, payment.id);
    expect(retry.status, retry.text).toBe(200);
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(`refund-transaction-${payment.id}`);
    expect(keys[1]).toMatch(new RegExp(`^refund-transaction-${payment.id}-\\d+$`));
    expect((await refundShown(customer.id, payment.id))?.status).toBe('PENDING');
    expect((await deliverStripe(chargeRefunded(chargeRef, sale.id, 5000, 5000))).status).toBe(200);
    expect((await refundShown(customer.id, payment.id))?.status).toBe('REFUNDED');
  });

  it('makes one refund of ten asked at once', async () => {
    const { customer, payment } = await paidSale('STRIPE', 5000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(owner, customer.id, payment.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(422)]);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('answers 503 when Stripe is down and lets the team try again', async () => {
    const { customer, payment } = await paidSale('STRIPE', 5000);
    stripe.down = true;
    const down = await refund(owner, customer.id, payment.id);
    expect(down.status).toBe(503);
    expect(await refundShown(customer.id, payment.id)).toBeNull();
    stripe.down = false;
    expect((await refund(owner, customer.id, payment.id)).status).toBe(200);
  });

  it("refunds a PayPal capture on the merchant's behalf, once", async () => {
    const { sale, customer, chargeRef, payment } = await paidSale('PAYPAL', 14900);
    const answer = await refund(owner, customer.id, payment.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('PENDING');
    const made = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${chargeRef}/refund`);
    expect(made).toHaveLength(1);
    expect(made[0]!.headers['paypal-request-id']).toBe(`refund-transaction-${payment.id}`);
    const assertion = String(made[0]!.headers['paypal-auth-assertion']).split('.');
    expect(JSON.parse(Buffer.from(assertion[1]!, 'base64url').toString())).toEqual({ iss: 'client-id', payer_id: MERCHANT });
    expect(made[0]!.json).toMatchObject({ custom_id: sale.id });
    expect((await refund(owner, customer.id, payment.id)).status).toBe(422);
  });

  it("refunds a demo payment through the test provider at once: the credit note shows in the customer's invoices", async () => {
    const [seeded] = await services.db
      .select({ payment: transactions, sale: sales })
      .from(transactions)
      .innerJoin(sales, eq(sales.id, transactions.saleId))
      .innerJoin(learnerInvoices, and(eq(learnerInvoices.transactionId, transactions.id), eq(learnerInvoices.kind, 'INVOICE')))
      .where(and(eq(transactions.storeId, storeId), eq(transactions.status, 'PAID'), isNotNull(sales.trainingId)))
      .limit(1);
    const { payment, sale } = seeded!;
    const answer = await refund(owner, sale.customerId, payment.id, sale.trainingId!);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ transaction_id: payment.id, status: 'REFUNDED' });
    const invoices = await inject(app, 'GET', `/stores/${storeId}/customers/${sale.customerId}/invoices`, { token: owner });
    expectContract('listCustomerInvoices', invoices);
    const note = (invoices.body.data as { kind: string; reference: string; amount_including_tax_cents: number }[]).find((row) => row.kind === 'CREDIT_NOTE');
    expect(note).toMatchObject({ amount_including_tax_cents: Math.round(payment.amount * 100) });
    expect(note!.reference).toMatch(/^AV-\d{6}$/);
    expect((await refund(owner, sale.customerId, payment.id, sale.trainingId!)).status).toBe(422);
  });

  it('is for owners and admins (teacher and analyst 403); other ids 404; an unpaid payment 422', async () => {
    const { customer, payment } = await paidSale('STRIPE', 3000);
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) expect((await refund(await setup.login(email), customer.id, payment.id)).status).toBe(403);
    const other = await paidSale('STRIPE', 3000);
    // Another customer's payment, another training, an unknown store's training, an id out of range.
    expect((await refund(owner, customer.id, other.payment.id)).status).toBe(404);
    expect((await refund(owner, customer.id, payment.id, DEMO_IDS.trainings.light)).status).toBe(404);
    expect((await refund(owner, customer.id, payment.id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await refund(owner, customer.id, 2_147_483_648)).status).toBe(404);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);

    // A plan in two: the first payment taken, the second still to come (INCOMING) cannot be refunded.
    const plan = await insertDraftSale(services.db, { storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: 'cs_plan_in_two', installmentsCents: [5000, 5000] });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `paid-${plan.sale.id}`, saleId: plan.sale.id, outcome: 'PAID', chargeRef: 'pi_plan_in_two', installmentNumber: 1, occurredAt: services.clock() });
    const [, second] = await services.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.saleId, plan.sale.id)).orderBy(asc(transactions.id));
    const unpaid = await refund(owner, plan.customer.id, second!.id);
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors.transaction_id).toBeDefined();

    const admin = await setup.login('admin@demo.test');
    expect((await refund(admin, customer.id, payment.id)).status).toBe(200);
  });
});
