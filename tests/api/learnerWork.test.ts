import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register, uniqueEmail, type Answer } from './client';
import { addItem } from './trainingItemsSupport';
import { addCustomer, newTraining } from './trainingLearnersSupport';

/**
 * The learner's work in the player (issue 12): assignment hand-in (uploads, submissions, the thread with the
 * team), comments under a lesson, and lesson feedback feeding the training's average rating.
 */
const school = (subdomain: string, rest = '') => `/school/stores/${subdomain}${rest}`;
const item = (subdomain: string, training: string, itemId: number, rest = '') => school(subdomain, `/me/trainings/${training}/items/${itemId}${rest}`);
const MiB = 1024 * 1024;

async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

interface School {
  subdomain: string;
  owner: string;
  training: string;
  ids: { assignment: number; lesson: number; locked: number; lockedAssignment: number; noFiles: number };
}

/** A training of the demo store (plan PRO: assignments) with an assignment, a lesson and locked items. */
async function demoSchool(): Promise<School> {
  const token = await login('owner@demo.test');
  const training = await newTraining(token, 'Atelier photo');
  const put = async (id: number, body: Record<string, unknown>) => {
    const answer = await api('PUT', `/trainings/${training}/training_items/${id}`, { token, body });
    expect(answer.status, answer.text).toBe(200);
  };
  const assignment = await addItem(token, training, { type: 'ASSIGNMENT', name: 'Trois photos', draft: false });
  await put(assignment, { specific_content: JSON.stringify({ instructions: 'Envoyez deux photos.', max_files: 2 }) });
  const noFiles = await addItem(token, training, { type: 'ASSIGNMENT', name: 'Un texte', draft: false });
  await put(noFiles, { specific_content: JSON.stringify({ instructions: 'Un texte seulement.', max_files: 0 }) });
  const lesson = await addItem(token, training, { type: 'GENERIC', name: 'La lumière', draft: false });
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const locked = await addItem(token, training, { type: 'GENERIC', name: 'Plus tard', draft: false });
  await put(locked, { unlock_mode: 'DATE', unlock_at: later });
  const lockedAssignment = await addItem(token, training, { type: 'ASSIGNMENT', name: 'Devoir plus tard', draft: false });
  await put(lockedAssignment, { unlock_mode: 'DATE', unlock_at: later, specific_content: JSON.stringify({ instructions: 'x', max_files: 1 }) });
  return { subdomain: 'demo', owner: token, training, ids: { assignment, lesson, locked, lockedAssignment, noFiles } };
}

/** Another school (plan PERCENT): one lesson. */
async function otherSchool() {
  const { token, user } = await register();
  const training = await newTraining(token, 'Ailleurs');
  const lesson = await addItem(token, training, { type: 'GENERIC', name: 'Ailleurs', draft: false });
  return { subdomain: user.store.subdomain as string, owner: token, training, lesson };
}

async function learnerOf(s: { subdomain: string; owner: string; training: string }) {
  const email = uniqueEmail('learner');
  const answer = await api('POST', school(s.subdomain, '/register'), { body: { email, password: 'learner-password-1', firstname: 'Léa', lastname: 'Martin' } });
  expect(answer.status, answer.text).toBe(201);
  await addCustomer(s.owner, s.training, { email, send_email: false });
  return answer.body.token as string;
}

/** The server's addresses carry APP_URL (here with port 0): aim them at the test server. */
const local = (address: string) => {
  const url = new URL(address);
  return `${baseUrl()}${url.pathname}${url.search}`;
};

/** Asks for an upload address and sends the bytes: the file as the submission names it. */
async function uploaded(s: School, token: string, filename = 'photo.jpg') {
  const bytes = new Uint8Array(2048).fill(7);
  const address = await checked('createLearnerUploadUrl', 'POST', school(s.subdomain, '/me/uploads'), {
    token,
    body: { type: 'ASSIGNMENT', filename, size: bytes.length, content_type: 'image/jpeg' },
  });
  expect(address.status, address.text).toBe(200);
  const sent = await fetch(local(address.body.upload_url), { method: 'PUT', body: bytes, headers: address.body.headers });
  expect(sent.status, await sent.text()).toBeLessThan(300);
  return { name: filename, url: address.body.file_url as string, size: bytes.length };
}

let s: School;
let other: Awaited<ReturnType<typeof otherSchool>>;
beforeAll(async () => {
  [s, other] = await Promise.all([demoSchool(), otherSchool()]);
});

const submit = (token: string, body: unknown, itemId = s.ids.assignment, training = s.training) =>
  checked('submitAssignment', 'POST', item(s.subdomain, training, itemId, '/assignment/submissions'), { token, body });
