import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './client';
import { addItem, demoTokens, itemCall, itemPath, newTraining, percentOwner } from './trainingItemsSupport';

/** Resources on an item: files (RESOURCE uploads) and links, added last, deleted, reordered (issue #10). */

const resourcesPath = (uuid: string, id: number) => `${itemPath(uuid, id)}/resources`;
const addResource = (token: string | undefined, uuid: string, id: number, body: unknown) => itemCall('createTrainingItemResource', 'POST', resourcesPath(uuid, id), token, body);
const deleteResource = (token: string | undefined, uuid: string, id: number, resourceId: number | string) =>
  itemCall('deleteTrainingItemResource', 'DELETE', `${resourcesPath(uuid, id)}/${resourceId}`, token);
const reorder = (token: string | undefined, uuid: string, id: number, body: unknown) => itemCall('reorderTrainingItemResources', 'PUT', `${resourcesPath(uuid, id)}/reordering`, token, body);
const itemResources = async (token: string, uuid: string, id: number) => (await itemCall('getTrainingItem', 'GET', itemPath(uuid, id), token)).body.resources as { id: number; name: string; position: number }[];

/** A RESOURCE upload of the training, sent: answers its file_url. */
async function uploadedFile(token: string, uuid: string, type = 'RESOURCE', send = true): Promise<string> {
  const bytes = new TextEncoder().encode('%PDF-1.7 fiche');
  const presigned = await api('POST', `/trainings/${uuid}/urls/presigned`, { token, body: { type, filename: 'fiche.pdf', size: bytes.length } });
  expect(presigned.status, presigned.text).toBe(200);
  if (send) {
    const address = new URL(presigned.body.upload_url as string);
    const put = await fetch(`${baseUrl()}${address.pathname}${address.search}`, { method: 'PUT', body: bytes, headers: presigned.body.headers });
    expect(put.status).toBe(204);
  }
  return presigned.body.file_url as string;
}

let demo: Awaited<ReturnType<typeof demoTokens>>;
let training: string;
let lesson: number;
beforeAll(async () => {
  demo = await demoTokens();
  training = await newTraining(demo.owner, 'Formation ressources');
  lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon' });
});

describe('POST …/resources (createTrainingItemResource)', () => {
  it('adds a link and an uploaded file last, the file with the upload’s own size and type', async () => {
    const link = await addResource(demo.teacher, training, lesson, { name: ' Site ', type: 'LINK', url: 'https://example.test/guide' });
    expect(link.status, link.text).toBe(201);
    expect(link.body).toMatchObject({ name: 'Site', type: 'LINK', url: 'https://example.test/guide', size: null, mime_type: null });
    const fileUrl = await uploadedFile(demo.owner, training);
    const file = await addResource(demo.admin, training, lesson, { name: 'Fiche', type: 'FILE', url: fileUrl, size: 999999, mime_type: 'text/html' });
    expect(file.status, file.text).toBe(201);
    expect(file.body).toMatchObject({ type: 'FILE', url: fileUrl, size: 14, mime_type: 'application/pdf', position: link.body.position + 1 });
    expect((await itemResources(demo.analyst, training, lesson)).map((r) => r.name)).toEqual(['Site', 'Fiche']);
  });

  it.each([
    ['a javascript: link', { name: 'x', type: 'LINK', url: 'javascript:alert(1)' }, 'url'],
    ['a data: link', { name: 'x', type: 'LINK', url: 'data:text/html,<script>alert(1)</script>' }, 'url'],
    ['a file that was never uploaded', { name: 'x', type: 'FILE', url: 'https://cdn.example.test/x.pdf' }, 'url'],
    ['a blank name', { name: '   ', type: 'LINK', url: 'https://example.test/' }, 'name'],
    ['no url', { name: 'x', type: 'LINK' }, 'url'],
    ['an unknown type', { name: 'x', type: 'VIDEO', url: 'https://example.test/' }, 'type'],
  ])('refuses %s (422)', async (_label, body, field) => {
    const answer = await addResource(demo.owner, training, lesson, body);
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it('refuses a file of another kind, of another training, or not sent yet', async () => {
    const image = await uploadedFile(demo.owner, training, 'PDF');
    expect((await addResource(demo.owner, training, lesson, { name: 'x', type: 'FILE', url: image })).status).toBe(422);
    const other = await newTraining(demo.owner, 'Autre');
    const elsewhere = await uploadedFile(demo.owner, other);
    expect((await addResource(demo.owner, training, lesson, { name: 'x', type: 'FILE', url: elsewhere })).status).toBe(422);
    const pending = await uploadedFile(demo.owner, training, 'RESOURCE', false);
    expect((await addResource(demo.owner, training, lesson, { name: 'x', type: 'FILE', url: pending })).status).toBe(422);
  });

  it('refuses the ANALYST (403), no session (401), another store (404)', async () => {
    const body = { name: 'x', type: 'LINK', url: 'https://example.test/' };
    expect((await addResource(demo.analyst, training, lesson, body)).status).toBe(403);
    expect((await addResource(undefined, training, lesson, body)).status).toBe(401);
    expect((await addResource(await percentOwner(), training, lesson, body)).status).toBe(404);
    expect((await addResource(demo.owner, training, 2_000_000_000, body)).status).toBe(404);
  });
});

describe('PUT …/resources/reordering and DELETE …/resources/{id}', () => {
  let item: number;
  let ids: number[];
  beforeAll(async () => {
    item = await addItem(demo.owner, training, { type: 'VIDEO', name: 'Vidéo' });
    ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await addResource(demo.owner, training, item, { name, type: 'LINK', url: `https://example.test/${name}` })).body.id);
  });

  it('reorders the whole list and refuses a partial or foreign one', async () => {
    const answer = await reorder(demo.teacher, training, item, { ids: [ids[2], ids[0], ids[1]] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    expect((await reorder(demo.owner, training, item, { ids: [ids[0], ids[1]] })).status).toBe(422);
    expect((await reorder(demo.owner, training, item, { ids: [ids[0], ids[1], ids[2], 2_000_000_000] })).status).toBe(422);
    expect((await reorder(demo.owner, training, item, { ids: [ids[0], ids[0], ids[1]] })).status).toBe(422);
    expect((await reorder(demo.analyst, training, item, { ids })).status).toBe(403);
    expect((await reorder(await percentOwner(), training, item, { ids })).status).toBe(404);
  });

  it('deletes a resource of the item and closes the gap; 404 for another item’s or an unknown one', async () => {
    expect((await deleteResource(demo.analyst, training, item, ids[0]!)).status).toBe(403);
    expect((await deleteResource(await percentOwner(), training, item, ids[0]!)).status).toBe(404);
    expect((await deleteResource(demo.owner, training, lesson, ids[0]!)).status).toBe(404);
    expect((await deleteResource(demo.owner, training, item, 2_000_000_000)).status).toBe(404);
    expect((await deleteResource(demo.owner, training, item, 'x')).status).toBe(422);
    expect((await deleteResource(demo.teacher, training, item, ids[0]!)).status).toBe(204);
    expect((await itemResources(demo.owner, training, item)).map((r) => [r.name, r.position])).toEqual([['C', 0], ['B', 1]]);
    expect((await deleteResource(demo.owner, training, item, ids[0]!)).status).toBe(404);
  });
});
