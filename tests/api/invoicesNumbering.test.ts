import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerInvoices, transactions } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import { insertDraftSale, paymentsApp } from '../support/paymentsFixtures';
import { api } from './client';
import { freshShop, order, school, sellTraining } from './checkoutSupport';

/**
 * Learner invoices under concurrency (issue 14): numbers come from the store's counter row, incremented in the
 * payment's own transaction, so simultaneous payments get 1..N without a gap or a duplicate (on PGlite, and on
 * PostgreSQL with `DATABASE_URL=… npx vitest run tests/api/invoicesNumbering.test.ts`); refunds get credit notes.
 */
const PAYMENTS = 20;

describe('invoice numbers under concurrency', () => {
  it(`numbers ${PAYMENTS} payments taken at once 1..${PAYMENTS}, and replays add none`, async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 30 }]);
    const orders = await Promise.all(Array.from({ length: PAYMENTS }, () => api('POST', school(shop.subdomain, '/checkout'), { body: order(training) })));
    for (const answer of orders) expect(answer.status, answer.text).toBe(201);
    const pay = () => Promise.all(orders.map((o) => api('POST', school(shop.subdomain, `/test-payments/${o.body.uuid}`), { body: { outcome: 'PAID' } })));
    for (const answer of await pay()) expect(answer.status, answer.text).toBeLessThan(300);
    // The same outcomes again, all at once: each payment keeps its one invoice.
    await pay();

    const customers = await api('GET', `/stores/${shop.storeUuid}/customers?per_page=100`, { token: shop.token });
    expect(customers.status, customers.text).toBe(200);
    expect(customers.body.data).toHaveLength(PAYMENTS);
    const lists = await Promise.all(
      (customers.body.data as { uuid: string }[]).map((c) => api('GET', `/stores/${shop.storeUuid}/customers/${c.uuid}/invoices`, { token: shop.token })),
    );
    const numbers = lists.flatMap((answer) => {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toHaveLength(1);
      return (answer.body.data as { number: number }[]).map((row) => row.number);
    });
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: PAYMENTS }, (_, i) => i + 1));
  });
});

describe('applyPaymentEvent and invoices', () => {
  let setup: Awaited<ReturnType<typeof paymentsApp>>;
  beforeAll(async () => {
    setup = await paymentsApp({});
  });
  afterAll(() => setup.close());

  const invoicesOfSale = (saleId: string) => setup.services.db.select().from(learnerInvoices).where(eq(learnerInvoices.saleId, saleId)).orderBy(asc(learnerInvoices.number));
  const lastNumber = async () => {
    const rows = await setup.services.db.select({ number: learnerInvoices.number }).from(learnerInvoices).where(eq(learnerInvoices.storeId, setup.storeId));
    return Math.max(0, ...rows.map((row) => row.number));
  };
  const paid = (saleId: string, eventId: string, installmentNumber: number | null = null) =>
    applyPaymentEvent(setup.services, { provider: 'STRIPE', eventId, saleId, outcome: 'PAID', installmentNumber, occurredAt: setup.services.clock() });

  it('continues the demo store\'s seeded series, one invoice per instalment taken, named "échéance k sur n"', async () => {
    const before = await lastNumber();
    expect(before).toBeGreaterThan(0);
    const { sale } = await insertDraftSale(setup.services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null, installmentsCents: [5000, 5000, 4999] });
    await paid(sale.id, `first-${sale.id}`, 1);
    await paid(sale.id, `second-${sale.id}`, 2);
    const rows = await invoicesOfSale(sale.id);
    expect(rows.map((row) => [row.kind, row.number, row.inclTaxCents])).toEqual([
      ['INVOICE', before + 1, 5000],
      ['INVOICE', before + 2, 5000],
    ]);
    expect(rows[0]!.lines[0]!.description).toMatch(/, échéance 1 sur 3$/);
    // The demo company is not subject to VAT (no rate set): the whole price, no VAT.
    expect(rows[0]).toMatchObject({ vatRateBp: null, vatCents: 0, exclTaxCents: 5000 });
    expect(rows[0]!.seller.name).toBe('Atelier Démo SAS');
  });

  it('writes one credit note per refunded payment, in the same series, naming its invoice; a failed or unpaid payment gets none', async () => {
    const { sale } = await insertDraftSale(setup.services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null, installmentsCents: [12000] });
    const refund = (eventId: string) => applyPaymentEvent(setup.services, { provider: 'STRIPE', eventId, saleId: sale.id, outcome: 'REFUNDED', occurredAt: setup.services.clock() });
    // Not paid yet: nothing to credit.
    expect((await refund(`early-${sale.id}`)).kind).toBe('ignored');
    await paid(sale.id, `pay-${sale.id}`);
    const before = await lastNumber();
    const outcomes = await Promise.all([refund(`refund-a-${sale.id}`), refund(`refund-b-${sale.id}`)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['applied', 'ignored']);
    const [invoice, note] = await invoicesOfSale(sale.id);
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', number: before + 1, creditedInvoiceId: invoice!.id, inclTaxCents: 12000, transactionId: invoice!.transactionId });
    // The payment and the sale stay as they were (the team decides about the access).
    const [payment] = await setup.services.db.select().from(transactions).where(and(eq(transactions.saleId, sale.id)));
    expect(payment!.status).toBe('PAID');

    // The credit note downloads as an "Avoir" naming the invoice it cancels.
    const answer = await setup.app.inject({
      method: 'GET',
      url: `/api/v1/stores/${setup.storeId}/customers/${sale.customerId}/invoices/${note!.id}/pdf`,
      headers: { authorization: `Bearer ${setup.owner}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`avoir-AV-${String(before + 1).padStart(6, '0')}.pdf`);
  });
});
