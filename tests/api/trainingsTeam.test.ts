import { beforeAll, describe, expect, it } from 'vitest';
import { rolesAllow } from '../../server/policies/policy';
import { api, login, operations } from './client';
import { checked, createTraining, DEMO, freshStore, invalidFields, UNKNOWN_UUID } from './trainingsSupport';

type Ref = { uuid: string; display_name: string };
const meOf = async (token: string) => (await api('GET', '/users/me', { token })).body as { uuid: string; display_name: string };

describe('POST and DELETE /trainings/{trainingUuid}/authors', () => {
  let owner: string;
  let teacher: string;
  let team: { owner: string; admin: string; analyst: string };
  let uuid: string;
  beforeAll(async () => {
    owner = await login('owner@demo.test');
    teacher = await login('teacher@demo.test');
    team = {
      owner: (await meOf(owner)).uuid,
      admin: (await meOf(await login('admin@demo.test'))).uuid,
      analyst: (await meOf(await login('analyst@demo.test'))).uuid,
    };
    uuid = (await createTraining(owner, 'Auteurs de la démo')).uuid;
  });
  const add = (body: unknown, training = uuid, token = teacher) => checked('addTrainingAuthors', 'POST', `/trainings/${training}/authors`, { token, body });
  const remove = (body: unknown, training = uuid, token = teacher) =>
    checked('removeTrainingAuthors', 'DELETE', `/trainings/${training}/authors`, { token, body });

  it('adds team members of any role in the order sent, harmlessly twice, and answers every author', async () => {
    const first = await add({ user_uuids: [team.analyst, team.owner] });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((a: Ref) => a.display_name)).toEqual(['Anna Démo', 'Olivia Démo']);
    const again = await add({ user_uuids: [team.admin, team.owner] });
    expect(again.body.data.map((a: Ref) => a.uuid)).toEqual([team.analyst, team.owner, team.admin]);
    const training = await checked('getTraining', 'GET', `/trainings/${uuid}`, { token: owner });
    expect(training.body.authors).toEqual(again.body.data);
  });

  it('removes the authors sent, leaves a team member who is not an author alone, and answers the rest', async () => {
    const answer = await remove({ user_uuids: [team.analyst] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((a: Ref) => a.uuid)).toEqual([team.owner, team.admin]);
    expect((await remove({ user_uuids: [team.analyst] })).body.data).toHaveLength(2);
  });

  it('refuses users of another store and unknown users with 422 naming them, and changes nothing', async () => {
    const stranger = await freshStore();
    const before = (await checked('getTraining', 'GET', `/trainings/${uuid}`, { token: owner })).body.authors;
    expect(invalidFields(await add({ user_uuids: [team.analyst, stranger.userUuid] }))).toEqual(['user_uuids.1']);
    expect(invalidFields(await add({ user_uuids: [UNKNOWN_UUID] }))).toEqual(['user_uuids.0']);
    expect(invalidFields(await remove({ user_uuids: [team.owner, stranger.userUuid] }))).toEqual(['user_uuids.1']);
    expect((await checked('getTraining', 'GET', `/trainings/${uuid}`, { token: owner })).body.authors).toEqual(before);
  });

  it.each([
    ['no list', {}, ['user_uuids']],
    ['an empty list', { user_uuids: [] }, ['user_uuids']],
    ['a uuid twice', { user_uuids: [UNKNOWN_UUID, UNKNOWN_UUID] }, ['user_uuids']],
    ['a malformed uuid', { user_uuids: ['olivia'] }, ['user_uuids.0']],
    ['51 uuids', { user_uuids: Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, ['user_uuids']],
  ])('refuses %s with 422 on both operations', async (_label, body, fields) => {
    expect(invalidFields(await add(body))).toEqual(fields);
    expect(invalidFields(await remove(body))).toEqual(fields);
  });

  it("answers 404 for another store's training", async () => {
    const stranger = await freshStore();
    expect((await add({ user_uuids: [stranger.userUuid] }, DEMO.photo, stranger.token)).status).toBe(404);
    expect((await remove({ user_uuids: [stranger.userUuid] }, DEMO.photo, stranger.token)).status).toBe(404);
  });
});

describe('POST and DELETE /trainings/{trainingUuid}/payment_schedules', () => {
  let token: string;
  let uuid: string;
  beforeAll(async () => {
    ({ token } = await freshStore());
    uuid = (await createTraining(token, 'Tarifs')).uuid;
  });
  const add = (body: unknown, training = uuid, as = token) =>
    checked('createTrainingPaymentSchedule', 'POST', `/trainings/${training}/payment_schedules`, { token: as, body });
  const remove = (id: number | string, training = uuid, as = token) =>
    checked('deleteTrainingPaymentSchedule', 'DELETE', `/trainings/${training}/payment_schedules/${id}`, { token: as });
  const training = async () => (await checked('getTraining', 'GET', `/trainings/${uuid}`, { token })).body;
  const summary = async () => (await checked('listTrainings', 'GET', '/trainings', { token })).body.data[0];

  it('adds schedules in order; the price shown is the first one, in the training and in the list', async () => {
    const once = await add({ type: 'ONE_TIME', price: 99.9 });
    expect(once.status, once.text).toBe(201);
    expect(once.body).toMatchObject({ type: 'ONE_TIME', price: 99.9, installments_count: null, frequency: null, total_price: 99.9 });
    const three = await add({ type: 'INSTALLMENTS', price: 33.33, installments_count: 3 });
    expect(three.body).toMatchObject({ type: 'INSTALLMENTS', installments_count: 3, total_price: 99.99 });
    const monthly = await add({ type: 'SUBSCRIPTION', price: 19, frequency: 'MONTHLY' });
    expect(monthly.body).toMatchObject({ frequency: 'MONTHLY', total_price: 19 });
    expect((await training()).payment_schedules.map((s: { id: number }) => s.id)).toEqual([once.body.id, three.body.id, monthly.body.id]);
    expect((await training()).price).toBe(99.9);
    expect((await summary()).price).toBe(99.9);

    expect((await remove(once.body.id)).status).toBe(204);
    expect((await training()).price).toBe(33.33);
    expect((await summary()).price).toBe(33.33);
    await remove(three.body.id);
    await remove(monthly.body.id);
    expect((await training()).price).toBeNull();
    expect((await summary()).price).toBeNull();
  });

  it('shows 0 for a free training, null for one without any schedule', async () => {
    const free = await add({ type: 'ONE_TIME', price: 0 });
    expect((await training()).price).toBe(0);
    expect((await summary()).price).toBe(0);
    await remove(free.body.id);
  });

  it.each([
    ['instalments without their number', { type: 'INSTALLMENTS', price: 30 }, ['installments_count']],
    ['a one-time payment with a number of instalments', { type: 'ONE_TIME', price: 30, installments_count: 3 }, ['installments_count']],
    ['a subscription without frequency', { type: 'SUBSCRIPTION', price: 30 }, ['frequency']],
    ['free instalments', { type: 'INSTALLMENTS', price: 0, installments_count: 2 }, ['price']],
    ['a negative price', { type: 'ONE_TIME', price: -1 }, ['price']],
    ['fractions of cents', { type: 'ONE_TIME', price: 10.005 }, ['price']],
    ['25 instalments', { type: 'INSTALLMENTS', price: 10, installments_count: 25 }, ['installments_count']],
    ['an unknown type', { type: 'WEEKLY', price: 10 }, ['type']],
    ['no price', { type: 'ONE_TIME' }, ['price']],
  ])('refuses %s with 422', async (_label, body, fields) => {
    expect(invalidFields(await add(body))).toEqual(fields);
  });

  it("answers 404 for an unknown schedule, another training's schedule and another store's training", async () => {
    const other = await createTraining(token, 'Autre');
    const theirs = await add({ type: 'ONE_TIME', price: 5 }, other.uuid);
    expect((await remove(theirs.body.id)).status).toBe(404);
    expect((await remove(2_147_483_648)).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect(invalidFields(await remove('abc'))).toEqual(['paymentScheduleId']);
    const stranger = await freshStore();
    expect((await add({ type: 'ONE_TIME', price: 5 }, other.uuid, stranger.token)).status).toBe(404);
    expect((await remove(theirs.body.id, other.uuid, stranger.token)).status).toBe(404);
    expect((await checked('getTraining', 'GET', `/trainings/${other.uuid}`, { token })).body.price).toBe(5);
  });
});

/** Every trainings operation of this area, with how to call it on a training of the demo store. */
const WRITES = [
  'createTraining',
  'reorderTrainings',
  'updateTraining',
  'deleteTraining',
  'duplicateTraining',
  'updateTrainingFeedbackOptions',
  'updateTrainingSeo',
  'addTrainingAuthors',
  'removeTrainingAuthors',
  'createTrainingPaymentSchedule',
  'deleteTrainingPaymentSchedule',
];
const READS = ['listTrainings', 'countTrainings', 'getTraining'];

describe('roles', () => {
  it('lets OWNER, ADMIN and TEACHER edit, and ANALYST and STAFF only read (x-roles, enforced by the binder)', () => {
    for (const id of [...WRITES, ...READS]) {
      const roles = operations.find((o) => o.operationId === id)!.roles;
      for (const role of ['OWNER', 'ADMIN', 'TEACHER']) expect(rolesAllow(roles, { role, isAdmin: false }), `${id} ${role}`).toBe(true);
      for (const role of ['ANALYST', 'STAFF']) expect(rolesAllow(roles, { role, isAdmin: false }), `${id} ${role}`).toBe(READS.includes(id));
    }
  });

  it.each(['owner', 'admin', 'teacher'])('%s@demo.test runs every operation of the demo store', async (who) => {
    const token = await login(`${who}@demo.test`);
    const me = await meOf(token);
    const created = await createTraining(token, `Essai ${who}`);
    const path = `/trainings/${created.uuid}`;
    const expectStatus = async (status: number, id: string, method: string, url: string, body?: unknown) => {
      const answer = await checked(id, method, url, { token, body });
      expect(answer.status, `${id}: ${answer.text}`).toBe(status);
      return answer;
    };
    await expectStatus(200, 'listTrainings', 'GET', '/trainings?per_page=100');
    await expectStatus(200, 'countTrainings', 'GET', '/trainings/count');
    await expectStatus(200, 'getTraining', 'GET', path);
    await expectStatus(200, 'updateTraining', 'PUT', path, { summary: `Modifiée par ${who}` });
    await expectStatus(200, 'reorderTrainings', 'PUT', '/trainings/reordering', { trainings: [{ uuid: created.uuid, order: created.position }] });
    await expectStatus(200, 'updateTrainingFeedbackOptions', 'PUT', `${path}/feedback_options`, { enabled: true });
    await expectStatus(200, 'updateTrainingSeo', 'PUT', `${path}/seo`, { title: 'SEO' });
    await expectStatus(200, 'addTrainingAuthors', 'POST', `${path}/authors`, { user_uuids: [me.uuid] });
    await expectStatus(200, 'removeTrainingAuthors', 'DELETE', `${path}/authors`, { user_uuids: [me.uuid] });
    const schedule = await expectStatus(201, 'createTrainingPaymentSchedule', 'POST', `${path}/payment_schedules`, { type: 'ONE_TIME', price: 20 });
    await expectStatus(204, 'deleteTrainingPaymentSchedule', 'DELETE', `${path}/payment_schedules/${schedule.body.id}`);
    const copy = await expectStatus(201, 'duplicateTraining', 'POST', `${path}/duplication`);
    await expectStatus(204, 'deleteTraining', 'DELETE', `/trainings/${copy.body.uuid}`);
    await expectStatus(204, 'deleteTraining', 'DELETE', path);
  });

  it('answers 403 to every write by analyst@demo.test and changes nothing', async () => {
    const owner = await login('owner@demo.test');
    const analyst = await login('analyst@demo.test');
    const target = await createTraining(owner, 'Lecture seule');
    const schedule = await checked('createTrainingPaymentSchedule', 'POST', `/trainings/${target.uuid}/payment_schedules`, {
      token: owner,
      body: { type: 'ONE_TIME', price: 30 },
    });
    const before = (await checked('getTraining', 'GET', `/trainings/${target.uuid}`, { token: analyst })).body;
    const path = `/trainings/${target.uuid}`;
    const me = await meOf(analyst);
    const calls: [string, string, string, unknown?][] = [
      ['createTraining', 'POST', '/trainings', { name: 'Non' }],
      ['reorderTrainings', 'PUT', '/trainings/reordering', { trainings: [{ uuid: target.uuid, order: 0 }] }],
      ['updateTraining', 'PUT', path, { name: 'Non' }],
      ['deleteTraining', 'DELETE', path],
      ['duplicateTraining', 'POST', `${path}/duplication`],
      ['updateTrainingFeedbackOptions', 'PUT', `${path}/feedback_options`, { enabled: true }],
      ['updateTrainingSeo', 'PUT', `${path}/seo`, { title: 'Non' }],
      ['addTrainingAuthors', 'POST', `${path}/authors`, { user_uuids: [me.uuid] }],
      ['removeTrainingAuthors', 'DELETE', `${path}/authors`, { user_uuids: [me.uuid] }],
      ['createTrainingPaymentSchedule', 'POST', `${path}/payment_schedules`, { type: 'ONE_TIME', price: 1 }],
      ['deleteTrainingPaymentSchedule', 'DELETE', `${path}/payment_schedules/${schedule.body.id}`],
    ];
    expect(calls.map((c) => c[0]).sort()).toEqual([...WRITES].sort());
    for (const [id, method, url, body] of calls) {
      const answer = await checked(id, method, url, { token: analyst, body });
      expect(answer.status, id).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    const after = (await checked('getTraining', 'GET', path, { token: analyst })).body;
    expect(after).toEqual(before);
    expect((await checked('listTrainings', 'GET', '/trainings', { token: analyst })).status).toBe(200);
    expect((await checked('countTrainings', 'GET', '/trainings/count', { token: analyst })).status).toBe(200);
    await checked('deleteTraining', 'DELETE', path, { token: owner });
  });
});

describe('the demo catalogue', () => {
  it('has a training in each typical state, with one-time and three-instalment prices and the team as authors', async () => {
    const token = await login('analyst@demo.test');
    const listed = (await checked('listTrainings', 'GET', '/trainings?per_page=100', { token })).body.data as { uuid: string; status: string }[];
    const statuses = new Set(listed.map((t) => t.status));
    for (const status of ['PUBLISHED', 'PRE_SALE', 'DRAFT', 'UNLISTED']) expect(statuses, status).toContain(status);
    const photo = (await checked('getTraining', 'GET', `/trainings/${DEMO.photo}`, { token })).body;
    expect(photo.payment_schedules.map((s: { type: string; installments_count: number | null }) => [s.type, s.installments_count])).toEqual([
      ['ONE_TIME', null],
      ['INSTALLMENTS', 3],
    ]);
    expect(photo.authors).toHaveLength(2);
  });

  it('holds every lesson the demo notifications point to, under the name they give', async () => {
    const token = await login('owner@demo.test');
    const pages = [await api('GET', '/users/me/notifications', { token }), await api('GET', '/users/me/notifications?page=2', { token })];
    const links = pages
      .flatMap((page) => page.body.data as { data: string; text: string }[])
      .map((n) => ({ data: JSON.parse(n.data) as { training_uuid?: string; training_item_id?: number }, text: n.text }))
      .filter((n) => n.data.training_uuid && n.data.training_item_id);
    expect(links.length).toBeGreaterThan(0);
    for (const { data, text } of links) {
      const training = await checked('getTraining', 'GET', `/trainings/${data.training_uuid}`, { token });
      expect(training.status, text).toBe(200);
      type Node = { id: number; name: string; children: Node[] };
      const item = (training.body.items as Node[]).flatMap((s) => [s, ...s.children]).find((n) => n.id === data.training_item_id);
      expect(item, text).toBeDefined();
      expect(text).toContain(`« ${item!.name} »`);
    }
  });
});
