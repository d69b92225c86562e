import { describe, expect, it } from 'vitest';
import { api, latestMail, type Answer } from './client';
import { BILLING, checked, freshShop, order, promoCode, school, sellBundle, sellTraining, type Shop } from './checkoutSupport';

/** The checkout of issue 11: quoteCheckout, checkout, getCheckoutOrder and the test provider's completeTestPayment. */

const quote = (shop: Shop, body: Record<string, unknown>, token?: string) => checked('quoteCheckout', 'POST', school(shop.subdomain, '/checkout/quote'), { body, token });
const buy = (shop: Shop, body: Record<string, unknown>, token?: string) => checked('checkout', 'POST', school(shop.subdomain, '/checkout'), { body, token });
const readOrder = (shop: Shop, uuid: string) => checked('getCheckoutOrder', 'GET', school(shop.subdomain, `/orders/${uuid}`));
const settle = (shop: Shop, ref: string, outcome: 'PAID' | 'FAILED' | 'ABANDONED') =>
  checked('completeTestPayment', 'POST', school(shop.subdomain, `/test-payments/${ref}`), { body: { outcome } });

function refusal(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body.code).toBe(code);
  return answer.body as { message: string; errors?: Record<string, string[]> };
}

/** The learner's row in the training's learners list (the back office's view), or undefined. */
async function learnerRow(shop: Shop, training: string, email: string) {
  const answer = await checked('listTrainingCustomers', 'GET', `/trainings/${training}/customers?q=${encodeURIComponent(email)}`, { token: shop.token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.data as { customer: { email: string }; customer_type: string }[]).find((row) => row.customer.email === email);
}

async function saleNotifications(shop: Shop, saleUuid: string) {
  const answer = await api('GET', '/users/me/notifications?per_page=100', { token: shop.token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.data as { type: string; data: string }[]).filter((n) => n.type === 'SALE_CREATED' && JSON.parse(n.data).uuid === saleUuid);
}

describe('quoteCheckout', () => {
  it('prices a schedule without a code, with every schedule and the methods the school accepts', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 199 }, { type: 'INSTALLMENTS', price: 70, installments_count: 3 }]);
    const answer = await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: training.uuid, payment_schedule_id: training.schedules[1] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      buyable: { type: 'TRAINING', uuid: training.uuid, name: 'Formation à vendre' },
      payment_schedule: { id: training.schedules[1], type: 'INSTALLMENTS', installments_count: 3 },
      discount_code: null,
      discount_amount: 0,
      total: 210,
      first_payment_amount: 70,
      installments: [70, 70, 70],
      payment_methods: ['CARD', 'PAYPAL'],
    });
    expect(answer.body.payment_schedules.map((s: { id: number }) => s.id)).toEqual(training.schedules);
  });

  it('applies a promo code whatever its case, spreading it over the instalments (remainder first)', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'INSTALLMENTS', price: 33.33, installments_count: 3 }]);
    await promoCode(shop, { code: 'Moins10', type: 'AMOUNT', value: 10 });
    const answer = await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: training.uuid, payment_schedule_id: training.schedules[0], discount_code: 'mOINS10' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ discount_code: 'Moins10', discount_amount: 10, total: 89.99, first_payment_amount: 30.01, installments: [30.01, 29.99, 29.99] });
  });

  it('refuses an unusable code on its field: unknown, not started, ended, used up, meant for another offer, on a subscription', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 50 }, { type: 'SUBSCRIPTION', price: 9, frequency: 'MONTHLY' }]);
    const other = await sellTraining(shop);
    const hour = 3_600_000;
    await promoCode(shop, { code: 'FUTUR', type: 'PERCENTAGE', value: 10, starts_at: new Date(Date.now() + hour).toISOString() });
    await promoCode(shop, { code: 'FINI', type: 'PERCENTAGE', value: 10, ends_at: new Date(Date.now() - hour).toISOString() });
    await promoCode(shop, { code: 'AILLEURS', type: 'PERCENTAGE', value: 10, buyables: [{ type: 'TRAINING', uuid: other.uuid }] });
    await promoCode(shop, { code: 'UNEFOIS', type: 'PERCENTAGE', value: 10, max_uses: 1 });
    await promoCode(shop, { code: 'ABO', type: 'PERCENTAGE', value: 10 });
    const bought = await buy(shop, order(training, { discount_code: 'UNEFOIS' }));
    expect(bought.status, bought.text).toBe(201);
    const base = { buyable_type: 'TRAINING', buyable_uuid: training.uuid, payment_schedule_id: training.schedules[0] };
    for (const code of ['INCONNU', 'FUTUR', 'FINI', 'AILLEURS', 'UNEFOIS']) {
      const body = refusal(await quote(shop, { ...base, discount_code: code }), 422, 'VALIDATION_FAILED');
      expect(body.errors?.discount_code, code).toEqual(["Ce code promo n'est pas utilisable (inconnu, expiré, épuisé ou non valable pour cette offre)."]);
    }
    const subscription = refusal(await quote(shop, { ...base, payment_schedule_id: training.schedules[1], discount_code: 'ABO' }), 422, 'VALIDATION_FAILED');
    expect(subscription.errors?.discount_code).toEqual(["Les codes promo ne s'appliquent pas aux abonnements."]);
    // The targeted code does apply to its own training.
    const meant = await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: other.uuid, payment_schedule_id: other.schedules[0], discount_code: 'ailleurs' });
    expect(meant.status, meant.text).toBe(200);
    expect(meant.body.total).toBe(90);
  });

  it('answers every learner message: unavailable, registration closed, enrollment closed, training full', async () => {
    const shop = await freshShop();
    const quoteOf = (t: { uuid: string; schedules: number[] }) => quote(shop, { buyable_type: 'TRAINING', buyable_uuid: t.uuid, payment_schedule_id: t.schedules[0] });
    for (const status of ['DRAFT', 'HIDDEN', 'PRE_LAUNCH']) {
      const body = refusal(await quoteOf(await sellTraining(shop, { status })), 404, 'NOT_FOUND');
      expect(body.message, status).toBe('Cette formation ou ce pack est introuvable ou indisponible.');
    }
    for (const status of ['PRE_SALE', 'UNLISTED']) expect((await quoteOf(await sellTraining(shop, { status }))).status, status).toBe(200);
    expect(refusal(await quoteOf(await sellTraining(shop, { status: 'CLOSED' })), 403, 'REGISTRATION_CLOSED').message).toBe('Les inscriptions à cette formation sont fermées.');
    const ended = await sellTraining(shop, { enrollment_ends_at: new Date(Date.now() - 60_000).toISOString() });
    expect(refusal(await quoteOf(ended), 403, 'ENROLLMENT_CLOSED').message).toBe("La période d'inscription à cette formation est terminée.");
    const small = await sellTraining(shop, { max_customers: 1 });
    expect((await buy(shop, order(small))).status).toBe(201);
    expect(refusal(await quoteOf(small), 403, 'TRAINING_FULL').message).toBe('Cette formation est complète : plus aucune place disponible.');
    expect(refusal(await buy(shop, order(small)), 403, 'TRAINING_FULL').message).toBe('Cette formation est complète : plus aucune place disponible.');
  });

  it("answers 404 for another store's training or bundle, and 422 for a schedule of another offer or bad input", async () => {
    const shop = await freshShop();
    const other = await freshShop();
    const theirs = await sellTraining(other);
    const mine = await sellTraining(shop);
    const theirBundle = await sellBundle(other, [theirs.uuid]);
    expect((await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: theirs.uuid, payment_schedule_id: theirs.schedules[0] })).status).toBe(404);
    expect((await quote(shop, { buyable_type: 'BUNDLE', buyable_uuid: theirBundle.uuid, payment_schedule_id: theirBundle.schedules[0] })).status).toBe(404);
    expect((await buy(shop, order(theirs))).status).toBe(404);
    // A training's uuid named as a bundle is not found either.
    expect((await quote(shop, { buyable_type: 'BUNDLE', buyable_uuid: mine.uuid, payment_schedule_id: mine.schedules[0] })).status).toBe(404);
    const wrongSchedule = refusal(await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: mine.uuid, payment_schedule_id: theirs.schedules[0] }), 422, 'VALIDATION_FAILED');
    expect(Object.keys(wrongSchedule.errors ?? {})).toEqual(['payment_schedule_id']);
    for (const body of [
      {},
      { buyable_type: 'COURSE', buyable_uuid: mine.uuid, payment_schedule_id: mine.schedules[0] },
      { buyable_type: 'TRAINING', buyable_uuid: 'not-a-uuid', payment_schedule_id: 1 },
      { buyable_type: 'TRAINING', buyable_uuid: mine.uuid, payment_schedule_id: 0 },
      { buyable_type: 'TRAINING', buyable_uuid: mine.uuid, payment_schedule_id: mine.schedules[0], discount_code: '' },
      { buyable_type: 'TRAINING', buyable_uuid: mine.uuid, payment_schedule_id: mine.schedules[0], extra: 1 },
    ]) {
      expect((await quote(shop, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await api('POST', school('no-such-school-here', '/checkout/quote'), { body: {} })).status).toBe(404);
  });
});

