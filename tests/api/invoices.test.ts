import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';

/**
 * Invoices of a store to its learners (issue 14): written with each payment taken (applyPaymentEvent), listed and
 * downloaded as PDF by the team (listCustomerInvoices, getCustomerInvoicePdf) and by the learner (listMyInvoices,
 * getMyInvoicePdf). The numbering under concurrency and the credit notes: tests/api/invoicesNumbering.test.ts.
 */

/** A call answering the raw bytes too (the test client reads text). */
async function pdfCall(operationId: string, path: string, token: string | undefined) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('latin1').decode(bytes);
  const isPdf = response.headers.get('content-type')?.startsWith('application/pdf');
  const answer = { status: response.status, headers: response.headers, text, body: isPdf ? text : text ? JSON.parse(text) : undefined };
  expectContract(operationId, answer);
  return { ...answer, bytes };
}

/** The PDF's text as drawn: pdf-lib writes each string as a hex literal `<…> Tj` in deflated content streams. */
async function pdfText(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  const buffer = Buffer.from(bytes);
  let raw = '';
  for (let start = buffer.indexOf('stream\n'); start >= 0; start = buffer.indexOf('stream\n', start + 1)) {
    const end = buffer.indexOf('endstream', start);
    try {
      raw += inflateSync(buffer.subarray(start + 7, end)).toString('latin1');
    } catch {
      // Not a deflated stream (fonts' metrics, the document's own).
    }
  }
  const strings = [...raw.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1').replaceAll('\x80', '€'));
  return { pdf, text: strings.join('\n') };
}

interface Invoice {
  id: number;
  kind: string;
  number: number;
  reference: string;
  vat_rate: number | null;
  amount_excluding_tax_cents: number;
  vat_cents: number;
  amount_including_tax_cents: number;
  customer_uuid: string;
  description: string;
}

async function companyOf(shop: Shop, body: Record<string, unknown>) {
  const companies = await checked('listCompanies', 'GET', `/stores/${shop.storeUuid}/companies`, { token: shop.token });
  const updated = await checked('updateCompany', 'PUT', `/stores/${shop.storeUuid}/companies/${companies.body.data[0].id}`, { token: shop.token, body });
  expect(updated.status, updated.text).toBe(200);
  return updated.body;
}

/** A learner of the shop signs up and buys the training; the test provider takes the money. */
async function buyer(shop: Shop, training: { uuid: string; schedules: number[] }, firstname: string) {
  const email = `${firstname.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const registered = await api('POST', school(shop.subdomain, '/register'), { body: { email, password: 'learner-password-1', firstname, lastname: 'Acheteur' } });
  expect(registered.status, registered.text).toBe(201);
  const token = registered.body.token as string;
  const bought = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { token, body: order(training, { email, firstname, lastname: 'Acheteur' }) });
  expect(bought.status, bought.text).toBe(201);
  const paid = await checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${bought.body.uuid}`), { body: { outcome: 'PAID' } });
  expect(paid.status, paid.text).toBeLessThan(300);
  const me = await checked('getLearnerMe', 'GET', school(shop.subdomain, '/me'), { token });
  return { token, email, customerUuid: me.body.uuid as string };
}

const mine = (shop: Shop, token: string) => checked('listMyInvoices', 'GET', school(shop.subdomain, '/me/invoices'), { token });
const team = (shop: Shop, customer: string, token = shop.token) => checked('listCustomerInvoices', 'GET', `/stores/${shop.storeUuid}/customers/${customer}/invoices`, { token });

