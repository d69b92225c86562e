import { beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueEmail } from './client';
import {
  DEMO_PHOTO,
  EDITORS,
  READERS,
  UNKNOWN_UUID,
  addCustomer,
  checked,
  customersPath,
  demoTokens,
  freshTraining,
  invalidFields,
  newTraining,
  type Role,
} from './trainingLearnersSupport';

const list = (token: string | undefined, training: string, query = '') => checked('listTrainingCustomers', 'GET', `${customersPath(training)}${query}`, { token });
const update = (token: string | undefined, training: string, customer: string, body: unknown) =>
  checked('updateTrainingCustomer', 'PUT', `${customersPath(training)}/${customer}`, { token, body });
const remove = (token: string | undefined, training: string, customer: string) =>
  checked('removeTrainingCustomer', 'DELETE', `${customersPath(training)}/${customer}`, { token });
const add = (token: string | undefined, training: string, body: unknown) => checked('addTrainingCustomer', 'POST', customersPath(training), { token, body });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('addTrainingCustomer', () => {
  let token: string;
  let training: string;
  beforeAll(async () => ({ token, training } = await freshTraining('Aquarelle pour débutants')));

  it('creates the customer and enrols them BY_TEACHER', async () => {
    const email = uniqueEmail('eleve');
    const answer = await add(token, training, { email, firstname: ' Léa ', lastname: 'Martin', send_email: true });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      training: { uuid: training, name: 'Aquarelle pour débutants' },
      customer: { email, firstname: 'Léa', lastname: 'Martin', display_name: 'Léa Martin', picture: null },
      customer_type: 'STUDENT',
      blocked_reason: null,
      enrollment_type: 'BY_TEACHER',
      bypass_drip: false,
      progress: 0,
      expires_at: null,
      completed_at: null,
      last_connection_at: null,
    });
    expect(Date.now() - Date.parse(answer.body.enrolled_at)).toBeLessThan(60_000);
  });

  it('names a learner without a name by their e-mail, and keeps bypass_drip and expires_at', async () => {
    const email = uniqueEmail('sans-nom');
    const expires = inDays(30);
    const answer = await add(token, training, { email, bypass_drip: true, expires_at: expires });
    expect(answer.status).toBe(201);
    expect(answer.body.customer).toMatchObject({ firstname: null, lastname: null, display_name: email });
    expect(answer.body).toMatchObject({ bypass_drip: true, expires_at: expires });
  });

  it('answers 409 for a learner already enrolled, whatever the case of the address', async () => {
    const email = uniqueEmail('deux-fois');
    await addCustomer(token, training, { email });
    const again = await add(token, training, { email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(again.body.message).toMatch(/déjà inscrit/);
  });

  it("reuses the store's customer in a second training, keeping the name they already have", async () => {
    const email = uniqueEmail('fidele');
    const first = await addCustomer(token, training, { email, firstname: 'Inès' });
    const other = await newTraining(token, 'Deuxième formation');
    const second = await addCustomer(token, other, { email, firstname: 'Autre' });
    expect(second.customer.uuid).toBe(first.customer.uuid);
    expect(second.customer).toMatchObject({ firstname: 'Inès' });
  });

  it.each([
    ['no e-mail', { firstname: 'Léa' }, ['email']],
    ['a bad e-mail', { email: 'pas-une-adresse' }, ['email']],
    ['an empty first name', { email: 'a@example.test', firstname: '' }, ['firstname']],
    ['a first name of 65 characters', { email: 'a@example.test', firstname: 'x'.repeat(65) }, ['firstname']],
    ['an unknown field', { email: 'a@example.test', role: 'ADMIN' }, ['role']],
    ['an expiry that is not a date', { email: 'a@example.test', expires_at: 'demain' }, ['expires_at']],
    ['an expiry in the past', { email: 'a@example.test', expires_at: inDays(-1) }, ['expires_at']],
  ])('answers 422 for %s', async (_label, body, fields) => {
    expect(invalidFields(await add(token, training, body))).toEqual(fields);
  });

  it('answers 403 when the training is full', async () => {
    const { token: owner, training: small } = await freshTraining();
    const set = await api('PUT', `/trainings/${small}`, { token: owner, body: { max_customers: 1 } });
    expect(set.status, set.text).toBe(200);
    await addCustomer(owner, small, { email: uniqueEmail() });
    const full = await add(owner, small, { email: uniqueEmail() });
    expect(full.status).toBe(403);
    expect(full.body.message).toMatch(/maximum/);
  });

  it("answers 404 for another store's training and for an unknown one", async () => {
    const { token: stranger } = await freshTraining();
    expect((await add(stranger, training, { email: uniqueEmail() })).status).toBe(404);
    expect((await add(token, UNKNOWN_UUID, { email: uniqueEmail() })).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await add(undefined, training, { email: uniqueEmail() })).status).toBe(401);
  });
});

