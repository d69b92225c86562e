import { beforeAll, describe, expect, it } from 'vitest';
import { SCORM_CMI_MAX_BYTES } from '../../shared/scormCmi';
import { strToU8 } from 'fflate';
import { goodPackage, manifest2004, zip } from '../unit/upload/scormZips';
import { api, baseUrl, expectContract, login, register, uniqueEmail, type Answer } from './client';
import { addItem } from './trainingItemsSupport';
import { addCustomer, newTraining } from './trainingLearnersSupport';

/**
 * The SCORM runtime's saves (issue 12): GET/PUT `/school/stores/{subdomain}/me/trainings/{slug}/items/{id}/scorm`.
 * The demo store is PRO; its platform admin passes the EXPERT gate of a SCORM import (as in scorm.test.ts).
 */
const SUBDOMAIN = 'demo';
const me = (training: string, rest = '') => `/school/stores/${SUBDOMAIN}/me/trainings/${training}${rest}`;
const scormPath = (training: string, item: number) => me(training, `/items/${item}/scorm`);

async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

let owner: string;
let training: string;
let scormItem: number;
let lockedScorm: number;
let lesson: number;
let scorm2004: number;

const package2004 = () => zip({ 'imsmanifest.xml': strToU8(manifest2004), 'content/lesson/start here.html': strToU8('<!doctype html><title>2004</title>') });

