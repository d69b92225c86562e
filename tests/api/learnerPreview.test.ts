import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, register } from './client';
import { addItem } from './trainingItemsSupport';
import { checked, newTraining } from './trainingLearnersSupport';

/** The team's preview of the learner area (spec 2 "Aperçu"): getMyTraining and getLesson with `?preview_token=`. */
const me = (subdomain: string, training: string, rest = '') => `/school/stores/${subdomain}/me/trainings/${training}${rest}`;
const withToken = (path: string, token: string) => `${path}?preview_token=${encodeURIComponent(token)}`;

let store: { subdomain: string; uuid: string; owner: string };
let training: string;
const ids: Record<string, number> = {};

const issue = async (token: string, storeUuid: string) => {
  const answer = await api('POST', `/stores/${storeUuid}/token`, { token });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.token as string;
};

beforeAll(async () => {
  const { token, user } = await register();
  store = { subdomain: user.store.subdomain, uuid: user.store.uuid, owner: token };
  training = await newTraining(token, 'En aperçu');
  ids.first = await addItem(token, training, { type: 'GENERIC', name: 'Ouverte', draft: false });
  ids.locked = await addItem(token, training, { type: 'GENERIC', name: 'Verrouillée', draft: false });
  const put = await api('PUT', `/trainings/${training}/training_items/${ids.locked}`, {
    token,
    body: { unlock_mode: 'DATE', unlock_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), blocks: [{ id: 'b1', type: 'text', data: { html: '<p>Contenu daté</p>' } }] },
  });
  expect(put.status, put.text).toBe(200);
  ids.draft = await addItem(token, training, { type: 'GENERIC', name: 'Brouillon' });
  ids.quiz = await addItem(token, training, { type: 'QUIZ', name: 'Quiz en brouillon' });
}, 60_000);

describe('the learner area in preview', () => {
  it('shows the whole outline, drafts included, nothing locked, to the team of the store', async () => {
    const token = await issue(store.owner, store.uuid);
    const outline = await checked('getMyTraining', 'GET', withToken(me(store.subdomain, training), token));
    expect(outline.status, outline.text).toBe(200);
    expect(outline.body.preview).toBe(true);
    const items = outline.body.items as { id: number; locked: boolean; name: string }[];
    expect(items.map((item) => item.name)).toEqual(['Ouverte', 'Verrouillée', 'Brouillon', 'Quiz en brouillon']);
    expect(items.every((item) => !item.locked)).toBe(true);

    const locked = await checked('getLesson', 'GET', withToken(me(store.subdomain, training, `/items/${ids.locked}`), token));
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body).toMatchObject({ preview: true, previous_item_id: ids.first, next_item_id: ids.draft });
    expect(JSON.stringify(locked.body.blocks)).toContain('Contenu daté');
    const draft = await checked('getLesson', 'GET', withToken(me(store.subdomain, training, `/items/${ids.draft}`), token));
    expect(draft.body).toMatchObject({ preview: true, name: 'Brouillon' });
    const quiz = await checked('getLesson', 'GET', withToken(me(store.subdomain, training, `/items/${ids.quiz}`), token));
    expect(quiz.body.quiz).toMatchObject({ attempts_left: null, best_score: null });
    // The slug names it too; an unknown item or training is not found.
    const bySlug = (await api('GET', `/trainings/${training}`, { token: store.owner })).body.slug as string;
    expect((await checked('getMyTraining', 'GET', withToken(me(store.subdomain, bySlug), token))).status).toBe(200);
    expect((await checked('getLesson', 'GET', withToken(me(store.subdomain, training, '/items/999999'), token))).status).toBe(404);
    expect((await checked('getMyTraining', 'GET', withToken(me(store.subdomain, '00000000-0000-4000-8000-00000000abcd'), token))).status).toBe(404);
  });

  it('records nothing: no learner, no connection', async () => {
    const token = await issue(store.owner, store.uuid);
    await checked('getMyTraining', 'GET', withToken(me(store.subdomain, training), token));
    await checked('getLesson', 'GET', withToken(me(store.subdomain, training, `/items/${ids.first}`), token));
    const customers = await checked('listTrainingCustomers', 'GET', `/trainings/${training}/customers`, { token: store.owner });
    expect(customers.body.data).toEqual([]);
    const stats = await checked('getTrainingStats', 'GET', `/trainings/${training}/stats`, { token: store.owner });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body).toMatchObject({ customers_count: 0, active_customers_count: 0, completed_count: 0 });
    // Writing operations do not take the token: without a learner session they answer 401.
    const progress = await checked('updateLessonProgress', 'PUT', withToken(me(store.subdomain, training, `/items/${ids.first}/progress`), token), {
      body: { completed: true },
    });
    expect(progress.status).toBe(401);
  });

  it('refuses a broken link (401 "preview link broken") and a token of another store (403)', async () => {
    for (const bad of ['not-a-token', 'A'.repeat(43), '']) {
      const answer = await checked('getLesson', 'GET', withToken(me(store.subdomain, training, `/items/${ids.first}`), bad));
      expect(answer.status, bad).toBe(401);
      expect(answer.body.code).toBe('PREVIEW_LINK_BROKEN');
      expect(answer.body.message).toMatch(/aperçu/);
    }
    const demoToken = await issue(await login('owner@demo.test'), (await api('GET', '/users/me', { token: await login('owner@demo.test') })).body.store.uuid);
    const other = await checked('getMyTraining', 'GET', withToken(me(store.subdomain, training), demoToken));
    expect(other.status).toBe(403);
    // …and the demo's token does not open this store's training through the demo school either.
    expect((await checked('getMyTraining', 'GET', withToken(me('demo', training), demoToken))).status).toBe(404);
  });
});
