import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, uniqueEmail, type Answer } from './client';
import { addItem } from './trainingItemsSupport';
import { addCustomer, DEMO_PHOTO, newTraining, UNKNOWN_UUID } from './trainingLearnersSupport';

/** Following a training in the learner area (issue 12): `/school/stores/{subdomain}/me/trainings…`. */
const school = (subdomain: string, rest = '') => `/school/stores/${subdomain}${rest}`;
const me = (subdomain: string, training: string, rest = '') => school(subdomain, `/me/trainings/${training}${rest}`);
const PASSWORD = 'learner-password-1';
const SECRET = 'contenu-secret-de-la-lecon-verrouillee';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

async function registerLearner(subdomain: string) {
  const email = uniqueEmail('learner');
  const answer = await api('POST', school(subdomain, '/register'), { body: { email, password: PASSWORD, firstname: 'Léa' } });
  expect(answer.status, answer.text).toBe(201);
  return { email, token: answer.body.token as string, uuid: answer.body.learner.uuid as string };
}

/** A learner of the school enrolled by the team in the training; answers their token and the enrolment. */
async function enrolledLearner(subdomain: string, ownerToken: string, training: string, extra: Record<string, unknown> = {}) {
  const learner = await registerLearner(subdomain);
  const enrolment = await addCustomer(ownerToken, training, { email: learner.email, send_email: false, ...extra });
  return { ...learner, enrolment: enrolment.uuid };
}

const blocks = (text: string) => [{ id: `b-${text.slice(0, 8)}`, type: 'text', data: { html: `<p>${text}</p>` } }];

interface OutlineItem {
  id: number;
  name: string;
  completed: boolean;
  locked: boolean;
  locked_reason: string | null;
  unlock_at: string | null;
  children: OutlineItem[];
}
type Outline = OutlineItem[];
const flat = (items: Outline): Outline => items.flatMap((item) => [item, ...flat(item.children)]);
const byName = (items: Outline, name: string) => flat(items).find((item) => item.name === name)!;

/** A fresh school with one training: a chapter of lessons under each unlock rule, a quiz and a draft. */
let fresh: { subdomain: string; owner: string; training: string; slug: string; ids: Record<string, number> };

beforeAll(async () => {
  const { token, user } = await register();
  const training = await newTraining(token, 'Parcours verrouillé');
  const section = await addItem(token, training, { type: 'SECTION', name: 'Chapitre', draft: false });
  const lesson = (name: string) => addItem(token, training, { type: 'GENERIC', name, parent_id: section, draft: false });
  const ids: Record<string, number> = {};
  ids.first = await lesson('Première leçon');
  ids.previous = await lesson('Après la première');
  ids.later = await lesson('Plus tard');
  ids.past = await lesson('Déjà ouverte');
  ids.quiz = await addItem(token, training, { type: 'QUIZ', name: 'Le quiz', parent_id: section, draft: false });
  ids.afterQuiz = await lesson('Après le quiz');
  ids.draft = await addItem(token, training, { type: 'GENERIC', name: 'Brouillon', parent_id: section });
  const put = async (id: number, body: Record<string, unknown>) => {
    const answer = await api('PUT', `/trainings/${training}/training_items/${id}`, { token, body });
    expect(answer.status, answer.text).toBe(200);
  };
  await put(ids.first, { min_complete_duration: 30, blocks: blocks('Bienvenue') });
  await put(ids.previous, { unlock_mode: 'PREVIOUS', blocks: blocks(SECRET) });
  await put(ids.later, { unlock_mode: 'DATE', unlock_at: new Date(Date.now() + 10 * 86_400_000).toISOString(), blocks: blocks(SECRET) });
  await put(ids.past, { unlock_mode: 'DATE', unlock_at: new Date(Date.now() - 86_400_000).toISOString() });
  await put(ids.afterQuiz, { unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: ids.quiz, min_score: null }], blocks: blocks(SECRET) });
  const quiz = await api('PUT', `/trainings/${training}/training_items/${ids.quiz}/quiz`, {
    token,
    body: {
      min_success_rate: 50,
      max_attempts: 2,
      show_corrections: false,
      questions: [
        { type: 'SINGLE', question: 'Deux plus deux ?', choices: [{ label: 'Quatre', correct: true }, { label: 'Cinq', correct: false }] },
        { type: 'MULTIPLE', question: 'Nombres pairs ?', choices: [{ label: 'Deux', correct: true }, { label: 'Six', correct: true }, { label: 'Trois', correct: false }] },
      ],
    },
  });
  expect(quiz.status, quiz.text).toBe(200);
  const detail = await api('GET', `/trainings/${training}`, { token });
  fresh = { subdomain: user.store.subdomain, owner: token, training, slug: detail.body.slug, ids };
});

