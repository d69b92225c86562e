import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register, type Answer } from './client';

/**
 * The sales ledger (`/ventes`) through the real server, on the demo store's seeded sales (server/db/seedLearners.ts:
 * PAID sales of the photo training, two instalment sales IN_PROGRESS with INCOMING payments, one with BIENVENUE10,
 * one abandoned cart). Sales have no API of their own before the checkout, so tests read what the seed wrote and
 * what later tests may add: they check relations (filters agree with rows, export with list), and exact values
 * of the seeded buyers. CSV injection and long exports are tested on rows written directly (tests/unit/server/salesExport.test.ts).
 */

async function op(operationId: string, path: string, token: string | undefined, headers?: Record<string, string>): Promise<Answer> {
  const answer = await api('GET', path, { token, headers });
  expectContract(operationId, answer);
  return answer;
}

interface Sale {
  uuid: string;
  status: string;
  amount: number;
  discount_code: string | null;
  payment_schedule_type: string;
  buyable: { type: string; name: string } | null;
  customer: { email: string; display_name: string };
  created_at: string;
}

const fieldsOf = (answer: Answer) => Object.keys(answer.body.errors ?? {});
const DEMO_TRAINING = 'Photographie culinaire : les fondamentaux';

describe('the sales ledger of the demo store', () => {
  let store: string;
  const tokens: Record<string, string> = {};
  const list = (query = '', token = tokens.owner) => op('listSales', `/stores/${store}/sales${query}`, token);
  const transactions = (uuid: string, token = tokens.owner) => op('listSaleTransactions', `/stores/${store}/sales/${uuid}/transactions`, token);
  const exportCsv = (query = '', token = tokens.owner, headers?: Record<string, string>) => op('exportSales', `/stores/${store}/sales/export${query}`, token, headers);
  let all: Sale[];

  beforeAll(async () => {
    for (const role of ['owner', 'admin', 'teacher', 'analyst']) tokens[role] = await login(`${role}@demo.test`);
    store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid;
    all = (await list('?per_page=100')).body.data;
  });

  it('lists the seeded sales newest first, each with its buyer and product', async () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    const dates = all.map((sale) => sale.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const lea = all.find((sale) => sale.customer.email === 'lea.martin@example.com')!;
    expect(lea).toMatchObject({ status: 'PAID', amount: 149, payment_method: 'CARD', buyable: { type: 'TRAINING', name: DEMO_TRAINING } });
    const chloe = all.find((sale) => sale.discount_code === 'BIENVENUE10')!;
    expect(chloe).toMatchObject({ amount: 134.1, discount_amount: 14.9, customer: { display_name: 'Chloé Laurent' } });
    expect(all.filter((sale) => sale.status === 'IN_PROGRESS' && sale.payment_schedule_type === 'INSTALLMENTS').length).toBeGreaterThanOrEqual(2);
  });

  it('pages without overlap, with meta and links', async () => {
    const first = await list('?per_page=3');
    const second = await list('?per_page=3&page=2');
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 3, total: all.length, last_page: Math.ceil(all.length / 3) });
    expect([...first.body.data, ...second.body.data].map((s: Sale) => s.uuid)).toEqual(all.slice(0, 6).map((s) => s.uuid));
    expect(new URL(first.body.links.next).searchParams.get('page')).toBe('2');
  });

  it('filters by status, product type, period and search, and the filters combine', async () => {
    for (const status of ['PAID', 'IN_PROGRESS', 'ABANDONED']) {
      const answer = await list(`?status=${status}&per_page=100`);
      expect(answer.body.data.length, status).toBeGreaterThan(0);
      expect(answer.body.data.every((sale: Sale) => sale.status === status)).toBe(true);
      expect(answer.body.meta.total).toBe(all.filter((sale) => sale.status === status).length);
    }
    expect((await list('?buyable_type=TRAINING&per_page=100')).body.meta.total).toBe(all.filter((s) => s.buyable?.type === 'TRAINING').length);
    expect((await list('?buyable_type=BUNDLE&per_page=100')).body.data.every((s: Sale) => s.buyable?.type === 'BUNDLE')).toBe(true);

    // Accents and case do not matter; the buyer's name, e-mail, the product and the code are searched.
    const chloe = await list('?q=chloe');
    expect(chloe.body.data.map((s: Sale) => s.customer.display_name)).toEqual(['Chloé Laurent']);
    expect((await list('?q=bienvenue10')).body.data.map((s: Sale) => s.discount_code)).toEqual(['BIENVENUE10']);
    expect((await list('?q=LEA.MARTIN@example.com')).body.data.map((s: Sale) => s.customer.email)).toEqual(['lea.martin@example.com']);
    expect((await list('?q=photographie culinaire&per_page=100')).body.meta.total).toBe(all.filter((s) => s.buyable?.name === DEMO_TRAINING).length);
    expect((await list('?q=.*')).body.meta.total).toBe(0);
    // One sale by its uuid (where a SALE_CREATED notification leads).
    expect((await list(`?q=${all[3]!.uuid.toUpperCase()}`)).body.data.map((s: Sale) => s.uuid)).toEqual([all[3]!.uuid]);
    expect((await list(`?q=${randomUUID()}`)).body.meta.total).toBe(0);

    // The period: days of creation in Paris time, both ends included.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(all[3]!.created_at));
    const thatDay = await list(`?begin=${day}&end=${day}&per_page=100`);
    expect(thatDay.body.data.map((s: Sale) => s.uuid)).toContain(all[3]!.uuid);
    for (const sale of thatDay.body.data as Sale[]) expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(sale.created_at))).toBe(day);
    expect((await list('?begin=2000-01-01&end=2000-12-31')).body.meta.total).toBe(0);
    expect((await list(`?begin=${day}&per_page=100`)).body.data.every((s: Sale) => s.created_at >= `${day}`.slice(0, 8))).toBe(true);

    const combined = await list('?status=PAID&q=sarah');
    expect(combined.body.data.map((s: Sale) => [s.status, s.customer.display_name])).toEqual([['PAID', 'Sarah Roux']]);
    expect((await list('?status=ABANDONED&q=sarah')).body.meta.total).toBe(0);
  });

  it.each([
    ['status=SOLD', 'status'],
    ['buyable_type=COURSE', 'buyable_type'],
    ['begin=2026-02-30', 'begin'],
    ['end=yesterday', 'end'],
    ['begin=2026-05-02&end=2026-05-01', 'begin'],
    ['per_page=0', 'per_page'],
    [`q=${'x'.repeat(129)}`, 'q'],
  ])('refuses %s (422), in the list and the export', async (query, field) => {
    const answer = await list(`?${query}`);
    expect(answer.status, answer.text).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
    if (field === 'per_page') return; // the export has no pages
    const exported = await exportCsv(`?${query}`);
    expect(exported.status).toBe(422);
    expect(fieldsOf(exported)).toContain(field);
  });

  it('traces each sale to its payments: one for a one-time sale, every instalment for the others', async () => {
    const once = all.find((s) => s.customer.email === 'lea.martin@example.com')!;
    const paid = await transactions(once.uuid);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject([{ status: 'PAID', amount: 149, installment_number: null, payment_method: 'CARD' }]);

    for (const sale of all.filter((s) => s.status === 'IN_PROGRESS' && s.payment_schedule_type === 'INSTALLMENTS')) {
      const payments = (await transactions(sale.uuid)).body.data as { status: string; amount: number; installment_number: number; due_at: string }[];
      expect(payments.map((p) => p.installment_number)).toEqual([1, 2, 3]);
      expect(payments[0]!.status).toBe('PAID');
      expect(payments.at(-1)!.status).toBe('INCOMING');
      expect(new Date(payments.at(-1)!.due_at).getTime()).toBeGreaterThan(Date.now());
      expect(payments.reduce((sum, p) => sum + p.amount, 0)).toBeCloseTo(sale.amount, 2);
    }
    const abandoned = all.find((s) => s.status === 'ABANDONED')!;
    expect((await transactions(abandoned.uuid)).body.data.map((p: { status: string }) => p.status)).toEqual(['ABANDONED']);
  });

  it("answers 404 for an unknown sale and for another store's, 422 for a bad uuid", async () => {
    expect((await transactions(randomUUID())).status).toBe(404);
    expect((await transactions('not-a-uuid')).status).toBe(422);
    const other = await register();
    const otherStore = other.user.store.uuid as string;
    // Through my store's path, their token answers 404 (not their store); through theirs, my sale is unknown.
    expect((await op('listSaleTransactions', `/stores/${store}/sales/${all[0]!.uuid}/transactions`, other.token)).status).toBe(404);
    expect((await op('listSaleTransactions', `/stores/${otherStore}/sales/${all[0]!.uuid}/transactions`, other.token)).status).toBe(404);
    expect((await op('listSales', `/stores/${store}/sales`, other.token)).status).toBe(404);
    expect((await op('exportSales', `/stores/${store}/sales/export`, other.token)).status).toBe(404);
    // Their own ledger is empty, and their export holds the header alone.
    expect((await op('listSales', `/stores/${otherStore}/sales`, other.token)).body).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
    const empty = await op('exportSales', `/stores/${otherStore}/sales/export`, other.token);
    expect(empty.text.split('\r\n')).toEqual(['Date;Acheteur;E-mail;Produit;Montant (€);Réduction (€);Code promo;Moyen de paiement;Statut;Affilié', '']);
  });

  it('owners, admins and analysts read the ledger; teachers do not; nobody without a session', async () => {
    for (const role of ['owner', 'admin', 'analyst']) {
      expect((await list('', tokens[role])).status, role).toBe(200);
      expect((await transactions(all[0]!.uuid, tokens[role])).status, role).toBe(200);
      expect((await exportCsv('', tokens[role])).status, role).toBe(200);
    }
    expect((await list('', tokens.teacher)).status).toBe(403);
    expect((await transactions(all[0]!.uuid, tokens.teacher)).status).toBe(403);
    expect((await exportCsv('', tokens.teacher)).status).toBe(403);
    expect((await api('GET', `/stores/${store}/sales`)).status).toBe(401);
    expect((await api('GET', `/stores/${store}/sales/export`)).status).toBe(401);
  });

  it('exports the list with the same filters as a CSV attachment Excel opens (BOM, ;, CRLF, French)', async () => {
    const answer = await exportCsv();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="ventes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // fetch's text() drops the BOM: the bytes show it.
    const bytes = new Uint8Array(await (await fetch(`${baseUrl()}/api/v1/stores/${store}/sales/export`, { headers: { authorization: `Bearer ${tokens.owner}` } })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.text.startsWith('Date;Acheteur;E-mail;Produit;')).toBe(true);
    expect(answer.text.endsWith('\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(answer.text, { delimiter: ';', newline: '\r\n', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Date', 'Acheteur', 'E-mail', 'Produit', 'Montant (€)', 'Réduction (€)', 'Code promo', 'Moyen de paiement', 'Statut', 'Affilié']);
    expect(rows.length - 1).toBe(all.length);
    // Same order as the list; amounts in French notation; statuses and methods in words.
    expect(rows.slice(1).map((row) => row[2])).toEqual(all.map((s) => s.customer.email));
    const chloe = rows.find((row) => row[6] === 'BIENVENUE10')!;
    expect(chloe).toEqual([expect.stringMatching(/^\d{4}-/), 'Chloé Laurent', 'chloe.laurent@example.com', DEMO_TRAINING, '134,10', '14,90', 'BIENVENUE10', 'Carte', 'Payée', '']);
    expect(rows.some((row) => row[8] === 'Abandonnée')).toBe(true);

    const filtered = Papa.parse<string[]>((await exportCsv('?status=ABANDONED')).text, { delimiter: ';', skipEmptyLines: true }).data;
    expect(filtered.slice(1).map((row) => row[8])).toEqual(all.filter((s) => s.status === 'ABANDONED').map(() => 'Abandonnée'));
    const searched = Papa.parse<string[]>((await exportCsv('?q=sarah')).text, { delimiter: ';', skipEmptyLines: true }).data;
    expect(searched.slice(1).map((row) => row[1])).toEqual(['Sarah Roux']);
  });

  it('exports in English for an English caller', async () => {
    const answer = await exportCsv('?status=IN_PROGRESS', tokens.owner, { 'accept-language': 'en' });
    const rows = Papa.parse<string[]>(answer.text, { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]!.slice(0, 4)).toEqual(['Date', 'Buyer', 'E-mail', 'Product']);
    expect(rows.slice(1).every((row) => row[8] === 'In progress' && row[7] === 'Card' && row[4] === '156.00')).toBe(true);
  });
});
