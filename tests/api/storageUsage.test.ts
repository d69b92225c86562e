import { describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register } from './client';

const GiB = 1024 ** 3;

const usageOf = async (token: string, storeUuid: string) => {
  const answer = await api('GET', `/stores/${storeUuid}/storage`, { token });
  expectContract('getStoreStorageUsage', answer);
  return answer;
};

describe('GET /stores/{uuid}/storage', () => {
  it("answers the bytes the store's uploads take and its plan's quota", async () => {
    const trainer = await register();
    const storeUuid = trainer.user.store.uuid as string;
    expect((await usageOf(trainer.token, storeUuid)).body).toEqual({ used_bytes: 0, quota_bytes: 5 * GiB });

    const training = await api('POST', '/trainings', { token: trainer.token, body: { name: 'Quota' } });
    const presigned = await api('POST', `/trainings/${training.body.uuid}/urls/presigned`, { token: trainer.token, body: { type: 'IMAGE', filename: 'a.png', size: 10 } });
    const address = new URL(presigned.body.upload_url as string);
    const sent = await fetch(`${baseUrl()}${address.pathname}${address.search}`, { method: 'PUT', body: new Uint8Array(10), headers: { 'content-type': 'image/png' } });
    expect(sent.status).toBe(204);
    expect((await usageOf(trainer.token, storeUuid)).body).toEqual({ used_bytes: 10, quota_bytes: 5 * GiB });
  });

  it('is for the roles that upload, in their own store only', async () => {
    const [owner, teacher, analyst] = await Promise.all([login('owner@demo.test'), login('teacher@demo.test'), login('analyst@demo.test')]);
    const me = await api('GET', '/users/me', { token: owner });
    const demo = me.body.store.uuid as string;
    const pro = await usageOf(teacher, demo);
    expect(pro.status).toBe(200);
    expect(pro.body.quota_bytes).toBe(100 * GiB);
    expect((await usageOf(analyst, demo)).status).toBe(403);
    expect((await usageOf('', demo)).status).toBe(401);
    const stranger = await register();
    expect((await usageOf(stranger.token, demo)).status).toBe(404);
  });
});
