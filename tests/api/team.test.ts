import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from './client';
import { checked, freshStore } from './trainingsSupport';

type Member = { uuid: string; display_name: string; role: string; email: string; created_at: string } & Record<string, unknown>;
type Ref = { uuid: string; display_name: string; picture: string | null } & Record<string, unknown>;

describe('GET /users: the team page of the caller\'s store', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await login('owner@demo.test');
  });

  it('lists every user of the demo store, the owner first then by arrival, without secrets', async () => {
    const answer = await checked('listTeamUsers', 'GET', '/users', { token: owner });
    expect(answer.status, answer.text).toBe(200);
    const team = answer.body.data as Member[];
    expect(team.map((m) => m.email)).toEqual(['owner@demo.test', 'admin@demo.test', 'teacher@demo.test', 'analyst@demo.test', 'platform@demo.test']);
    expect(team.map((m) => m.role)).toEqual(['OWNER', 'ADMIN', 'TEACHER', 'ANALYST', 'ADMIN']);
    expect(team[0]).toMatchObject({ firstname: 'Olivia', lastname: 'Démo', display_name: 'Olivia Démo', picture: null });
    expect(team[0]!.email_verified_at).not.toBeNull();
    const created = team.slice(1).map((m) => m.created_at);
    expect(created).toEqual([...created].sort());
    // Nothing beyond the contract's TeamMember: no hash, no store, no platform flag.
    for (const member of team) expect(Object.keys(member).sort()).toEqual(['created_at', 'display_name', 'email', 'email_verified_at', 'firstname', 'last_login_at', 'lastname', 'picture', 'role', 'uuid']);
    expect(answer.text).not.toMatch(/argon2|password|is_admin/);
  });

  it('an admin reads it too; teachers and analysts are refused (403)', async () => {
    expect((await checked('listTeamUsers', 'GET', '/users', { token: await login('admin@demo.test') })).status).toBe(200);
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const refused = await checked('listTeamUsers', 'GET', '/users', { token: await login(email) });
      expect(refused.status, email).toBe(403);
    }
    expect((await api('GET', '/users')).status).toBe(401);
  });

  it('a new store has only its owner: no one from another store shows', async () => {
    const stranger = await freshStore();
    const answer = await checked('listTeamUsers', 'GET', '/users', { token: stranger.token });
    expect((answer.body.data as Member[]).map((m) => [m.uuid, m.role])).toEqual([[stranger.userUuid, 'OWNER']]);
  });
});

describe('GET /users/directory: names and avatars of the team, for pickers', () => {
  it('gives teachers the team in French alphabetical order, as UserRefs only', async () => {
    const teacher = await login('teacher@demo.test');
    const answer = await checked('listTeamDirectory', 'GET', '/users/directory', { token: teacher });
    expect(answer.status, answer.text).toBe(200);
    const team = answer.body.data as Ref[];
    expect(team.map((m) => m.display_name)).toEqual(['Adam Démo', 'Anna Démo', 'Olivia Démo', 'Paul Démo', 'Thomas Démo']);
    for (const member of team) expect(Object.keys(member).sort()).toEqual(['display_name', 'picture', 'uuid']);
    // The same people as the team page.
    const page = await checked('listTeamUsers', 'GET', '/users', { token: await login('owner@demo.test') });
    expect(team.map((m) => m.uuid).sort()).toEqual((page.body.data as Member[]).map((m) => m.uuid).sort());
  });

  it('uses a chosen display name and sorts accents and case as French readers expect', async () => {
    const platform = await login('platform@demo.test');
    const rename = (display_name: string) => api('PUT', '/users/me', { token: platform, body: { display_name } });
    expect((await rename('élise (plateforme)')).status).toBe(200);
    try {
      const answer = await checked('listTeamDirectory', 'GET', '/users/directory', { token: platform });
      // Code-point order would put "é" after "T".
      expect((answer.body.data as Ref[]).map((m) => m.display_name)).toEqual(['Adam Démo', 'Anna Démo', 'élise (plateforme)', 'Olivia Démo', 'Thomas Démo']);
    } finally {
      expect((await rename('Paul Démo')).status).toBe(200);
    }
  });

  it('owners and admins read it; analysts are refused (403); anonymous callers 401', async () => {
    for (const email of ['owner@demo.test', 'admin@demo.test']) {
      expect((await checked('listTeamDirectory', 'GET', '/users/directory', { token: await login(email) })).status, email).toBe(200);
    }
    expect((await checked('listTeamDirectory', 'GET', '/users/directory', { token: await login('analyst@demo.test') })).status).toBe(403);
    expect((await api('GET', '/users/directory')).status).toBe(401);
  });
});
