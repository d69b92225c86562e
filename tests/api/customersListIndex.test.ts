import { describe, expect, it } from 'vitest';
import { api, uniqueEmail } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';

/**
 * The customers list's STUDENT and ABANDONED_CART filters in the sign-up order read `customer_trainings_list_idx`
 * (each enrolment carries its learner's store and sign-up time); every other filter or order reads `customers`.
 * Both readings must name the same learners after every write that makes or changes an enrolment: checkout (paid,
 * abandoned, an abandoned cart paid later), the team's creation, enrolment, add, import, block, removal, and
 * several of them at once. Each test has a store of its own, so totals are exact.
 */

interface Row {
  uuid: string;
  email: string;
  created_at: string;
}
type Type = 'STUDENT' | 'ABANDONED_CART' | 'BLOCKED';

const settle = (shop: Shop, ref: string, outcome: 'PAID' | 'ABANDONED') =>
  checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${ref}`), { body: { outcome } });

/** Every page of the list for a query (20 a page), with the total the first page announced. */
async function readAll(shop: Shop, query: string) {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const answer = await checked('listCustomers', 'GET', `/stores/${shop.storeUuid}/customers?${query}&page=${page}`, { token: shop.token });
    expect(answer.status, answer.text).toBe(200);
    if (page === 1) total = answer.body.meta.total;
    rows.push(...(answer.body.data as Row[]));
    if (!answer.body.links.next) break;
  }
  return { emails: rows.map((row) => row.email), rows, total };
}

/** The type filter read both ways: by the enrolments' index (sign-up order) and by the learners (e-mail order). */
async function expectType(shop: Shop, type: Type, emails: string[]) {
  const byIndex = await readAll(shop, `type=${type}&sort=created_at&order=desc`);
  const byLearners = await readAll(shop, `type=${type}&sort=email&order=asc`);
  expect([...byIndex.emails].sort(), type).toEqual([...emails].sort());
  expect(byLearners.emails, type).toEqual([...emails].sort());
  expect(byIndex.total, type).toBe(emails.length);
  // Newest first, each learner once.
  expect(byIndex.rows.map((row) => row.created_at)).toEqual(byIndex.rows.map((row) => row.created_at).sort().reverse());
  expect(new Set(byIndex.emails).size).toBe(byIndex.emails.length);
  const oldestFirst = await readAll(shop, `type=${type}&sort=created_at&order=asc`);
  expect(oldestFirst.emails).toEqual([...byIndex.emails].reverse());
}

async function buy(shop: Shop, training: { uuid: string; schedules: number[] }, email: string, outcome: 'PAID' | 'ABANDONED') {
  const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email }) });
  expect(created.status, created.text).toBe(201);
  expect((await settle(shop, created.body.uuid, outcome)).status).toBe(200);
}

async function customerUuid(shop: Shop, email: string) {
  const answer = await api('GET', `/stores/${shop.storeUuid}/customers?q=${encodeURIComponent(email)}`, { token: shop.token });
  return (answer.body.data as Row[])[0]!.uuid;
}

describe('the customers list by type follows every write to enrolments', () => {
  it('checkout, abandoned carts, the team’s creation, enrolment, add, import, block and removal', async () => {
    const shop = await freshShop();
    const first = await sellTraining(shop);
    const second = await sellTraining(shop);
    const [paid, left, leftThenPaid, twice, created, added, imported] = ['paid', 'left', 'later', 'twice', 'team', 'added', 'imported'].map((p) => uniqueEmail(p));

    await buy(shop, first, paid!, 'PAID');
    await buy(shop, first, left!, 'ABANDONED');
    await buy(shop, first, leftThenPaid!, 'ABANDONED');
    await buy(shop, first, twice!, 'ABANDONED');
    await buy(shop, second, twice!, 'ABANDONED');
    await expectType(shop, 'STUDENT', [paid!]);
    await expectType(shop, 'ABANDONED_CART', [left!, leftThenPaid!, twice!]);

    // The abandoned cart paid later becomes an enrolment; the team's writes enrol.
    await buy(shop, first, leftThenPaid!, 'PAID');
    const team = await checked('createCustomer', 'POST', `/stores/${shop.storeUuid}/customers`, {
      token: shop.token,
      body: { email: created, firstname: 'Équipe', training_uuids: [first.uuid], send_invitation: false },
    });
    expect(team.status, team.text).toBe(201);
    const enrolled = await checked('enrollCustomer', 'POST', `/stores/${shop.storeUuid}/customers/${await customerUuid(shop, left!)}/trainings`, {
      token: shop.token,
      body: { buyable_type: 'TRAINING', buyable_uuid: second.uuid },
    });
    expect(enrolled.status, enrolled.text).toBeLessThan(300);
    const add = await checked('addTrainingCustomer', 'POST', `/trainings/${second.uuid}/customers`, { token: shop.token, body: { email: added, firstname: 'Ajout', send_email: false } });
    expect(add.status, add.text).toBeLessThan(300);
    const csv = `--b\r\nContent-Disposition: form-data; name="file"; filename="apprenants.csv"\r\nContent-Type: text/csv\r\n\r\nemail;firstname;lastname\r\n${imported};Import;Csv\r\n--b\r\nContent-Disposition: form-data; name="send_email"\r\n\r\nfalse\r\n--b--\r\n`;
    const importedAnswer = await checked('importTrainingCustomers', 'POST', `/trainings/${first.uuid}/customers/import`, {
      token: shop.token,
      body: csv,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(importedAnswer.status, importedAnswer.text).toBeLessThan(300);
    await expectType(shop, 'STUDENT', [paid!, leftThenPaid!, created!, left!, added!, imported!]);
    // `left` is a learner of the second training and still an abandoned cart of the first.
    await expectType(shop, 'ABANDONED_CART', [left!, twice!]);

    // Blocking moves a learner from STUDENT to BLOCKED; giving access back and removing follow too.
    const blocked = await checked('updateTrainingCustomer', 'PUT', `/trainings/${first.uuid}/customers/${await customerUuid(shop, paid!)}`, { token: shop.token, body: { blocked: true } });
    expect(blocked.status, blocked.text).toBe(200);
    await expectType(shop, 'STUDENT', [leftThenPaid!, created!, left!, added!, imported!]);
    await expectType(shop, 'BLOCKED', [paid!]);
    const removed = await checked('removeTrainingCustomer', 'DELETE', `/trainings/${second.uuid}/customers/${await customerUuid(shop, added!)}`, { token: shop.token });
    expect(removed.status, removed.text).toBe(204);
    await expectType(shop, 'STUDENT', [leftThenPaid!, created!, left!, imported!]);
  });

  it('stays right when many enrolments of one learner and of many learners are written at once', async () => {
    const shop = await freshShop();
    const trainings = await Promise.all(Array.from({ length: 6 }, () => sellTraining(shop)));
    const shared = uniqueEmail('shared');
    const buyers = trainings.map(() => uniqueEmail('many'));
    // One learner leaves six carts at once (each checkout creates or finds them, then the carts are abandoned at once).
    const orders = [];
    for (const training of trainings) {
      const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email: shared }) });
      expect(created.status, created.text).toBe(201);
      orders.push(created.body.uuid as string);
    }
    // Six other learners buy at the same moments; the shared learner's carts are abandoned meanwhile.
    await Promise.all([
      ...orders.map((uuid) => settle(shop, uuid, 'ABANDONED')),
      ...trainings.map((training, i) => buy(shop, training, buyers[i]!, 'PAID')),
    ]);
    await expectType(shop, 'ABANDONED_CART', [shared]);
    await expectType(shop, 'STUDENT', buyers);

    // The team then enrols the shared learner in three of the trainings at once: three carts become enrolments.
    const uuid = await customerUuid(shop, shared);
    const answers = await Promise.all(
      trainings.slice(0, 3).map((training) =>
        checked('enrollCustomer', 'POST', `/stores/${shop.storeUuid}/customers/${uuid}/trainings`, { token: shop.token, body: { buyable_type: 'TRAINING', buyable_uuid: training.uuid } }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(300);
    await expectType(shop, 'STUDENT', [...buyers, shared]);
    await expectType(shop, 'ABANDONED_CART', [shared]);
  });
});