const lessonOf = (token: string, itemId = s.ids.assignment) => checked('getLesson', 'GET', item(s.subdomain, s.training, itemId), { token });

describe('createLearnerUploadUrl', () => {
  it("answers an address within the plan's limit, and refuses a file too large (spec 8) or of another type", async () => {
    const token = await learnerOf(s);
    const ok = await checked('createLearnerUploadUrl', 'POST', school(s.subdomain, '/me/uploads'), { token, body: { type: 'ASSIGNMENT', filename: 'devoir.pdf', size: 1000 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.max_size).toBe(30720 * 1024);
    const big = await checked('createLearnerUploadUrl', 'POST', school(s.subdomain, '/me/uploads'), {
      token,
      body: { type: 'ASSIGNMENT', filename: 'devoir.pdf', size: 31 * MiB },
    });
    expect(big.status).toBe(422);
    expect(big.body.errors.size[0]).toMatch(/trop volumineux \(30 Mo au maximum\)/);
    const video = await checked('createLearnerUploadUrl', 'POST', school(s.subdomain, '/me/uploads'), { token, body: { type: 'VIDEO', filename: 'a.mp4', size: 10 } });
    expect(video.status).toBe(422);
    // Another school's learner token is not a learner of this school.
    const stranger = await learnerOf(other);
    expect((await api('POST', school(s.subdomain, '/me/uploads'), { token: stranger, body: { type: 'ASSIGNMENT', filename: 'a.pdf', size: 10 } })).status).toBe(401);
  });
});

describe('submitAssignment', () => {
  it('hands in text and files, waits for the team, and hands in again only after a rejection', async () => {
    const token = await learnerOf(s);
    const opened = await lessonOf(token);
    expect(opened.body.assignment).toMatchObject({ status: 'PENDING_CUSTOMER', decision: null, submissions: [] });

    const file = await uploaded(s, token);
    const first = await submit(token, { content: 'Mes deux <b>photos</b>', files: [{ ...file, size: 1 }] });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'PENDING_TEACHER', decision: null });
    // The recorded size is kept, not the one sent; the text is plain.
    expect(first.body.submissions[0]).toMatchObject({ content: 'Mes deux photos', files: [{ name: 'photo.jpg', url: file.url, size: 2048 }] });

    // Waiting for a correction: no second hand-in.
    const again = await submit(token, { content: 'Encore' });
    expect(again.status).toBe(409);

    // The team's review page sees it at once, and the owner was told.
    const review = `/trainings/${s.training}/training_items/${s.ids.assignment}/assignments`;
    const listed = await api('GET', `${review}?status=PENDING_TEACHER`, { token: s.owner });
    const mine = (listed.body.data as { id: number; customer: { display_name: string } }[]).find((a) => a.id === first.body.id);
    expect(mine?.customer.display_name).toBe('Léa Martin');
    const notes = await api('GET', '/users/me/notifications', { token: s.owner });
    expect(JSON.stringify(notes.body.data)).toContain('a rendu le devoir « Trois photos »');

    const rejected = await api('PUT', `${review}/${first.body.id}/validate`, { token: s.owner, body: { decision: 'REJECTED', correction: 'Recadrez la seconde.' } });
    expect(rejected.status, rejected.text).toBe(200);
    const seen = await lessonOf(token);
    expect(seen.body.assignment).toMatchObject({ status: 'PENDING_CUSTOMER', decision: 'REJECTED' });
    expect(seen.body.assignment.submissions[0].correction).toBe('Recadrez la seconde.');

    const second = await submit(token, { content: 'Recadrée', files: [file] });
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ status: 'PENDING_TEACHER', decision: null });
    expect(second.body.submissions).toHaveLength(2);

    const accepted = await api('PUT', `${review}/${first.body.id}/validate`, { token: s.owner, body: { decision: 'ACCEPTED' } });
    expect(accepted.status).toBe(200);
    expect((await submit(token, { content: 'Après validation' })).status).toBe(409);
  });

  it("refuses bad input: nothing to hand in, too many files, a file not uploaded or another learner's", async () => {
    const token = await learnerOf(s);
    const neighbour = await learnerOf(s);
    const theirs = await uploaded(s, neighbour);
    const [a, b, c] = [await uploaded(s, token, 'a.jpg'), await uploaded(s, token, 'b.jpg'), await uploaded(s, token, 'c.jpg')];
    expect((await submit(token, {})).status).toBe(422);
    const blank = await submit(token, { content: '  <script>x</script> ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.content[0]).toMatch(/Rendez un texte/);
    const tooMany = await submit(token, { files: [a, b, c] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.files[0]).toMatch(/au plus 2 fichiers/);
    expect((await submit(token, { files: [a] }, s.ids.noFiles)).body.errors.files[0]).toMatch(/ne prend pas de fichier/);
    const foreign = await submit(token, { files: [theirs] });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['files.0.url']);
    const invented = await submit(token, { files: [{ name: 'x.jpg', url: `${a.url.replace(/\/[^/]+$/, '')}/autre.jpg`, size: 3 }] });
    expect(invented.status).toBe(422);
    expect((await submit(token, { content: 'x'.repeat(20001) })).status).toBe(422);
    // Nothing was handed in.
    expect((await lessonOf(token)).body.assignment.status).toBe('PENDING_CUSTOMER');
  });

  it("answers 404 for another school's training or a lesson that is no assignment, 403 for a locked one", async () => {
    const token = await learnerOf(s);
    expect((await submit(token, { content: 'x' }, s.ids.lesson)).status).toBe(404);
    expect((await submit(token, { content: 'x' }, other.lesson, other.training)).status).toBe(404);
    expect((await submit(token, { content: 'x' }, other.lesson)).status).toBe(404);
    expect((await submit(token, { content: 'x' }, 2_147_483_647)).status).toBe(404);
    const locked = await submit(token, { content: 'x' }, s.ids.lockedAssignment);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('ITEM_LOCKED');
  });
});

