import { beforeAll, describe, expect, it } from 'vitest';
import { api, register } from './client';
import { EDITORS, READERS, checked, demoTokens, invalidFields, newLesson, newTraining, type Role } from './trainingLearnersSupport';

interface Comment {
  id: number;
  content: string;
  author: { type: string; uuid: string; display_name: string } | null;
  training_item: { id: number; name: string };
  parent_id: number | null;
  children: Comment[];
}

const itemComments = (training: string, item: number | string) => `/trainings/${training}/training_items/${item}/comments`;
const post = (token: string | undefined, training: string, item: number | string, body: unknown) =>
  checked('createTrainingItemComment', 'POST', itemComments(training, item), { token, body });
const listItem = (token: string | undefined, training: string, item: number | string, query = '') =>
  checked('listTrainingItemComments', 'GET', `${itemComments(training, item)}${query}`, { token });
const listAll = (token: string | undefined, training: string, query = '') => checked('listTrainingComments', 'GET', `/trainings/${training}/comments${query}`, { token });
const remove = (token: string | undefined, training: string, id: number | string) => checked('deleteTrainingComment', 'DELETE', `/trainings/${training}/comments/${id}`, { token });

async function comment(token: string, training: string, item: number, content: string, parent_id?: number): Promise<Comment> {
  const answer = await post(token, training, item, parent_id === undefined ? { content } : { content, parent_id });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as Comment;
}

describe('lesson comments of a fresh store', () => {
  let token: string;
  let userUuid: string;
  let training: string;
  let lesson: number;
  let other: number;
  beforeAll(async () => {
    const owner = await register({ firstname: 'Élodie' });
    token = owner.token;
    userUuid = owner.user.uuid;
    training = await newTraining(token);
    lesson = await newLesson(token, training, 'Lire la lumière');
    other = await newLesson(token, training, 'Cadrer');
  });

  it('writes a comment as the signed-in team member, content trimmed', async () => {
    const created = await comment(token, training, lesson, '  Bienvenue à toutes et à tous !  ');
    expect(created).toMatchObject({
      content: 'Bienvenue à toutes et à tous !',
      author: { type: 'USER', uuid: userUuid, display_name: 'Élodie' },
      training_item: { id: lesson, name: 'Lire la lumière' },
      parent_id: null,
      children: [],
    });
  });

  it('answers threads newest first, replies oldest first and nested under what they answer', async () => {
    const first = await comment(token, training, other, 'Premier fil');
    const second = await comment(token, training, other, 'Second fil');
    const reply1 = await comment(token, training, other, 'Réponse 1', first.id);
    await comment(token, training, other, 'Réponse 2', first.id);
    await comment(token, training, other, 'Réponse à la réponse', reply1.id);
    const answer = await listItem(token, training, other);
    expect(answer.status).toBe(200);
    const shape = (c: Comment): unknown => [c.content, c.children.map(shape)];
    expect(answer.body.data.map(shape)).toEqual([
      ['Second fil', []],
      ['Premier fil', [['Réponse 1', [['Réponse à la réponse', []]]], ['Réponse 2', []]]],
    ]);
    expect(answer.body.meta.total).toBe(2);
    expect(answer.body.data[1].children[0].parent_id).toBe(first.id);
    expect(second.parent_id).toBeNull();
  });

  it('lists the threads of every lesson on the comments page, filtered by item_id, in pages', async () => {
    const all = await listAll(token, training);
    expect(all.body.data.map((c: Comment) => c.training_item.name)).toEqual(['Cadrer', 'Cadrer', 'Lire la lumière']);
    const one = await listAll(token, training, `?item_id=${lesson}`);
    expect(one.body.data.map((c: Comment) => c.content)).toEqual(['Bienvenue à toutes et à tous !']);
    const page = await listAll(token, training, '?per_page=2&page=2');
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.body.data).toHaveLength(1);
  });

  it('deletes a thread with its replies', async () => {
    const thread = await comment(token, training, lesson, 'À supprimer');
    const reply = await comment(token, training, lesson, 'Réponse supprimée aussi', thread.id);
    expect((await remove(token, training, thread.id)).status).toBe(204);
    const left = await listItem(token, training, lesson);
    expect(left.body.data.map((c: Comment) => c.id)).not.toContain(thread.id);
    expect((await remove(token, training, reply.id)).status).toBe(404);
    expect((await remove(token, training, thread.id)).status).toBe(404);
  });

  it.each([
    ['an empty comment', { content: '' }, ['content']],
    ['a comment of spaces', { content: '   \n ' }, ['content']],
    ['a comment of 5001 characters', { content: 'x'.repeat(5001) }, ['content']],
    ['no content', { parent_id: 1 }, ['content']],
    ['an unknown field', { content: 'ok', pinned: true }, ['pinned']],
    ['a parent_id of 0', { content: 'ok', parent_id: 0 }, ['parent_id']],
    ['a parent_id past any id', { content: 'ok', parent_id: 99_999_999_999 }, ['parent_id']],
  ])('answers 422 for %s', async (_label, body, fields) => {
    expect(invalidFields(await post(token, training, lesson, body))).toEqual(fields);
  });

  it('answers 422 for a reply to a comment under another lesson', async () => {
    const elsewhere = await comment(token, training, other, 'Sous une autre leçon');
    expect(invalidFields(await post(token, training, lesson, { content: 'Réponse', parent_id: elsewhere.id }))).toEqual(['parent_id']);
  });

  it('answers 404 for a chapter, an item of another training, an unknown item and a comment of another training', async () => {
    const section = await api('POST', `/trainings/${training}/training_items`, { token, body: { type: 'SECTION', name: 'Chapitre vide' } });
    const chapter = section.body.id as number;
    expect((await post(token, training, chapter, { content: 'Non' })).status).toBe(404);
    expect((await listItem(token, training, chapter)).status).toBe(404);
    const otherTraining = await newTraining(token, 'Autre');
    const foreign = await newLesson(token, otherTraining);
    expect((await post(token, training, foreign, { content: 'Non' })).status).toBe(404);
    expect((await listItem(token, training, 99_999_999_999)).status).toBe(404);
    const theirs = await comment(token, otherTraining, foreign, 'Ailleurs');
    expect((await remove(token, training, theirs.id)).status).toBe(404);
    expect((await remove(token, training, 99_999_999_999)).status).toBe(404);
    expect((await listAll(token, training, '?item_id=99999999999')).status).toBe(422);
  });

  it("answers 404 to another store, for every comment operation", async () => {
    const { token: stranger } = await register();
    const mine = await comment(token, training, lesson, 'À moi');
    expect((await listAll(stranger, training)).status).toBe(404);
    expect((await listItem(stranger, training, lesson)).status).toBe(404);
    expect((await post(stranger, training, lesson, { content: 'Intrus' })).status).toBe(404);
    expect((await remove(stranger, training, mine.id)).status).toBe(404);
    expect((await listItem(token, training, lesson)).body.data.map((c: Comment) => c.id)).toContain(mine.id);
  });

  it('answers 401 without a session', async () => {
    expect((await listAll(undefined, training)).status).toBe(401);
    expect((await post(undefined, training, lesson, { content: 'x' })).status).toBe(401);
  });
});