describe('checkout', () => {
  it('refuses bad input on its fields: terms, e-mail, names, billing address, missing payment method', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop);
    const fields = async (body: Record<string, unknown>) => Object.keys(refusal(await buy(shop, body), 422, 'VALIDATION_FAILED').errors ?? {});
    expect(await fields(order(training, { accept_terms: false }))).toContain('accept_terms');
    expect(await fields(order(training, { email: 'pas-une-adresse' }))).toContain('email');
    expect(await fields(order(training, { firstname: '   ' }))).toEqual(['firstname']);
    expect(await fields(order(training, { billing_address: { ...BILLING, country: 'France' } }))).toContain('billing_address.country');
    expect(await fields(order(training, { billing_address: undefined }))).toEqual(['billing_address']);
    const missing = refusal(await buy(shop, order(training, { payment_method: undefined })), 422, 'VALIDATION_FAILED');
    expect(missing.errors).toEqual({ payment_method: ['Choisissez un moyen de paiement.'] });
  });

  it('answers 422 NO_STRIPE_TOKEN_DEFINED when the school has no payment provider, and quotes no method', async () => {
    const shop = await freshShop({ testPayments: false });
    const training = await sellTraining(shop);
    const quoted = await quote(shop, { buyable_type: 'TRAINING', buyable_uuid: training.uuid, payment_schedule_id: training.schedules[0] });
    expect(quoted.body.payment_methods).toEqual([]);
    refusal(await buy(shop, order(training)), 422, 'NO_STRIPE_TOKEN_DEFINED');
    // The test provider's page is closed to this school too.
    const free = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 0 }]);
    const bought = await buy(shop, order(free, { payment_method: undefined }));
    expect(bought.status, bought.text).toBe(201);
    expect((await settle(shop, bought.body.uuid, 'PAID')).status).toBe(404);
  });

  it('enrols at once on a zero total (FREE, no provider), creating the learner with an activation e-mail', async () => {
    const shop = await freshShop({ testPayments: false });
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 0 }]);
    const body = order(training, { payment_method: undefined, billing_address: undefined });
    const answer = await buy(shop, body);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ status: 'PAID', total: 0, payment_method: 'FREE', payment_url: null, account_activation_required: true });
    expect((await learnerRow(shop, training.uuid, body.email))?.customer_type).toBe('STUDENT');
    expect(await saleNotifications(shop, answer.body.uuid)).toHaveLength(1);
    const link = await latestMail(body.email, 'LEARNER_ACTIVATION');
    expect(link.pathname).toBe(`/ecole/${shop.subdomain}/activation`);
    // A 100 % code makes a paying offer free too.
    const paying = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 40 }]);
    await promoCode(shop, { code: 'OFFERT', type: 'PERCENTAGE', value: 100 });
    const offered = await buy(shop, order(paying, { discount_code: 'OFFERT', payment_method: undefined }));
    expect(offered.body).toMatchObject({ status: 'PAID', total: 0, payment_method: 'FREE' });
  });

  it('pays with the test provider: PAID, enrolled, SALE_CREATED once; the same outcome again changes nothing', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'ONE_TIME', price: 120 }]);
    const body = order(training);
    const created = await buy(shop, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', total: 120, payment_method: 'CARD', test_mode: true, payments: [{ amount: 120, status: 'DRAFT' }] });
    expect(created.body.payment_url).toBe(`/ecole/${shop.subdomain}/paiement-test/${created.body.uuid}`);
    expect((await learnerRow(shop, training.uuid, body.email))).toBeUndefined();

    const paid = await settle(shop, created.body.uuid, 'PAID');
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', payments: [{ amount: 120, status: 'PAID' }] });
    expect((await learnerRow(shop, training.uuid, body.email))?.customer_type).toBe('STUDENT');
    expect(await saleNotifications(shop, created.body.uuid)).toHaveLength(1);

    const again = await settle(shop, created.body.uuid, 'PAID');
    expect(again.body.status).toBe('PAID');
    const late = await settle(shop, created.body.uuid, 'FAILED');
    expect(late.body.status).toBe('PAID');
    expect(await saleNotifications(shop, created.body.uuid)).toHaveLength(1);
    expect((await readOrder(shop, created.body.uuid)).body.status).toBe('PAID');
    // The learner now follows it: buying again is refused.
    expect(refusal(await buy(shop, order(training, { email: body.email })), 403, 'ALREADY_ENROLLED').message).toBe('Vous suivez déjà cette formation.');
  });

  it('fails with the test provider: FAILED, not enrolled, and the promo-code use is given back', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop);
    await promoCode(shop, { code: 'SEUL', type: 'PERCENTAGE', value: 20, max_uses: 1 });
    const first = await buy(shop, order(training, { discount_code: 'seul' }));
    expect(first.status, first.text).toBe(201);
    expect(first.body.total).toBe(80);
    // The use is held by the unpaid order.
    expect((await buy(shop, order(training, { discount_code: 'SEUL' }))).status).toBe(422);
    const failed = await settle(shop, first.body.uuid, 'FAILED');
    expect(failed.body).toMatchObject({ status: 'FAILED', payments: [{ status: 'FAILED' }] });
    expect((await readOrder(shop, first.body.uuid)).body.status).toBe('FAILED');
    const second = await buy(shop, order(training, { discount_code: 'SEUL' }));
    expect(second.status, second.text).toBe(201);
    expect(second.body.total).toBe(80);
  });

  it('abandons with the test provider: ABANDONED and the learner shows as an abandoned cart', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, { max_customers: 1 });
    const body = order(training);
    const created = await buy(shop, body);
    const abandoned = await settle(shop, created.body.uuid, 'ABANDONED');
    expect(abandoned.body.status).toBe('ABANDONED');
    expect((await learnerRow(shop, training.uuid, body.email))?.customer_type).toBe('ABANDONED_CART');
    // The seat is free again.
    expect((await buy(shop, order(training))).status).toBe(201);
  });

  it('pays instalments: three payments, the first PAID, the others INCOMING a month apart; the sale is IN_PROGRESS', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, {}, [{ type: 'INSTALLMENTS', price: 50, installments_count: 3 }]);
    await promoCode(shop, { code: 'DIX', type: 'PERCENTAGE', value: 10 });
    const created = await buy(shop, order(training, { discount_code: 'DIX', payment_method: 'PAYPAL' }));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ total: 135, payment_method: 'PAYPAL' });
    expect(created.body.payments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [45, 'DRAFT'],
      [45, 'INCOMING'],
      [45, 'INCOMING'],
    ]);
    const paid = await settle(shop, created.body.uuid, 'PAID');
    expect(paid.body.status).toBe('IN_PROGRESS');
    expect(paid.body.payments.map((p: { status: string }) => p.status)).toEqual(['PAID', 'INCOMING', 'INCOMING']);
    const due = paid.body.payments.map((p: { due_at: string }) => new Date(p.due_at));
    expect(due[1].getUTCMonth()).toBe((due[0].getUTCMonth() + 1) % 12);
    expect(due[2].getUTCMonth()).toBe((due[0].getUTCMonth() + 2) % 12);
  });

  it('uses the signed-in learner (their token wins over the body) and lets them come back to a pending order', async () => {
    const shop = await freshShop();
    const training = await sellTraining(shop, { max_customers: 1 });
    const email = `learner-${Date.now()}@example.test`;
    const registered = await api('POST', school(shop.subdomain, '/register'), { body: { email, password: 'learner-password-1', firstname: 'Léo' } });
    expect(registered.status, registered.text).toBe(201);
    const token = registered.body.token as string;
    const first = await buy(shop, order(training, { email: 'someone-else@example.test' }), token);
    expect(first.status, first.text).toBe(201);
    expect(first.body.account_activation_required).toBe(true);
    // Back from a closed payment tab: their own hold on the only seat does not turn them away.
    const second = await buy(shop, order(training, { email: 'someone-else@example.test' }), token);
    expect(second.status, second.text).toBe(201);
    expect((await readOrder(shop, first.body.uuid)).body.status).toBe('ABANDONED');
    await settle(shop, second.body.uuid, 'PAID');
    expect((await learnerRow(shop, training.uuid, email))?.customer_type).toBe('STUDENT');
    expect(await learnerRow(shop, training.uuid, 'someone-else@example.test')).toBeUndefined();
  });

  it('sells a bundle: a seat held in each of its trainings, every training opened once paid', async () => {
    const shop = await freshShop();
    const small = await sellTraining(shop, { max_customers: 1 });
    const large = await sellTraining(shop);
    const bundle = await sellBundle(shop, [small.uuid, large.uuid]);
    const body = order(bundle, { buyable_type: 'BUNDLE' });
    const created = await buy(shop, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body.buyable).toEqual({ type: 'BUNDLE', uuid: bundle.uuid, name: 'Pack à vendre' });
    refusal(await buy(shop, order(small)), 403, 'TRAINING_FULL');
    await settle(shop, created.body.uuid, 'PAID');
    expect((await learnerRow(shop, small.uuid, body.email))?.customer_type).toBe('STUDENT');
    expect((await learnerRow(shop, large.uuid, body.email))?.customer_type).toBe('STUDENT');
  });
});

describe('getCheckoutOrder and completeTestPayment', () => {
  it("answer 404 for another school's order or an unknown one", async () => {
    const shop = await freshShop();
    const other = await freshShop();
    const created = await buy(shop, order(await sellTraining(shop)));
    expect((await readOrder(other, created.body.uuid)).status).toBe(404);
    expect((await settle(other, created.body.uuid, 'PAID')).status).toBe(404);
    expect((await readOrder(shop, '00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    expect((await settle(shop, '00000000-0000-4000-8000-00000000abcd', 'PAID')).status).toBe(404);
    expect((await api('POST', school(shop.subdomain, `/test-payments/${created.body.uuid}`), { body: { outcome: 'REFUNDED' } })).status).toBe(422);
    expect((await readOrder(shop, created.body.uuid)).body.status).toBe('DRAFT');
  });
});
