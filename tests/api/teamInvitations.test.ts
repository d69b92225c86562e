import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, latestMail, login, register, uniqueEmail, type Answer } from './client';
import { checked, freshStore, invalidFields, UNKNOWN_UUID } from './trainingsSupport';

/**
 * Team and invitations (#15) in the demo store (10 seats, 4 taken by the demo team) and fresh stores (no seat).
 * Every member or invitation made here is removed again: other files list the demo team exactly.
 */
type Invitation = { uuid: string; email: string; role: string; status: string; sent_at: string; expires_at: string };
type Seats = { total: number; used: number; left: number };

const PASSWORD = 'invited-password-1';
let owner: string;
let admin: string;
let teacher: string;
let analyst: string;
const madeInvitations = new Set<string>();
const madeMembers = new Set<string>();

beforeAll(async () => {
  owner = await login('owner@demo.test');
  admin = await login('admin@demo.test');
  teacher = await login('teacher@demo.test');
  analyst = await login('analyst@demo.test');
});

/** Frees the demo seats this file took (each describe ends with it: the seats are few). */
async function cleanUp() {
  for (const uuid of madeInvitations) await api('DELETE', `/users/invitations/${uuid}`, { token: owner });
  for (const uuid of madeMembers) await api('DELETE', `/users/${uuid}`, { token: owner });
  madeInvitations.clear();
  madeMembers.clear();
}
afterAll(cleanUp);
afterEach(cleanUp);

async function invite(email: string, role = 'TEACHER', token = owner): Promise<Answer> {
  const answer = await checked('createTeamInvitation', 'POST', '/users/invitations', { token, body: { email, role } });
  if (answer.status === 201) madeInvitations.add(answer.body.uuid);
  return answer;
}

const seats = async (token = owner) => {
  const answer = await checked('listTeamInvitations', 'GET', '/users/invitations', { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { data: Invitation[]; seats: Seats };
};

/** The token of the newest invitation mail to `email`. */
const linkToken = async (email: string) => {
  const link = await latestMail(email, 'TEAM_INVITATION');
  expect(link.pathname).toBe('/inscription/invitation');
  return link.searchParams.get('token')!;
};

const preview = (token: string) => checked('getTeamInvitationByToken', 'GET', `/users/invitations/accept?token=${encodeURIComponent(token)}`);
const accept = (body: Record<string, unknown>) => checked('acceptTeamInvitation', 'POST', '/users/invitations/accept', { body });

/** Invites `email` and accepts as a new account: the new member's uuid and token. */
async function newMember(role = 'TEACHER') {
  const email = uniqueEmail('member');
  expect((await invite(email, role)).status).toBe(201);
  const answer = await accept({ token: await linkToken(email), firstname: 'Inès', lastname: 'Nouvelle', password: PASSWORD });
  expect(answer.status, answer.text).toBe(201);
  madeMembers.add(answer.body.user.uuid);
  return { email, uuid: answer.body.user.uuid as string, token: answer.body.token as string };
}

describe('createTeamInvitation and listTeamInvitations', () => {
  it('invites with a role, mails a 7-day link and lists the invitation with the seats it holds', async () => {
    const before = await seats();
    const email = uniqueEmail('invite');
    const answer = await invite(email.toUpperCase(), 'ANALYST');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ email, role: 'ANALYST', status: 'PENDING', invited_by: { display_name: 'Olivia Démo' } });
    const days = (new Date(answer.body.expires_at).getTime() - new Date(answer.body.sent_at).getTime()) / 86_400_000;
    expect(days).toBe(7);
    expect((await linkToken(email)).length).toBeGreaterThanOrEqual(43);
    const after = await seats();
    expect(after.data[0]!.uuid).toBe(answer.body.uuid);
    expect(after.seats).toEqual({ total: before.seats.total, used: before.seats.used + 1, left: before.seats.left - 1 });
    expect(JSON.stringify(after)).not.toMatch(/token/i);
  });

  it('answers 409 for an address already invited or already in the team, whatever its case', async () => {
    const email = uniqueEmail('twice');
    expect((await invite(email)).status).toBe(201);
    const again = await invite(email.toUpperCase(), 'STAFF');
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toHaveLength(1);
    const member = await invite('Teacher@demo.test');
    expect(member.status).toBe(409);
    expect(member.body.message).toMatch(/déjà partie de votre équipe/);
  });

  it('refuses bad input with 422: a bad address, the OWNER role, an unknown field', async () => {
    expect(invalidFields(await invite('not-an-email'))).toEqual(['email']);
    expect(invalidFields(await invite(uniqueEmail(), 'OWNER'))).toEqual(['role']);
    const extra = await api('POST', '/users/invitations', { token: owner, body: { email: uniqueEmail(), role: 'STAFF', uuid: UNKNOWN_UUID } });
    expect(extra.status).toBe(422);
    expect((await api('POST', '/users/invitations', { token: owner, body: '{' })).status).toBe(422);
  });

  it('lets owners and admins in (an admin invites up to admin); teachers and analysts 403, anonymous 401', async () => {
    expect((await invite(uniqueEmail('by-admin'), 'ADMIN', admin)).status).toBe(201);
    for (const token of [teacher, analyst]) {
      expect((await invite(uniqueEmail(), 'STAFF', token)).status).toBe(403);
      expect((await checked('listTeamInvitations', 'GET', '/users/invitations', { token })).status).toBe(403);
    }
    expect((await api('GET', '/users/invitations')).status).toBe(401);
  });

  it('refuses with 403 PLAN_REQUIRED and a clear message when no seat is left (a new store has none)', async () => {
    const fresh = await freshStore();
    const list = await seats(fresh.token);
    expect(list).toEqual({ data: [], seats: { total: 0, used: 0, left: 0 } });
    const answer = await invite(uniqueEmail(), 'TEACHER', fresh.token);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PLAN_REQUIRED');
    expect(answer.body.message).toMatch(/Plus aucune place/);
  });

  it('gives the last seat to one of many invitations sent at the same time', async () => {
    const start = await seats();
    const fillers = [];
    for (let i = 0; i < start.seats.left - 1; i++) fillers.push(await invite(uniqueEmail('filler')));
    expect(fillers.every((a) => a.status === 201)).toBe(true);
    expect((await seats()).seats.left).toBe(1);
    const racing = await Promise.all(Array.from({ length: 6 }, () => invite(uniqueEmail('race'))));
    expect(racing.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await seats()).seats.left).toBe(0);
    // A seat freed by a cancelled invitation is offered again.
    const winner = racing.find((a) => a.status === 201)!;
    expect((await checked('deleteTeamInvitation', 'DELETE', `/users/invitations/${winner.body.uuid}`, { token: owner })).status).toBe(204);
    expect((await seats()).seats.left).toBe(1);
    for (const filler of fillers) await api('DELETE', `/users/invitations/${filler.body.uuid}`, { token: owner });
  });
});

