import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, operations, register, uniqueEmail } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';
import { invalidFields, UNKNOWN_UUID } from './trainingLearnersSupport';

/**
 * The platform admin's area (issue 16): tops, KPI, stores and their enterprise flags, the switch-to-a-user audit
 * log. Every figure is read from rows the product writes (real checkouts with the test provider, real sign-ups,
 * the plan page's billing); counts other test files also change are compared as "at least".
 */
type Kind = 'owner' | 'admin' | 'teacher' | 'analyst' | 'learner' | 'platform';
const tokens = {} as Record<Kind, string>;
let demoStore: string;
let teacherUuid: string;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function buy(shop: Shop, training: { uuid: string; schedules: number[] }) {
  const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email: uniqueEmail('admin-buyer') }) });
  expect(created.status, created.text).toBe(201);
  expect((await checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${created.body.uuid}`), { body: { outcome: 'PAID' } })).status).toBe(200);
}

beforeAll(async () => {
  const kinds = ['owner', 'admin', 'teacher', 'analyst', 'platform'] as const;
  const signed = await Promise.all(kinds.map((kind) => login(`${kind}@demo.test`)));
  kinds.forEach((kind, i) => (tokens[kind] = signed[i]!));
  const learner = await checked('loginLearner', 'POST', school('demo', '/login'), { body: { email: 'lea.martin@example.com', password: 'demo-password' } });
  expect(learner.status, learner.text).toBe(200);
  tokens.learner = learner.body.token;
  const me = await checked('getMe', 'GET', '/users/me', { token: tokens.owner });
  demoStore = me.body.store.uuid;
  const team = (await checked('listTeamUsers', 'GET', '/users', { token: tokens.owner })).body.data as { uuid: string; email: string }[];
  teacherUuid = team.find((m) => m.email === 'teacher@demo.test')!.uuid;
});

describe('authorization matrix of the admin area', () => {
  /** Every admin operation, with a request a platform admin may make (and its success status). */
  const cases = (): { op: string; method: string; path: string; body?: unknown; ok: number }[] => [
    { op: 'getAdminTops', method: 'GET', path: '/admin/tops', ok: 200 },
    { op: 'getAdminKpi', method: 'GET', path: '/admin/kpi', ok: 200 },
    { op: 'getAdminKpiHistogram', method: 'GET', path: '/admin/kpi/histogram', ok: 200 },
    { op: 'listAdminStores', method: 'GET', path: '/admin/stores', ok: 200 },
    { op: 'updateStoreCapabilities', method: 'PUT', path: `/admin/stores/${demoStore}/capabilities`, body: { hide_plan: false }, ok: 200 },
    { op: 'listUserSwitches', method: 'GET', path: '/admin/switches', ok: 200 },
    { op: 'listAdminSponsorPayouts', method: 'GET', path: '/admin/sponsor-payouts', ok: 200 },
    // No such payout: the platform admin reaches the command, which answers 404 (tests/api/sponsorPayouts.test.ts pays real ones).
    { op: 'markSponsorPayoutPaid', method: 'POST', path: '/admin/sponsor-payouts/2000000000/paid', ok: 404 },
    { op: 'switchToUser', method: 'PUT', path: `/users/switch/${teacherUuid}`, ok: 200 },
  ];

  it('covers every operation of the admin tag and switchToUser, all PLATFORM_ADMIN only', () => {
    const admin = operations.filter((o) => (o.operation as { tags?: string[] }).tags?.includes('admin') || o.operationId === 'switchToUser');
    expect(admin.map((o) => o.operationId).sort()).toEqual(cases().map((c) => c.op).sort());
    for (const o of admin) expect(o.roles, o.operationId).toEqual(['PLATFORM_ADMIN']);
  });

  // A learner's token is a session of the learner area only: on the back office's operations it opens no session at
  // all, so the binder answers 401 before any role check (never 200, never the data).
  it.each([
    ['owner', 403],
    ['admin', 403],
    ['teacher', 403],
    ['analyst', 403],
    ['learner', 401],
  ] as const)('refuses every admin operation to the %s (%i), and does nothing', async (kind, status) => {
    const before = (await checked('listUserSwitches', 'GET', '/admin/switches?per_page=1', { token: tokens.platform })).body.meta.total as number;
    for (const c of cases()) {
      const answer = await checked(c.op, c.method, c.path, { token: tokens[kind], body: c.body ?? (c.method === 'PUT' ? {} : undefined) });
      expect(answer.status, `${kind} ${c.op}: ${answer.text}`).toBe(status);
    }
    // A refused switch leaves no session and no audit row (other files may switch meanwhile: none of them as the teacher).
    const rows = (await checked('listUserSwitches', 'GET', '/admin/switches?per_page=100', { token: tokens.platform })).body.data as { user: { email: string }; admin: { email: string } }[];
    expect(rows.filter((r) => r.admin.email !== 'platform@demo.test')).toEqual([]);
    expect((await checked('listUserSwitches', 'GET', '/admin/switches?per_page=1', { token: tokens.platform })).body.meta.total).toBeGreaterThanOrEqual(before);
  });

  it('answers 401 without a session and the success status to the platform admin', async () => {
    for (const c of cases()) {
      expect((await checked(c.op, c.method, c.path, { body: c.body })).status, c.op).toBe(401);
      const answer = await checked(c.op, c.method, c.path, { token: tokens.platform, body: c.body });
      expect(answer.status, `${c.op}: ${answer.text}`).toBe(c.ok);
    }
  });
});

describe('getAdminTops', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 9999 }]);
    await buy(shop, training);
    await buy(shop, training);
  });

  it('ranks the stores of the period by revenue, with their paid sales and new learners', async () => {
    const answer = await checked('getAdminTops', 'GET', `/admin/tops?begin=${today()}&end=${today()}&limit=100`, { token: tokens.platform });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ begin: today(), end: today(), by: 'revenue' });
    const rows = answer.body.data as { rank: number; store: { uuid: string; subdomain: string }; revenue: number; sales_count: number; learners_count: number }[];
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.revenue).toBeGreaterThanOrEqual(rows[i]!.revenue);
    const mine = rows.find((r) => r.store.uuid === shop.storeUuid);
    expect(mine).toMatchObject({ store: { subdomain: shop.subdomain, plan: 'PERCENT' }, revenue: 19998, sales_count: 2, learners_count: 2 });
  });

  it('ranks by sales or learners, and leaves out a period without activity', async () => {
    for (const [by, key] of [['sales', 'sales_count'], ['learners', 'learners_count']] as const) {
      const rows = (await checked('getAdminTops', 'GET', `/admin/tops?by=${by}&limit=100`, { token: tokens.platform })).body.data as Record<string, number>[];
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]![key]).toBeGreaterThanOrEqual(rows[i]![key]!);
    }
    const empty = await checked('getAdminTops', 'GET', '/admin/tops?begin=2001-01-01&end=2001-01-31', { token: tokens.platform });
    expect(empty.body.data).toEqual([]);
  });

  it('refuses a bad ranking, limit, reversed period or time zone (422)', async () => {
    expect(invalidFields(await checked('getAdminTops', 'GET', '/admin/tops?by=visits', { token: tokens.platform }))).toEqual(['by']);
    expect(invalidFields(await checked('getAdminTops', 'GET', '/admin/tops?limit=0', { token: tokens.platform }))).toEqual(['limit']);
    expect(invalidFields(await checked('getAdminTops', 'GET', '/admin/tops?begin=2026-02-01&end=2026-01-01', { token: tokens.platform }))).toEqual(['begin']);
    expect(invalidFields(await checked('getAdminTops', 'GET', '/admin/tops?tz=Mars/Olympus', { token: tokens.platform }))).toEqual(['tz']);
  });
});

describe('getAdminKpi and getAdminKpiHistogram', () => {
  it('counts a new store among the sign-ups and a paid plan in the MRR and the billing', async () => {
    const query = `?begin=${today()}&end=${today()}`;
    const before = (await checked('getAdminKpi', 'GET', `/admin/kpi${query}`, { token: tokens.platform })).body;
    const owner = await register();
    const store = owner.user.store.uuid as string;
    const created = await checked('subscribePlan', 'POST', `/stores/${store}/subscription`, { token: owner.token, body: { plan: 'PRO', frequency: 'YEARLY' } });
    expect(created.status, created.text).toBe(201);
    const paid = await checked('completePlatformTestPayment', 'POST', `/stores/${store}/subscription/orders/${created.body.uuid}/test-payment`, { token: owner.token, body: { outcome: 'PAID' } });
    expect(paid.body.status).toBe('PAID');
    const subscription = (await checked('getSubscription', 'GET', `/stores/${store}/subscription`, { token: owner.token })).body;
    expect(subscription.plan).toBe('PRO');

    const after = await checked('getAdminKpi', 'GET', `/admin/kpi${query}`, { token: tokens.platform });
    expect(after.status, after.text).toBe(200);
    const kpi = after.body;
    const plans = kpi.stores_by_plan as Record<string, number>;
    expect(kpi.stores_count).toBe(plans.PERCENT! + plans.PERK! + plans.PRO! + plans.EXPERT!);
    expect(kpi.stores_count).toBeGreaterThanOrEqual(before.stores_count + 1);
    expect(plans.PRO).toBeGreaterThanOrEqual(before.stores_by_plan.PRO + 1);
    expect(kpi.signups_count).toBeGreaterThanOrEqual(before.signups_count + 1);
    expect(kpi.paying_stores_count).toBeGreaterThanOrEqual(before.paying_stores_count + 1);
    // A yearly period counts for a twelfth a month; the order's amount is what the billing took.
    expect(kpi.mrr).toBeGreaterThanOrEqual(before.mrr + (created.body.gross_amount - created.body.discount_amount) / 12 - 0.01);
    expect(kpi.billing_revenue).toBeGreaterThanOrEqual(before.billing_revenue + created.body.amount - 0.01);

    const histogram = await checked('getAdminKpiHistogram', 'GET', `/admin/kpi/histogram${query}&tz=Europe/Paris`, { token: tokens.platform });
    expect(histogram.status, histogram.text).toBe(200);
    expect(histogram.body).toMatchObject({ interval: 'DAY', begin: today(), end: today() });
    const [point] = histogram.body.points as { new_customers_count: number; revenue: number; sales_count: number }[];
    expect(point!.new_customers_count).toBeGreaterThanOrEqual(1);
    expect(point!.sales_count).toBeGreaterThanOrEqual(1);
    expect(point!.revenue).toBeGreaterThanOrEqual(created.body.amount - 0.01);
  });

  it('refuses a reversed or too long period (422)', async () => {
    expect(invalidFields(await checked('getAdminKpi', 'GET', '/admin/kpi?begin=2026-02-01&end=2026-01-01', { token: tokens.platform }))).toEqual(['begin']);
    expect(invalidFields(await checked('getAdminKpi', 'GET', '/admin/kpi?begin=2010-01-01&end=2026-01-01', { token: tokens.platform }))).toEqual(['begin']);
    expect(invalidFields(await checked('getAdminKpiHistogram', 'GET', '/admin/kpi/histogram?tz=Nowhere', { token: tokens.platform }))).toEqual(['tz']);
  });
});

describe('listAdminStores and updateStoreCapabilities', () => {
  let shop: Shop;
  let ownerEmail: string;
  beforeAll(async () => {
    shop = await freshShop({ testPayments: false });
    ownerEmail = (await checked('getMe', 'GET', '/users/me', { token: shop.token })).body.email;
  });
  const find = (q: string) => checked('listAdminStores', 'GET', `/admin/stores?q=${encodeURIComponent(q)}`, { token: tokens.platform });

  it('finds a store by the start of its subdomain, of its owner’s e-mail, or by its uuid', async () => {
    for (const q of [shop.subdomain, shop.subdomain.toUpperCase(), ownerEmail.slice(0, 14).toUpperCase(), shop.storeUuid]) {
      const answer = await find(q);
      expect(answer.status, answer.text).toBe(200);
      const row = (answer.body.data as { uuid: string }[]).find((s) => s.uuid === shop.storeUuid);
      expect(row, q).toMatchObject({ subdomain: shop.subdomain, plan: 'PERCENT', owner: { email: ownerEmail }, enterprise_capabilities: { hide_sales: false } });
    }
    expect((await find('zz-no-such-store-zz')).body.meta.total).toBe(0);
    // LIKE's own characters are taken literally: "%" matches no subdomain rather than all of them.
    expect((await find('%')).body.meta.total).toBe(0);
    expect((await find('_')).body.meta.total).toBe(0);
  });

  it('pages every store, newest first', async () => {
    const first = await checked('listAdminStores', 'GET', '/admin/stores?per_page=2', { token: tokens.platform });
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(first.body.meta.total).toBeGreaterThanOrEqual(2);
    const [a, b] = first.body.data as { created_at: string }[];
    expect(Date.parse(a!.created_at)).toBeGreaterThanOrEqual(Date.parse(b!.created_at));
    expect(invalidFields(await checked('listAdminStores', 'GET', '/admin/stores?per_page=500', { token: tokens.platform }))).toEqual(['per_page']);
  });

  it('sets the flags sent and keeps the others, even when two admins change different flags at once', async () => {
    const path = `/admin/stores/${shop.storeUuid}/capabilities`;
    const [sales, plan] = await Promise.all([
      checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: { hide_sales: true } }),
      checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: { hide_plan: true } }),
    ]);
    expect(sales.status, sales.text).toBe(200);
    expect(plan.status, plan.text).toBe(200);
    const me = await checked('getMe', 'GET', '/users/me', { token: shop.token });
    expect(me.body.store.enterprise_capabilities).toEqual({
      hide_copywriter: false,
      hide_community: false,
      hide_sales: true,
      hide_discounts: false,
      hide_affiliation: false,
      hide_plan: true,
    });
    const back = await checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: { hide_sales: false } });
    expect(back.body).toMatchObject({ uuid: shop.storeUuid, owner: { email: ownerEmail }, enterprise_capabilities: { hide_sales: false, hide_plan: true } });
  });

  it('refuses an empty change, an unknown flag or a non-boolean (422), and an unknown store (404)', async () => {
    const path = `/admin/stores/${shop.storeUuid}/capabilities`;
    expect((await checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: {} })).status).toBe(422);
    expect((await checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: { hide_everything: true } })).status).toBe(422);
    expect(invalidFields(await checked('updateStoreCapabilities', 'PUT', path, { token: tokens.platform, body: { hide_sales: 'yes' } }))).toEqual(['hide_sales']);
    expect((await checked('updateStoreCapabilities', 'PUT', `/admin/stores/${UNKNOWN_UUID}/capabilities`, { token: tokens.platform, body: { hide_sales: true } })).status).toBe(404);
    expect((await checked('updateStoreCapabilities', 'PUT', '/admin/stores/not-a-uuid/capabilities', { token: tokens.platform, body: { hide_sales: true } })).status).toBe(404);
  });
});

describe('switchToUser and listUserSwitches', () => {
  it('opens a session as a store’s owner and writes who switched into whom, when', async () => {
    const shop = await freshShop({ testPayments: false });
    const owner = (await checked('getMe', 'GET', '/users/me', { token: shop.token })).body;
    const started = Date.now();
    const switched = await checked('switchToUser', 'PUT', `/users/switch/${owner.uuid}`, { token: tokens.platform });
    expect(switched.status, switched.text).toBe(200);
    expect((await checked('getMe', 'GET', '/users/me', { token: switched.body.token })).body.email).toBe(owner.email);
    // The admin's own session stays.
    expect((await checked('getMe', 'GET', '/users/me', { token: tokens.platform })).body.email).toBe('platform@demo.test');

    const log = await checked('listUserSwitches', 'GET', '/admin/switches?per_page=100', { token: tokens.platform });
    const row = (log.body.data as { user: { uuid: string }; created_at: string }[]).find((r) => r.user.uuid === owner.uuid);
    expect(row).toMatchObject({ admin: { email: 'platform@demo.test' }, user: { email: owner.email }, store_uuid: shop.storeUuid, subdomain: shop.subdomain });
    expect(Date.parse(row!.created_at)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('never switches into a platform admin or an unknown user (404), and writes nothing then', async () => {
    const platformUuid = (await checked('getMe', 'GET', '/users/me', { token: tokens.platform })).body.uuid;
    expect((await checked('switchToUser', 'PUT', `/users/switch/${platformUuid}`, { token: tokens.platform })).status).toBe(404);
    expect((await checked('switchToUser', 'PUT', `/users/switch/${UNKNOWN_UUID}`, { token: tokens.platform })).status).toBe(404);
    const rows = (await checked('listUserSwitches', 'GET', '/admin/switches?per_page=100', { token: tokens.platform })).body.data as { user: { uuid: string } }[];
    expect(rows.some((r) => r.user.uuid === platformUuid || r.user.uuid === UNKNOWN_UUID)).toBe(false);
  });

  it('refuses a bad page size (422)', async () => {
    expect(invalidFields(await api('GET', '/admin/switches?per_page=0', { token: tokens.platform }))).toEqual(['per_page']);
  });
});