describe('invoices of a paid training', () => {
  let shop: Shop;
  let training: { uuid: string; schedules: number[] };
  let first: Awaited<ReturnType<typeof buyer>>;
  let second: Awaited<ReturnType<typeof buyer>>;

  beforeAll(async () => {
    shop = await freshShop();
    await companyOf(shop, {
      name: 'Studio Lumière SARL',
      legal_form: 'SARL',
      siret: '12345678900012',
      vat_number: 'FR12345678900',
      address_line1: '4 quai des Arts',
      postal_code: '69002',
      city: 'Lyon',
      country: 'FR',
      vat_rate: 20,
    });
    training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 120 }]);
    first = await buyer(shop, training, 'Jeanne');
    second = await buyer(shop, training, 'Paul');
  });

  it('numbers each payment taken in the store, 1 then 2, and splits the 20 % VAT out of the price paid', async () => {
    const one = await mine(shop, first.token);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({
      kind: 'INVOICE',
      number: 1,
      reference: 'F-000001',
      credited_invoice_id: null,
      currency: 'EUR',
      vat_rate: 20,
      amount_excluding_tax_cents: 10000,
      vat_cents: 2000,
      amount_including_tax_cents: 12000,
      customer_uuid: first.customerUuid,
      description: 'Formation « Formation à vendre »',
    });
    const two = await mine(shop, second.token);
    expect(two.body.data.map((row: Invoice) => row.number)).toEqual([2]);
  });

  it('prints the French mentions in the PDF: seller with SIRET and VAT number, buyer (billing address), number, amounts, VAT rate', async () => {
    const [invoice] = (await mine(shop, first.token)).body.data as Invoice[];
    const answer = await pdfCall('getMyInvoicePdf', school(shop.subdomain, `/me/invoices/${invoice!.id}/pdf`), first.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('facture-F-000001.pdf');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const { pdf, text } = await pdfText(answer.bytes);
    expect(pdf.getTitle()).toBe('Facture F-000001 - Studio Lumière SARL');
    for (const mention of ['Studio Lumière SARL', 'SIRET : 12345678900012', 'N° TVA intracommunautaire : FR12345678900', '4 quai des Arts', '69002 Lyon', 'N° F-000001', 'Léa Martin', '3 rue du Port', '13002 Marseille', 'TVA 20 %', '100,00 €', '20,00 €', '120,00 €']) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain('293 B');
  });

  it('lists the same to the team (owner and admin of the store), and the team downloads it', async () => {
    const answer = await team(shop, first.customerUuid);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual((await mine(shop, first.token)).body);
    const pdf = await pdfCall('getCustomerInvoicePdf', `/stores/${shop.storeUuid}/customers/${first.customerUuid}/invoices/${answer.body.data[0].id}/pdf`, shop.token);
    expect(pdf.status).toBe(200);
    // The buyer is the checkout's billing address (checkoutSupport's BILLING), with the learner's e-mail.
    expect((await pdfText(pdf.bytes)).text).toContain(first.email);
  });

  it("answers 404 for another learner's invoice, another customer's path, another store and an unknown id", async () => {
    const [invoice] = (await mine(shop, first.token)).body.data as Invoice[];
    // Another learner of the same school: their session never reaches it.
    expect((await pdfCall('getMyInvoicePdf', school(shop.subdomain, `/me/invoices/${invoice!.id}/pdf`), second.token)).status).toBe(404);
    // The team through another customer of the store.
    expect((await pdfCall('getCustomerInvoicePdf', `/stores/${shop.storeUuid}/customers/${second.customerUuid}/invoices/${invoice!.id}/pdf`, shop.token)).status).toBe(404);
    // Another store's owner, through their own store or this one.
    const other = await freshShop({ testPayments: false });
    expect((await team(shop, first.customerUuid, other.token)).status).toBe(404);
    expect((await checked('listCustomerInvoices', 'GET', `/stores/${other.storeUuid}/customers/${first.customerUuid}/invoices`, { token: other.token })).status).toBe(404);
    expect((await pdfCall('getCustomerInvoicePdf', `/stores/${other.storeUuid}/customers/${first.customerUuid}/invoices/${invoice!.id}/pdf`, other.token)).status).toBe(404);
    // The learner's session in another school.
    expect((await pdfCall('getMyInvoicePdf', school(other.subdomain, `/me/invoices/${invoice!.id}/pdf`), first.token)).status).toBe(401);
    expect((await pdfCall('getMyInvoicePdf', school(shop.subdomain, '/me/invoices/2147483647/pdf'), first.token)).status).toBe(404);
    expect((await pdfCall('getMyInvoicePdf', school(shop.subdomain, '/me/invoices/0/pdf'), first.token)).status).toBe(422);
    expect((await pdfCall('getMyInvoicePdf', school(shop.subdomain, `/me/invoices/${invoice!.id}/pdf`), undefined)).status).toBe(401);
  });
});