describe('listTrainingCustomers', () => {
  let token: string;
  let training: string;
  beforeAll(async () => {
    ({ token, training } = await freshTraining());
    // Added one after the other: the newest comes first.
    for (const [firstname, lastname] of [
      ['Camille', 'Bernard'],
      ['Manon', 'Dubois'],
      ['Lucas', 'Moreau'],
    ]) {
      await addCustomer(token, training, { email: `${firstname!.toLowerCase()}.${Date.now()}@example.test`, firstname, lastname });
    }
  });

  it('pages the enrolments, newest first, with links that keep the query', async () => {
    const page1 = await list(token, training, '?per_page=2&q=');
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((e: { customer: { firstname: string } }) => e.customer.firstname)).toEqual(['Lucas', 'Manon']);
    expect(page1.body.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page1.body.links.prev).toBeNull();
    const next = new URL(page1.body.links.next);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('per_page')).toBe('2');
    const page2 = await list(token, training, `?${next.searchParams}`);
    expect(page2.body.data.map((e: { customer: { firstname: string } }) => e.customer.firstname)).toEqual(['Camille']);
    expect(page2.body.links.next).toBeNull();
  });

  it.each([
    ['a first name, any case', 'manon', ['Manon']],
    ['a full name', 'lucas mor', ['Lucas']],
    ['part of an e-mail', 'camille.', ['Camille']],
    ['a wildcard typed as text', '%', []],
  ])('searches by %s', async (_label, q, expected) => {
    const answer = await list(token, training, `?q=${encodeURIComponent(q)}`);
    expect(answer.body.data.map((e: { customer: { firstname: string } }) => e.customer.firstname)).toEqual(expected);
  });

  it('filters by customer type', async () => {
    const students = await list(token, training, '?type=STUDENT');
    expect(students.body.meta.total).toBe(3);
    const target = students.body.data[0].customer.uuid as string;
    expect((await update(token, training, target, { blocked: true })).status).toBe(200);
    const blocked = await list(token, training, '?type=BLOCKED');
    expect(blocked.body.data.map((e: { customer: { uuid: string }; blocked_reason: string }) => [e.customer.uuid, e.blocked_reason])).toEqual([
      [target, 'BY_TEACHER'],
    ]);
    expect((await list(token, training, '?type=STUDENT')).body.meta.total).toBe(2);
    expect((await list(token, training, '?type=ABANDONED_CART')).body.meta.total).toBe(0);
  });

  it('answers 422 for a bad type, page or per_page', async () => {
    expect(invalidFields(await list(token, training, '?type=VIP'))).toEqual(['type']);
    expect(invalidFields(await list(token, training, '?page=0'))).toEqual(['page']);
    expect(invalidFields(await list(token, training, '?per_page=101'))).toEqual(['per_page']);
  });

  it('answers an empty page past the end', async () => {
    const answer = await list(token, training, '?page=9');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(new URL(answer.body.links.prev).searchParams.get('page')).toBe('1');
  });

  it("answers 404 for another store's training", async () => {
    const { token: stranger } = await freshTraining();
    expect((await list(stranger, training)).status).toBe(404);
  });

  it('lists the seeded learners of the demo training: twelve learners and one abandoned cart', async () => {
    const { owner } = await demoTokens();
    const all = await list(owner, DEMO_PHOTO, '?per_page=100');
    expect(all.body.meta.total).toBeGreaterThanOrEqual(13);
    const cart = await list(owner, DEMO_PHOTO, '?type=ABANDONED_CART');
    expect(cart.body.data.map((e: { customer: { display_name: string } }) => e.customer.display_name)).toContain('Clara Petitjean');
    const done = all.body.data.filter((e: { completed_at: string | null; progress: number }) => e.completed_at);
    expect(done.every((e: { progress: number }) => e.progress === 100)).toBe(true);
  });
});

