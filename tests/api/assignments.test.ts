import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, register } from './client';
import { addItem, demoTokens, getItem, listItems, newTraining } from './trainingItemsSupport';

/**
 * The trainer's review of an assignment (issue #10): listAssignments, getAssignment, validateAssignment,
 * listAssignmentComments, createAssignmentComment, over the demo seed's submissions of "Composer une assiette"
 * (seedAssignments.ts: Camille and Manon waiting, Lucas started only, Chloé accepted).
 */

const TRAINING = 'de300000-0000-4000-8000-000000000001';
const ITEM = 4;
const base = `/trainings/${TRAINING}/training_items/${ITEM}/assignments`;

interface Assignment {
  id: number;
  status: string;
  decision: string | null;
  customer: { display_name: string };
  submissions: { id: number; decision: string | null; correction: string | null; corrected_by: { display_name: string } | null; files: unknown[] }[];
  history: { type: string; submission_id: number | null; decision: string | null; correction: string | null; actor: { type: string } | null }[];
  comments_count: number;
}

async function call(operationId: string, method: string, path: string, token: string, body?: unknown) {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}
const list = (token: string, query = '') => call('listAssignments', 'GET', `${base}${query}`, token);
const get = (token: string, id: number, path = base) => call('getAssignment', 'GET', `${path}/${id}`, token);
const validate = (token: string, id: number, body: unknown, path = base) => call('validateAssignment', 'PUT', `${path}/${id}/validate`, token, body);
const comments = (token: string, id: number, path = base) => call('listAssignmentComments', 'GET', `${path}/${id}/comments`, token);
const comment = (token: string, id: number, body: unknown, path = base) => call('createAssignmentComment', 'POST', `${path}/${id}/comments`, token, body);

let demo: Awaited<ReturnType<typeof demoTokens>>;
const byName: Record<string, Assignment> = {};
beforeAll(async () => {
  demo = await demoTokens();
  const answer = await list(demo.owner, '?per_page=50');
  expect(answer.status, answer.text).toBe(200);
  for (const a of answer.body.data as Assignment[]) byName[a.customer.display_name.split(' ')[0]!] = a;
});
const idOf = (name: string) => byName[name]!.id;
const pendingOfItem = async (token: string) => (await getItem(token, TRAINING, ITEM)).body.assignments_to_validate_count as number;

describe('GET …/assignments', () => {
  it('lists the seeded work, waiting for a correction first, to owners, admins and teachers', async () => {
    for (const token of [demo.owner, demo.admin, demo.teacher, demo.platform]) {
      const answer = await list(token);
      expect(answer.status, answer.text).toBe(200);
      const statuses = (answer.body.data as Assignment[]).map((a) => a.status);
      expect(statuses.slice(0, 2)).toEqual(['PENDING_TEACHER', 'PENDING_TEACHER']);
      expect(new Set(statuses)).toEqual(new Set(['PENDING_TEACHER', 'PENDING_CUSTOMER', 'COMPLETED']));
    }
    expect(Object.keys(byName).sort()).toEqual(['Camille', 'Chloé', 'Lucas', 'Manon']);
  });

  it('filters by status and pages', async () => {
    const completed = await list(demo.teacher, '?status=COMPLETED');
    expect((completed.body.data as Assignment[]).map((a) => a.customer.display_name)).toEqual(['Chloé Laurent']);
    const page = await list(demo.teacher, '?per_page=1&page=2');
    expect(page.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 4, last_page: 4 });
    expect((await list(demo.teacher, '?status=LATE')).status).toBe(422);
    expect((await list(demo.teacher, '?per_page=0')).status).toBe(422);
  });

  it('refuses analysts (403) and answers 404 for another store, another item type or an unknown item', async () => {
    expect((await list(demo.analyst)).status).toBe(403);
    const other = await register();
    // Another store's owner on the PERCENT plan meets the plan first; a PRO store would meet the store scope.
    expect((await list(other.token)).body.code).toBe('PLAN_REQUIRED');
    const training = await newTraining(demo.owner, 'Formation sans devoir');
    const lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon' });
    expect((await call('listAssignments', 'GET', `/trainings/${training}/training_items/${lesson}/assignments`, demo.owner)).status).toBe(404);
    expect((await call('listAssignments', 'GET', `/trainings/${training}/training_items/${ITEM}/assignments`, demo.owner)).status).toBe(404);
    expect((await call('listAssignments', 'GET', `/trainings/${TRAINING}/training_items/2147483648/assignments`, demo.owner)).status).toBe(404);
  });
});

