import { beforeAll, describe, expect, it } from 'vitest';
import { api, register, uniqueEmail } from './client';
import { addItem } from './trainingItemsSupport';
import { addCustomer, checked, demoTokens, DEMO_PHOTO, newTraining, UNKNOWN_UUID } from './trainingLearnersSupport';

/** The team opens one item for one learner (unblockCustomerTrainingItem) and reads the learner's progress (getCustomerTraining). */
const PASSWORD = 'learner-password-1';
const SECRET = 'contenu-reserve-au-deblocage';
const detailPath = (store: string, customer: string, training: string) => `/stores/${store}/customers/${customer}/trainings/${training}`;
const unblockPath = (store: string, customer: string, training: string, item: number) => `${detailPath(store, customer, training)}/training_items/${item}/unblock`;
const lessonPath = (subdomain: string, training: string, item: number) => `/school/stores/${subdomain}/me/trainings/${training}/items/${item}`;

async function learnerIn(subdomain: string, ownerToken: string, training: string) {
  const email = uniqueEmail('learner');
  const answer = await api('POST', `/school/stores/${subdomain}/register`, { body: { email, password: PASSWORD, firstname: 'Noé' } });
  expect(answer.status, answer.text).toBe(201);
  const enrolment = await addCustomer(ownerToken, training, { email, send_email: false });
  return { token: answer.body.token as string, customer: enrolment.customer.uuid };
}

interface OutlineItem { id: number; locked: boolean; locked_reason: string | null; children: OutlineItem[] }
const flat = (items: OutlineItem[]): OutlineItem[] => items.flatMap((item) => [item, ...flat(item.children)]);

let school: { token: string; store: string; subdomain: string; training: string; section: number; first: number; previous: number; manual: number; dripped: number };

beforeAll(async () => {
  const { token, user } = await register();
  const training = await newTraining(token, 'Déblocage à la main');
  const section = await addItem(token, training, { type: 'SECTION', name: 'Chapitre', draft: false });
  const lesson = (name: string) => addItem(token, training, { type: 'GENERIC', name, parent_id: section, draft: false });
  const first = await lesson('Première');
  const previous = await lesson('Après la première');
  const manual = await lesson('Sur décision de l’équipe');
  const dripped = await lesson('Plus tard dans le goutte-à-goutte');
  const put = async (id: number, body: Record<string, unknown>) => {
    const answer = await api('PUT', `/trainings/${training}/training_items/${id}`, { token, body });
    expect(answer.status, answer.text).toBe(200);
  };
  const secret = [{ id: 'b-secret', type: 'text', data: { html: `<p>${SECRET}</p>` } }];
  await put(previous, { unlock_mode: 'PREVIOUS', blocks: secret });
  await put(manual, { unlock_mode: 'MANUAL', blocks: secret });
  await put(dripped, { blocks: secret });
  expect((await api('PUT', `/trainings/${training}`, { token, body: { drip_frequency: 'MONTHLY' } })).status).toBe(200);
  school = { token, store: user.store.uuid, subdomain: user.store.subdomain, training, section, first, previous, manual, dripped };
});

