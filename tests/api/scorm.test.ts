import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { goodPackage, manifest12, symlinkPackage, zip } from '../unit/upload/scormZips';
import { api, baseUrl, expectContract, login, register, type Answer } from './client';

/**
 * createScormTrainingItem through HTTP. The demo store is PRO, so its owner meets the plan gate; the
 * platform admin of the demo store passes plan checks (as x-plans says), which lets the whole path run
 * here without an EXPERT store. The package rules themselves are unit-tested (tests/unit/upload/scorm.test.ts).
 */
let owner: string;
let analyst: string;
let platform: string;
let trainingUuid: string;

beforeAll(async () => {
  [owner, analyst, platform] = await Promise.all([login('owner@demo.test'), login('analyst@demo.test'), login('platform@demo.test')]);
  const training = await api('POST', '/trainings', { token: owner, body: { name: 'Formation SCORM' } });
  expect(training.status, training.text).toBe(201);
  trainingUuid = training.body.uuid;
});

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([Buffer.from(file.bytes)], { type: 'application/zip' }), file.name);
  return data;
}

async function upload(token: string, body: FormData, uuid = trainingUuid): Promise<Answer> {
  const response = await fetch(`${baseUrl()}/api/v1/trainings/${uuid}/training_items/scorm`, {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, text };
  expectContract('createScormTrainingItem', answer);
  return answer;
}

const scorm = (bytes: Uint8Array = goodPackage(), name = 'module.zip') => ({ bytes, name });
const local = (address: string) => `${baseUrl()}${new URL(address).pathname}`;

describe('POST /trainings/{uuid}/training_items/scorm', () => {
  it('needs the EXPERT plan: 403 PLAN_REQUIRED on the PRO demo store', async () => {
    const answer = await upload(owner, form({ type: 'SCORM' }, scorm()));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PLAN_REQUIRED');
  });

  it('is for OWNER, ADMIN and TEACHER, signed in', async () => {
    expect((await upload(analyst, form({ type: 'SCORM' }, scorm()))).status).toBe(403);
    expect((await upload('', form({ type: 'SCORM' }, scorm()))).status).toBe(401);
  });

  it('creates a draft SCORM item whose launch page is served for the player frame', async () => {
    const answer = await upload(platform, form({ type: 'SCORM', parent_id: '' }, scorm(goodPackage(), 'Hygiène.zip')));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ type: 'SCORM', name: 'Sécurité & hygiène', draft: true, parent_id: null });
    expect(JSON.parse(answer.body.specific_content)).toEqual({ entry_point: 'index.html', version: '1.2' });

    const page = await fetch(local(answer.body.scorm_url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Under the app's own address (no FILES_ORIGIN here): no forms, no pop-ups, so no fake sign-in page posting away.
    expect(page.headers.get('content-security-policy')).toBe("sandbox allow-scripts allow-modals allow-downloads; frame-ancestors 'self'");
    expect(await page.text()).toContain('<title>Module 1</title>');
    const script = await fetch(local(answer.body.scorm_url).replace(/index\.html$/, 'js/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('explains what is wrong with the file (422 on file)', async () => {
    const notZip = await upload(platform, form({ type: 'SCORM' }, scorm(strToU8('bonjour'), 'module.zip')));
    expect(notZip.status).toBe(422);
    expect(notZip.body.errors.file).toEqual(["Le fichier n'est pas une archive .zip."]);
    const traversal = await upload(platform, form({ type: 'SCORM' }, scorm(zip({ 'imsmanifest.xml': strToU8(manifest12()), '../evil': strToU8('x') }))));
    expect(traversal.body.errors.file[0]).toMatch(/chemin dangereux/);
    const link = await upload(platform, form({ type: 'SCORM' }, scorm(symlinkPackage())));
    expect(link.body.errors.file[0]).toMatch(/lien symbolique/);
    const noManifest = await upload(platform, form({ type: 'SCORM' }, scorm(zip({ 'index.html': strToU8('<p>') }))));
    expect(noManifest.body.errors.file[0]).toMatch(/imsmanifest\.xml/);
  });

  it('answers at once to a manifest of 200 KiB of unclosed comments, and to one over 1 MiB', async () => {
    const comments = await upload(platform, form({ type: 'SCORM' }, scorm(zip({ 'imsmanifest.xml': strToU8('<!--'.repeat(50 * 1024)), 'index.html': strToU8('<p>') }))));
    expect(comments.status).toBe(422);
    expect(comments.body.errors.file).toEqual(['Le fichier imsmanifest.xml est illisible.']);
    const huge = zip({ 'imsmanifest.xml': [strToU8(manifest12('index.html', `<!--${'x'.repeat(1024 * 1024)}-->`)), { level: 0 }], 'index.html': strToU8('<p>') });
    const tooLarge = await upload(platform, form({ type: 'SCORM' }, scorm(huge)));
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors.file).toEqual(['Le fichier imsmanifest.xml est trop volumineux (1 Mo au maximum).']);
  });

  it('answers in English when asked', async () => {
    const response = await fetch(`${baseUrl()}/api/v1/trainings/${trainingUuid}/training_items/scorm`, {
      method: 'POST',
      body: form({ type: 'SCORM' }, scorm(goodPackage().subarray(0, 500))),
      headers: { authorization: `Bearer ${platform}`, 'accept-language': 'en' },
    });
    expect(((await response.json()) as { errors: { file: string[] } }).errors.file).toEqual(['The .zip archive is damaged or incomplete.']);
  });

  it('validates the form against the contract', async () => {
    expect((await upload(platform, form({ type: 'SCORM' }))).body.errors).toEqual({ file: ['Ce champ est obligatoire.'] });
    expect((await upload(platform, form({ type: 'VIDEO' }, scorm()))).body.errors).toHaveProperty('type');
    expect((await upload(platform, form({ type: 'SCORM', parent_id: 'abc' }, scorm()))).body.errors).toHaveProperty('parent_id');
    expect((await upload(platform, form({ type: 'SCORM', name: 'x'.repeat(129) }, scorm()))).body.errors).toHaveProperty('name');
    expect((await upload(platform, form({ type: 'SCORM', parent_id: '2147483647' }, scorm()))).body.errors).toHaveProperty('parent_id');
    const json = await api('POST', `/trainings/${trainingUuid}/training_items/scorm`, { token: platform, body: { type: 'SCORM' } });
    expectContract('createScormTrainingItem', json);
    expect(json.status).toBe(422);
  });

  it("answers 404 for another store's training", async () => {
    const stranger = await register();
    const theirs = await api('POST', '/trainings', { token: stranger.token, body: { name: 'Leur formation' } });
    expect((await upload(platform, form({ type: 'SCORM' }, scorm()), theirs.body.uuid)).status).toBe(404);
  });
});

describe('deleting SCORM items frees their package in storage once no item launches it', () => {
  const status = async (url: string) => (await fetch(local(url))).status;
  const newTraining = async (name: string) => {
    const answer = await api('POST', '/trainings', { token: owner, body: { name } });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.uuid as string;
  };
  const packageIn = async (training: string, parentId = '') => {
    const answer = await upload(platform, form({ type: 'SCORM', parent_id: parentId }, scorm()), training);
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { id: number; scorm_url: string };
  };
  const removeItem = async (training: string, id: number) => {
    const answer = await api('DELETE', `/trainings/${training}/training_items/${id}`, { token: owner });
    expect(answer.status, answer.text).toBe(204);
  };

  it('an item deleted: its package goes; a section deleted: the packages of its items go', async () => {
    const training = await newTraining('SCORM supprimés');
    const item = await packageIn(training);
    expect(await status(item.scorm_url)).toBe(200);
    await removeItem(training, item.id);
    expect(await status(item.scorm_url)).toBe(404);
    expect(await status(item.scorm_url.replace(/index\.html$/, 'js/app.js'))).toBe(404);

    const section = await api('POST', `/trainings/${training}/training_items`, { token: owner, body: { type: 'SECTION', name: 'Chapitre' } });
    expect(section.status, section.text).toBe(201);
    const inside = await packageIn(training, String(section.body.id));
    expect(await status(inside.scorm_url)).toBe(200);
    await removeItem(training, section.body.id);
    expect(await status(inside.scorm_url)).toBe(404);
  });

  it('a copy in another training keeps the package alive until the copy goes too; deleting a training frees its packages', async () => {
    const first = await newTraining('SCORM original');
    const second = await newTraining('SCORM copie');
    const item = await packageIn(first);
    const copy = await api('POST', `/trainings/${first}/training_items/${item.id}/duplication`, { token: platform, body: { target_training_uuid: second } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.scorm_url).toBe(item.scorm_url);

    await removeItem(first, item.id);
    expect(await status(item.scorm_url)).toBe(200);
    const deleted = await api('DELETE', `/trainings/${second}`, { token: owner });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await status(item.scorm_url)).toBe(404);
  });
});
