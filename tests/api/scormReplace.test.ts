import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { goodPackage, manifest2004, zip } from '../unit/upload/scormZips';
import { api, baseUrl, expectContract, login, register, type Answer } from './client';

/**
 * replaceScormPackage through HTTP (issue #10, the SCORM settings page). The demo store is PRO: its platform
 * admin passes the EXPERT gate (as x-plans says), its owner meets it.
 */
let owner: string;
let teacher: string;
let analyst: string;
let platform: string;
let trainingUuid: string;

beforeAll(async () => {
  [owner, teacher, analyst, platform] = await Promise.all([
    login('owner@demo.test'),
    login('teacher@demo.test'),
    login('analyst@demo.test'),
    login('platform@demo.test'),
  ]);
  const training = await api('POST', '/trainings', { token: owner, body: { name: 'Formation SCORM remplacée' } });
  expect(training.status, training.text).toBe(201);
  trainingUuid = training.body.uuid;
});

const packageForm = (bytes: Uint8Array, fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([Buffer.from(bytes)], { type: 'application/zip' }), 'module.zip');
  return data;
};

async function send(url: string, token: string, body: FormData, operationId: string): Promise<Answer> {
  const response = await fetch(`${baseUrl()}/api/v1${url}`, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, text };
  expectContract(operationId, answer);
  return answer;
}

const replace = (token: string, itemId: number | string, bytes: Uint8Array, uuid = trainingUuid) =>
  send(`/trainings/${uuid}/training_items/${itemId}/scorm`, token, packageForm(bytes), 'replaceScormPackage');

async function newScormItem(uuid = trainingUuid) {
  const answer = await send(`/trainings/${uuid}/training_items/scorm`, platform, packageForm(goodPackage(), { type: 'SCORM' }), 'createScormTrainingItem');
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: number; name: string; scorm_url: string; version: number; specific_content: string };
}

const local = (address: string) => `${baseUrl()}${new URL(address).pathname}`;
const status = async (url: string) => (await fetch(local(url))).status;

/** A SCORM 2004 package whose launch page is elsewhere, so the new address differs in more than its folder. */
const secondPackage = () =>
  zip({ 'imsmanifest.xml': strToU8(manifest2004), 'content/lesson/start here.html': strToU8('<!doctype html><title>Module 2</title>') });

describe('POST /trainings/{uuid}/training_items/{id}/scorm', () => {
  it('launches the new package, keeps the name, draft mark and version, and frees the old package', async () => {
    const item = await newScormItem();
    const renamed = await api('PUT', `/trainings/${trainingUuid}/training_items/${item.id}`, { token: owner, body: { name: 'Mon module', draft: false } });
    expect(renamed.status, renamed.text).toBe(200);

    const answer = await replace(platform, item.id, secondPackage());
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: item.id, name: 'Mon module', draft: false, version: renamed.body.version });
    expect(answer.body.scorm_url).not.toBe(item.scorm_url);
    expect(JSON.parse(answer.body.specific_content)).toMatchObject({ version: '2004' });
    expect(await status(answer.body.scorm_url)).toBe(200);
    expect(await status(item.scorm_url)).toBe(404);
  });

  it('keeps the old package while a copy still launches it', async () => {
    const item = await newScormItem();
    const copy = await api('POST', `/trainings/${trainingUuid}/training_items/${item.id}/duplication`, { token: platform, body: {} });
    expect(copy.status, copy.text).toBe(201);
    expect((await replace(platform, item.id, goodPackage())).status).toBe(200);
    expect(await status(item.scorm_url)).toBe(200);
  });

  it('explains a bad package (422 on file) and leaves the item as it was', async () => {
    const item = await newScormItem();
    const answer = await replace(platform, item.id, zip({ 'index.html': strToU8('<p>') }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file[0]).toMatch(/imsmanifest\.xml/);
    const after = await api('GET', `/trainings/${trainingUuid}/training_items/${item.id}`, { token: owner });
    expect(after.body.scorm_url).toBe(item.scorm_url);
    expect(await status(item.scorm_url)).toBe(200);
  });

  it('refuses an item that is not SCORM (422) and a request without a file', async () => {
    const lesson = await api('POST', `/trainings/${trainingUuid}/training_items`, { token: owner, body: { type: 'GENERIC', name: 'Leçon' } });
    const answer = await replace(platform, lesson.body.id, goodPackage());
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file).toEqual(['Seul un élément SCORM reçoit un paquet SCORM.']);
    const item = await newScormItem();
    const empty = await send(`/trainings/${trainingUuid}/training_items/${item.id}/scorm`, platform, new FormData(), 'replaceScormPackage');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: ['Ce champ est obligatoire.'] });
  });

  it('is for OWNER, ADMIN and TEACHER on the EXPERT plan, signed in', async () => {
    const item = await newScormItem();
    const planned = await replace(owner, item.id, goodPackage());
    expect(planned.status).toBe(403);
    expect(planned.body.code).toBe('PLAN_REQUIRED');
    expect((await replace(teacher, item.id, goodPackage())).status).toBe(403);
    expect((await replace(analyst, item.id, goodPackage())).status).toBe(403);
    expect((await replace('', item.id, goodPackage())).status).toBe(401);
  });

  it("answers 404 for an unknown item, another training's item and another store's training", async () => {
    const item = await newScormItem();
    expect((await replace(platform, 2_000_000_000, goodPackage())).status).toBe(404);
    expect((await replace(platform, 99_999_999_999, goodPackage())).status).toBe(404);
    const other = await api('POST', '/trainings', { token: owner, body: { name: 'Autre formation' } });
    expect((await replace(platform, item.id, goodPackage(), other.body.uuid)).status).toBe(404);
    const stranger = await register();
    const theirs = await api('POST', '/trainings', { token: stranger.token, body: { name: 'Leur formation' } });
    expect((await replace(platform, item.id, goodPackage(), theirs.body.uuid)).status).toBe(404);
  });
});
