import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './client';
import { DEMO_PHOTO } from './trainingLearnersSupport';
import { addItem, demoTokens, itemCall, itemPath, newTraining, percentOwner } from './trainingItemsSupport';

/** The quiz of a QUIZ item, trainer side: read, whole-quiz save, archive, learners' attempts and their CSV (issue #10). */

const quizPath = (uuid: string, id: number | string) => `${itemPath(uuid, id)}/quiz`;
const getQuiz = (token: string | undefined, uuid: string, id: number | string) => itemCall('getTrainingItemQuiz', 'GET', quizPath(uuid, id), token);
const saveQuiz = (token: string | undefined, uuid: string, id: number | string, body: unknown) => itemCall('updateTrainingItemQuiz', 'PUT', quizPath(uuid, id), token, body);
const archive = (token: string | undefined, questionId: number | string, archived: boolean) =>
  itemCall('archiveQuizQuestion', 'PATCH', `/training-item-quiz-questions/${questionId}/archive`, token, { archived });
const listAnswers = (token: string | undefined, uuid: string, id: number | string, query = '') =>
  itemCall('listTrainingItemQuizAnswers', 'GET', `${quizPath(uuid, id)}/answers${query}`, token);
const exportAnswers = (token: string | undefined, uuid: string, id: number | string, query = '', headers: Record<string, string> = {}) =>
  api('GET', `${quizPath(uuid, id)}/answers/export${query}`, { token, headers });

/** The demo's "Quiz : lumière et cadrage" (seeded with learners' attempts). */
const DEMO_QUIZ = 8;

const single = (question: string, labels: [string, boolean][]) => ({ type: 'SINGLE', question, choices: labels.map(([label, correct]) => ({ label, correct })) });
const QUESTIONS = [
  single('Quelle lumière choisir ?', [
    ['La fenêtre', true],
    ['Le flash', false],
  ]),
  { type: 'MULTIPLE', question: 'Quels cadrages ?', explanation: '  Les deux classiques.  ', choices: [{ label: 'Plongée', correct: true }, { label: '45°', correct: true }, { label: 'Contre-plongée', correct: false }] },
];

/** A QUIZ_MEDIA upload of the training, sent: answers its file_url. */
async function uploadedMedia(token: string, uuid: string): Promise<string> {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const presigned = await api('POST', `/trainings/${uuid}/urls/presigned`, { token, body: { type: 'QUIZ_MEDIA', filename: 'assiette.png', size: bytes.length } });
  expect(presigned.status, presigned.text).toBe(200);
  const address = new URL(presigned.body.upload_url as string);
  const put = await fetch(`${baseUrl()}${address.pathname}${address.search}`, { method: 'PUT', body: bytes, headers: presigned.body.headers });
  expect(put.status).toBe(204);
  return presigned.body.file_url as string;
}

let demo: Awaited<ReturnType<typeof demoTokens>>;
let training: string;
let quiz: number;
let lesson: number;
beforeAll(async () => {
  demo = await demoTokens();
  training = await newTraining(demo.owner, 'Formation quiz');
  const section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
  quiz = await addItem(demo.owner, training, { type: 'QUIZ', name: 'Mon quiz', parent_id: section });
  lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon', parent_id: section });
});

