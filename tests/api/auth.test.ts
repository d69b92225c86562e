import { describe, expect, it } from 'vitest';
import { api, expectContract, latestMail, login, register, uniqueEmail } from './client';

describe('POST /register', () => {
  it('creates an OWNER on a new PERCENT store, mails the activation link and opens a session', async () => {
    const email = uniqueEmail();
    const answer = await api('POST', '/register', { body: { email, password: 'correct-horse-battery', firstname: ' Élodie ', god_father: 'SPONSOR1' } });
    expect(answer.status).toBe(201);
    expectContract('register', answer);
    expect(answer.body.user).toMatchObject({ email, firstname: 'Élodie', role: 'OWNER', is_admin: false, email_verified_at: null });
    expect(answer.body.user.store).toMatchObject({ plan: 'PERCENT', user_account_count: 1 });
    expect(answer.body.user.store.subdomain).toMatch(/^elodie-[0-9a-f]{4}$/);
    expect(answer.body.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url

    const me = await api('GET', '/users/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    const link = await latestMail(email, 'VERIFY_EMAIL');
    expect(link.pathname).toBe('/activation');
    expect(link.searchParams.get('email')).toBe(email);
  });

  it('refuses an address already used, whatever its case, with 409', async () => {
    const { email } = await register();
    const answer = await api('POST', '/register', { body: { email: email.toUpperCase(), password: 'another-password', firstname: 'Bis' } });
    expect(answer.status).toBe(409);
    expectContract('register', answer);
    expect(answer.body.errors.email).toHaveLength(1);
  });

  it('refuses temporary e-mail domains', async () => {
    const answer = await api('POST', '/register', { body: { email: 'someone@yopmail.com', password: 'correct-horse-battery', firstname: 'Tmp' } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.email[0]).toMatch(/temporaires/);
  });

  it.each([
    ['missing fields', {}, ['email', 'password', 'firstname']],
    ['wrong types', { email: 42, password: true, firstname: [] }, ['email', 'password', 'firstname']],
    ['a short password', { email: 'a@b.test', password: 'short', firstname: 'A' }, ['password']],
    ['an oversize first name', { email: 'a@b.test', password: 'long-enough', firstname: 'x'.repeat(65) }, ['firstname']],
    ['an invalid e-mail', { email: 'not-an-email', password: 'long-enough', firstname: 'A' }, ['email']],
    ['an unknown field', { email: 'a@b.test', password: 'long-enough', firstname: 'A', role: 'ADMIN' }, ['role']],
  ])('answers 422 with per-field lists for %s', async (_label, body, fields) => {
    const answer = await api('POST', '/register', { body });
    expect(answer.status).toBe(422);
    expectContract('register', answer);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    for (const field of fields) expect(answer.body.errors[field], field).toBeInstanceOf(Array);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const answer = await api('POST', '/register', { body: '{"email":' });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /login and POST /logout', () => {
  it('opens a 1-day session, or a 30-day one with staySignedIn', async () => {
    const short = await api('POST', '/login', { body: { email: 'teacher@demo.test', password: 'demo-password' } });
    expect(short.status).toBe(200);
    expectContract('login', short);
    const long = await api('POST', '/login', { body: { email: 'teacher@demo.test', password: 'demo-password', staySignedIn: true } });
    const days = (answer: typeof short) => (Date.parse(answer.body.expires_at) - Date.now()) / 86_400_000;
    expect(days(short)).toBeGreaterThan(0.9);
    expect(days(short)).toBeLessThan(1.1);
    expect(days(long)).toBeGreaterThan(29);
    expect(long.body.user.last_login_at).not.toBeNull();
  });

  it('answers 422 INVALID_CREDENTIALS for a wrong password or an unknown account, alike', async () => {
    const wrong = await api('POST', '/login', { body: { email: 'analyst@demo.test', password: 'nope-nope' } });
    const unknown = await api('POST', '/login', { body: { email: uniqueEmail('ghost'), password: 'nope-nope' } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expectContract('login', answer);
      expect(answer.body.code).toBe('INVALID_CREDENTIALS');
    }
    expect(wrong.body).toEqual(unknown.body);
  });

  it('throttles an account after 5 failures with 429 and Retry-After, even with the right password', async () => {
    const { email, password } = await register();
    for (let i = 0; i < 5; i++) expect((await api('POST', '/login', { body: { email, password: 'wrong-password' } })).status).toBe(422);
    const blocked = await api('POST', '/login', { body: { email, password } });
    expect(blocked.status).toBe(429);
    expectContract('login', blocked);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('revokes the token on logout', async () => {
    const token = await login('admin@demo.test');
    const out = await api('POST', '/logout', { token });
    expect(out.status).toBe(204);
    expect((await api('GET', '/users/me', { token })).status).toBe(401);
  });
});

describe('GET and PUT /users/me', () => {
  it('answers the user with their store', async () => {
    const answer = await api('GET', '/users/me', { token: await login('owner@demo.test') });
    expect(answer.status).toBe(200);
    expectContract('getMe', answer);
    expect(answer.body.store).toMatchObject({ subdomain: 'demo', plan: 'PRO' });
  });

  it('updates only the fields sent', async () => {
    const { token } = await register();
    const answer = await api('PUT', '/users/me', { token, body: { lastname: 'Martin', locale: 'en' } });
    expect(answer.status).toBe(200);
    expectContract('updateMe', answer);
    expect(answer.body).toMatchObject({ firstname: 'Élodie', lastname: 'Martin', locale: 'en', display_name: 'Élodie Martin' });
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['an empty first name', { firstname: '' }, 'firstname'],
    ['an unknown locale', { locale: 'de' }, 'locale'],
    ['the e-mail, which is not editable here', { email: 'x@y.test' }, 'email'],
    ['an oversize display name', { display_name: 'x'.repeat(131) }, 'display_name'],
  ])('refuses %s with 422', async (_label, body, field) => {
    const { token } = await register();
    const answer = await api('PUT', '/users/me', { token, body });
    expect(answer.status).toBe(422);
    expectContract('updateMe', answer);
    expect(answer.body.errors[field]).toBeInstanceOf(Array);
  });

  it('records the last login', async () => {
    const { token, user } = await register();
    const answer = await api('PUT', '/users/me/last_login', { token });
    expect(answer.status).toBe(200);
    expectContract('recordLastLogin', answer);
    expect(Date.parse(answer.body.last_login_at)).toBeGreaterThanOrEqual(Date.parse(user.last_login_at));
  });
});

describe('PUT /users/me/password', () => {
  it('needs the current password and matching confirmation, then ends the other sessions', async () => {
    const { email, password, token } = await register();
    const other = await login(email, password);

    const wrongCurrent = await api('PUT', '/users/me/password', { token, body: { current_password: 'nope', password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(wrongCurrent.status).toBe(422);
    expectContract('changeMyPassword', wrongCurrent);
    expect(wrongCurrent.body.errors.current_password).toBeDefined();

    const mismatch = await api('PUT', '/users/me/password', { token, body: { current_password: password, password: 'new-password-1', password_confirmation: 'new-password-2' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toBeDefined();

    const ok = await api('PUT', '/users/me/password', { token, body: { current_password: password, password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(ok.status).toBe(200);
    expectContract('changeMyPassword', ok);
    expect((await api('GET', '/users/me', { token })).status).toBe(200);
    expect((await api('GET', '/users/me', { token: other })).status).toBe(401);
    await login(email, 'new-password-1');
  });
});

describe('PUT /passwords/reset', () => {
  it('answers 202 alike for known and unknown addresses, and mails a link to the known one', async () => {
    const { email } = await register();
    const known = await api('PUT', '/passwords/reset', { body: { email } });
    const unknown = await api('PUT', '/passwords/reset', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(202);
    expectContract('resetPassword', known);
    expect(unknown.body).toEqual(known.body);
    const link = await latestMail(email, 'RESET_PASSWORD');
    expect(link.pathname).toBe('/changement-mot-de-passe');
  });

  it('sets the new password with the token once, verifies the address and ends every session', async () => {
    const { email, token: session } = await register();
    await api('PUT', '/passwords/reset', { body: { email } });
    const link = await latestMail(email, 'RESET_PASSWORD');
    const token = link.searchParams.get('token')!;
    const body = { email, token, password: 'brand-new-password', password_confirmation: 'brand-new-password' };

    const done = await api('PUT', '/passwords/reset', { body });
    expect(done.status).toBe(200);
    expectContract('resetPassword', done);
    expect((await api('GET', '/users/me', { token: session })).status).toBe(401);
    const fresh = await login(email, 'brand-new-password');
    expect((await api('GET', '/users/me', { token: fresh })).body.email_verified_at).not.toBeNull();

    const again = await api('PUT', '/passwords/reset', { body });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_TOKEN');
  });

  it('a successful reset retires every other reset link of the account', async () => {
    const { email } = await register();
    await api('PUT', '/passwords/reset', { body: { email } });
    const older = (await latestMail(email, 'RESET_PASSWORD')).searchParams.get('token')!;
    await api('PUT', '/passwords/reset', { body: { email } });
    const newer = (await latestMail(email, 'RESET_PASSWORD')).searchParams.get('token')!;
    expect(newer).not.toBe(older);
    const body = (token: string) => ({ email, token, password: 'brand-new-password', password_confirmation: 'brand-new-password' });
    expect((await api('PUT', '/passwords/reset', { body: body(newer) })).status).toBe(200);
    const stale = await api('PUT', '/passwords/reset', { body: body(older) });
    expect(stale.status).toBe(422);
    expect(stale.body.code).toBe('INVALID_TOKEN');
  });

  it('a confirmation without the token and password is refused, not taken as a request for a link', async () => {
    const answer = await api('PUT', '/passwords/reset', { body: { email: 'a@b.test', password_confirmation: 'x' } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.token).toBeDefined();
  });

  it('refuses a token without the new password, and a wrong token', async () => {
    const partial = await api('PUT', '/passwords/reset', { body: { email: 'a@b.test', token: 'abc' } });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.password).toBeDefined();
    const wrong = await api('PUT', '/passwords/reset', {
      body: { email: 'owner@demo.test', token: 'not-a-real-token', password: 'whatever-123', password_confirmation: 'whatever-123' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('INVALID_TOKEN');
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed token, and refuses a wrong one', async () => {
    const { email, token } = await register();
    const link = await latestMail(email, 'VERIFY_EMAIL');
    const bad = await api('GET', `/emails/verification?email=${encodeURIComponent(email)}&token=wrong-token`);
    expect(bad.status).toBe(422);
    expectContract('verifyEmail', bad);

    const good = await api('GET', `/emails/verification${link.search}`);
    expect(good.status).toBe(200);
    expectContract('verifyEmail', good);
    expect((await api('GET', '/users/me', { token })).body.email_verified_at).not.toBeNull();
    // Following the same link twice is harmless.
    expect((await api('GET', `/emails/verification${link.search}`)).status).toBe(200);
  });

  it('needs both query parameters', async () => {
    const answer = await api('GET', '/emails/verification?email=a@b.test');
    expect(answer.status).toBe(422);
    expect(answer.body.errors.token).toBeDefined();
  });

  it('resends only to unverified accounts, answering 202 alike', async () => {
    const { email } = await register();
    const resent = await api('POST', '/emails/resend', { body: { email } });
    expect(resent.status).toBe(202);
    expectContract('resendVerificationEmail', resent);
    const verified = await api('POST', '/emails/resend', { body: { email: 'owner@demo.test' } });
    expect(verified.body).toEqual(resent.body);
  });
});
