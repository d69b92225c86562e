import { beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueEmail } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';
import { addCustomer, demoTokens, invalidFields } from './trainingLearnersSupport';

/**
 * The store's statistics (`/statistiques`): getStoreStats and getStoreStatsHistogram over a fresh shop whose
 * sales, abandoned carts and learners are made through the real checkout (test provider) and the learners API,
 * so every figure is read from the rows the product writes.
 */
interface Point {
  date: string;
  revenue: number;
  sales_count: number;
  new_customers_count: number;
  connections_count: number;
}

const statsPath = (store: string) => `/stores/${store}/stats`;
const stats = (token: string | undefined, store: string, query: string) => checked('getStoreStats', 'GET', `${statsPath(store)}${query}`, { token });
const histogram = (token: string | undefined, store: string, query = '') => checked('getStoreStatsHistogram', 'GET', `${statsPath(store)}/histogram${query}`, { token });
const today = (tz = 'Europe/Paris') => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const sum = (points: Point[], key: Exclude<keyof Point, 'date'>) => Math.round(points.reduce((s, p) => s + p[key], 0) * 100) / 100;

async function buy(shop: Shop, training: { uuid: string; schedules: number[] }, outcome: 'PAID' | 'ABANDONED') {
  const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email: uniqueEmail('stats-buyer') }) });
  expect(created.status, created.text).toBe(201);
  expect((await checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${created.body.uuid}`), { body: { outcome } })).status).toBe(200);
}

describe('statistics of a fresh shop', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 120 }]);
    await buy(shop, training, 'PAID');
    await buy(shop, training, 'PAID');
    await buy(shop, training, 'ABANDONED');
    await addCustomer(shop.token, training.uuid, { email: uniqueEmail('stats-added') });
  });

  it('reads every figure of today from the sales, seats and orders', async () => {
    const answer = await stats(shop.token, shop.storeUuid, `?begin=${today()}&end=${today()}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      begin: today(),
      end: today(),
      revenue: 240,
      sales_count: 2,
      average_basket: 120,
      new_customers_count: 3,
      students_count: 3,
      abandoned_carts_count: 1,
      connections_count: 0,
      completion_rate: 0,
      conversion_rate: 66.67,
    });
  });

  it('counts nothing before the shop existed, but the learners enrolled by then', async () => {
    const answer = await stats(shop.token, shop.storeUuid, '?begin=2020-01-01&end=2020-12-31');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ revenue: 0, sales_count: 0, average_basket: 0, new_customers_count: 0, students_count: 0, abandoned_carts_count: 0, conversion_rate: 0 });
  });

  it("agrees with the histogram, whose last bucket is today's in the requested zone", async () => {
    for (const tz of ['Europe/Paris', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const answer = await histogram(shop.token, shop.storeUuid, `?tz=${encodeURIComponent(tz)}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ tz, end: today(tz), interval: 'DAY' });
      expect(answer.body.points).toHaveLength(30);
      expect(answer.body.points.at(-1)).toEqual({ date: today(tz), revenue: 240, sales_count: 2, new_customers_count: 3, connections_count: 0 });
      expect(sum(answer.body.points, 'revenue')).toBe(240);
    }
    const months = await histogram(shop.token, shop.storeUuid, '?begin=2024-01-01&end=2025-01-01');
    expect([months.body.interval, months.body.points.length]).toEqual(['MONTH', 13]);
  });

  it.each([
    ['no dates', '', ['begin', 'end']],
    ['an end before the begin', '?begin=2026-03-02&end=2026-03-01', ['begin']],
    ['a date that does not exist', '?begin=2026-02-30&end=2026-03-01', ['begin']],
    ['more than five years', '?begin=2019-01-01&end=2026-01-01', ['begin']],
  ])('answers 422 to the figures for %s', async (_label, query, fields) => {
    expect(invalidFields(await stats(shop.token, shop.storeUuid, query))).toEqual(fields);
  });

  it('answers 422 to the histogram for an unknown zone or a reversed period', async () => {
    expect(invalidFields(await histogram(shop.token, shop.storeUuid, '?tz=Europe/Atlantis'))).toEqual(['tz']);
    expect(invalidFields(await histogram(shop.token, shop.storeUuid, '?begin=2026-03-02&end=2026-03-01'))).toEqual(['begin']);
  });

  it("answers 404 for another store's figures and 401 without a session", async () => {
    const other = await freshShop({ testPayments: false });
    expect((await stats(other.token, shop.storeUuid, `?begin=${today()}&end=${today()}`)).status).toBe(404);
    expect((await histogram(other.token, shop.storeUuid)).status).toBe(404);
    expect((await histogram(undefined, shop.storeUuid)).status).toBe(401);
  });
});

describe('who reads the statistics of the demo store', () => {
  it('the owner, the admin and the analyst; not the teacher', async () => {
    const tokens = await demoTokens();
    const store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid as string;
    for (const role of ['owner', 'admin', 'analyst'] as const) {
      expect((await stats(tokens[role], store, `?begin=${today()}&end=${today()}`)).status, role).toBe(200);
      expect((await histogram(tokens[role], store)).status, role).toBe(200);
    }
    expect((await stats(tokens.teacher, store, `?begin=${today()}&end=${today()}`)).status).toBe(403);
    expect((await histogram(tokens.teacher, store)).status).toBe(403);
  });
});