describe('assignment comments', () => {
  it("keeps the learner's thread with the team, shown to both, and to no other learner", async () => {
    const token = await learnerOf(s);
    const path = item(s.subdomain, s.training, s.ids.assignment, '/assignment/comments');
    const empty = await checked('listMyAssignmentComments', 'GET', path, { token });
    expect(empty.body.data).toEqual([]);
    const posted = await checked('createMyAssignmentComment', 'POST', path, { token, body: { content: 'Une question <i>sur</i> le cadrage' } });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.content).toBe('Une question sur le cadrage');
    const assignment = (await lessonOf(token)).body.assignment;
    const teamPath = `/trainings/${s.training}/training_items/${s.ids.assignment}/assignments/${assignment.id}/comments`;
    expect((await api('POST', teamPath, { token: s.owner, body: { content: 'Plein cadre.' } })).status).toBe(201);
    const thread = await checked('listMyAssignmentComments', 'GET', path, { token });
    expect(thread.body.data.map((c: { content: string }) => c.content)).toEqual(['Une question sur le cadrage', 'Plein cadre.']);
    expect((await checked('listMyAssignmentComments', 'GET', path, { token: await learnerOf(s) })).body.data).toEqual([]);
    expect((await checked('createMyAssignmentComment', 'POST', path, { token, body: { content: '' } })).status).toBe(422);
    expect((await api('GET', item(s.subdomain, s.training, s.ids.lesson, '/assignment/comments'), { token })).status).toBe(404);
  });
});

describe('lesson comments', () => {
  it('threads comments and replies, cleans the HTML and tells the team', async () => {
    const token = await learnerOf(s);
    const path = item(s.subdomain, s.training, s.ids.lesson, '/comments');
    const root = await checked('createLessonComment', 'POST', path, { token, body: { content: '<p>Quelle <b>ouverture</b> ?</p><script>alert(1)</script>' } });
    expect(root.status, root.text).toBe(201);
    expect(root.body).toMatchObject({ content: 'Quelle ouverture ?', parent_id: null, author: { display_name: 'Léa Martin' } });
    const reply = await checked('createLessonComment', 'POST', path, { token: await learnerOf(s), body: { content: 'f/8', parent_id: root.body.id } });
    expect(reply.status).toBe(201);
    const list = await checked('listLessonComments', 'GET', `${path}?per_page=5`, { token });
    const thread = (list.body.data as { id: number; children: { content: string }[] }[]).find((c) => c.id === root.body.id)!;
    expect(thread.children.map((c) => c.content)).toEqual(['f/8']);
    // The back office's comments tab reads the same thread.
    const team = await api('GET', `/trainings/${s.training}/comments`, { token: s.owner });
    expect(JSON.stringify(team.body.data)).toContain('Quelle ouverture ?');
    const notes = await api('GET', '/users/me/notifications', { token: s.owner });
    const note = (notes.body.data as { type: string; text?: string; message?: string }[]).find((n) => n.type === 'TRAINING_COMMENT_CREATED');
    expect(JSON.stringify(note)).toContain('a commenté la leçon « La lumière »');
  });

  it('refuses bad input (422), a locked lesson (403), and ids of another school or training (404)', async () => {
    const token = await learnerOf(s);
    const path = item(s.subdomain, s.training, s.ids.lesson, '/comments');
    expect((await checked('createLessonComment', 'POST', path, { token, body: { content: '<script>x</script>' } })).status).toBe(422);
    expect((await checked('createLessonComment', 'POST', path, { token, body: { content: 'x', parent_id: 2_147_483_647 } })).status).toBe(422);
    expect((await checked('createLessonComment', 'POST', path, { token, body: { content: 'x', extra: 1 } })).status).toBe(422);
    expect((await checked('listLessonComments', 'GET', `${path}?per_page=0`, { token })).status).toBe(422);
    expect((await checked('listLessonComments', 'GET', item(s.subdomain, s.training, s.ids.locked, '/comments'), { token })).status).toBe(403);
    expect((await checked('createLessonComment', 'POST', item(s.subdomain, s.training, s.ids.locked, '/comments'), { token, body: { content: 'x' } })).status).toBe(403);
    expect((await checked('listLessonComments', 'GET', item(s.subdomain, other.training, other.lesson, '/comments'), { token })).status).toBe(404);
    expect((await checked('listLessonComments', 'GET', item(s.subdomain, s.training, other.lesson, '/comments'), { token })).status).toBe(404);
  });
});