describe('GET and PUT …/training_items/{id}/quiz', () => {
  it('answers the defaults for a quiz never saved', async () => {
    const answer = await getQuiz(demo.teacher, training, quiz);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ item_id: quiz, name: 'Mon quiz', draft: true, min_success_rate: null, max_attempts: null, shuffle_questions: false, show_corrections: true, questions: [] });
  });

  it('saves the whole quiz for owners, admins and teachers, trimmed, in order, and bumps the version', async () => {
    const before = (await getQuiz(demo.owner, training, quiz)).body;
    const answer = await saveQuiz(demo.teacher, training, quiz, {
      version: before.version,
      name: '  Quiz lumière ',
      draft: false,
      min_success_rate: 75,
      max_attempts: 2,
      shuffle_questions: true,
      show_corrections: false,
      questions: QUESTIONS,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Quiz lumière', draft: false, version: before.version + 1, min_success_rate: 75, max_attempts: 2, shuffle_questions: true, show_corrections: false });
    expect(answer.body.questions.map((q: { question: string; position: number; explanation: string | null }) => [q.question, q.position, q.explanation])).toEqual([
      ['Quelle lumière choisir ?', 0, null],
      ['Quels cadrages ?', 1, 'Les deux classiques.'],
    ]);
    expect(answer.body.questions[1].choices.map((c: { label: string; correct: boolean }) => [c.label, c.correct])).toEqual([
      ['Plongée', true],
      ['45°', true],
      ['Contre-plongée', false],
    ]);
    // The item itself says the same (name, draft, version).
    const item = await itemCall('getTrainingItem', 'GET', itemPath(training, quiz), demo.owner);
    expect(item.body).toMatchObject({ name: 'Quiz lumière', draft: false, version: before.version + 1 });
    for (const token of [demo.owner, demo.admin]) expect((await saveQuiz(token, training, quiz, { questions: answer.body.questions.map(toInput) })).status).toBe(200);
  });

  it('keeps ids of what is sent back, reorders, edits choices, and deletes questions left out that nobody answered', async () => {
    const saved = (await getQuiz(demo.owner, training, quiz)).body;
    const [first, second] = saved.questions;
    const edited = { ...toInput(second), choices: [{ ...second.choices[2], correct: true }, { label: 'Hauteur de table', correct: false }] };
    const answer = await saveQuiz(demo.owner, training, quiz, { version: saved.version, questions: [edited] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.questions).toHaveLength(1);
    expect(answer.body.questions[0]).toMatchObject({ id: second.id, position: 0, archived: false });
    expect(answer.body.questions[0].choices[0]).toEqual({ id: second.choices[2].id, label: 'Contre-plongée', correct: true });
    expect(answer.body.questions[0].choices).toHaveLength(2);
    // The first question is gone (not archived): sending its id again is refused.
    const stale = await saveQuiz(demo.owner, training, quiz, { questions: [toInput(first)] });
    expect(stale.status).toBe(422);
    expect(stale.body.errors['questions.0.id']).toBeDefined();
    expect((await saveQuiz(demo.owner, training, quiz, { questions: QUESTIONS })).status).toBe(200);
  });

  it('refuses a stale version with 409 and the quiz as it is now, writing nothing', async () => {
    const now = (await getQuiz(demo.owner, training, quiz)).body;
    const answer = await saveQuiz(demo.admin, training, quiz, { version: now.version - 1, name: 'Écrasé', questions: [] });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { version: now.version, name: now.name } });
    expect((await getQuiz(demo.owner, training, quiz)).body).toEqual(now);
  });

  it.each([
    ['no correct answer', [single('Q ?', [['a', false], ['b', false]])], 'questions.0.choices'],
    ['two correct answers to a single choice', [single('Q ?', [['a', true], ['b', true]])], 'questions.0.choices'],
    ['a blank question', [single('   ', [['a', true], ['b', false]])], 'questions.0.question'],
    ['a blank answer', [single('Q ?', [['a', true], [' ', false]])], 'questions.0.choices.1.label'],
    ['one answer only', [{ type: 'SINGLE', question: 'Q ?', choices: [{ label: 'a', correct: true }] }], 'questions.0.choices'],
    ['an unknown type', [{ type: 'OPEN', question: 'Q ?', choices: [{ label: 'a', correct: true }, { label: 'b', correct: false }] }], 'questions.0.type'],
    ['a question id of another quiz', [{ ...single('Q ?', [['a', true], ['b', false]]), id: 1 }], 'questions.0.id'],
    ['a media that was not uploaded', [{ ...single('Q ?', [['a', true], ['b', false]]), media_url: 'https://cdn.example.test/a.png' }], 'questions.0.media_url'],
  ])('answers 422 for %s, on the field', async (_, questions, field) => {
    const answer = await saveQuiz(demo.owner, training, quiz, { questions });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });

  it('answers 422 for settings out of range and a blank name', async () => {
    const answer = await saveQuiz(demo.owner, training, quiz, { name: '  ', min_success_rate: 101, max_attempts: 0, questions: [] });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(expect.arrayContaining(['min_success_rate', 'max_attempts']));
    expect((await saveQuiz(demo.owner, training, quiz, { name: '  ', questions: [] })).body.errors.name).toBeDefined();
  });

  it('refuses a choice id of another question, and one listed twice', async () => {
    const saved = (await getQuiz(demo.owner, training, quiz)).body;
    const [first, second] = saved.questions;
    const borrowed = { ...toInput(first), choices: [{ ...second.choices[0], correct: true }, { label: 'b', correct: false }] };
    expect((await saveQuiz(demo.owner, training, quiz, { questions: [borrowed, toInput(second)] })).body.errors['questions.0.choices.0.id']).toBeDefined();
    const twice = await saveQuiz(demo.owner, training, quiz, { questions: [toInput(first), toInput(first)] });
    expect(twice.body.errors['questions.1.id']).toBeDefined();
  });

  it('keeps a media uploaded for the training as a QUIZ_MEDIA, with its type', async () => {
    const media = await uploadedMedia(demo.teacher, training);
    const answer = await saveQuiz(demo.teacher, training, quiz, { questions: [{ ...QUESTIONS[0], media_url: media }] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.questions[0]).toMatchObject({ media_url: media, media_type: 'image/png' });
    // Sent back unchanged, it stays; a media of another training is refused.
    expect((await saveQuiz(demo.teacher, training, quiz, { questions: answer.body.questions.map(toInput) })).status).toBe(200);
    const elsewhere = await newTraining(demo.owner, 'Autre formation');
    const otherQuiz = await addItem(demo.owner, elsewhere, { type: 'QUIZ', name: 'Autre quiz' });
    expect((await saveQuiz(demo.owner, elsewhere, otherQuiz, { questions: [{ ...QUESTIONS[0], media_url: media }] })).status).toBe(422);
  });

  it('is closed to analysts (403), to other stores and other item types (404)', async () => {
    expect((await getQuiz(demo.analyst, training, quiz)).status).toBe(403);
    expect((await saveQuiz(demo.analyst, training, quiz, { questions: [] })).status).toBe(403);
    expect((await getQuiz(undefined, training, quiz)).status).toBe(401);
    const stranger = await percentOwner();
    expect((await getQuiz(stranger, training, quiz)).status).toBe(404);
    expect((await saveQuiz(stranger, training, quiz, { questions: [] })).status).toBe(404);
    expect((await getQuiz(demo.owner, training, lesson)).status).toBe(404);
    expect((await saveQuiz(demo.owner, training, lesson, { questions: [] })).status).toBe(404);
    expect((await getQuiz(demo.owner, training, 2_147_483_648)).status).toBe(404);
  });

  it('copies settings and questions still asked when the quiz is duplicated, not the attempts', async () => {
    const copy = await itemCall('duplicateTrainingItem', 'POST', `${itemPath(DEMO_PHOTO, DEMO_QUIZ)}/duplication`, demo.owner, { target_training_uuid: training });
    expect(copy.status, copy.text).toBe(201);
    const original = (await getQuiz(demo.owner, DEMO_PHOTO, DEMO_QUIZ)).body;
    const copied = (await getQuiz(demo.owner, training, copy.body.id)).body;
    const asked = original.questions.filter((q: { archived: boolean }) => !q.archived);
    expect(copied.questions.map((q: { question: string }) => q.question)).toEqual(asked.map((q: { question: string }) => q.question));
    expect(copied.questions.every((q: { answers_count: number; id: number }) => q.answers_count === 0 && !asked.some((a: { id: number }) => a.id === q.id))).toBe(true);
    expect(copied).toMatchObject({ min_success_rate: original.min_success_rate, max_attempts: original.max_attempts });
    expect((await listAnswers(demo.owner, training, copy.body.id)).body.meta.total).toBe(0);
  });
});