describe('GET …/assignments/{id}', () => {
  it('answers the submissions newest first with their corrections, and the history oldest first', async () => {
    const answer = await get(demo.teacher, idOf('Camille'));
    expect(answer.status, answer.text).toBe(200);
    const camille = answer.body as Assignment;
    expect(camille.status).toBe('PENDING_TEACHER');
    expect(camille.decision).toBeNull();
    expect(camille.history.map((h) => h.type)).toEqual(['assignment_started', 'customer_submission', 'teacher_validation', 'customer_submission']);
    const [latest, first] = camille.submissions;
    expect(latest).toMatchObject({ decision: null, correction: null, corrected_by: null });
    expect(first).toMatchObject({ decision: 'REJECTED', corrected_by: { display_name: 'Thomas Démo' } });
    expect(first!.files).toHaveLength(3);
    expect(camille.history[2]).toMatchObject({ submission_id: first!.id, decision: 'REJECTED', correction: first!.correction, actor: { type: 'USER' } });
    expect(camille.history[0]!.actor).toMatchObject({ type: 'CUSTOMER' });
    expect(camille.comments_count).toBe(2);
  });

  it('names a deleted reviewer as nobody ("Membre supprimé" in the app)', async () => {
    const chloe = (await get(demo.owner, idOf('Chloé'))).body as Assignment;
    expect(chloe).toMatchObject({ status: 'COMPLETED', decision: 'ACCEPTED' });
    expect(chloe.submissions[0]).toMatchObject({ decision: 'ACCEPTED', corrected_by: null });
    expect(chloe.history.at(-1)!.actor).toBeNull();
  });

  it('answers 404 for an id of another item, an unknown id, and 403 to analysts', async () => {
    expect((await get(demo.owner, 2147483647)).status).toBe(404);
    expect((await get(demo.owner, 99_999_999_999)).status).toBe(404);
    expect((await get(demo.owner, idOf('Camille'), `/trainings/${TRAINING}/training_items/12/assignments`)).status).toBe(404);
    expect((await get(demo.analyst, idOf('Camille'))).status).toBe(403);
  });
});