describe('updateTeamInvitation, deleteTeamInvitation, resendTeamInvitation', () => {
  let invitation: Invitation;
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('edit');
    invitation = (await invite(email, 'STAFF')).body;
    // Kept across this block's tests (afterEach would cancel it); the last test cancels it.
    madeInvitations.delete(invitation.uuid);
  });

  it('changes the role of an open invitation; bad roles 422; teachers 403', async () => {
    const path = `/users/invitations/${invitation.uuid}`;
    const answer = await checked('updateTeamInvitation', 'PUT', path, { token: admin, body: { role: 'TEACHER' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ uuid: invitation.uuid, role: 'TEACHER', status: 'PENDING' });
    expect(invalidFields(await api('PUT', path, { token: owner, body: { role: 'OWNER' } }))).toEqual(['role']);
    expect(invalidFields(await api('PUT', path, { token: owner, body: {} }))).toEqual(['role']);
    expect((await checked('updateTeamInvitation', 'PUT', path, { token: teacher, body: { role: 'STAFF' } })).status).toBe(403);
  });

  it("answers 404 for another store's invitation or an unknown one, for every operation", async () => {
    const stranger = await freshStore();
    for (const uuid of [invitation.uuid, UNKNOWN_UUID]) {
      const path = `/users/invitations/${uuid}`;
      expect((await checked('updateTeamInvitation', 'PUT', path, { token: stranger.token, body: { role: 'STAFF' } })).status).toBe(404);
      expect((await checked('resendTeamInvitation', 'POST', `${path}/resend`, { token: stranger.token })).status).toBe(404);
      expect((await checked('deleteTeamInvitation', 'DELETE', path, { token: stranger.token })).status).toBe(404);
    }
    expect((await seats()).data.some((i) => i.uuid === invitation.uuid)).toBe(true);
  });

  it('resends at most once a minute (429 with Retry-After)', async () => {
    const answer = await checked('resendTeamInvitation', 'POST', `/users/invitations/${invitation.uuid}/resend`, { token: owner });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('cancels: the link stops working and the invitation is gone (404 after)', async () => {
    const token = await linkToken(email);
    expect((await preview(token)).body.status).toBe('PENDING');
    const path = `/users/invitations/${invitation.uuid}`;
    expect((await checked('deleteTeamInvitation', 'DELETE', path, { token: admin })).status).toBe(204);
    expect((await checked('deleteTeamInvitation', 'DELETE', path, { token: owner })).status).toBe(404);
    expect((await preview(token)).status).toBe(422);
    expect((await accept({ token, firstname: 'Trop', password: PASSWORD })).status).toBe(422);
  });
});

describe('getTeamInvitationByToken and acceptTeamInvitation', () => {
  it('shows the invitation, creates the account once with the invited role, and signs it in', async () => {
    const email = uniqueEmail('joiner');
    await invite(email, 'TEACHER');
    const token = await linkToken(email);
    const shown = await preview(token);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ email, role: 'TEACHER', status: 'PENDING', school: { subdomain: 'demo', name: 'Atelier Démo SAS' }, account_exists: false });

    expect(invalidFields(await accept({ token, password: PASSWORD }))).toEqual(['firstname']);
    expect(invalidFields(await accept({ token, firstname: 'Inès', password: 'short' }))).toEqual(['password']);
    const answer = await accept({ token, firstname: ' Inès ', password: PASSWORD, locale: 'en' });
    expect(answer.status, answer.text).toBe(201);
    madeMembers.add(answer.body.user.uuid);
    expect(answer.body.user).toMatchObject({ email, firstname: 'Inès', role: 'TEACHER', locale: 'en', store: { subdomain: 'demo' } });
    expect(answer.body.user.email_verified_at).not.toBeNull();
    expect((await checked('getMe', 'GET', '/users/me', { token: answer.body.token })).body.role).toBe('TEACHER');
    expect((await login(email, PASSWORD)).length).toBeGreaterThan(0);

    // Single use: the same link again is refused, and reads as accepted.
    const again = await accept({ token, firstname: 'Bis', password: PASSWORD });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect((await preview(token)).body.status).toBe('ACCEPTED');
    const open = await seats();
    expect(open.data.some((i) => i.email === email)).toBe(false);
    const team = await checked('listTeamUsers', 'GET', '/users', { token: owner });
    expect(team.body.data.some((m: { email: string }) => m.email === email)).toBe(true);
  });

  it('accepts the same link sent twice at once only once', async () => {
    const email = uniqueEmail('double');
    await invite(email);
    const token = await linkToken(email);
    const answers = await Promise.all([1, 2, 3].map(() => accept({ token, firstname: 'Double', password: PASSWORD })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    madeMembers.add(answers.find((a) => a.status === 201)!.body.user.uuid);
  });

  it('refuses an unknown token (422) and the owner of another store (409: their store would lose its owner)', async () => {
    expect((await preview('not-a-real-token')).body.code).toBe('INVALID_TOKEN');
    expect((await accept({ token: 'not-a-real-token', firstname: 'X', password: PASSWORD })).status).toBe(422);
    const trainer = await register();
    await invite(trainer.email);
    const token = await linkToken(trainer.email);
    expect((await preview(token)).body.account_exists).toBe(true);
    const answer = await accept({ token, password: trainer.password });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/propriétaire d'un autre espace/);
  });
});

describe('updateTeamUser and removeTeamUser', () => {
  it('changes a member role below the caller; nobody touches the owner, themselves or their own rank', async () => {
    const member = await newMember('TEACHER');
    const put = (uuid: string, role: string, token = owner) => checked('updateTeamUser', 'PUT', `/users/${uuid}`, { token, body: { role } });
    const changed = await put(member.uuid, 'ANALYST');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ uuid: member.uuid, role: 'ANALYST', email: member.email });
    expect((await checked('getMe', 'GET', '/users/me', { token: member.token })).body.role).toBe('ANALYST');
    expect((await put(member.uuid, 'ADMIN', admin)).status).toBe(200);

    const team = (await checked('listTeamUsers', 'GET', '/users', { token: owner })).body.data as { uuid: string; email: string }[];
    const uuidOf = (email: string) => team.find((m) => m.email === email)!.uuid;
    // The owner, oneself, another admin: 403 with the reason.
    expect((await put(uuidOf('owner@demo.test'), 'ADMIN', admin)).body.message).toMatch(/propriétaire/);
    expect((await put(uuidOf('owner@demo.test'), 'ADMIN')).status).toBe(403);
    expect((await put(uuidOf('admin@demo.test'), 'TEACHER', admin)).body.message).toMatch(/propre rôle/);
    expect((await put(member.uuid, 'TEACHER', admin)).body.message).toMatch(/rang égal ou supérieur/);
    // The owner still manages the admin it became; members below ADMIN manage nobody.
    expect((await put(member.uuid, 'STAFF')).status).toBe(200);
    expect((await put(member.uuid, 'TEACHER', member.token)).status).toBe(403);
    expect((await put(uuidOf('teacher@demo.test'), 'ADMIN', teacher)).status).toBe(403);
    // Bad input: OWNER is no choice, an unknown field, a malformed or unknown uuid.
    expect(invalidFields(await put(member.uuid, 'OWNER'))).toEqual(['role']);
    expect((await api('PUT', `/users/${member.uuid}`, { token: owner, body: { role: 'STAFF', is_admin: true } })).status).toBe(422);
    expect((await api('PUT', '/users/not-a-uuid', { token: owner, body: { role: 'STAFF' } })).status).toBe(422);
    expect((await put(UNKNOWN_UUID, 'STAFF')).status).toBe(404);
  });

  it("answers 404 for a member of another store, for both operations", async () => {
    const member = await newMember();
    const stranger = await freshStore();
    expect((await checked('updateTeamUser', 'PUT', `/users/${member.uuid}`, { token: stranger.token, body: { role: 'STAFF' } })).status).toBe(404);
    expect((await checked('removeTeamUser', 'DELETE', `/users/${member.uuid}`, { token: stranger.token })).status).toBe(404);
    expect((await checked('removeTeamUser', 'DELETE', `/users/${stranger.userUuid}`, { token: owner })).status).toBe(404);
  });

  it('removes a member: their session ends and the seat is freed; the owner, oneself and another admin stay', async () => {
    const member = await newMember('STAFF');
    const before = (await seats()).seats;
    const path = `/users/${member.uuid}`;
    expect((await checked('removeTeamUser', 'DELETE', path, { token: teacher })).status).toBe(403);
    expect((await checked('removeTeamUser', 'DELETE', path, { token: admin })).status).toBe(204);
    madeMembers.delete(member.uuid);
    expect((await api('GET', '/users/me', { token: member.token })).status).toBe(401);
    expect((await checked('removeTeamUser', 'DELETE', path, { token: owner })).status).toBe(404);
    expect((await seats()).seats.left).toBe(before.left + 1);

    const team = (await checked('listTeamUsers', 'GET', '/users', { token: owner })).body.data as { uuid: string; email: string }[];
    const uuidOf = (email: string) => team.find((m) => m.email === email)!.uuid;
    expect((await checked('removeTeamUser', 'DELETE', `/users/${uuidOf('owner@demo.test')}`, { token: admin })).status).toBe(403);
    expect((await checked('removeTeamUser', 'DELETE', `/users/${uuidOf('owner@demo.test')}`, { token: owner })).status).toBe(403);
    expect((await checked('removeTeamUser', 'DELETE', `/users/${uuidOf('platform@demo.test')}`, { token: admin })).status).toBe(403);
    expect((await checked('removeTeamUser', 'DELETE', `/users/${uuidOf('admin@demo.test')}`, { token: admin })).status).toBe(403);
  });
});

