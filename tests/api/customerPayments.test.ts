import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, uniqueEmail, type Answer } from './client';
import { checked, freshShop, order, school, sellTraining, type Shop } from './checkoutSupport';
import { addItem } from './trainingItemsSupport';
import { DEMO_PHOTO, demoTokens, invalidFields } from './trainingLearnersSupport';

/**
 * A training's customer's payments (listTrainingCustomerTransactions, cancelTrainingCustomerTransactions), made
 * by the real checkout with the test provider's instalments; the store's abandoned carts export
 * (exportAbandonedCarts); the learners' feedback on an item (listTrainingItemFeedbacks).
 */
interface Transaction {
  id: number;
  status: string;
  installment_number: number | null;
}

const txPath = (training: string, customer: string) => `/trainings/${training}/customers/${customer}/transactions`;
const list = (token: string | undefined, training: string, customer: string) => checked('listTrainingCustomerTransactions', 'GET', txPath(training, customer), { token });
const cancel = (token: string | undefined, training: string, customer: string, ids: number[]) =>
  checked('cancelTrainingCustomerTransactions', 'POST', `${txPath(training, customer)}/cancel`, { token, body: { transaction_ids: ids } });

async function buyInThree(shop: Shop, training: { uuid: string; schedules: number[] }, email: string) {
  const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email }) });
  expect(created.status, created.text).toBe(201);
  expect((await checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${created.body.uuid}`), { body: { outcome: 'PAID' } })).status).toBe(200);
  const found = await api('GET', `/stores/${shop.storeUuid}/customers?q=${encodeURIComponent(email)}`, { token: shop.token });
  return found.body.data[0].uuid as string;
}

describe('a customer paying a training in three instalments', () => {
  let shop: Shop;
  let training: { uuid: string; schedules: number[] };
  let customer: string;
  beforeAll(async () => {
    shop = await freshShop();
    training = await sellTraining(shop, {}, [{ type: 'INSTALLMENTS', price: 50, installments_count: 3 }]);
    customer = await buyInThree(shop, training, uniqueEmail('instalments'));
  });

  it('lists the payment made and the two to come, in order', async () => {
    const answer = await list(shop.token, training.uuid, customer);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((t: Transaction) => [t.installment_number, t.status])).toEqual([
      [1, 'PAID'],
      [2, 'INCOMING'],
      [3, 'INCOMING'],
    ]);
  });

  it('refuses to cancel a paid one (422), an unknown id (404) or none (422), and changes nothing then', async () => {
    const before = (await list(shop.token, training.uuid, customer)).body.data as Transaction[];
    expect(invalidFields(await cancel(shop.token, training.uuid, customer, [before[0]!.id, before[1]!.id]))).toEqual(['transaction_ids']);
    expect((await cancel(shop.token, training.uuid, customer, [before[1]!.id, 2_147_483_647])).status).toBe(404);
    expect((await cancel(shop.token, training.uuid, customer, [before[1]!.id, 99_999_999_999])).status).toBe(422);
    expect((await cancel(shop.token, training.uuid, customer, [])).status).toBe(422);
    expect((await list(shop.token, training.uuid, customer)).body.data).toEqual(before);
  });

  it('cancels the upcoming ones once whatever the number of clients at once; the learner keeps access', async () => {
    const ids = ((await list(shop.token, training.uuid, customer)).body.data as Transaction[]).filter((t) => t.status === 'INCOMING').map((t) => t.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(shop.token, training.uuid, customer, ids)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(((await list(shop.token, training.uuid, customer)).body.data as Transaction[]).map((t) => t.status)).toEqual(['PAID', 'ABANDONED', 'ABANDONED']);
    const seats = await api('GET', `/trainings/${training.uuid}/customers`, { token: shop.token });
    expect((seats.body.data as { customer: { uuid: string }; customer_type: string }[]).find((row) => row.customer.uuid === customer)?.customer_type).toBe('STUDENT');
  });

  it("answers 404 for another store's customer or training", async () => {
    const other = await freshShop({ testPayments: false });
    expect((await list(other.token, training.uuid, customer)).status).toBe(404);
    expect((await cancel(other.token, training.uuid, customer, [1])).status).toBe(404);
    const otherTraining = await sellTraining(shop);
    expect((await list(shop.token, otherTraining.uuid, customer)).status).toBe(404);
  });
});

describe('roles on the demo store', () => {
  it('owners, admins and analysts read the payments; only owners and admins cancel; teachers neither', async () => {
    const tokens = await demoTokens();
    const learners = await api('GET', `/trainings/${DEMO_PHOTO}/customers?per_page=100`, { token: tokens.owner });
    const ines = (learners.body.data as { customer: { uuid: string; display_name: string } }[]).find((row) => row.customer.display_name === 'Inès Fontaine')!.customer.uuid;
    for (const role of ['owner', 'admin', 'analyst'] as const) {
      const answer = await list(tokens[role], DEMO_PHOTO, ines);
      expect(answer.status, role).toBe(200);
      expect(answer.body.data.map((t: Transaction) => t.status)).toEqual(['PAID', 'INCOMING', 'INCOMING']);
    }
    expect((await list(tokens.teacher, DEMO_PHOTO, ines)).status).toBe(403);
    expect((await cancel(tokens.analyst, DEMO_PHOTO, ines, [1])).status).toBe(403);
    expect((await cancel(tokens.teacher, DEMO_PHOTO, ines, [1])).status).toBe(403);
  });
});

/** A CSV answer with its raw bytes. */
async function csv(path: string, token: string | undefined): Promise<Answer & { bytes: Uint8Array }> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const json = response.headers.get('content-type')?.startsWith('application/json');
  const answer = { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : text };
  expectContract('exportAbandonedCarts', answer);
  return { ...answer, bytes };
}

describe('exportAbandonedCarts', () => {
  it('lists the orders left unpaid in the period, formula-safe, and none of those paid', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 80 }]);
    const left = uniqueEmail('left');
    const created = await checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body: order(training, { email: left, firstname: '=HYPERLINK("x")' }) });
    await checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${created.body.uuid}`), { body: { outcome: 'ABANDONED' } });
    const paid = uniqueEmail('paid');
    await buyInThree(shop, await sellTraining(shop), paid);

    const answer = await csv(`/stores/${shop.storeUuid}/abandoned_cart/export`, shop.token);
    expect(answer.status, answer.text).toBe(200);
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Commande du;E-mail;Prénom;Nom;Produit;Montant (€)');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(';');
    // The formula is made inert (a leading quote), then quoted as CSV quotes a cell holding quotes.
    expect(cells.slice(1)).toEqual([left, `"'=HYPERLINK(""x"")"`, 'Martin', 'Formation à vendre', '80,00']);
    expect(answer.text).not.toContain(paid);

    const before = await csv(`/stores/${shop.storeUuid}/abandoned_cart/export?begin=2020-01-01&end=2020-12-31`, shop.token);
    expect(before.text.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    expect((await csv(`/stores/${shop.storeUuid}/abandoned_cart/export?begin=2020-02-01&end=2020-01-01`, shop.token)).status).toBe(422);
    const other = await freshShop({ testPayments: false });
    expect((await csv(`/stores/${shop.storeUuid}/abandoned_cart/export`, other.token)).status).toBe(404);
    const tokens = await demoTokens();
    const demo = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid;
    expect((await csv(`/stores/${demo}/abandoned_cart/export`, tokens.analyst)).status).toBe(200);
    expect((await csv(`/stores/${demo}/abandoned_cart/export`, tokens.teacher)).status).toBe(403);
  });
});

