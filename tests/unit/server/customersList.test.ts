import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, listCustomers } from '../../../server/commands/customers/customers';
import { fillCustomersStore } from '../../bench/customersList';
import { testServices } from './testServices';

/**
 * The customers list of a store past the exact-count limit (the bench's store, 1,500 learners): the total is the
 * planner's estimate and says so; under the limit it is exact; the folded search finds accents and e-mails.
 */
describe('listCustomers past the exact count', () => {
  let context: Awaited<ReturnType<typeof testServices>>;
  let storeId: string;
  const url = new URL('http://app.test/api/v1/stores/x/customers');
  const list = (filter: Record<string, string>, page = 1, perPage = 20) =>
    listCustomers(context.services, storeId, { sort: 'created_at', order: 'desc', ...filter }, { page, perPage, url });

  beforeAll(async () => {
    context = await testServices();
    storeId = await fillCustomersStore(context.services.db, 1500);
  }, 60_000);
  afterAll(() => context?.close?.());

  it('estimates a total past the limit, never below it, and still serves the pages', async () => {
    const answer = await list({});
    expect(answer.meta.total_estimated).toBe(true);
    expect(answer.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(answer.data).toHaveLength(20);
    expect(answer.meta.last_page).toBe(Math.ceil(answer.meta.total / 20));
    expect((await list({}, 2)).data[0]!.uuid).not.toBe(answer.data[0]!.uuid);
  });

  it('counts exactly under the limit, without the flag', async () => {
    // One learner in ten is a Dubois: 150.
    const answer = await list({ q: 'DUBOIS' });
    expect(answer.meta).toEqual({ current_page: 1, per_page: 20, total: 150, last_page: 8 });
    expect((await list({ q: 'apprenant1234@' })).data.map((c) => c.email)).toEqual(['apprenant1234@exemple.fr']);
    expect((await list({ q: 'chloe' })).meta.total).toBe(150);
    expect((await list({ q: 'CHLOÉ' })).meta.total).toBe(150);
    expect((await list({ q: '100%' })).meta.total).toBe(0);
  });

  it('says the exact total on a last page that is not full, and the estimate on a page past the end', async () => {
    // 1,500 learners, 40 a page: page 38 holds the last 20.
    const last = await list({}, 38, 40);
    expect(last.data).toHaveLength(20);
    expect(last.meta).toEqual({ current_page: 38, per_page: 40, total: 1500, last_page: 38 });
    expect(last.links.next).toBeNull();
    const past = await list({}, 200, 40);
    expect(past.data).toEqual([]);
    expect(past.meta.total_estimated).toBe(true);
  });

  it('reads the pages of an order without overlap, by e-mail as by date', async () => {
    for (const order of [{ sort: 'email', order: 'asc' }, { sort: 'created_at', order: 'desc' }]) {
      const pages = [...(await list(order, 3)).data, ...(await list(order, 4)).data].map((c) => c.uuid);
      expect(new Set(pages).size).toBe(40);
      expect(pages).toEqual((await list(order, 2, 40)).data.map((c) => c.uuid));
    }
  });

  it('reads STUDENT and ABANDONED_CART from the enrolments in the list order, the same learners as the table says', async () => {
    const { db } = context.services;
    const now = context.services.clock().toISOString();
    // The truth: the learners of the type from `customers` and their enrolments, newest first.
    const truth = async (condition: string) =>
      (
        (await db.execute(
          sql.raw(`select c.email from customers c where c.store_id = '${storeId}' and exists (select 1 from customer_trainings ct
            where ct.customer_id = c.id and ${condition}) order by c.created_at desc, c.id desc`),
        )) as unknown as { rows: { email: string }[] }
      ).rows.map((row) => row.email);
    // One learner's access ends: they leave STUDENT (their only enrolment that is not a cart) and read BLOCKED.
    await db.execute(sql.raw(`update customer_trainings set expires_at = '${now}'::timestamptz - interval '1 day' where customer_type = 'STUDENT'
      and customer_id = (select id from customers where email = 'apprenant7@exemple.fr')`));
    for (const [type, condition] of [
      ['ABANDONED_CART', `ct.customer_type = 'ABANDONED_CART'`],
      ['STUDENT', `ct.customer_type = 'STUDENT' and (ct.expires_at is null or ct.expires_at > '${now}')`],
    ] as const) {
      const pages: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await list({ type }, page, 100);
        pages.push(...answer.data.map((c) => c.email));
        if (answer.data.length < 100) break;
      }
      expect(pages, type).toEqual(await truth(condition));
    }
    expect((await list({ type: 'STUDENT', q: 'apprenant7@' })).data).toEqual([]);
    expect((await list({ type: 'BLOCKED', q: 'apprenant7@' })).data.map((c) => c.email)).toEqual(['apprenant7@exemple.fr']);
  });

  it("refuses an enrolment whose copy of the learner's store or sign-up time is not the learner's", async () => {
    const { db } = context.services;
    const id = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const other = await id(sql`insert into stores (subdomain) values ('autre-crm') returning id`);
    const training = await id(sql`insert into trainings (store_id, name, slug, position) values (${storeId}, 'Troisième', 'troisieme-formation', 2) returning id`);
    const attempt = (store: string, createdAt: string) =>
      db.execute(sql`insert into customer_trainings (customer_id, store_id, customer_created_at, training_id)
        select c.id, ${store}::uuid, ${createdAt}::timestamptz, ${training}::uuid from customers c where c.email = 'apprenant9@exemple.fr' and c.store_id = ${storeId}`);
    const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { cause?: { constraint?: string } }) => error.cause?.constraint);
    expect(await refusal(attempt(other, '2026-01-01T00:00:00Z'))).toBe('customer_trainings_customer_fk');
    const [row] = ((await db.execute(sql`select created_at::text as at from customers where email = 'apprenant9@exemple.fr'`)) as unknown as { rows: { at: string }[] }).rows;
    expect(await refusal(attempt(storeId, '2020-01-01T00:00:00Z'))).toBe('customer_trainings_customer_fk');
    // The learner's own values go in.
    await attempt(storeId, row!.at);
  });
});