describe('unblockCustomerTrainingItem', () => {
  it('opens a manual, a previous-lesson and a drip lock for this learner only, and the detail says so', async () => {
    const learner = await learnerIn(school.subdomain, school.token, school.training);
    const peer = await learnerIn(school.subdomain, school.token, school.training);
    const before = await checked('getCustomerTraining', 'GET', detailPath(school.store, learner.customer, school.training), { token: school.token });
    expect(before.status, before.text).toBe(200);
    const itemOf = (body: { items: { item_id: number }[] }, id: number) => body.items.find((item) => item.item_id === id);
    expect(before.body.items.map((item: { item_id: number }) => item.item_id)).toEqual([school.first, school.previous, school.manual, school.dripped]);
    expect(itemOf(before.body, school.manual)).toMatchObject({ blocked: true, blocked_by: 'MANUAL', unblocked_by_teacher: false });
    // The drip (monthly) and the previous lesson both hold: the date comes first in spec 8's order.
    expect(itemOf(before.body, school.previous)).toMatchObject({ blocked: true, blocked_by: 'DATE' });
    expect(itemOf(before.body, school.dripped)).toMatchObject({ blocked: true, blocked_by: 'DATE' });
    expect(before.body.customer_training.customer.uuid).toBe(learner.customer);
    expect(before.body.transactions).toEqual([]);

    for (const item of [school.manual, school.previous, school.dripped]) {
      expect((await api('GET', lessonPath(school.subdomain, school.training, item), { token: learner.token })).status).toBe(403);
      const answer = await checked('unblockCustomerTrainingItem', 'PUT', unblockPath(school.store, learner.customer, school.training, item), { token: school.token });
      expect(answer.status, answer.text).toBe(200);
      expect(itemOf(answer.body, item)).toMatchObject({ blocked: false, blocked_by: null, unblocked_by_teacher: true });
      const lesson = await api('GET', lessonPath(school.subdomain, school.training, item), { token: learner.token });
      expect(lesson.status, lesson.text).toBe(200);
      expect(lesson.text).toContain(SECRET);
    }
    // Twice is the same as once.
    const again = await checked('unblockCustomerTrainingItem', 'PUT', unblockPath(school.store, learner.customer, school.training, school.manual), { token: school.token });
    expect(itemOf(again.body, school.manual)).toMatchObject({ blocked: false, unblocked_by_teacher: true });

    const outline = await api('GET', `/school/stores/${school.subdomain}/me/trainings/${school.training}`, { token: learner.token });
    expect(flat(outline.body.items).filter((item) => item.locked)).toEqual([]);
    // The peer keeps every lock.
    const peerOutline = await api('GET', `/school/stores/${school.subdomain}/me/trainings/${school.training}`, { token: peer.token });
    expect(flat(peerOutline.body.items).find((item) => item.id === school.manual)).toMatchObject({ locked: true, locked_reason: 'MANUAL' });
    expect((await api('GET', lessonPath(school.subdomain, school.training, school.manual), { token: peer.token })).status).toBe(403);
  });

  it('answers 404 for another store, training, customer or item, and 422 for a chapter', async () => {
    const learner = await learnerIn(school.subdomain, school.token, school.training);
    const other = await register();
    const otherTraining = await newTraining(other.token, 'Ailleurs');
    const otherItem = await addItem(other.token, otherTraining, { type: 'GENERIC', name: 'Autre', draft: false });
    const cases: [string, string][] = [
      // Another store's owner: the store in the path is not theirs.
      [unblockPath(school.store, learner.customer, school.training, school.manual), other.token],
      // Their own store, with this store's training, customer or item.
      [unblockPath(other.user.store.uuid, learner.customer, school.training, school.manual), other.token],
      [unblockPath(school.store, learner.customer, otherTraining, school.manual), school.token],
      [unblockPath(school.store, learner.customer, school.training, otherItem), school.token],
      [unblockPath(school.store, UNKNOWN_UUID, school.training, school.manual), school.token],
      [unblockPath(school.store, learner.customer, school.training, 2_147_483_648), school.token],
    ];
    for (const [path, token] of cases) {
      const answer = await checked('unblockCustomerTrainingItem', 'PUT', path, { token });
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
    }
    expect((await checked('getCustomerTraining', 'GET', detailPath(school.store, learner.customer, otherTraining), { token: school.token })).status).toBe(404);
    expect((await checked('getCustomerTraining', 'GET', detailPath(school.store, learner.customer, school.training), { token: other.token })).status).toBe(404);

    const chapter = await checked('unblockCustomerTrainingItem', 'PUT', unblockPath(school.store, learner.customer, school.training, school.section), { token: school.token });
    expect(chapter.status, chapter.text).toBe(422);
    expect(chapter.body.errors.itemId[0]).toContain('chapitre');
    for (const bad of ['0', 'abc']) {
      const answer = await api('PUT', `${detailPath(school.store, learner.customer, school.training)}/training_items/${bad}/unblock`, { token: school.token });
      expect([400, 422], answer.text).toContain(answer.status);
    }
    expect((await api('PUT', unblockPath(school.store, 'pas-un-uuid', school.training, school.manual), { token: school.token })).status).not.toBe(500);
    expect((await api('PUT', unblockPath(school.store, learner.customer, school.training, school.manual))).status).toBe(401);
  });
});

describe('roles', () => {
  it('owner, admin and teacher unblock; the analyst reads the progress but cannot unblock', async () => {
    const tokens = await demoTokens();
    const store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid as string;
    const learner = await learnerIn('demo', tokens.owner, DEMO_PHOTO);
    const items = (await checked('getCustomerTraining', 'GET', detailPath(store, learner.customer, DEMO_PHOTO), { token: tokens.analyst })).body.items as { item_id: number }[];
    expect(items.length).toBeGreaterThan(2);
    const denied = await checked('unblockCustomerTrainingItem', 'PUT', unblockPath(store, learner.customer, DEMO_PHOTO, items[1]!.item_id), { token: tokens.analyst });
    expect(denied.status).toBe(403);
    for (const [index, role] of (['owner', 'admin', 'teacher'] as const).entries()) {
      const answer = await checked('unblockCustomerTrainingItem', 'PUT', unblockPath(store, learner.customer, DEMO_PHOTO, items[index]!.item_id), { token: tokens[role] });
      expect(answer.status, `${role}: ${answer.text}`).toBe(200);
      expect(answer.body.items[index].unblocked_by_teacher).toBe(true);
    }
  });
});
