import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from './client';
import { checked, createTraining, freshStore, invalidFields } from './trainingsSupport';

/**
 * The tags of a store's trainings catalogue (listStoreTags, updateStoreTag, deleteStoreTag). Renames and deletes run
 * in a fresh store of their own (other files read the demo store's tags); roles are checked on the demo store,
 * where the writes refused change nothing.
 */

interface StoreTag {
  id: number;
  value: string;
  trainings_count: number;
}

const list = async (storeUuid: string, token: string) => {
  const answer = await checked('listStoreTags', 'GET', `/stores/${storeUuid}/tags`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as StoreTag[];
};
const rename = (storeUuid: string, token: string, id: number | string, body: unknown) =>
  checked('updateStoreTag', 'PUT', `/stores/${storeUuid}/tags/${id}`, { token, body });
const remove = (storeUuid: string, token: string, id: number | string) => checked('deleteStoreTag', 'DELETE', `/stores/${storeUuid}/tags/${id}`, { token });
const setTags = async (token: string, uuid: string, tags: string[]) => {
  const answer = await checked('updateTraining', 'PUT', `/trainings/${uuid}`, { token, body: { tags } });
  expect(answer.status, answer.text).toBe(200);
};
const tagsOf = async (token: string, uuid: string) => (await checked('getTraining', 'GET', `/trainings/${uuid}`, { token })).body.tags as string[];

describe('store tags', () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let first: string;
  let second: string;

  beforeAll(async () => {
    store = await freshStore();
    first = (await createTraining(store.token, 'Photographie de rue')).uuid;
    second = (await createTraining(store.token, 'Lumière naturelle')).uuid;
    await setTags(store.token, first, ['Photo', 'Débutant', 'Extérieur']);
    await setTags(store.token, second, ['photo', 'Photo']);
  });

  it('lists the values the trainings carry, alphabetical, with how many trainings carry each; ids stay', async () => {
    const tags = await list(store.storeUuid, store.token);
    expect(Object.fromEntries(tags.map((t) => [t.value, t.trainings_count]))).toEqual({ Débutant: 1, Extérieur: 1, photo: 1, Photo: 2 });
    expect(tags).toHaveLength(4);
    const keys = tags.map((t) => t.value.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect((await list(store.storeUuid, store.token)).map((t) => t.id)).toEqual(tags.map((t) => t.id));
    const fresh = await freshStore();
    expect(await list(fresh.storeUuid, fresh.token)).toEqual([]);
  });

  it('renames a tag on every training carrying it, in place; a taken name answers 409, a blank one 422', async () => {
    const tags = await list(store.storeUuid, store.token);
    const debutant = tags.find((t) => t.value === 'Débutant')!;
    const renamed = await rename(store.storeUuid, store.token, debutant.id, { value: '  Niveau   débutant ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ id: debutant.id, value: 'Niveau débutant', trainings_count: 1 });
    expect(await tagsOf(store.token, first)).toEqual(['Photo', 'Niveau débutant', 'Extérieur']);

    const photo = tags.find((t) => t.value === 'Photo')!;
    const taken = await rename(store.storeUuid, store.token, photo.id, { value: 'Extérieur' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/déjà/);
    expect(await tagsOf(store.token, first)).toEqual(['Photo', 'Niveau débutant', 'Extérieur']);
    // A name a training took after the list was read is taken too.
    await setTags(store.token, second, ['photo', 'Photo', 'Studio']);
    expect((await rename(store.storeUuid, store.token, photo.id, { value: 'Studio' })).status).toBe(409);

    expect(invalidFields(await rename(store.storeUuid, store.token, photo.id, { value: '   ' }))).toEqual(['value']);
    expect(invalidFields(await rename(store.storeUuid, store.token, photo.id, { value: 'x'.repeat(65) }))).toEqual(['value']);
    expect(invalidFields(await rename(store.storeUuid, store.token, photo.id, {}))).toEqual(['value']);
    expect((await rename(store.storeUuid, store.token, 'abc', { value: 'Nouveau' })).status).toBe(422);
    expect((await rename(store.storeUuid, store.token, 2_147_483_648, { value: 'Nouveau' })).status).toBe(404);
    expect((await rename(store.storeUuid, store.token, photo.id, { value: 'Photo' })).status).toBe(200);
  });

  it('deletes a tag from every training, then from the store', async () => {
    const photo = (await list(store.storeUuid, store.token)).find((t) => t.value === 'Photo')!;
    const deleted = await remove(store.storeUuid, store.token, photo.id);
    expect(deleted.status, deleted.text).toBe(204);
    expect(await tagsOf(store.token, first)).toEqual(['Niveau débutant', 'Extérieur']);
    expect(await tagsOf(store.token, second)).toEqual(['photo', 'Studio']);
    expect((await list(store.storeUuid, store.token)).map((t) => t.value)).not.toContain('Photo');
    expect((await remove(store.storeUuid, store.token, photo.id)).status).toBe(404);
  });

  it("answers 404 for another store's tags, through its path and through ours", async () => {
    const other = await freshStore();
    const training = (await createTraining(other.token, 'Formation d’un autre')).uuid;
    await setTags(other.token, training, ['Secret']);
    const secret = (await list(other.storeUuid, other.token))[0]!;
    expect((await rename(store.storeUuid, store.token, secret.id, { value: 'Pris' })).status).toBe(404);
    expect((await remove(store.storeUuid, store.token, secret.id)).status).toBe(404);
    expect((await checked('listStoreTags', 'GET', `/stores/${other.storeUuid}/tags`, { token: store.token })).status).toBe(404);
    expect((await rename(other.storeUuid, store.token, secret.id, { value: 'Pris' })).status).toBe(404);
    expect((await remove(other.storeUuid, store.token, secret.id)).status).toBe(404);
    expect(await tagsOf(other.token, training)).toEqual(['Secret']);
  });

  it('lets the whole team read; only owners and admins rename and delete', async () => {
    const owner = await login('owner@demo.test');
    const storeUuid = (await api('GET', '/users/me', { token: owner })).body.store.uuid as string;
    const tags = await list(storeUuid, owner);
    expect(tags.map((t) => t.value)).toContain('Photographie');
    const tag = tags.find((t) => t.value === 'Photographie')!;
    expect(tag.trainings_count).toBeGreaterThan(0);
    for (const role of ['admin', 'teacher', 'analyst']) {
      const token = await login(`${role}@demo.test`);
      expect((await list(storeUuid, token)).map((t) => t.id)).toContain(tag.id);
      if (role === 'admin') {
        // Renamed to itself: allowed, and nothing changes for the other files reading the demo store.
        expect((await rename(storeUuid, token, tag.id, { value: 'Photographie' })).status).toBe(200);
        continue;
      }
      expect((await rename(storeUuid, token, tag.id, { value: 'Autre' })).status, role).toBe(403);
      expect((await remove(storeUuid, token, tag.id)).status, role).toBe(403);
    }
    expect((await list(storeUuid, owner)).find((t) => t.id === tag.id)).toEqual(tag);
    expect((await api('GET', `/stores/${storeUuid}/tags`)).status).toBe(401);
  });
});
