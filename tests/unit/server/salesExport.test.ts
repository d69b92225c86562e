import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode, deleteDiscountCode } from '../../../server/commands/discountCodes/discountCodes';
import { EXPORT_BATCH, exportSales, listSales } from '../../../server/commands/sales/sales';
import { customers, discountCodes, sales, stores, trainings } from '../../../server/db/schema';
import { testServices } from './testServices';

/**
 * The sales export on rows written directly (sales have no API before the checkout): cells a spreadsheet would
 * run are made inert, and a long ledger streams in batches, in the list's order, without skipping or repeating
 * rows that share a timestamp (timestamps with microseconds, as PostgreSQL keeps them).
 */
let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
const COUNT = 2 * EXPORT_BATCH + 345;

async function read(chunks: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
}

beforeAll(async () => {
  env = await testServices();
  const { db } = env.services;
  const [store] = await db.insert(stores).values({ subdomain: 'export-test', plan: 'PRO' }).returning();
  storeId = store!.id;
  const [training] = await db.insert(trainings).values({ storeId, slug: 'formule', name: '+SOMME(A1:A9)', position: 0 }).returning();
  const [evil, plain] = await db
    .insert(customers)
    .values([
      { storeId, email: 'evil@example.test', firstname: '=HYPERLINK("http://x.test")', lastname: null },
      { storeId, email: 'plain@example.test', firstname: 'Jeanne', lastname: "D'Arc; la \"Pucelle\"" },
    ])
    .returning();
  await db.insert(sales).values({
    storeId,
    customerId: evil!.id,
    trainingId: training!.id,
    amount: 10,
    discountAmount: 0,
    discountCode: '@CODE',
    paymentMethod: 'CARD',
    status: 'PAID',
    createdAt: new Date('2026-11-20T10:00:00Z'),
    paidAt: new Date('2026-11-20T10:00:00Z'),
  });
  // Many sales, pairs of them at the same microsecond, all a few microseconds apart.
  await db.execute(sql`
    insert into ${sales} (store_id, customer_id, training_id, amount, payment_method, status, created_at)
    select ${storeId}, ${plain!.id}, ${training!.id}, n, 'PAYPAL', 'ABANDONED', timestamptz '2026-11-01 10:00:00+00' + (n / 2) * interval '1 microsecond'
    from generate_series(1, ${COUNT}) as n`);
});

afterAll(() => env?.close());

describe('exportSales', () => {
  it('prefixes cells a spreadsheet would run as formulas, and quotes separators', async () => {
    const { chunks } = exportSales(env.services, storeId, { status: 'PAID' }, 'fr');
    const text = (await read(chunks)).join('');
    expect(text.startsWith('\uFEFFDate;Acheteur;')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[1]).toEqual([
      '2026-11-20T10:00:00.000Z',
      `'=HYPERLINK("http://x.test")`,
      'evil@example.test',
      `'+SOMME(A1:A9)`,
      '10,00',
      '0,00',
      `'@CODE`,
      'Carte',
      'Payée',
      '',
    ]);
  });

  it('streams a long ledger batch by batch, every sale once, newest first', async () => {
    const { chunks, filename } = exportSales(env.services, storeId, { status: 'ABANDONED' }, 'en');
    expect(filename).toBe('ventes-2026-11-21.csv');
    const parts = await read(chunks);
    // The header, then one piece per batch read.
    expect(parts.length).toBe(1 + Math.ceil(COUNT / EXPORT_BATCH));
    const rows = Papa.parse<string[]>(parts.join('').slice(1), { delimiter: ';', skipEmptyLines: true }).data.slice(1);
    expect(rows.length).toBe(COUNT);
    const amounts = rows.map((row) => Number(row[4]));
    expect(new Set(amounts).size).toBe(COUNT);
    // Newest first: the amount n was written at n / 2 microseconds.
    for (let i = 1; i < amounts.length; i++) expect(Math.floor(amounts[i]! / 2)).toBeLessThanOrEqual(Math.floor(amounts[i - 1]! / 2));
    expect(rows[0]![1]).toBe(`Jeanne D'Arc; la "Pucelle"`);
    expect(rows[0]![8]).toBe('Abandoned');
  });

  it('refuses a reversed period before writing anything', () => {
    expect(() => exportSales(env.services, storeId, { begin: '2026-05-02', end: '2026-05-01' }, 'fr')).toThrow(/précéder/);
  });
});

describe('deleting a promo code', () => {
  it('keeps the code on the sales made with it, and races safely with a use being counted', async () => {
    const { db } = env.services;
    const code = await createDiscountCode(env.services, storeId, { code: 'Noel-2026', type: 'AMOUNT', value: 5, max_uses: 2 });
    const [buyer] = await db.select().from(customers).limit(1);
    await db.insert(sales).values({ storeId, customerId: buyer!.id, amount: 5, discountAmount: 5, discountCode: 'NOEL-2026', paymentMethod: 'CARD', status: 'PAID', createdAt: new Date('2026-11-21T09:00:00Z') });
    // A checkout counting a use (its conditional update) while the team deletes the code: both finish, no error.
    const use = db
      .update(discountCodes)
      .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
      .where(sql`${discountCodes.id} = ${code.id} and (${discountCodes.maxUses} is null or ${discountCodes.usesCount} < ${discountCodes.maxUses})`)
      .returning({ id: discountCodes.id });
    const [counted] = await Promise.all([use, deleteDiscountCode(env.services, storeId, code.id)]);
    expect(counted.length).toBeLessThanOrEqual(1);
    expect(await db.select().from(discountCodes).where(sql`${discountCodes.id} = ${code.id}`)).toEqual([]);
    // A use counted after the deletion finds no code: nothing to count.
    expect(await use.execute()).toEqual([]);
    await expect(deleteDiscountCode(env.services, storeId, code.id)).rejects.toMatchObject({ status: 404 });
    const ledger = await listSales(env.services, storeId, { q: 'noel-2026', page: 1, perPage: 10, url: new URL('http://app.test/api/v1/sales') });
    expect(ledger.data.map((sale) => sale.discount_code)).toEqual(['NOEL-2026']);
  });
});
