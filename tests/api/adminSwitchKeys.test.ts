// Review of the platform admin's server code (issue 16): switchToUser opens a full session as anyone on the platform,
// so it is for the admin's browser session only; a personal API key (an integration's credential, which key
// management already refuses) must not mint such sessions, nor leave an audit row.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSwitches } from '../../server/db/schema';
import { communityApp, type CommunityApp } from './communitySupport';

let c: CommunityApp;
beforeAll(async () => {
  c = await communityApp();
}, 60_000);
afterAll(async () => {
  await c.close();
});

describe('switchToUser', () => {
  it('refuses a platform admin’s API key (403, no session, no audit row) and serves the browser session', async () => {
    const { platform, owner } = await c.teamTokens();
    const me = await c.op('getMe', 'GET', '/users/me', owner);
    const created = await c.op('createMyApiKey', 'POST', '/users/me/keys', platform);
    expect(created.status, created.text).toBe(201);
    const key = created.body.key as string;
    const rows = async () => (await c.db.select({ n: count() }).from(userSwitches))[0]!.n;
    const before = await rows();

    const refused = await c.op('switchToUser', 'PUT', `/users/switch/${me.body.uuid}`, key);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toContain('clé API');
    expect(await rows()).toBe(before);

    const switched = await c.op('switchToUser', 'PUT', `/users/switch/${me.body.uuid}`, platform);
    expect(switched.status, switched.text).toBe(200);
    expect(await rows()).toBe(before + 1);
  });
});
