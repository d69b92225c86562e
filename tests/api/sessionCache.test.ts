import { afterAll, describe, expect, it } from 'vitest';
import { api, latestMail, login, uniqueEmail } from './client';
import { checked, freshStore } from './trainingsSupport';

/**
 * The server keeps the callers it found lately (server/auth/session.ts, on PGlite): whatever changes who a caller is
 * takes effect on the very next request. Each case first uses the token twice (the second answer comes from the
 * cache), then changes something, then calls again at once.
 */
const listTrainings = (token: string) => api('GET', '/trainings', { token });
const warm = async (token: string) => {
  for (let i = 0; i < 2; i++) expect((await listTrainings(token)).status).toBe(200);
};

describe('the session cache follows every change of the caller', () => {
  it('a token signed out answers 401 at once', async () => {
    const { token } = await freshStore();
    await warm(token);
    expect((await checked('logout', 'POST', '/logout', { token })).status).toBe(204);
    expect((await listTrainings(token)).status).toBe(401);
  });

  it('changing one’s password ends the other sessions at once; the current one goes on', async () => {
    const { token: current } = await freshStore();
    const me = (await checked('getMe', 'GET', '/users/me', { token: current })).body as { email: string };
    const other = await login(me.email, 'correct-horse-battery');
    await warm(other);
    const changed = await checked('changeMyPassword', 'PUT', '/users/me/password', {
      token: current,
      body: { current_password: 'correct-horse-battery', password: 'another-horse-battery', password_confirmation: 'another-horse-battery' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await listTrainings(other)).status).toBe(401);
    expect((await listTrainings(current)).status).toBe(200);
  });

  it('a revoked API key answers 401 at once', async () => {
    const { token } = await freshStore();
    const created = await checked('createMyApiKey', 'POST', '/users/me/keys', { token });
    expect(created.status, created.text).toBe(201);
    const key = created.body.key as string;
    await warm(key);
    expect((await checked('deleteMyApiKey', 'DELETE', '/users/me/keys', { token })).status).toBe(204);
    expect((await listTrainings(key)).status).toBe(401);
  });

  describe('in the demo store', () => {
    const owner = login('owner@demo.test');
    let memberUuid: string | undefined;
    afterAll(async () => {
      if (memberUuid) await api('DELETE', `/users/${memberUuid}`, { token: await owner });
    });

    it('a role lowered takes effect at once, and a member removed is signed out at once', async () => {
      const email = uniqueEmail('cache');
      const invited = await checked('createTeamInvitation', 'POST', '/users/invitations', { token: await owner, body: { email, role: 'TEACHER' } });
      expect(invited.status, invited.text).toBe(201);
      const link = await latestMail(email, 'TEAM_INVITATION');
      const accepted = await checked('acceptTeamInvitation', 'POST', '/users/invitations/accept', {
        body: { token: link.searchParams.get('token'), firstname: 'Cache', password: 'cache-password-1' },
      });
      expect(accepted.status, accepted.text).toBe(201);
      memberUuid = accepted.body.user.uuid as string;
      const member = accepted.body.token as string;
      const create = () => api('POST', '/trainings', { token: member, body: { name: 'Formation du cache' } });
      await warm(member);
      const made = await create();
      expect(made.status, made.text).toBe(201);

      const lowered = await checked('updateTeamUser', 'PUT', `/users/${memberUuid}`, { token: await owner, body: { role: 'ANALYST' } });
      expect(lowered.status, lowered.text).toBe(200);
      // ANALYST reads but does not write.
      expect((await create()).status).toBe(403);
      expect((await listTrainings(member)).status).toBe(200);
      expect((await api('DELETE', `/trainings/${made.body.uuid}`, { token: await owner })).status).toBe(204);

      expect((await checked('removeTeamUser', 'DELETE', `/users/${memberUuid}`, { token: await owner })).status).toBe(204);
      memberUuid = undefined;
      expect((await listTrainings(member)).status).toBe(401);
    });
  });
});