describe('a store not subject to VAT', () => {
  it('invoices the whole price without VAT and prints "TVA non applicable, art. 293 B du CGI"', async () => {
    const shop = await freshShop();
    const company = await companyOf(shop, { name: 'Léa Formation EI', address_line1: '1 rue Basse', postal_code: '13001', city: 'Marseille', vat_rate: null });
    expect(company.vat_rate).toBeNull();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 49.9 }]);
    const learner = await buyer(shop, training, 'Inès');
    const [invoice] = (await mine(shop, learner.token)).body.data as Invoice[];
    expect(invoice).toMatchObject({ number: 1, vat_rate: null, amount_excluding_tax_cents: 4990, vat_cents: 0, amount_including_tax_cents: 4990 });
    const { text } = await pdfText((await pdfCall('getMyInvoicePdf', school(shop.subdomain, `/me/invoices/${invoice!.id}/pdf`), learner.token)).bytes);
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).toContain('49,90 €');
  });

  it('keeps a 5,5 % rate to the cent (the VAT is what the rounded price excluding tax leaves)', async () => {
    const shop = await freshShop();
    expect((await companyOf(shop, { vat_rate: 5.5 })).vat_rate).toBe(5.5);
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 99.99 }]);
    const learner = await buyer(shop, training, 'Noé');
    const [invoice] = (await mine(shop, learner.token)).body.data as Invoice[];
    // 9999 / 1.055 = 9477.7… → 9478 excl. tax, 521 VAT.
    expect(invoice).toMatchObject({ vat_rate: 5.5, amount_excluding_tax_cents: 9478, vat_cents: 521, amount_including_tax_cents: 9999 });
    expect((await api('PUT', `/stores/${shop.storeUuid}/companies/1`, { token: shop.token, body: { vat_rate: 101 } })).status).toBe(422);
  });
});

describe('the demo store', () => {
  it('seeds an invoice per payment taken; owner, admin and analyst read a learner\'s, the teacher is refused', async () => {
    const lea = await checked('loginLearner', 'POST', school('demo', '/login'), { body: { email: 'lea.martin@example.com', password: 'demo-password' } });
    expect(lea.status, lea.text).toBe(200);
    const leaToken = lea.body.token as string;
    const me = await checked('getLearnerMe', 'GET', school('demo', '/me'), { token: leaToken });
    const own = await checked('listMyInvoices', 'GET', school('demo', '/me/invoices'), { token: leaToken });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    for (const row of own.body.data as Invoice[]) expect(row.customer_uuid).toBe(me.body.uuid);
    const owner = await login('owner@demo.test');
    const stores = await api('GET', '/users/me', { token: owner });
    const storeUuid = stores.body.store.uuid as string;
    for (const email of ['owner@demo.test', 'admin@demo.test', 'analyst@demo.test']) {
      const answer = await checked('listCustomerInvoices', 'GET', `/stores/${storeUuid}/customers/${me.body.uuid}/invoices`, { token: await login(email) });
      expect(answer.status, `${email} ${answer.text}`).toBe(200);
      expect(answer.body.data.map((row: Invoice) => row.id)).toEqual(own.body.data.map((row: Invoice) => row.id));
    }
    const teacher = await checked('listCustomerInvoices', 'GET', `/stores/${storeUuid}/customers/${me.body.uuid}/invoices`, { token: await login('teacher@demo.test') });
    expect(teacher.status).toBe(403);
    // A trainer of another store.
    const stranger = await register();
    expect((await checked('listCustomerInvoices', 'GET', `/stores/${storeUuid}/customers/${me.body.uuid}/invoices`, { token: stranger.token })).status).toBe(404);
  });
});