async function importScorm(token: string, uuid: string, bytes: Uint8Array = goodPackage()): Promise<number> {
  const data = new FormData();
  data.append('type', 'SCORM');
  data.append('file', new Blob([Buffer.from(bytes)], { type: 'application/zip' }), 'module.zip');
  const response = await fetch(`${baseUrl()}/api/v1/trainings/${uuid}/training_items/scorm`, { method: 'POST', body: data, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { id: number };
  expect(response.status).toBe(201);
  const publish = await api('PUT', `/trainings/${uuid}/training_items/${body.id}`, { token, body: { draft: false } });
  expect(publish.status, publish.text).toBe(200);
  return body.id;
}

async function learner(): Promise<string> {
  const email = uniqueEmail('scorm');
  const answer = await api('POST', `/school/stores/${SUBDOMAIN}/register`, { body: { email, password: 'learner-password-1', firstname: 'Léa' } });
  expect(answer.status, answer.text).toBe(201);
  await addCustomer(owner, training, { email, send_email: false });
  return answer.body.token as string;
}

beforeAll(async () => {
  const platform = await login('platform@demo.test');
  owner = await login('owner@demo.test');
  training = await newTraining(owner, 'Formation SCORM suivie');
  scormItem = await importScorm(platform, training);
  lesson = await addItem(owner, training, { type: 'GENERIC', name: 'Leçon ouverte', draft: false });
  lockedScorm = await importScorm(platform, training);
  scorm2004 = await importScorm(platform, training, package2004());
  const lock = await api('PUT', `/trainings/${training}/training_items/${lockedScorm}`, {
    token: owner,
    body: { unlock_mode: 'DATE', unlock_at: new Date(Date.now() + 10 * 86_400_000).toISOString() },
  });
  expect(lock.status, lock.text).toBe(200);
});

const cmi12 = (status: string, raw = '') => ({ cmi: { core: { lesson_status: status, lesson_location: 'page-3', score: { raw, min: '', max: '' } }, suspend_data: 'etat=3' } });

describe('getScormProgress / saveScormProgress', () => {
  it('starts empty, saves the CMI data, resumes it, and completes the item once with its score', async () => {
    const token = await learner();
    const first = await checked('getScormProgress', 'GET', scormPath(training, scormItem), { token });
    expect(first.status, first.text).toBe(200);
    // No FILES_ORIGIN in the API tests: no separate origin to host the runtime page.
    expect(first.body).toMatchObject({ item_id: scormItem, version: '1.2', cmi: null, runtime_url: null, completed_at: null, score: null, training_progress: 0 });

    const started = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body: { cmi: cmi12('incomplete') } });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ completed_at: null, training_progress: 0 });
    const resumed = await checked('getScormProgress', 'GET', scormPath(training, scormItem), { token });
    expect(resumed.body.cmi).toEqual(cmi12('incomplete'));

    const done = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body: { cmi: cmi12('passed', '85'), finished: true } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.completed_at).not.toBeNull();
    expect(done.body.score).toBe(85);
    // One of the training's four items (the two SCORM items, the lesson, the locked SCORM item).
    const progressAfter = done.body.training_progress as number;
    expect(progressAfter).toBe(25);

    // Completed once: a later commit (the package reopened, status back to incomplete) keeps the first date.
    const again = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body: { cmi: cmi12('incomplete') } });
    expect(again.body.completed_at).toBe(done.body.completed_at);
    expect(again.body.training_progress).toBe(progressAfter);
    const outline = await checked('getMyTraining', 'GET', me(training), { token });
    const item = (outline.body.items as { id: number; completed: boolean }[]).find((entry) => entry.id === scormItem);
    expect(item?.completed).toBe(true);
    expect(outline.body.progress).toBe(progressAfter);
  });

  it('without a runtime (no FILES_ORIGIN here) the item is not tracked: the lesson says so and the learner marks it done', async () => {
    const token = await learner();
    const lesson = await checked('getLesson', 'GET', `${me(training)}/items/${scormItem}`, { token });
    expect(lesson.status, lesson.text).toBe(200);
    expect(lesson.body).toMatchObject({ type: 'SCORM', scorm_tracked: false });
    const done = await checked('updateLessonProgress', 'PUT', `${me(training)}/items/${scormItem}/progress`, { token, body: { completed: true } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.completed_at).not.toBeNull();
  });

  it("reads the data by the package's version: 2004 fields complete a 2004 package, not a 1.2 one", async () => {
    const token = await learner();
    const data2004 = { cmi: { completion_status: 'incomplete', success_status: 'passed', score: { scaled: '0.9', raw: '', min: '', max: '' } } };
    const on12 = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body: { cmi: data2004 } });
    expect(on12.status).toBe(200);
    expect(on12.body).toMatchObject({ version: '1.2', completed_at: null, score: null });
    const on2004 = await checked('saveScormProgress', 'PUT', scormPath(training, scorm2004), { token, body: { cmi: data2004, finished: true } });
    expect(on2004.body).toMatchObject({ version: '2004', score: 90 });
    expect(on2004.body.completed_at).not.toBeNull();
  });

  it('refuses bad input: no cmi, a cmi that is not an object, unknown fields, oversize data (422)', async () => {
    const token = await learner();
    for (const body of [{}, { cmi: 'completed' }, { cmi: [] }, { cmi: cmi12('completed'), extra: 1 }, { cmi: null }]) {
      const answer = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const huge = { cmi: { core: { lesson_status: 'completed' }, suspend_data: 'x'.repeat(SCORM_CMI_MAX_BYTES) } };
    const oversize = await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token, body: { cmi: huge } });
    expect(oversize.status).toBe(422);
    expect(oversize.body.errors.cmi[0]).toContain('Kio');
    // Nothing was stored or completed.
    const after = await checked('getScormProgress', 'GET', scormPath(training, scormItem), { token });
    expect(after.body).toMatchObject({ cmi: null, completed_at: null });
  });

  it('refuses an item that is not SCORM (422) and a locked one (403 ITEM_LOCKED, nothing stored)', async () => {
    const token = await learner();
    const notScorm = await checked('saveScormProgress', 'PUT', scormPath(training, lesson), { token, body: { cmi: cmi12('completed') } });
    expect(notScorm.status).toBe(422);
    expect((await checked('getScormProgress', 'GET', scormPath(training, lesson), { token })).status).toBe(422);
    const locked = await checked('saveScormProgress', 'PUT', scormPath(training, lockedScorm), { token, body: { cmi: cmi12('completed') } });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('ITEM_LOCKED');
    expect((await checked('getScormProgress', 'GET', scormPath(training, lockedScorm), { token })).status).toBe(403);
  });

  it("keeps each learner's data apart; a learner of another school, or not enrolled, gets nothing", async () => {
    const [one, two] = [await learner(), await learner()];
    await checked('saveScormProgress', 'PUT', scormPath(training, scormItem), { token: one, body: { cmi: cmi12('incomplete') } });
    const other = await checked('getScormProgress', 'GET', scormPath(training, scormItem), { token: two });
    expect(other.body.cmi).toBeNull();

    // Not enrolled in the training: 403 (no access to the page), like the other learner calls.
    const email = uniqueEmail('stranger');
    const stranger = await api('POST', `/school/stores/${SUBDOMAIN}/register`, { body: { email, password: 'learner-password-1', firstname: 'Paul' } });
    const notFollowing = await checked('getScormProgress', 'GET', scormPath(training, scormItem), { token: stranger.body.token });
    expect(notFollowing.status).toBe(403);

    // Another school's learner, on the same address under their own school: 404 (the training is not theirs).
    const elsewhere = await register();
    const theirs = await api('POST', `/school/stores/${elsewhere.user.store.subdomain}/register`, { body: { email: uniqueEmail('ailleurs'), password: 'learner-password-1', firstname: 'Zoé' } });
    expect(theirs.status, theirs.text).toBe(201);
    const path = `/school/stores/${elsewhere.user.store.subdomain}/me/trainings/${training}/items/${scormItem}/scorm`;
    expect((await checked('getScormProgress', 'GET', path, { token: theirs.body.token })).status).toBe(404);
    expect((await checked('saveScormProgress', 'PUT', path, { token: theirs.body.token, body: { cmi: cmi12('completed') } })).status).toBe(404);
    // Without a session: 401.
    expect((await checked('getScormProgress', 'GET', scormPath(training, scormItem))).status).toBe(401);
  });
});
