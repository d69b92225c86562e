// Own affiliation (`/affiliation`): a store signs up with another store's sponsor code (its subdomain, the `parrain`
// query); each platform payment of the godchild earns the sponsor 20 % of it (VAT excluded). Through the real server:
// godchildren, commissions with paging and periods, stats, owners only, nothing of another sponsor.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

async function op(operationId: string, path: string, token: string | undefined): Promise<Answer> {
  const answer = await api('GET', path, { token });
  expectContract(operationId, answer);
  return answer;
}
const godchildren = (token: string | undefined, query = '') => op('listGodchildren', `/users/me/godchildren${query}`, token);
const commissions = (token: string | undefined, query = '') => op('listGodchildCommissions', `/users/me/godchildren/commissions${query}`, token);
const stats = (token: string | undefined, query = '') => op('getGodchildCommissionStats', `/users/me/godchildren/commissions/stats${query}`, token);

/** A godchild pays a PRO plan with the test provider (49 € a month, VAT included). */
async function buyPro(token: string, store: string, frequency: 'MONTHLY' | 'YEARLY') {
  const created = await api('POST', `/stores/${store}/subscription`, { token, body: { plan: 'PRO', frequency } });
  expect(created.status, created.text).toBe(201);
  const paid = await api('POST', `/stores/${store}/subscription/orders/${created.body.uuid}/test-payment`, { token, body: { outcome: 'PAID' } });
  expect(paid.body.status, paid.text).toBe('PAID');
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

describe('own affiliation', () => {
  let sponsor: Awaited<ReturnType<typeof register>>;
  let first: Awaited<ReturnType<typeof register>>;
  let second: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    sponsor = await register({ firstname: 'Sabine' });
    const code = (sponsor.user.store.subdomain as string).toUpperCase();
    // The code is read whatever its case; an unknown code makes no godchild.
    first = await register({ firstname: 'Fanny', god_father: code });
    second = await register({ firstname: 'Gaspard', god_father: ` ${code} ` });
    await register({ firstname: 'Nobody', god_father: 'code-inconnu-xyz' });
    await buyPro(first.token, first.user.store.uuid, 'MONTHLY');
    await buyPro(first.token, first.user.store.uuid, 'YEARLY');
  }, 60_000);

  it('lists the godchildren, newest first, with their plan and what they earned the sponsor', async () => {
    const answer = await godchildren(sponsor.token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta).toMatchObject({ current_page: 1, total: 2, last_page: 1 });
    expect(answer.body.data.map((g: { uuid: string }) => g.uuid)).toEqual([second.user.store.uuid, first.user.store.uuid]);
    const fanny = answer.body.data[1];
    // 49 € then 490 € (the yearly change credits what is left of the month): commissions on what was paid, VAT out.
    expect(fanny).toMatchObject({ display_name: 'Fanny', subdomain: first.user.store.subdomain, plan: 'PRO', billing_frequency: 'YEARLY' });
    expect(fanny.commissions_total).toBeGreaterThan(8);
    expect(answer.body.data[0]).toMatchObject({ display_name: 'Gaspard', plan: 'PERCENT', billing_frequency: null, commissions_total: 0 });
    // Paging.
    const page2 = await godchildren(sponsor.token, '?page=2&per_page=1');
    expect(page2.body.data.map((g: { uuid: string }) => g.uuid)).toEqual([first.user.store.uuid]);
    expect(page2.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(page2.body.links.next).toBeNull();
    // A godchild has no godchild of its own.
    expect((await godchildren(first.token)).body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('lists the commissions: 20 % of each payment without VAT, PENDING for now, filtered by day', async () => {
    const answer = await commissions(sponsor.token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta.total).toBe(2);
    const [yearly, monthly] = answer.body.data;
    // 49 € VAT included is 40.83 € without VAT; 20 % of it is 8.17 €.
    expect(monthly).toMatchObject({ base_amount: 40.83, amount: 8.17, rate: 20, status: 'PENDING', godchild: { uuid: first.user.store.uuid } });
    expect(yearly.rate).toBe(20);
    expect(yearly.amount).toBeCloseTo(Math.round(yearly.base_amount * 20) / 100, 2);
    expect(yearly.id).toBeGreaterThan(monthly.id);
    const total = Math.round((yearly.amount + monthly.amount) * 100) / 100;
    expect((await godchildren(sponsor.token)).body.data[1].commissions_total).toBe(total);

    expect((await commissions(sponsor.token, `?begin=${today()}&end=${today()}`)).body.meta.total).toBe(2);
    expect((await commissions(sponsor.token, '?begin=2020-01-01&end=2020-12-31')).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await commissions(sponsor.token, '?per_page=1')).body.data.map((c: { id: number }) => c.id)).toEqual([yearly.id]);
    // The godchild sees none of it.
    expect((await commissions(first.token)).body.meta.total).toBe(0);
  });

  it('sums the period: godchildren signed up, paying ones, commissions by status', async () => {
    const all = await stats(sponsor.token);
    expect(all.status, all.text).toBe(200);
    const list = (await commissions(sponsor.token)).body.data as { amount: number }[];
    const total = Math.round(list.reduce((sum, c) => sum + c.amount * 100, 0)) / 100;
    expect(all.body).toEqual({
      begin: null,
      end: null,
      godchildren_count: 2,
      paying_godchildren_count: 1,
      commissions_total: total,
      commissions_pending: total,
      commissions_paid: 0,
    });
    expect((await stats(sponsor.token, `?begin=${today()}`)).body).toMatchObject({ begin: today(), end: null, godchildren_count: 2, commissions_total: total });
    expect((await stats(sponsor.token, '?end=2020-01-01')).body).toMatchObject({ godchildren_count: 0, paying_godchildren_count: 0, commissions_total: 0 });
  });

  it('refuses bad input (422), other roles (403) and strangers (401)', async () => {
    for (const query of ['?begin=2026-13-01', '?end=demain', '?begin=2026-05-02&end=2026-05-01']) {
      expect((await commissions(sponsor.token, query)).status, query).toBe(422);
      expect((await stats(sponsor.token, query)).status, query).toBe(422);
    }
    for (const query of ['?page=0', '?per_page=101', '?page=abc']) expect((await godchildren(sponsor.token, query)).status, query).toBe(422);
    for (const email of ['admin@demo.test', 'teacher@demo.test', 'analyst@demo.test']) {
      const token = await login(email);
      expect((await godchildren(token)).status, email).toBe(403);
      expect((await commissions(token)).status, email).toBe(403);
      expect((await stats(token)).status, email).toBe(403);
    }
    expect((await godchildren(await login('owner@demo.test'))).status).toBe(200);
    expect((await godchildren(undefined)).status).toBe(401);
    expect((await commissions(undefined)).status).toBe(401);
    expect((await stats(undefined)).status).toBe(401);
  });
});
