// Own affiliation's payouts (our design): the sponsor's owner asks for every AVAILABLE commission (14 days after the
// godchild's payment) once they reach 50 €, one PENDING request at a time; a platform admin marks it paid and its
// commissions turn PAID. In-process over a seeded database whose clock the test moves.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsorCommissions } from '../../server/db/schema';
import { inject } from '../support/paymentsFixtures';
import { communityApp, type CommunityApp } from './communitySupport';

const DAY = 86_400_000;
let c: CommunityApp;

async function registerStore(godFather?: string) {
  const email = `sponsor-${randomUUID().slice(0, 8)}@example.test`;
  const answer = await inject(c.app, 'POST', '/register', { body: { email, password: 'correct-horse-battery', firstname: 'Sabine', ...(godFather ? { god_father: godFather } : {}) } });
  expect(answer.status, answer.text).toBe(201);
  return { email, token: answer.body.token as string, store: answer.body.user.store as { uuid: string; subdomain: string } };
}

/** Sessions end while the clock moves past the hold days: sign in again. */
async function signIn(email: string) {
  const answer = await inject(c.app, 'POST', '/login', { body: { email, password: 'correct-horse-battery' } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.token as string;
}

async function buyPro(token: string, store: string, frequency: 'MONTHLY' | 'YEARLY') {
  const created = await inject(c.app, 'POST', `/stores/${store}/subscription`, { token, body: { plan: 'PRO', frequency } });
  expect(created.status, created.text).toBe(201);
  const paid = await inject(c.app, 'POST', `/stores/${store}/subscription/orders/${created.body.uuid}/test-payment`, { token, body: { outcome: 'PAID' } });
  expect(paid.body.status, paid.text).toBe('PAID');
}

const list = (token: string | undefined, query = '') => c.op('listSponsorPayouts', 'GET', `/users/me/godchildren/payouts${query}`, token);
const request = (token: string | undefined, body: unknown) => c.op('requestSponsorPayout', 'POST', '/users/me/godchildren/payouts', token, body);
const adminList = (token: string | undefined, query = '') => c.op('listAdminSponsorPayouts', 'GET', `/admin/sponsor-payouts${query}`, token);
const markPaid = (token: string | undefined, id: number | string) => c.op('markSponsorPayoutPaid', 'POST', `/admin/sponsor-payouts/${id}/paid`, token);
const body = { invoice_url: 'https://factures.example.com/parrainage-1.pdf', payment_information: 'IBAN FR76 3000 6000 0112 3456 7890 189' };

beforeAll(async () => {
  c = await communityApp();
}, 60_000);
afterAll(async () => {
  await c.close();
});

describe('sponsorship payouts', () => {
  it('pays the available commissions once: minimum, one pending request under concurrency, the admin marks it paid', async () => {
    const sponsor = await registerStore();
    const godchild = await registerStore(sponsor.store.subdomain);
    await buyPro(godchild.token, godchild.store.uuid, 'MONTHLY');

    // Nothing available while the commission is held, then 8.17 €: under the 50 € minimum.
    expect((await list(sponsor.token)).body).toMatchObject({ data: [], available: 0, minimum: 50 });
    c.env.advance(15 * DAY);
    sponsor.token = await signIn(sponsor.email);
    godchild.token = await signIn(godchild.email);
    expect((await list(sponsor.token)).body.available).toBe(8.17);
    const below = await request(sponsor.token, body);
    expect(below.status, below.text).toBe(422);
    expect(below.body.errors.amount[0]).toContain('50,00 €');

    await buyPro(godchild.token, godchild.store.uuid, 'YEARLY');
    c.env.advance(15 * DAY);
    sponsor.token = await signIn(sponsor.email);
    const { available } = (await list(sponsor.token)).body;
    expect(available).toBeGreaterThan(50);

    // Two requests at once: one payout, one 409.
    const answers = await Promise.all([request(sponsor.token, body), request(sponsor.token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const payout = answers.find((a) => a.status === 201)!.body;
    expect(payout).toMatchObject({ amount: available, commissions_count: 2, status: 'PENDING', paid_at: null, sponsor: { uuid: sponsor.store.uuid, subdomain: sponsor.store.subdomain }, ...body });
    expect((await list(sponsor.token)).body).toMatchObject({ available: 0, data: [{ id: payout.id, status: 'PENDING' }], meta: { total: 1 } });
    expect((await request(sponsor.token, body)).status).toBe(409);

    // The platform admin sees it pending and marks it paid; a second mark is a conflict; the commissions are PAID.
    const platform = await c.login('platform@demo.test');
    const pending = await adminList(platform, '?status=PENDING');
    expect(pending.body.data.map((p: { id: number }) => p.id)).toContain(payout.id);
    const [first, second] = await Promise.all([markPaid(platform, payout.id), markPaid(platform, payout.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const paid = (first.status === 200 ? first : second).body;
    expect(paid).toMatchObject({ id: payout.id, status: 'PAID' });
    expect(paid.paid_at).not.toBeNull();
    const commissions = await c.op('listGodchildCommissions', 'GET', '/users/me/godchildren/commissions', sponsor.token);
    expect(commissions.body.data.map((row: { status: string }) => row.status)).toEqual(['PAID', 'PAID']);
    const stats = await c.op('getGodchildCommissionStats', 'GET', '/users/me/godchildren/commissions/stats', sponsor.token);
    expect(stats.body.commissions_paid).toBe(available);
    const rows = await c.db.select().from(sponsorCommissions).where(eq(sponsorCommissions.sponsorStoreId, sponsor.store.uuid));
    expect(rows.every((row) => row.payoutId === payout.id && row.paidAt)).toBe(true);
    expect((await adminList(platform, '?status=PAID')).body.data.map((p: { id: number }) => p.id)).toContain(payout.id);
    // A new request needs new available commissions.
    expect((await request(sponsor.token, body)).status).toBe(422);
  });

  it('refuses bad input (422), other roles (403), strangers (401) and unknown payouts (404)', async () => {
    const sponsor = await registerStore();
    for (const bad of [
      { ...body, invoice_url: 'javascript:alert(1)' },
      { ...body, invoice_url: 'ftp://factures.example.com/1' },
      { ...body, payment_information: '   ' },
      { invoice_url: body.invoice_url },
      { ...body, extra: 1 },
    ]) {
      const answer = await request(sponsor.token, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
    }
    const { owner, admin, teacher, analyst, platform } = await c.teamTokens();
    for (const token of [admin, teacher, analyst]) {
      expect((await list(token)).status).toBe(403);
      expect((await request(token, body)).status).toBe(403);
    }
    for (const token of [owner, admin, teacher, analyst, sponsor.token]) {
      expect((await adminList(token)).status).toBe(403);
      expect((await markPaid(token, 1)).status).toBe(403);
    }
    expect((await list(undefined)).status).toBe(401);
    expect((await request(undefined, body)).status).toBe(401);
    expect((await adminList(undefined)).status).toBe(401);
    expect((await markPaid(undefined, 1)).status).toBe(401);
    expect((await markPaid(platform, 2_000_000)).status).toBe(404);
    expect((await markPaid(platform, 'abc')).status).toBe(422);
    expect((await markPaid(platform, 0)).status).toBe(422);
    expect((await adminList(platform, '?status=REFUSED')).status).toBe(422);
    // Another store's payouts are not in an owner's list.
    expect((await list(owner)).body.data.every((p: { sponsor: { uuid: string } }) => p.sponsor.uuid === c.demo.id)).toBe(true);
  });
});