type QuestionBody = { id: number; type: string; question: string; media_url: string | null; explanation: string | null; choices: { id: number; label: string; correct: boolean }[] };
/** A question as read, sent back as it is. */
const toInput = (q: QuestionBody) => ({ id: q.id, type: q.type, question: q.question, media_url: q.media_url, explanation: q.explanation, choices: q.choices });

describe('archiving questions (the demo quiz, answered by learners)', () => {
  it('flags an answered question archived when a save leaves it out, keeps it and its answers, and restores it', async () => {
    const before = (await getQuiz(demo.owner, DEMO_PHOTO, DEMO_QUIZ)).body;
    const answered = before.questions.filter((q: { archived: boolean; answers_count: number }) => !q.archived && q.answers_count > 0);
    expect(answered.length).toBeGreaterThan(1);
    const [leftOut, ...kept] = before.questions as (QuestionBody & { archived: boolean; answers_count: number })[];
    const answer = await saveQuiz(demo.teacher, DEMO_PHOTO, DEMO_QUIZ, { version: before.version, questions: kept.map(toInput) });
    expect(answer.status, answer.text).toBe(200);
    const archived = answer.body.questions.find((q: { id: number }) => q.id === leftOut!.id);
    expect(archived).toMatchObject({ archived: true, answers_count: leftOut!.answers_count });
    // Put back as it was: restored, then first again.
    expect((await archive(demo.admin, leftOut!.id, false)).body).toMatchObject({ id: leftOut!.id, archived: false });
    const restored = await saveQuiz(demo.teacher, DEMO_PHOTO, DEMO_QUIZ, { questions: before.questions.map(toInput) });
    expect(restored.body.questions.map((q: { id: number; archived: boolean }) => [q.id, q.archived])).toEqual(before.questions.map((q: { id: number; archived: boolean }) => [q.id, q.archived]));
  });

  it('archives and restores through PATCH, for editors only, in the caller’s store only', async () => {
    const question = (await getQuiz(demo.owner, DEMO_PHOTO, DEMO_QUIZ)).body.questions[1];
    const archived = await archive(demo.teacher, question.id, true);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body).toMatchObject({ id: question.id, archived: true, question: question.question });
    expect((await archive(demo.teacher, question.id, true)).body.archived).toBe(true);
    expect((await archive(demo.owner, question.id, false)).body.archived).toBe(false);
    expect((await archive(demo.analyst, question.id, true)).status).toBe(403);
    expect((await archive(await percentOwner(), question.id, true)).status).toBe(404);
    expect((await archive(demo.owner, 2_147_483_647, true)).status).toBe(404);
    const bad = await itemCall('archiveQuizQuestion', 'PATCH', `/training-item-quiz-questions/${question.id}/archive`, demo.owner, { archived: 'oui' });
    expect(bad.status).toBe(422);
  });
});