describe('switchToUser', () => {
  it('opens a session as another user for platform admins only', async () => {
    const platform = await login('platform@demo.test');
    const team = (await checked('listTeamUsers', 'GET', '/users', { token: owner })).body.data as { uuid: string; email: string }[];
    const teacherUuid = team.find((m) => m.email === 'teacher@demo.test')!.uuid;
    const answer = await checked('switchToUser', 'PUT', `/users/switch/${teacherUuid}`, { token: platform });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.user.email).toBe('teacher@demo.test');
    expect((await checked('getMe', 'GET', '/users/me', { token: answer.body.token })).body.email).toBe('teacher@demo.test');
    expect((await checked('switchToUser', 'PUT', `/users/switch/${teacherUuid}`, { token: owner })).status).toBe(403);
    expect((await checked('switchToUser', 'PUT', `/users/switch/${UNKNOWN_UUID}`, { token: platform })).status).toBe(404);
  });
});

describe('deleteMe', () => {
  const body = (password: string) => ({ password, cancel_reason: 'NOT_USING', cancel_additional_text: 'Merci' });

  it('needs the password and a known reason (422), then deletes a member alone and ends the session', async () => {
    const member = await newMember('STAFF');
    expect(invalidFields(await checked('deleteMe', 'DELETE', '/users/me', { token: member.token, body: body('wrong-password') }))).toEqual(['password']);
    expect(invalidFields(await api('DELETE', '/users/me', { token: member.token, body: { password: PASSWORD, cancel_reason: 'BORED' } }))).toEqual(['cancel_reason']);
    expect((await checked('deleteMe', 'DELETE', '/users/me', { token: member.token, body: body(PASSWORD) })).status).toBe(204);
    madeMembers.delete(member.uuid);
    expect((await api('GET', '/users/me', { token: member.token })).status).toBe(401);
    expect((await api('POST', '/login', { body: { email: member.email, password: PASSWORD } })).status).toBe(422);
    expect((await checked('getMe', 'GET', '/users/me', { token: owner })).status).toBe(200);
  });

  it("deletes the owner's store with its data, and nothing of another store", async () => {
    const trainer = await register();
    const created = await api('POST', '/trainings', { token: trainer.token, body: { name: 'À supprimer' } });
    expect(created.status).toBe(201);
    const demoTrainings = (await api('GET', '/trainings', { token: owner })).body;
    expect((await checked('deleteMe', 'DELETE', '/users/me', { token: trainer.token, body: body(trainer.password) })).status).toBe(204);
    expect((await api('GET', '/users/me', { token: trainer.token })).status).toBe(401);
    expect((await api('POST', '/login', { body: { email: trainer.email, password: trainer.password } })).status).toBe(422);
    expect((await api('GET', `/school/stores/${trainer.user.store.subdomain}`)).status).toBe(404);
    expect((await api('GET', '/trainings', { token: owner })).body).toEqual(demoTrainings);
  });

  it('answers 401 without a session', async () => {
    expect((await api('DELETE', '/users/me', { body: body('whatever-1') })).status).toBe(401);
  });
});