describe('updateTrainingCustomer', () => {
  let token: string;
  let training: string;
  let customer: string;
  beforeAll(async () => {
    ({ token, training } = await freshTraining());
    customer = (await addCustomer(token, training, { email: uniqueEmail('bloque') })).customer.uuid;
  });

  it('blocks BY_TEACHER and gives access back', async () => {
    const blocked = await update(token, training, customer, { blocked: true });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body).toMatchObject({ customer_type: 'BLOCKED', blocked_reason: 'BY_TEACHER' });
    const back = await update(token, training, customer, { blocked: false });
    expect(back.body).toMatchObject({ customer_type: 'STUDENT', blocked_reason: null });
  });

  it('opens every item and moves or removes the end of access', async () => {
    const expires = inDays(10);
    const answer = await update(token, training, customer, { bypass_drip: true, expires_at: expires });
    expect(answer.body).toMatchObject({ bypass_drip: true, expires_at: expires, customer_type: 'STUDENT' });
    const cleared = await update(token, training, customer, { expires_at: null });
    expect(cleared.body.expires_at).toBeNull();
    const listed = await list(token, training);
    expect(listed.body.data[0]).toMatchObject({ bypass_drip: true, expires_at: null });
  });

  it.each([
    ['an empty body', {}, ['body']],
    ['blocked as text', { blocked: 'yes' }, ['blocked']],
    ['an unknown field', { customer_type: 'STUDENT' }, ['customer_type']],
    ['an expiry in the past', { expires_at: inDays(-2) }, ['expires_at']],
  ])('answers 422 for %s', async (_label, body, fields) => {
    expect(invalidFields(await update(token, training, customer, body))).toEqual(fields);
  });

  it('answers 404 for a customer not enrolled, and for another store', async () => {
    expect((await update(token, training, UNKNOWN_UUID, { blocked: true })).status).toBe(404);
    const { token: stranger, training: theirs } = await freshTraining();
    expect((await update(stranger, training, customer, { blocked: true })).status).toBe(404);
    // Their own training, but our customer: not enrolled there either.
    expect((await update(stranger, theirs, customer, { blocked: true })).status).toBe(404);
  });
});

describe('removeTrainingCustomer', () => {
  it('removes the enrolment, keeps the customer, and lets them be added again', async () => {
    const { token, training } = await freshTraining();
    const email = uniqueEmail('retire');
    const { customer } = await addCustomer(token, training, { email, firstname: 'Hugo' });
    const removed = await remove(token, training, customer.uuid);
    expect(removed.status, removed.text).toBe(204);
    expect((await list(token, training)).body.meta.total).toBe(0);
    expect((await remove(token, training, customer.uuid)).status).toBe(404);
    const back = await addCustomer(token, training, { email });
    expect(back.customer.uuid).toBe(customer.uuid);
  });

  it("answers 404 for another store's training", async () => {
    const { token, training } = await freshTraining();
    const { customer } = await addCustomer(token, training, { email: uniqueEmail() });
    const { token: stranger } = await freshTraining();
    expect((await remove(stranger, training, customer.uuid)).status).toBe(404);
    expect((await list(token, training)).body.meta.total).toBe(1);
  });
});

describe('roles on the learners of a demo-store training', () => {
  let tokens: Awaited<ReturnType<typeof demoTokens>>;
  let training: string;
  beforeAll(async () => {
    tokens = await demoTokens();
    training = await newTraining(tokens.owner, 'Formation des rôles');
  });

  it.each(READERS)('%s reads the list', async (role: Role) => {
    expect((await list(tokens[role], training)).status).toBe(200);
  });

  it.each(EDITORS)('%s adds, updates and removes a learner', async (role: Role) => {
    const token = tokens[role];
    const added = await add(token, training, { email: uniqueEmail(role) });
    expect(added.status, added.text).toBe(201);
    const customer = added.body.customer.uuid;
    expect((await update(token, training, customer, { blocked: true })).status).toBe(200);
    expect((await remove(token, training, customer)).status).toBe(204);
  });

  it('refuses every write to the analyst with 403, and changes nothing', async () => {
    const { customer } = await addCustomer(tokens.owner, training, { email: uniqueEmail('analyse') });
    expect((await add(tokens.analyst, training, { email: uniqueEmail() })).status).toBe(403);
    expect((await update(tokens.analyst, training, customer.uuid, { blocked: true })).status).toBe(403);
    expect((await remove(tokens.analyst, training, customer.uuid)).status).toBe(403);
    const listed = await list(tokens.owner, training, `?q=${encodeURIComponent(customer.email)}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].customer_type).toBe('STUDENT');
  });

  it('answers in English to an English caller', async () => {
    const email = uniqueEmail('en');
    await addCustomer(tokens.owner, training, { email });
    const again = await api('POST', customersPath(training), { token: tokens.owner, body: { email }, headers: { 'accept-language': 'en' } });
    expect(again.body.message).toMatch(/already enrolled/);
  });
});
