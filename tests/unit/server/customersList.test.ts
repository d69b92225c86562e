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
});