describe('createMyAvatarUploadUrl and updateMe picture', () => {
  const local = (address: string) => {
    const url = new URL(address);
    return `${baseUrl()}${url.pathname}${url.search}`;
  };

  it('uploads an image as the avatar, refuses any other address, and goes back to the default with null', async () => {
    const member = await newMember('ANALYST');
    const presigned = await checked('createMyAvatarUploadUrl', 'POST', '/users/me/urls/presigned', { token: member.token, body: { filename: 'moi.png', size: 8, content_type: 'image/png' } });
    expect(presigned.status, presigned.text).toBe(200);
    expect(invalidFields(await api('POST', '/users/me/urls/presigned', { token: member.token, body: { filename: 'moi.pdf', content_type: 'application/pdf' } }))).toEqual(['content_type']);
    const picture = presigned.body.file_url as string;
    // Not arrived yet: refused.
    expect(invalidFields(await api('PUT', '/users/me', { token: member.token, body: { picture } }))).toEqual(['picture']);
    const put = await fetch(local(presigned.body.upload_url), { method: 'PUT', body: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), headers: presigned.body.headers });
    expect(put.status).toBe(204);
    const saved = await checked('updateMe', 'PUT', '/users/me', { token: member.token, body: { picture } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.picture).toBe(picture);
    // Someone else's upload or any address: 422.
    expect(invalidFields(await api('PUT', '/users/me', { token: owner, body: { picture } }))).toEqual(['picture']);
    expect(invalidFields(await api('PUT', '/users/me', { token: member.token, body: { picture: 'https://evil.example/x.png' } }))).toEqual(['picture']);
    expect((await checked('updateMe', 'PUT', '/users/me', { token: member.token, body: { picture: null } })).body.picture).toBeNull();
  });

  it('is the AVATAR purpose of createStoreUploadUrl (the path the account page uses): same checks, same picture rule', async () => {
    const member = await newMember('ANALYST');
    const store = ((await api('GET', '/users/me', { token: member.token })).body.store.uuid) as string;
    const body = { purpose: 'AVATAR', filename: 'moi.png', size: 8, content_type: 'image/png' };
    const presigned = await checked('createStoreUploadUrl', 'POST', `/stores/${store}/urls/presigned`, { token: member.token, body });
    expect(presigned.status, presigned.text).toBe(200);
    expect(invalidFields(await api('POST', `/stores/${store}/urls/presigned`, { token: member.token, body: { ...body, filename: 'moi.pdf', content_type: 'application/pdf' } }))).toEqual(['content_type']);
    const picture = presigned.body.file_url as string;
    const put = await fetch(local(presigned.body.upload_url), { method: 'PUT', body: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), headers: presigned.body.headers });
    expect(put.status).toBe(204);
    expect((await checked('updateMe', 'PUT', '/users/me', { token: member.token, body: { picture } })).body.picture).toBe(picture);
    // Another member cannot take it as theirs.
    expect(invalidFields(await api('PUT', '/users/me', { token: owner, body: { picture } }))).toEqual(['picture']);
  });
});