describe('listMyTrainings and getMyTraining', () => {
  it("lists the learner's trainings with progress, and the outline with each item's state", async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const list = await checked('listMyTrainings', 'GET', school(fresh.subdomain, '/me/trainings'), { token: learner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ training: { uuid: fresh.training }, customer_type: 'STUDENT', blocked_reason: null, progress: 0, last_item_id: null });

    const outline = await checked('getMyTraining', 'GET', me(fresh.subdomain, fresh.training), { token: learner.token });
    expect(outline.status, outline.text).toBe(200);
    const items = outline.body.items as Outline;
    expect(flat(items).map((item) => item.name)).not.toContain('Brouillon');
    expect(byName(items, 'Première leçon')).toMatchObject({ locked: false, completed: false });
    expect(byName(items, 'Après la première')).toMatchObject({ locked: true, locked_reason: 'PREVIOUS_ITEM' });
    expect(byName(items, 'Plus tard')).toMatchObject({ locked: true, locked_reason: 'DATE' });
    expect(Date.parse(byName(items, 'Plus tard').unlock_at!)).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    expect(byName(items, 'Déjà ouverte')).toMatchObject({ locked: false, locked_reason: null });
    expect(byName(items, 'Après le quiz')).toMatchObject({ locked: true, locked_reason: 'QUIZ_SCORE' });
    expect(outline.body.last_item_id).toBe(fresh.ids.first);
    // The slug names the same training.
    const bySlug = await checked('getMyTraining', 'GET', me(fresh.subdomain, fresh.slug), { token: learner.token });
    expect(bySlug.body.training.uuid).toBe(fresh.training);
  });

  it('never sends a locked lesson: 403 ITEM_LOCKED with the reason, and no content', async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    for (const [id, fragment] of [
      [fresh.ids.previous, 'leçon précédente'],
      [fresh.ids.later, 'disponible le'],
      [fresh.ids.afterQuiz, 'score minimum'],
    ] as const) {
      const answer = await checked('getLesson', 'GET', me(fresh.subdomain, fresh.training, `/items/${id}`), { token: learner.token });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe('ITEM_LOCKED');
      expect(answer.body.message).toContain(fragment);
      expect(answer.text).not.toContain(SECRET);
      // Nor may progress or answers be recorded on it.
      const progress = await checked('updateLessonProgress', 'PUT', me(fresh.subdomain, fresh.training, `/items/${id}/progress`), { token: learner.token, body: { time_spent_delta: 5 } });
      expect(progress.status).toBe(403);
    }
    const open = await checked('getLesson', 'GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.first}`), { token: learner.token });
    expect(open.status, open.text).toBe(200);
    expect(open.body).toMatchObject({ id: fresh.ids.first, min_complete_duration: 30, completed_at: null, previous_item_id: null, next_item_id: fresh.ids.previous, preview: false });
    expect(open.body.blocks[0].data.html).toContain('Bienvenue');
    // The draft does not exist for the learner.
    expect((await checked('getLesson', 'GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.draft}`), { token: learner.token })).status).toBe(404);
  });
});

describe('updateLessonProgress', () => {
  it('completes once, after min_complete_duration, recomputes the progress and opens the next lesson', async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const path = me(fresh.subdomain, fresh.training, `/items/${fresh.ids.first}/progress`);
    const early = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { time_spent_delta: 10, completed: true } });
    expect(early.status, early.text).toBe(422);
    expect(early.body.errors.completed[0]).toContain('20 s');
    const spent = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { time_spent_delta: 25 } });
    expect(spent.body).toMatchObject({ time_spent: 25, completed_at: null, training_progress: 0 });
    const done = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { time_spent_delta: 5, completed: true } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.completed_at).not.toBeNull();
    // Six visible lessons: one done is 16.67 %.
    expect(done.body.training_progress).toBe(16.67);
    const again = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { time_spent_delta: 5, completed: true } });
    expect(again.body.completed_at).toBe(done.body.completed_at);
    expect(again.body.training_progress).toBe(16.67);

    const outline = await api('GET', me(fresh.subdomain, fresh.training), { token: learner.token });
    expect(byName(outline.body.items, 'Première leçon').completed).toBe(true);
    expect(byName(outline.body.items, 'Après la première').locked).toBe(false);
    const list = await api('GET', school(fresh.subdomain, '/me/trainings'), { token: learner.token });
    expect(list.body.data[0]).toMatchObject({ progress: 16.67, last_item_id: fresh.ids.first });
    expect((await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.previous}`), { token: learner.token })).status).toBe(200);
    // A quiz completes through its answers only.
    const quiz = await checked('updateLessonProgress', 'PUT', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.quiz}/progress`), { token: learner.token, body: { completed: true } });
    expect(quiz.status).toBe(422);
  });

  it("ticks a TASKS item's tasks and completes it when all are ticked", async () => {
    const owner = await login('owner@demo.test');
    const learner = await enrolledLearner('demo', owner, DEMO_PHOTO);
    const path = me('demo', DEMO_PHOTO, '/items/10/progress');
    const one = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { tasks_done: ['t1'] } });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ tasks_done: ['t1'], completed_at: null });
    expect((await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { completed: true } })).status).toBe(422);
    expect((await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { tasks_done: ['nope'] } })).status).toBe(422);
    const all = await checked('updateLessonProgress', 'PUT', path, { token: learner.token, body: { tasks_done: ['t1', 't2', 't3'] } });
    expect(all.body.completed_at).not.toBeNull();
    expect(all.body.training_progress).toBeGreaterThan(0);
    const lesson = await api('GET', me('demo', DEMO_PHOTO, '/items/10'), { token: learner.token });
    expect(lesson.body.tasks_done).toEqual(['t1', 't2', 't3']);
  });
});

