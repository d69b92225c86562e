import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register } from './client';

let owner: string;
let storeUuid: string;

const issue = async (token: string, store = storeUuid) => {
  const answer = await api('POST', `/stores/${store}/token`, { token });
  expectContract('createPreviewToken', answer);
  return answer;
};

beforeAll(async () => {
  owner = await login('owner@demo.test');
  storeUuid = (await api('GET', '/users/me', { token: owner })).body.store.uuid;
});

describe('POST /stores/{storeUuid}/token', () => {
  it('issues a fresh token valid 10 minutes', async () => {
    const first = await issue(owner);
    expect(first.status).toBe(201);
    expect(first.body.token).toMatch(/^[\w-]{43}$/);
    const lifetime = new Date(first.body.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000);
    const second = await issue(owner);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it('is for OWNER, ADMIN and TEACHER', async () => {
    for (const email of ['admin@demo.test', 'teacher@demo.test']) expect((await issue(await login(email))).status).toBe(201);
    expect((await issue(await login('analyst@demo.test'))).status).toBe(403);
    expect((await issue('')).status).toBe(401);
  });

  it("answers 404 for another store, and lets the platform admin issue one for any existing store", async () => {
    const stranger = await register();
    expect((await issue(owner, stranger.user.store.uuid)).status).toBe(404);
    expect((await issue(stranger.token, storeUuid)).status).toBe(404);
    const platform = await login('platform@demo.test');
    expect((await issue(platform, stranger.user.store.uuid)).status).toBe(201);
    expect((await issue(platform, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