describe('giveLessonFeedback', () => {
  const feedback = (token: string, body: unknown, itemId = s.ids.lesson) => checked('giveLessonFeedback', 'POST', item(s.subdomain, s.training, itemId, '/feedback'), { token, body });
  const options = (body: Record<string, unknown>) => api('PUT', `/trainings/${s.training}/feedback_options`, { token: s.owner, body });

  it('is refused while the training asks for none, then rates the lesson once per learner and feeds the average rating', async () => {
    const [a, b] = [await learnerOf(s), await learnerOf(s)];
    await options({ enabled: false });
    expect((await feedback(a, { rating: 4 })).status).toBe(403);
    expect((await lessonOf(a, s.ids.lesson)).body).toMatchObject({ feedback_given: false, feedback_options: null });

    expect((await options({ enabled: true, rating_enabled: true, comment_enabled: false, mandatory: true })).status).toBe(200);
    expect((await lessonOf(a, s.ids.lesson)).body.feedback_options).toEqual({ enabled: true, rating_enabled: true, comment_enabled: false, mandatory: true });
    expect((await feedback(a, { rating: 6 })).status).toBe(422);
    expect((await feedback(a, {})).status).toBe(422);
    expect((await feedback(a, { comment: 'Bien' })).body.errors.comment[0]).toMatch(/ne demande pas de commentaire/);
    expect((await feedback(a, { rating: 4 }, s.ids.locked)).status).toBe(403);
    expect((await feedback(a, { rating: 4 }, other.lesson)).status).toBe(404);

    const given = await feedback(a, { rating: 1 });
    expect(given.status, given.text).toBe(201);
    expect((await feedback(a, { rating: 4 })).body).toMatchObject({ id: given.body.id, rating: 4, comment: null });
    expect((await feedback(b, { rating: 2 })).status).toBe(201);
    expect((await lessonOf(a, s.ids.lesson)).body.feedback_given).toBe(true);

    const stats = await api('GET', `/trainings/${s.training}/stats/global`, { token: s.owner });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.average_rating).toBe(3);

    await options({ comment_enabled: true });
    const commented = await feedback(b, { comment: '<em>Très</em> clair' });
    expect(commented.body).toMatchObject({ rating: null, comment: 'Très clair' });
  });

  it('holds "done" until the learner answers when the feedback is mandatory, and not when it is optional', async () => {
    const progress = (token: string, body: unknown) => checked('updateLessonProgress', 'PUT', item(s.subdomain, s.training, s.ids.lesson, '/progress'), { token, body });
    const [a, b] = [await learnerOf(s), await learnerOf(s)];
    expect((await options({ enabled: true, rating_enabled: true, comment_enabled: true, mandatory: true })).status).toBe(200);
    const refused = await progress(a, { time_spent_delta: 3600, completed: true });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.completed[0]).toContain('Donnez votre avis');
    // Nothing was recorded by the refused call, time included (one transaction).
    expect((await lessonOf(a, s.ids.lesson)).body.completed_at).toBeNull();
    expect((await feedback(a, { rating: 5 })).status).toBe(201);
    const done = await progress(a, { time_spent_delta: 3600, completed: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body.completed_at).not.toBeNull();

    expect((await options({ mandatory: false })).status).toBe(200);
    const optional = await progress(b, { time_spent_delta: 3600, completed: true });
    expect(optional.status, optional.text).toBe(200);
    expect(optional.body.completed_at).not.toBeNull();
  });
});