describe('comments of the demo store', () => {
  let tokens: Awaited<ReturnType<typeof demoTokens>>;
  let training: string;
  let lesson: number;
  beforeAll(async () => {
    tokens = await demoTokens();
    training = await newTraining(tokens.owner, 'Commentaires des rôles');
    lesson = await newLesson(tokens.owner, training);
  });

  it("shows the seeded learners' questions with the teacher's answer", async () => {
    const answer = await listAll(tokens.owner, 'de300000-0000-4000-8000-000000000001');
    const threads = answer.body.data as Comment[];
    expect(threads.length).toBeGreaterThanOrEqual(3);
    expect(threads.every((c) => c.author?.type === 'CUSTOMER')).toBe(true);
    const answered = threads.find((c) => c.children.length > 0)!;
    expect(answered.children[0]!.author).toMatchObject({ type: 'USER', display_name: 'Thomas Démo' });
  });

  it('gives a null author for a team member who has left (the client shows "Membre supprimé")', async () => {
    const answer = await listAll(tokens.owner, 'de300000-0000-4000-8000-000000000002');
    expect(answer.body.data.some((c: Comment) => c.author === null)).toBe(true);
  });

  it.each(READERS)('%s reads the comments', async (role: Role) => {
    expect((await listAll(tokens[role], training)).status).toBe(200);
    expect((await listItem(tokens[role], training, lesson)).status).toBe(200);
  });

  it.each(EDITORS)('%s answers and deletes', async (role: Role) => {
    const created = await comment(tokens[role], training, lesson, `Réponse de ${role}`);
    expect(created.author?.type).toBe('USER');
    expect((await remove(tokens[role], training, created.id)).status).toBe(204);
  });

  it('refuses writes to the analyst with 403', async () => {
    const kept = await comment(tokens.owner, training, lesson, 'Gardé');
    expect((await post(tokens.analyst, training, lesson, { content: 'Analyse' })).status).toBe(403);
    expect((await remove(tokens.analyst, training, kept.id)).status).toBe(403);
    expect((await listItem(tokens.owner, training, lesson)).body.data.map((c: Comment) => c.content)).toEqual(['Gardé']);
  });
});