describe('PUT …/assignments/{id}/validate', () => {
  it('refuses a rejection without a correction, a bad decision, and unknown fields (422), changing nothing', async () => {
    const id = idOf('Manon');
    for (const body of [{ decision: 'REJECTED' }, { decision: 'REJECTED', correction: '   ' }, { decision: 'MAYBE' }, {}, { decision: 'ACCEPTED', note: 'x' }]) {
      const answer = await validate(demo.teacher, id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await validate(demo.teacher, id, { decision: 'REJECTED', correction: 'x'.repeat(5001) })).status).toBe(422);
    expect(((await get(demo.teacher, id)).body as Assignment).status).toBe('PENDING_TEACHER');
    expect((await validate(demo.analyst, id, { decision: 'ACCEPTED' })).status).toBe(403);
  });

  it('lets one of two reviewers deciding at once win; the other gets 409; the waiting count follows', async () => {
    const id = idOf('Manon');
    const waiting = await pendingOfItem(demo.owner);
    const answers = await Promise.all([
      validate(demo.teacher, id, { decision: 'ACCEPTED', correction: 'Parfait.' }),
      validate(demo.admin, id, { decision: 'REJECTED', correction: 'Reprenez la plongée.' }),
      validate(demo.owner, id, { decision: 'ACCEPTED' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body.message).toMatch(/n’attend pas de correction/);
    const winner = answers.find((a) => a.status === 200)!.body as Assignment;
    expect(winner.history.filter((h) => h.type === 'teacher_validation')).toHaveLength(1);
    expect(winner.status).toBe(winner.decision === 'ACCEPTED' ? 'COMPLETED' : 'PENDING_CUSTOMER');
    expect(await pendingOfItem(demo.owner)).toBe(waiting - 1);
    const outline = await listItems(demo.owner, TRAINING);
    const node = (outline.body.data as { children: { id: number; assignments_to_validate_count: number }[] }[]).flatMap((s) => s.children).find((n) => n.id === ITEM);
    expect(node!.assignments_to_validate_count).toBe(waiting - 1);
    expect((await validate(demo.owner, id, { decision: 'ACCEPTED' })).status).toBe(409);
  });

  it('rejects with a trimmed correction: the learner must hand in again; a started assignment cannot be validated', async () => {
    const answer = await validate(demo.owner, idOf('Camille'), { decision: 'REJECTED', correction: '  Encore un peu floue.\nEssayez f/8.  ' });
    expect(answer.status, answer.text).toBe(200);
    const camille = answer.body as Assignment;
    expect(camille).toMatchObject({ status: 'PENDING_CUSTOMER', decision: 'REJECTED' });
    expect(camille.submissions[0]).toMatchObject({ decision: 'REJECTED', correction: 'Encore un peu floue.\nEssayez f/8.', corrected_by: { display_name: 'Olivia Démo' } });
    expect(camille.history.at(-1)).toMatchObject({ type: 'teacher_validation', submission_id: camille.submissions[0]!.id });
    expect((await validate(demo.owner, idOf('Lucas'), { decision: 'ACCEPTED' })).status).toBe(409);
    expect((await validate(demo.owner, idOf('Chloé'), { decision: 'REJECTED', correction: 'Non.' })).status).toBe(409);
  });
});

describe('…/assignments/{id}/comments', () => {
  it('lists the thread oldest first, learner and team', async () => {
    const answer = await comments(demo.teacher, idOf('Camille'));
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data as { author: { type: string } | null; content: string }[];
    expect(data.map((c) => c.author?.type)).toEqual(['CUSTOMER', 'USER']);
  });

  it('adds a plain-text message signed by the caller (HTML is kept as text, never interpreted)', async () => {
    const id = idOf('Lucas');
    const answer = await comment(demo.admin, id, { content: '  Pensez à <b>rendre</b> vos photos\navant vendredi.  ' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ content: 'Pensez à <b>rendre</b> vos photos\navant vendredi.', author: { type: 'USER', display_name: 'Adam Démo' } });
    const thread = await comments(demo.owner, id);
    expect((thread.body.data as { id: number }[]).map((c) => c.id)).toEqual([answer.body.id]);
    expect(((await get(demo.owner, id)).body as Assignment).comments_count).toBe(1);
  });

  it('refuses empty messages (422), analysts (403), and ids out of reach (404)', async () => {
    const id = idOf('Lucas');
    expect((await comment(demo.teacher, id, { content: '   ' })).status).toBe(422);
    expect((await comment(demo.teacher, id, { content: '' })).status).toBe(422);
    expect((await comment(demo.teacher, id, { content: 'x'.repeat(5001) })).status).toBe(422);
    expect((await comment(demo.teacher, id, {})).status).toBe(422);
    expect((await comment(demo.analyst, id, { content: 'Bonjour' })).status).toBe(403);
    expect((await comments(demo.analyst, id)).status).toBe(403);
    expect((await comment(demo.teacher, 2147483647, { content: 'Bonjour' })).status).toBe(404);
    expect((await comments(demo.teacher, id, `/trainings/${TRAINING}/training_items/23/assignments`)).status).toBe(404);
  });
});