describe('learners’ attempts: list and CSV export', () => {
  it('lists the demo quiz’s attempts newest first with learner, score and result, page by page and per learner', async () => {
    const answer = await listAnswers(demo.teacher, DEMO_PHOTO, DEMO_QUIZ, '?per_page=3');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta.total).toBeGreaterThan(3);
    expect(answer.body.data).toHaveLength(3);
    const dates = answer.body.data.map((a: { answered_at: string }) => a.answered_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = answer.body.data[0];
    expect(first.success).toBe(first.score >= 60);
    expect(first.customer.display_name).toBeTruthy();
    const mine = await listAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ, `?customer_uuid=${first.customer.uuid}`);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((a: { customer: { uuid: string } }) => a.customer.uuid === first.customer.uuid)).toBe(true);
    expect((await listAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ, '?customer_uuid=00000000-0000-4000-8000-000000000000')).body.meta.total).toBe(0);
  });

  it('is closed to analysts, other stores and other item types', async () => {
    expect((await listAnswers(demo.analyst, DEMO_PHOTO, DEMO_QUIZ)).status).toBe(403);
    expect((await listAnswers(await percentOwner(), DEMO_PHOTO, DEMO_QUIZ)).status).toBe(404);
    expect((await listAnswers(demo.owner, training, lesson)).status).toBe(404);
    expect((await listAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ, '?customer_uuid=nope')).status).toBe(422);
    expect((await exportAnswers(demo.analyst, DEMO_PHOTO, DEMO_QUIZ)).status).toBe(403);
    expect((await exportAnswers(await percentOwner(), DEMO_PHOTO, DEMO_QUIZ)).status).toBe(404);
    expect((await exportAnswers(demo.owner, training, lesson)).status).toBe(404);
  });

  it('exports every attempt as a CSV Excel opens (BOM, `;`, CRLF), one column per question answered, in the caller’s language', async () => {
    const total = (await listAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ)).body.meta.total as number;
    const answer = await exportAnswers(demo.teacher, DEMO_PHOTO, DEMO_QUIZ);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="quiz-${DEMO_QUIZ}-reponses.csv"`);
    const bytes = new Uint8Array(await (await fetch(`${baseUrl()}/api/v1${quizPath(DEMO_PHOTO, DEMO_QUIZ)}/answers/export`, { headers: { authorization: `Bearer ${demo.teacher}` } })).arrayBuffer());
    // The BOM is there (a decoded text loses it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toMatch(/^Apprenant;E-mail;Tentative;Date;Score \(%\);Résultat;Bonnes réponses;Quelle lumière/);
    expect(lines.slice(1).every((line) => /;(Réussi|Échoué);\d+\/\d+;/.test(line))).toBe(true);
    const english = await exportAnswers(demo.teacher, DEMO_PHOTO, DEMO_QUIZ, '', { 'accept-language': 'en' });
    expect(english.text.split('\r\n')[0]).toMatch(/^Learner;E-mail;Attempt;Date;Score \(%\);Result;Correct answers;/);
  });

  it('exports one learner’s attempts with customer_uuid; a quiz nobody answered exports its header only', async () => {
    const first = (await listAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ)).body.data[0];
    const mine = await exportAnswers(demo.owner, DEMO_PHOTO, DEMO_QUIZ, `?customer_uuid=${first.customer.uuid}`);
    const lines = mine.text.split('\r\n').filter(Boolean);
    expect(lines.slice(1).every((line) => line.includes(first.customer.email))).toBe(true);
    const csv = await exportAnswers(demo.owner, training, quiz);
    expect(csv.status).toBe(200);
    expect(csv.text).toBe('Apprenant;E-mail;Tentative;Date;Score (%);Résultat;Bonnes réponses\r\n');
  });
});