describe('listTrainingItemFeedbacks', () => {
  const feedbacks = (token: string | undefined, training: string, item: number, query = '') =>
    checked('listTrainingItemFeedbacks', 'GET', `/trainings/${training}/training_items/${item}/feedbacks${query}`, { token });

  it('pages an item’s feedback for the editors, and answers 403, 404 and 422 where it must', async () => {
    const tokens = await demoTokens();
    const lesson = await addItem(tokens.owner, DEMO_PHOTO, { type: 'GENERIC', name: 'Leçon sans avis', draft: true });
    for (const role of ['owner', 'admin', 'teacher'] as const) {
      const answer = await feedbacks(tokens[role], DEMO_PHOTO, lesson);
      expect(answer.status, role).toBe(200);
      expect(answer.body).toMatchObject({ data: [], meta: { total: 0, current_page: 1 } });
    }
    expect((await feedbacks(tokens.analyst, DEMO_PHOTO, lesson)).status).toBe(403);
    expect((await feedbacks(tokens.owner, DEMO_PHOTO, 2_147_483_647)).status).toBe(404);
    expect((await feedbacks(tokens.owner, DEMO_PHOTO, lesson, '?per_page=0')).status).toBe(422);
    const other = await freshShop({ testPayments: false });
    expect((await feedbacks(other.token, DEMO_PHOTO, lesson)).status).toBe(404);
    const removed = await api('DELETE', `/trainings/${DEMO_PHOTO}/training_items/${lesson}`, { token: tokens.owner });
    expect(removed.status).toBeLessThan(300);
  });
});