describe('submitQuizAnswers', () => {
  it('scores on the server, never sends the answers before, keeps to the attempts limit and completes on success', async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const lesson = await checked('getLesson', 'GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.quiz}`), { token: learner.token });
    expect(lesson.status, lesson.text).toBe(200);
    expect(lesson.text).not.toMatch(/"correct"/);
    expect(lesson.body.quiz).toMatchObject({ min_success_rate: 50, max_attempts: 2, attempts_left: 2, best_score: null });
    const [single, multiple] = [...lesson.body.quiz.questions].sort((a: { type: string }, b: { type: string }) => (a.type < b.type ? 1 : -1));
    const choice = (question: { choices: { id: number; label: string }[] }, label: string) => question.choices.find((c) => c.label === label)!.id;
    const path = me(fresh.subdomain, fresh.training, `/items/${fresh.ids.quiz}/quiz/answers`);

    const missing = await checked('submitQuizAnswers', 'POST', path, { token: learner.token, body: { answers: [{ question_id: single.id, choice_ids: [choice(single, 'Quatre')] }] } });
    expect(missing.status).toBe(422);
    const twoForSingle = await checked('submitQuizAnswers', 'POST', path, {
      token: learner.token,
      body: { answers: [{ question_id: single.id, choice_ids: [choice(single, 'Quatre'), choice(single, 'Cinq')] }, { question_id: multiple.id, choice_ids: [choice(multiple, 'Deux')] }] },
    });
    expect(twoForSingle.status).toBe(422);
    const foreign = await checked('submitQuizAnswers', 'POST', path, {
      token: learner.token,
      body: { answers: [{ question_id: single.id, choice_ids: [choice(multiple, 'Deux')] }, { question_id: multiple.id, choice_ids: [choice(multiple, 'Deux')] }] },
    });
    expect(foreign.status).toBe(422);

    const failed = await checked('submitQuizAnswers', 'POST', path, {
      token: learner.token,
      body: { answers: [{ question_id: single.id, choice_ids: [choice(single, 'Cinq')] }, { question_id: multiple.id, choice_ids: [choice(multiple, 'Deux')] }] },
    });
    expect(failed.status, failed.text).toBe(201);
    expect(failed.body).toMatchObject({ score: 0, success: false, attempts_left: 1, corrections: [], training_progress: 0 });
    const locked = await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.afterQuiz}`), { token: learner.token });
    expect(locked.status).toBe(403);

    const passed = await checked('submitQuizAnswers', 'POST', path, {
      token: learner.token,
      body: { answers: [{ question_id: single.id, choice_ids: [choice(single, 'Quatre')] }, { question_id: multiple.id, choice_ids: [choice(multiple, 'Deux')] }] },
    });
    expect(passed.body).toMatchObject({ score: 50, success: true, attempts_left: 0, corrections: [], training_progress: 16.67 });
    expect((await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.afterQuiz}`), { token: learner.token })).status).toBe(200);

    const over = await checked('submitQuizAnswers', 'POST', path, {
      token: learner.token,
      body: { answers: [{ question_id: single.id, choice_ids: [choice(single, 'Quatre')] }, { question_id: multiple.id, choice_ids: [choice(multiple, 'Deux'), choice(multiple, 'Six')] }] },
    });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('NO_ATTEMPTS_LEFT');
    const after = await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.quiz}`), { token: learner.token });
    expect(after.body.quiz).toMatchObject({ attempts_left: 0, best_score: 50 });
    expect(after.body.completed_at).not.toBeNull();
  });

  it('sends the corrections after an attempt when the quiz shows them (demo quiz)', async () => {
    const owner = await login('owner@demo.test');
    const learner = await enrolledLearner('demo', owner, DEMO_PHOTO);
    const lesson = await api('GET', me('demo', DEMO_PHOTO, '/items/8'), { token: learner.token });
    expect(lesson.status, lesson.text).toBe(200);
    expect(lesson.text).not.toMatch(/"correct"|explanation/);
    const answers = lesson.body.quiz.questions.map((q: { id: number; choices: { id: number }[] }) => ({ question_id: q.id, choice_ids: [q.choices[0]!.id] }));
    const result = await checked('submitQuizAnswers', 'POST', me('demo', DEMO_PHOTO, '/items/8/quiz/answers'), { token: learner.token, body: { answers } });
    expect(result.status, result.text).toBe(201);
    expect(result.body.corrections).toHaveLength(lesson.body.quiz.questions.length);
    expect(result.body.corrections[0].correct_choice_ids.length).toBeGreaterThan(0);
    expect(result.body.attempts_left).toBe(2);
  });
});

describe('access rules', () => {
  it('blocks a learner the team blocked, with the reason, and gives access back', async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const customerPath = `/trainings/${fresh.training}/customers/${learner.uuid}`;
    const block = await api('PUT', customerPath, { token: fresh.owner, body: { blocked: true } });
    expect(block.status, block.text).toBe(200);
    const outline = await checked('getMyTraining', 'GET', me(fresh.subdomain, fresh.training), { token: learner.token });
    expect(outline.status).toBe(200);
    expect(outline.body).toMatchObject({ customer_type: 'BLOCKED', blocked_reason: 'BY_TEACHER' });
    expect(flat(outline.body.items).every((item) => item.locked && item.locked_reason === 'BLOCKED')).toBe(true);
    const lesson = await checked('getLesson', 'GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.first}`), { token: learner.token });
    expect(lesson.status).toBe(403);
    expect(lesson.body.code).toBe('ACCESS_BLOCKED');
    expect((await api('GET', school(fresh.subdomain, '/me/trainings'), { token: learner.token })).body.data[0]).toMatchObject({ customer_type: 'BLOCKED', blocked_reason: 'BY_TEACHER' });
    await api('PUT', customerPath, { token: fresh.owner, body: { blocked: false } });
    expect((await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.first}`), { token: learner.token })).status).toBe(200);
  });

  it('drips lessons from the enrolment day, and bypass_drip opens them', async () => {
    const training = await newTraining(fresh.owner, 'Au goutte-à-goutte');
    const section = await addItem(fresh.owner, training, { type: 'SECTION', name: 'Semaine', draft: false });
    const first = await addItem(fresh.owner, training, { type: 'GENERIC', name: 'Semaine 1', parent_id: section, draft: false });
    const second = await addItem(fresh.owner, training, { type: 'GENERIC', name: 'Semaine 2', parent_id: section, draft: false });
    expect((await api('PUT', `/trainings/${training}`, { token: fresh.owner, body: { drip_frequency: 'WEEKLY' } })).status).toBe(200);
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, training);
    const outline = await api('GET', me(fresh.subdomain, training), { token: learner.token });
    expect(byName(outline.body.items, 'Semaine 1').locked).toBe(false);
    const week2 = byName(outline.body.items, 'Semaine 2');
    expect(week2).toMatchObject({ locked: true, locked_reason: 'DATE' });
    expect(Date.parse(week2.unlock_at!) - Date.now()).toBeGreaterThan(5 * 86_400_000);
    expect((await api('GET', me(fresh.subdomain, training, `/items/${second}`), { token: learner.token })).status).toBe(403);
    const bypass = await api('PUT', `/trainings/${training}/customers/${learner.uuid}`, { token: fresh.owner, body: { bypass_drip: true } });
    expect(bypass.status, bypass.text).toBe(200);
    expect((await api('GET', me(fresh.subdomain, training, `/items/${second}`), { token: learner.token })).status).toBe(200);
    expect(first).toBeGreaterThan(0);
  });

  it("answers 404 for another school's or an unknown training, 404 for another training's item, 403 when not enrolled", async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const other = await newTraining(fresh.owner, 'Non suivie');
    const otherSection = await addItem(fresh.owner, other, { type: 'SECTION', name: 'C', draft: false });
    const otherItem = await addItem(fresh.owner, other, { type: 'GENERIC', name: 'Ailleurs', parent_id: otherSection, draft: false });
    const t = learner.token;
    // Not enrolled in a training of this school: 403 on every operation.
    for (const [op, method, path, body] of [
      ['getMyTraining', 'GET', me(fresh.subdomain, other), undefined],
      ['getLesson', 'GET', me(fresh.subdomain, other, `/items/${otherItem}`), undefined],
      ['updateLessonProgress', 'PUT', me(fresh.subdomain, other, `/items/${otherItem}/progress`), { time_spent_delta: 1 }],
      ['submitQuizAnswers', 'POST', me(fresh.subdomain, other, `/items/${otherItem}/quiz/answers`), { answers: [{ question_id: 1, choice_ids: [1] }] }],
    ] as const) {
      expect((await checked(op, method, path, { token: t, body })).status, `${op} not enrolled`).toBe(403);
    }
    // Another school's training (the demo photo training), an unknown one, and an item of another training.
    for (const training of [DEMO_PHOTO, UNKNOWN_UUID, 'no-such-slug']) {
      expect((await checked('getMyTraining', 'GET', me(fresh.subdomain, training), { token: t })).status, training).toBe(404);
      expect((await checked('getLesson', 'GET', me(fresh.subdomain, training, '/items/2'), { token: t })).status, training).toBe(404);
      expect((await checked('updateLessonProgress', 'PUT', me(fresh.subdomain, training, '/items/2/progress'), { token: t, body: { time_spent_delta: 1 } })).status).toBe(404);
    }
    for (const [op, method, suffix, body] of [
      ['getLesson', 'GET', '', undefined],
      ['updateLessonProgress', 'PUT', '/progress', { time_spent_delta: 1 }],
      ['submitQuizAnswers', 'POST', '/quiz/answers', { answers: [{ question_id: 1, choice_ids: [1] }] }],
    ] as const) {
      for (const id of [otherItem, 8, 2_147_483_647]) {
        expect((await checked(op, method, me(fresh.subdomain, fresh.training, `/items/${id}${suffix}`), { token: t, body })).status, `${op} ${id}`).toBe(404);
      }
    }
    // A learner of another school is not signed in here; the demo learner's own school does not list this one.
    const demoLearner = await registerLearner('demo');
    expect((await checked('getMyTraining', 'GET', me(fresh.subdomain, fresh.training), { token: demoLearner.token })).status).toBe(401);
    expect((await checked('listMyTrainings', 'GET', school('demo', '/me/trainings'), { token: demoLearner.token })).body.data).toEqual([]);
  });

  it("never shows another learner's progress", async () => {
    const a = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const b = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const done = await api('PUT', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.past}/progress`), { token: a.token, body: { completed: true, time_spent_delta: 60 } });
    expect(done.status, done.text).toBe(200);
    const seenByB = await api('GET', me(fresh.subdomain, fresh.training), { token: b.token });
    expect(byName(seenByB.body.items, 'Déjà ouverte').completed).toBe(false);
    expect(seenByB.body.progress).toBe(0);
    const lesson = await api('GET', me(fresh.subdomain, fresh.training, `/items/${fresh.ids.past}`), { token: b.token });
    expect(lesson.body).toMatchObject({ completed_at: null, time_spent: 0 });
  });

  it('records a connection with the device type when a training is opened', async () => {
    const learner = await enrolledLearner(fresh.subdomain, fresh.owner, fresh.training);
    const outline = await api('GET', me(fresh.subdomain, fresh.training), { token: learner.token, headers: { 'user-agent': IPHONE } });
    expect(outline.status).toBe(200);
    const list = await api('GET', `/trainings/${fresh.training}/customers?per_page=100`, { token: fresh.owner });
    expect(list.status, list.text).toBe(200);
    const row = list.body.data.find((entry: { uuid: string }) => entry.uuid === learner.enrolment);
    expect(row.last_connection_at).not.toBeNull();
  });
});
