import { beforeAll, describe, expect, it } from 'vitest';
import { api, latestMail, login, uniqueEmail, type Answer } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';

/** The affiliate program of issue 16: the team's operations, the learner's, and attribution at checkout (issue 11). */

const PASSWORD = 'learner-password-1';
const day = 86_400_000;

async function terms(shop: Shop, options: Record<string, unknown>) {
  const answer = await checked('updateStore', 'PUT', `/stores/${shop.storeUuid}`, { token: shop.token, body: { affiliation_options: options } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.affiliation_options;
}

async function learner(shop: Shop) {
  const email = uniqueEmail('affiliate');
  const answer = await checked('registerLearner', 'POST', school(shop.subdomain, '/register'), { body: { email, password: PASSWORD, firstname: 'Paul', lastname: 'Affilié' } });
  expect(answer.status, answer.text).toBe(201);
  return { email, token: answer.body.token as string, uuid: answer.body.learner.uuid as string };
}

const program = (shop: Shop, token: string) => checked('getMyAffiliateProgram', 'GET', school(shop.subdomain, '/me/affiliate'), { token });
const join = (shop: Shop, token: string) => checked('joinAffiliateProgram', 'POST', school(shop.subdomain, '/me/affiliate'), { token });
const requestPayout = (shop: Shop, token: string, body: Record<string, unknown>) => checked('requestPayout', 'POST', school(shop.subdomain, '/me/affiliate/payouts'), { token, body });
const team = (shop: Shop, operationId: string, method: string, rest: string, body?: unknown, token = shop.token) =>
  checked(operationId, method, `/stores/${shop.storeUuid}/customers${rest}`, { token, body });
const sales = (shop: Shop, query = '') => team(shop, 'listAffiliateSales', 'GET', `/affiliates/sales${query}`);
const stats = (shop: Shop, query = '') => team(shop, 'getAffiliatesStats', 'GET', `/affiliates/stats${query}`);
const settle = (shop: Shop, ref: string) => checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${ref}`), { body: { outcome: 'PAID' } });

/** A public program paying at once (no payout delay), with one affiliate who joined. */
async function openProgram(options: Record<string, unknown> = {}) {
  const shop = await freshShop();
  await terms(shop, { status: 'PUBLIC', min_payout_delay_days: 0, min_payout_amount: 10, ...options });
  const affiliate = await learner(shop);
  const joined = await join(shop, affiliate.token);
  expect(joined.status, joined.text).toBe(201);
  return { shop, affiliate: { ...affiliate, code: joined.body.code as string } };
}

/** A guest's paid checkout of `training` carrying these REF- visits; answers the sale uuid. */
async function paidPurchase(shop: Shop, training: { uuid: string; schedules: number[] }, visits: { code: string; visited_at: string }[], overrides: Record<string, unknown> = {}, token?: string) {
  const bought = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { affiliate_codes: visits, ...overrides }), token });
  expect(bought.status, bought.text).toBe(201);
  const paid = await settle(shop, bought.body.uuid);
  expect(paid.status, paid.text).toBe(200);
  return bought.body.uuid as string;
}

const now = () => new Date().toISOString();

describe('the program seen by a learner: join', () => {
  it('CLOSED and PRIVATE refuse joining (403), PUBLIC lets a learner join once (409 after), with a REF- link to the school', async () => {
    const shop = await freshShop();
    const paul = await learner(shop);
    const closed = await program(shop, paul.token);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ terms: { status: 'CLOSED', commission_rate: 20, attribution: 'LAST' }, affiliate: null, can_join: false });
    expect((await join(shop, paul.token)).body.code).toBe('AFFILIATION_CLOSED');
    await terms(shop, { status: 'PRIVATE' });
    const privateJoin = await join(shop, paul.token);
    expect(privateJoin.status).toBe(403);
    expect(privateJoin.body.code).toBe('AFFILIATION_PRIVATE');
    await terms(shop, { status: 'PUBLIC', commission_rate: 15 });
    expect((await program(shop, paul.token)).body.can_join).toBe(true);
    const joined = await join(shop, paul.token);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body).toMatchObject({ uuid: paul.uuid, status: 'ACTIVE', commission_rate: null, pending_payout: null, stats: { sales_count: 0, balance: 0 } });
    expect(joined.body.code).toMatch(/^REF-[A-Z2-9]{10}$/);
    expect(joined.body.link).toMatch(new RegExp(`/ecole/${shop.subdomain}\\?ref=${joined.body.code}$`));
    expect((await join(shop, paul.token)).status).toBe(409);
    const after = await program(shop, paul.token);
    expect(after.body).toMatchObject({ terms: { commission_rate: 15 }, affiliate: { code: joined.body.code }, can_join: false });
  });

  it("needs a learner session of this school: none 401, a back-office token 403, another school's learner 401", async () => {
    const shop = await freshShop();
    const other = await freshShop();
    const theirs = await learner(other);
    expect((await api('GET', school(shop.subdomain, '/me/affiliate'))).status).toBe(401);
    expect((await api('GET', school(shop.subdomain, '/me/affiliate'), { token: shop.token })).status).toBe(403);
    expect((await api('POST', school(shop.subdomain, '/me/affiliate'), { token: theirs.token })).status).toBe(401);
  });
});

describe('attribution at checkout and the commission on PAID', () => {
  it('credits the affiliate once per paid sale, in integer cents, whatever the replays; the ledger names the affiliate', async () => {
    const { shop, affiliate } = await openProgram({ commission_rate: 12.5 });
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 33.33 }]);
    const saleUuid = await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }]);
    // The test provider's PAID again (a replayed event) changes nothing.
    expect((await settle(shop, saleUuid)).status).toBe(200);
    const page = await sales(shop);
    expect(page.status, page.text).toBe(200);
    const mine = page.body.data.filter((line: { sale: { uuid: string } }) => line.sale.uuid === saleUuid);
    expect(mine).toHaveLength(1);
    // 12.5 % of 33.33 € = 4.16625 €, rounded half up to the cent.
    expect(mine[0]).toMatchObject({ commission: 4.17, affiliate: { uuid: affiliate.uuid }, sale: { amount: 33.33, status: 'PAID', affiliate: { uuid: affiliate.uuid } } });
    const ledger = await checked('listSales', 'GET', `/stores/${shop.storeUuid}/sales?q=${saleUuid}`, { token: shop.token });
    expect(ledger.body.data[0].affiliate.uuid).toBe(affiliate.uuid);
    const figures = await stats(shop, `?customer_uuid=${affiliate.uuid}`);
    expect(figures.body).toMatchObject({ sales_count: 1, revenue: 33.33, commissions_total: 4.17, commissions_paid: 0, balance: 4.17 });
    const own = await checked('listMyAffiliateSales', 'GET', school(shop.subdomain, '/me/affiliate/sales'), { token: affiliate.token });
    expect(own.body.data.map((line: { commission: number }) => line.commission)).toEqual([4.17]);
  });

  it("uses the affiliate's own rate, the first or last valid visit per the terms, and ignores expired, unknown, suspended, self and other stores' codes", async () => {
    const { shop, affiliate } = await openProgram({ attribution: 'FIRST', link_validity_days: 10 });
    const second = await learner(shop);
    const secondCode = (await join(shop, second.token)).body.code as string;
    const other = await openProgram();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 100 }]);
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    // FIRST: the older valid visit wins; an expired one (11 days) and another store's code do not count.
    await paidPurchase(shop, training, [
      { code: secondCode, visited_at: ago(11) },
      { code: affiliate.code, visited_at: ago(5) },
      { code: other.affiliate.code, visited_at: ago(6) },
      { code: secondCode, visited_at: ago(1) },
    ]);
    // LAST: the newer wins; the second affiliate has their own rate.
    await terms(shop, { attribution: 'LAST' });
    expect((await team(shop, 'updateAffiliate', 'PUT', `/${second.uuid}/affiliate`, { commission_rate: 30 })).status).toBe(200);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: ago(2) }, { code: secondCode, visited_at: ago(1) }]);
    // A suspended affiliate, the buyer's own code, an unknown code: no commission.
    expect((await team(shop, 'updateAffiliate', 'PUT', `/${second.uuid}/affiliate`, { status: 'SUSPENDED' })).body.status).toBe('SUSPENDED');
    await paidPurchase(shop, training, [{ code: secondCode, visited_at: ago(1) }, { code: 'REF-INCONNU123', visited_at: ago(1) }]);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }], {}, affiliate.token);
    const lines = (await sales(shop)).body.data as { affiliate: { uuid: string }; commission: number }[];
    expect(lines.map((l) => [l.affiliate.uuid, l.commission])).toEqual([
      [second.uuid, 30],
      [affiliate.uuid, 20],
    ]);
    expect((await sales(other.shop)).body.data).toEqual([]);
  });

  it('a CLOSED program credits no new sale but pays what was earned; a sale attributed before closing gets nothing once paid after', async () => {
    const { shop, affiliate } = await openProgram();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 100 }]);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }]);
    const pendingOrder = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { affiliate_codes: [{ code: affiliate.code, visited_at: now() }] }) });
    await terms(shop, { status: 'CLOSED' });
    expect((await settle(shop, pendingOrder.body.uuid)).status).toBe(200);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }]);
    expect((await sales(shop)).body.meta.total).toBe(1);
    const payout = await requestPayout(shop, affiliate.token, { amount: 20, invoice_url: 'https://factures.example.com/1', payment_information: 'IBAN FR76…' });
    expect(payout.status, payout.text).toBe(201);
  });
});

describe('payouts', () => {
  it('checks the amount, keeps one pending request, notifies the team and is settled once by the team', async () => {
    const { shop, affiliate } = await openProgram({ min_payout_amount: 15 });
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 100 }]);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }]);
    const body = { amount: 20, invoice_url: 'https://factures.example.com/f-1.pdf', payment_information: '  IBAN FR76 3000 6000 0112 3456 7890 189  ' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...body, amount: 10 }, 'Le versement minimum est de 15,00 €.'],
      [{ ...body, amount: 20.01 }, 'Le montant dépasse votre solde disponible (20,00 €).'],
      [{ ...body, amount: 15.555 }, 'Indiquez un montant en euros et centimes (deux décimales au plus).'],
      [{ ...body, invoice_url: 'ftp://factures.example.com/f.pdf' }, 'Indiquez une adresse web (https://…).'],
      [{ ...body, payment_information: '   ' }, 'Ce champ est obligatoire.'],
    ];
    for (const [bad, message] of refusals) {
      const answer = await requestPayout(shop, affiliate.token, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(Object.values(answer.body.errors).flat()).toContain(message);
    }
    for (const bad of [{}, { ...body, amount: 0 }, { ...body, invoice_url: 'pas une adresse' }, { ...body, extra: 1 }]) {
      expect((await requestPayout(shop, affiliate.token, bad)).status, JSON.stringify(bad)).toBe(422);
    }
    // Two requests at once: one is PENDING, the other 409.
    const both = await Promise.all([requestPayout(shop, affiliate.token, body), requestPayout(shop, affiliate.token, { ...body, amount: 15 })]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 409]);
    const made = both.find((a) => a.status === 201)!;
    expect(made.body).toMatchObject({ status: 'PENDING', payment_information: 'IBAN FR76 3000 6000 0112 3456 7890 189', processed_at: null });
    const notes = await api('GET', '/users/me/notifications?per_page=100', { token: shop.token });
    const note = (notes.body.data as { type: string; data: string; text: string }[]).find((n) => n.type === 'AFFILIATE_PAYOUT_REQUESTED');
    expect(note && JSON.parse(note.data)).toMatchObject({ affiliate_uuid: affiliate.uuid });
    expect(note?.text).toContain('Paul Affilié');
    const seen = await team(shop, 'getAffiliate', 'GET', `/${affiliate.uuid}/affiliate`);
    expect(seen.body).toMatchObject({ pending_payout: { id: made.body.id }, stats: { balance: 100 * 0.2 - made.body.amount } });
    const paid = await team(shop, 'processAffiliatePayout', 'PUT', `/${affiliate.uuid}/affiliate/payout`, { status: 'PAID' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ id: made.body.id, status: 'PAID' });
    expect((await team(shop, 'processAffiliatePayout', 'PUT', `/${affiliate.uuid}/affiliate/payout`, { status: 'PAID' })).status).toBe(404);
    const listed = await checked('listMyPayouts', 'GET', school(shop.subdomain, '/me/affiliate/payouts'), { token: affiliate.token });
    expect(listed.body.data.map((p: { status: string }) => p.status)).toEqual(['PAID']);
    expect((await stats(shop, `?customer_uuid=${affiliate.uuid}`)).body).toMatchObject({ commissions_paid: made.body.amount });
  });

  it('commissions wait for the payout delay; a non-affiliate cannot ask (403); a refusal carries its comment', async () => {
    const { shop, affiliate } = await openProgram({ min_payout_delay_days: 30, min_payout_amount: 1 });
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 50 }]);
    await paidPurchase(shop, training, [{ code: affiliate.code, visited_at: now() }]);
    const body = { amount: 5, invoice_url: 'https://factures.example.com/2', payment_information: 'PayPal paul@example.test' };
    expect((await program(shop, affiliate.token)).body.affiliate.stats).toMatchObject({ commissions_total: 10, balance: 0 });
    expect((await requestPayout(shop, affiliate.token, body)).status).toBe(422);
    const stranger = await learner(shop);
    expect((await requestPayout(shop, stranger.token, body)).body.code).toBe('NOT_AFFILIATE');
    await terms(shop, { min_payout_delay_days: 0 });
    expect((await requestPayout(shop, affiliate.token, body)).status).toBe(201);
    const refused = await team(shop, 'processAffiliatePayout', 'PUT', `/${affiliate.uuid}/affiliate/payout`, { status: 'REFUSED', comment: ' Facture illisible ' });
    expect(refused.body).toMatchObject({ status: 'REFUSED', comment: 'Facture illisible' });
    expect((await program(shop, affiliate.token)).body.affiliate.stats.balance).toBe(10);
  });
});

describe("the team's affiliates", () => {
  it('lists, searches, adds (e-mailed, 409 twice), edits and removes affiliates; figures of the program', async () => {
    const { shop, affiliate } = await openProgram();
    const customer = await learner(shop);
    const added = await team(shop, 'createAffiliate', 'POST', '/affiliates', { customer_uuid: customer.uuid, commission_rate: 25 });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ uuid: customer.uuid, commission_rate: 25, status: 'ACTIVE' });
    expect((await latestMail(customer.email, 'AFFILIATE_INVITED')).pathname).toBe(`/ecole/${shop.subdomain}/affiliation`);
    expect((await team(shop, 'createAffiliate', 'POST', '/affiliates', { customer_uuid: customer.uuid })).status).toBe(409);
    const all = await team(shop, 'listAffiliates', 'GET', '/affiliates');
    expect(all.body.data.map((a: { uuid: string }) => a.uuid).sort()).toEqual([affiliate.uuid, customer.uuid].sort());
    const found = await team(shop, 'listAffiliates', 'GET', `/affiliates?q=${encodeURIComponent(customer.email)}`);
    expect(found.body.data.map((a: { uuid: string }) => a.uuid)).toEqual([customer.uuid]);
    await team(shop, 'updateAffiliate', 'PUT', `/${customer.uuid}/affiliate`, { status: 'SUSPENDED', commission_rate: null });
    const suspended = await team(shop, 'listAffiliates', 'GET', '/affiliates?status=SUSPENDED');
    expect(suspended.body.data).toMatchObject([{ uuid: customer.uuid, commission_rate: null, status: 'SUSPENDED' }]);
    // Visits through the link are counted (unknown codes silently dropped).
    expect((await checked('recordAffiliateVisit', 'POST', school(shop.subdomain, '/affiliate-visits'), { body: { code: affiliate.code } })).status).toBe(204);
    expect((await checked('recordAffiliateVisit', 'POST', school(shop.subdomain, '/affiliate-visits'), { body: { code: 'REF-NOPE000000' } })).status).toBe(204);
    expect((await checked('recordAffiliateVisit', 'POST', school(shop.subdomain, '/affiliate-visits'), { body: { code: 'nope' } })).status).toBe(422);
    expect((await stats(shop)).body).toMatchObject({ visits_count: 1, sales_count: 0 });
    expect((await team(shop, 'removeAffiliate', 'DELETE', `/${customer.uuid}/affiliate`)).status).toBe(204);
    expect((await team(shop, 'getAffiliate', 'GET', `/${customer.uuid}/affiliate`)).status).toBe(404);
    expect((await team(shop, 'removeAffiliate', 'DELETE', `/${customer.uuid}/affiliate`)).status).toBe(404);
  });

  it("answers 404 for another store's customers and affiliates, 422 for bad input", async () => {
    const { shop } = await openProgram();
    const other = await openProgram();
    const theirs = other.affiliate.uuid;
    expect((await team(shop, 'getAffiliate', 'GET', `/${theirs}/affiliate`)).status).toBe(404);
    expect((await team(shop, 'updateAffiliate', 'PUT', `/${theirs}/affiliate`, { status: 'SUSPENDED' })).status).toBe(404);
    expect((await team(shop, 'removeAffiliate', 'DELETE', `/${theirs}/affiliate`)).status).toBe(404);
    expect((await team(shop, 'processAffiliatePayout', 'PUT', `/${theirs}/affiliate/payout`, { status: 'PAID' })).status).toBe(404);
    expect((await team(shop, 'createAffiliate', 'POST', '/affiliates', { customer_uuid: theirs })).status).toBe(404);
    expect((await team(shop, 'listAffiliateSales', 'GET', `/affiliates/sales?customer_uuid=${theirs}`)).status).toBe(404);
    expect((await team(shop, 'getAffiliatesStats', 'GET', `/affiliates/stats?customer_uuid=${theirs}`)).status).toBe(404);
    // Their store's paths with my token.
    expect((await api('GET', `/stores/${other.shop.storeUuid}/customers/affiliates`, { token: shop.token })).status).toBe(404);
    expect((await api('GET', `/stores/${other.shop.storeUuid}/customers/${theirs}/affiliate`, { token: shop.token })).status).toBe(404);
    const bad: [string, string, string, unknown][] = [
      ['updateAffiliate', 'PUT', `/${shop.storeUuid}/affiliate`, {}],
      ['updateAffiliate', 'PUT', `/${theirs}/affiliate`, { commission_rate: 101 }],
      ['updateAffiliate', 'PUT', `/${theirs}/affiliate`, { status: 'BANNED' }],
      ['createAffiliate', 'POST', '/affiliates', { customer_uuid: 'pas-un-uuid' }],
      ['processAffiliatePayout', 'PUT', `/${theirs}/affiliate/payout`, { status: 'PENDING' }],
      ['listAffiliates', 'GET', '/affiliates?status=GONE', undefined],
      ['listAffiliateSales', 'GET', '/affiliates/sales?begin=2026-02-01&end=2026-01-01', undefined],
      ['getAffiliatesStats', 'GET', '/affiliates/stats?begin=pas-une-date', undefined],
    ];
    for (const [operationId, method, rest, body] of bad) {
      const answer = await team(shop, operationId, method, rest, body);
      expect(answer.status, `${operationId} ${rest} ${answer.text}`).toBe(422);
    }
  });

  describe('roles in the demo store', () => {
    const tokens: Record<string, string> = {};
    let store: string;
    beforeAll(async () => {
      for (const role of ['owner', 'admin', 'teacher', 'analyst']) tokens[role] = await login(`${role}@demo.test`);
      store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid;
    });

    it('owners and admins manage affiliates; teachers and analysts (read-only roles included) get 403; no session 401', async () => {
      const reads = ['/customers/affiliates', '/customers/affiliates/sales', '/customers/affiliates/stats'];
      for (const role of ['owner', 'admin']) for (const path of reads) expect((await api('GET', `/stores/${store}${path}`, { token: tokens[role] })).status, `${role} ${path}`).toBe(200);
      for (const role of ['teacher', 'analyst']) {
        for (const path of reads) expect((await api('GET', `/stores/${store}${path}`, { token: tokens[role] })).status, `${role} ${path}`).toBe(403);
        const write: Answer = await api('POST', `/stores/${store}/customers/affiliates`, { token: tokens[role], body: { customer_uuid: '00000000-0000-4000-8000-000000000001' } });
        expect(write.status, role).toBe(403);
      }
      expect((await api('GET', `/stores/${store}/customers/affiliates`)).status).toBe(401);
    });
  });
});
