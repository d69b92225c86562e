import { describe, expect, it } from 'vitest';
import { api, call, expectContract, latestMail, login, register, uniqueEmail, type Answer } from './client';
import { addCustomer, newTraining } from './trainingLearnersSupport';

/** Learner accounts of the learner area (issue 11): `/school/stores/{subdomain}/…`. */
const school = (subdomain: string, rest = '') => `/school/stores/${subdomain}${rest}`;
const PASSWORD = 'learner-password-1';

async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

/** A fresh school (the store of a new trainer), its subdomain and its owner's back-office token. */
async function freshSchool() {
  const { token, user } = await register();
  return { subdomain: user.store.subdomain as string, storeUuid: user.store.uuid as string, ownerToken: token };
}

async function registerLearner(subdomain: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('learner');
  const answer = await checked('registerLearner', 'POST', school(subdomain, '/register'), { body: { email, password: PASSWORD, firstname: 'Léa', ...overrides } });
  expect(answer.status, answer.text).toBe(201);
  return { email, token: answer.body.token as string, learner: answer.body.learner };
}

const loginLearner = (subdomain: string, email: string, password = PASSWORD) =>
  checked('loginLearner', 'POST', school(subdomain, '/login'), { body: { email, password } });

describe('getSchool', () => {
  it("answers the school's public face, and 404 for an unknown or malformed subdomain", async () => {
    const demo = await checked('getSchool', 'GET', school('demo'));
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ subdomain: 'demo', registration_open: true });
    expect(demo.body.name.length).toBeGreaterThan(0);
    for (const subdomain of ['no-such-school-here', 'UPPER', 'a%00b']) {
      const answer = await api('GET', school(subdomain));
      expect(answer.status, subdomain).toBe(404);
    }
  });
});

describe('registerLearner', () => {
  it('creates a learner to activate, signs them in and mails the activation link of the learner area', async () => {
    const { subdomain } = await freshSchool();
    const { email, token, learner } = await registerLearner(subdomain, { firstname: ' Léa ', lastname: ' Martin ', locale: 'en' });
    expect(learner).toMatchObject({ email, firstname: 'Léa', lastname: 'Martin', display_name: 'Léa Martin', locale: 'en', activated: false });
    const me = await checked('getLearnerMe', 'GET', school(subdomain, '/me'), { token });
    expect(me.status).toBe(200);
    expect(me.body.uuid).toBe(learner.uuid);
    const link = await latestMail(email, 'LEARNER_ACTIVATION');
    expect(link.pathname).toBe(`/ecole/${subdomain}/activation`);
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
  });

  it('answers 409 for an address this school knows, whatever its case; another school takes it', async () => {
    const { subdomain } = await freshSchool();
    const { email } = await registerLearner(subdomain);
    const again = await checked('registerLearner', 'POST', school(subdomain, '/register'), { body: { email: email.toUpperCase(), password: PASSWORD, firstname: 'Bis' } });
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toHaveLength(1);
    const elsewhere = await freshSchool();
    await registerLearner(elsewhere.subdomain, { email });
  });

  it('answers 409 for a learner the team added, who must follow their activation link instead', async () => {
    const { subdomain, ownerToken } = await freshSchool();
    const email = uniqueEmail('added');
    await addCustomer(ownerToken, await newTraining(ownerToken), { email });
    const answer = await api('POST', school(subdomain, '/register'), { body: { email, password: PASSWORD, firstname: 'Intrus' } });
    expect(answer.status).toBe(409);
  });

  it('answers 403 once the school closes registration (feature option registration_open)', async () => {
    const { subdomain, storeUuid, ownerToken } = await freshSchool();
    const closed = await api('PUT', `/stores/${storeUuid}`, { token: ownerToken, body: { feature_options: { registration_open: false } } });
    expect(closed.status, closed.text).toBe(200);
    expect((await api('GET', school(subdomain))).body.registration_open).toBe(false);
    const answer = await checked('registerLearner', 'POST', school(subdomain, '/register'), { body: { email: uniqueEmail(), password: PASSWORD, firstname: 'Léa' } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/inscriptions sont fermées/);
  });

  it.each([
    ['missing fields', {}, ['email', 'password', 'firstname']],
    ['a short password', { email: 'a@b.test', password: 'short', firstname: 'A' }, ['password']],
    ['a blank first name', { email: 'a@b.test', password: PASSWORD, firstname: '   ' }, ['firstname']],
    ['an unknown field', { email: 'a@b.test', password: PASSWORD, firstname: 'A', role: 'OWNER' }, ['role']],
  ])('answers 422 for %s', async (_label, body, fields) => {
    const answer = await checked('registerLearner', 'POST', school('demo', '/register'), { body });
    expect(answer.status).toBe(422);
    for (const field of fields) expect(answer.body.errors[field], field).toBeInstanceOf(Array);
  });

  it('answers 404 for an unknown school', async () => {
    const answer = await checked('registerLearner', 'POST', school('no-such-school-here', '/register'), { body: { email: uniqueEmail(), password: PASSWORD, firstname: 'A' } });
    expect(answer.status).toBe(404);
  });
});

describe('loginLearner and logoutLearner', () => {
  it('signs a demo learner in with the demo password, and the session ends at logout', async () => {
    const answer = await loginLearner('demo', 'lea.martin@example.com', 'demo-password');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.learner).toMatchObject({ email: 'lea.martin@example.com', firstname: 'Léa', activated: true });
    const token = answer.body.token as string;
    expect((await api('GET', school('demo', '/me'), { token })).status).toBe(200);
    const out = await checked('logoutLearner', 'POST', school('demo', '/logout'), { token });
    expect(out.status).toBe(204);
    expect((await api('GET', school('demo', '/me'), { token })).status).toBe(401);
  });

  it('answers 422 INVALID_CREDENTIALS alike for a wrong password and an unknown account', async () => {
    const { subdomain } = await freshSchool();
    const { email } = await registerLearner(subdomain);
    const wrong = await loginLearner(subdomain, email, 'not-the-password');
    const unknown = await loginLearner(subdomain, uniqueEmail('ghost'), 'not-the-password');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('INVALID_CREDENTIALS');
    }
    expect(wrong.body).toEqual(unknown.body);
    // A learner is a learner of one school: the same address elsewhere is another account.
    const other = await freshSchool();
    expect((await loginLearner(other.subdomain, email)).status).toBe(422);
  });

  it('answers 429 after 5 attempts on one account within 15 minutes, with keys of that school only', async () => {
    const first = await freshSchool();
    const second = await freshSchool();
    const { email } = await registerLearner(first.subdomain);
    await registerLearner(second.subdomain, { email });
    for (let i = 0; i < 5; i++) expect((await loginLearner(first.subdomain, email, 'wrong-password')).status).toBe(422);
    const blocked = await loginLearner(first.subdomain, email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await loginLearner(second.subdomain, email)).status).toBe(200);
  });
});

describe('who may call learner operations', () => {
  it('refuses back-office sessions with 403 and learners of another school or none with 401', async () => {
    const { subdomain } = await freshSchool();
    const { token } = await registerLearner(subdomain);
    const owner = await login('owner@demo.test');
    const platform = await login('platform@demo.test');
    for (const backOffice of [owner, platform]) {
      const answer = await checked('getLearnerMe', 'GET', school('demo', '/me'), { token: backOffice });
      expect(answer.status).toBe(403);
    }
    expect((await checked('getLearnerMe', 'GET', school('demo', '/me'), { token })).status).toBe(401);
    expect((await checked('updateLearnerMe', 'PUT', school('demo', '/me'), { token, body: { firstname: 'X' } })).status).toBe(401);
    expect((await checked('getLearnerMe', 'GET', school(subdomain, '/me'))).status).toBe(401);
    // A learner token opens nothing of the back office.
    expect((await api('GET', '/users/me', { token })).status).toBe(401);
  });
});

describe('activateLearner and resendLearnerActivation', () => {
  it('activates a registered learner with the token alone, once; an unknown or used link answers INVALID_TOKEN', async () => {
    const { subdomain } = await freshSchool();
    const { email } = await registerLearner(subdomain);
    const token = (await latestMail(email, 'LEARNER_ACTIVATION')).searchParams.get('token')!;
    const done = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.learner.activated).toBe(true);
    expect((await api('GET', school(subdomain, '/me'), { token: done.body.token })).body.activated).toBe(true);
    for (const body of [{ token }, { token: 'x'.repeat(43) }]) {
      const refused = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('INVALID_TOKEN');
      expect(refused.body.errors.token).toHaveLength(1);
    }
    // Another school does not know the link either.
    const other = await freshSchool();
    const { email: second } = await registerLearner(subdomain);
    const foreign = (await latestMail(second, 'LEARNER_ACTIVATION')).searchParams.get('token')!;
    expect((await api('POST', school(other.subdomain, '/activation'), { body: { token: foreign } })).body.code).toBe('INVALID_TOKEN');
  });

  it('makes a learner added by the team choose a password, the link staying valid until then', async () => {
    const { subdomain, ownerToken } = await freshSchool();
    const email = uniqueEmail('added');
    await addCustomer(ownerToken, await newTraining(ownerToken), { email });
    const resent = await checked('resendLearnerActivation', 'POST', school(subdomain, '/activation/resend'), { body: { email } });
    const unknown = await checked('resendLearnerActivation', 'POST', school(subdomain, '/activation/resend'), { body: { email: uniqueEmail('ghost') } });
    expect(resent.status).toBe(202);
    expect(unknown.body).toEqual(resent.body);
    const token = (await latestMail(email, 'LEARNER_ACTIVATION')).searchParams.get('token')!;
    const needs = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token } });
    expect(needs.status).toBe(422);
    expect(needs.body.code).toBe('PASSWORD_REQUIRED');
    const differ = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token, password: PASSWORD, password_confirmation: 'other-password' } });
    expect(differ.body.errors.password_confirmation).toHaveLength(1);
    const half = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token, password: PASSWORD } });
    expect(half.status).toBe(422);
    const done = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(done.status, done.text).toBe(200);
    expect((await loginLearner(subdomain, email)).status).toBe(200);
  });
});

describe('a learner the team adds with send_email', () => {
  it('is mailed that the training is open, with an activation link to choose a password; then signs in', async () => {
    const { subdomain, ownerToken } = await freshSchool();
    const email = uniqueEmail('invited');
    const training = await newTraining(ownerToken);
    await addCustomer(ownerToken, training, { email, firstname: 'Inès', send_email: true });
    const link = await latestMail(email, 'LEARNER_ENROLLED');
    expect(link.pathname).toBe(`/ecole/${subdomain}/activation`);
    const token = link.searchParams.get('token')!;
    expect((await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token } })).body.code).toBe('PASSWORD_REQUIRED');
    const done = await checked('activateLearner', 'POST', school(subdomain, '/activation'), { body: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(done.status, done.text).toBe(200);
    expect((await loginLearner(subdomain, email)).status).toBe(200);

    // Enrolled again in another training once active: the mail points to the sign-in page, no new link.
    await addCustomer(ownerToken, await newTraining(ownerToken), { email, send_email: true });
    expect((await latestMail(email, 'LEARNER_ENROLLED')).pathname).toBe(`/ecole/${subdomain}/connexion`);
  });

  it('is not mailed with send_email false', async () => {
    const { ownerToken } = await freshSchool();
    const email = uniqueEmail('quiet');
    await addCustomer(ownerToken, await newTraining(ownerToken), { email, send_email: false });
    const mails = await call('GET', `/__dev/mailbox.json?to=${encodeURIComponent(email)}`);
    expect(mails.body).toEqual([]);
  });
});

describe('password reset', () => {
  it('answers 202 alike for known and unknown addresses, then sets the password once and ends every session', async () => {
    const { subdomain } = await freshSchool();
    const { email, token: session } = await registerLearner(subdomain);
    const known = await checked('requestLearnerPasswordReset', 'POST', school(subdomain, '/password-reset'), { body: { email } });
    const unknown = await checked('requestLearnerPasswordReset', 'POST', school(subdomain, '/password-reset'), { body: { email: uniqueEmail('ghost') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const link = await latestMail(email, 'LEARNER_RESET_PASSWORD');
    expect(link.pathname).toBe(`/ecole/${subdomain}/changement-mot-de-passe`);
    const token = link.searchParams.get('token')!;
    const differ = await checked('resetLearnerPassword', 'PUT', school(subdomain, '/password-reset'), { body: { token, password: 'new-password-2', password_confirmation: 'nope-nope-2' } });
    expect(differ.status).toBe(422);
    expect(differ.body.errors.password_confirmation).toHaveLength(1);
    const done = await checked('resetLearnerPassword', 'PUT', school(subdomain, '/password-reset'), { body: { token, password: 'new-password-2', password_confirmation: 'new-password-2' } });
    expect(done.status, done.text).toBe(200);
    expect((await api('GET', school(subdomain, '/me'), { token: session })).status).toBe(401);
    expect((await loginLearner(subdomain, email)).status).toBe(422);
    const signedIn = await loginLearner(subdomain, email, 'new-password-2');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.learner.activated).toBe(true);
    const reused = await checked('resetLearnerPassword', 'PUT', school(subdomain, '/password-reset'), { body: { token, password: 'new-password-3', password_confirmation: 'new-password-3' } });
    expect(reused.body.code).toBe('INVALID_TOKEN');
  });

  it('limits reset e-mails to 5 per address and school', async () => {
    const { subdomain } = await freshSchool();
    const email = uniqueEmail('many');
    for (let i = 0; i < 5; i++) expect((await api('POST', school(subdomain, '/password-reset'), { body: { email } })).status).toBe(202);
    const blocked = await checked('requestLearnerPasswordReset', 'POST', school(subdomain, '/password-reset'), { body: { email } });
    expect(blocked.status).toBe(429);
  });
});

describe('getLearnerMe and updateLearnerMe', () => {
  it('updates the profile, trimmed, and refuses bad input with 422', async () => {
    const { subdomain } = await freshSchool();
    const { token } = await registerLearner(subdomain);
    const updated = await checked('updateLearnerMe', 'PUT', school(subdomain, '/me'), { token, body: { firstname: ' Inès ', lastname: '  ', locale: 'en' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstname: 'Inès', lastname: null, locale: 'en', display_name: 'Inès' });
    for (const [body, field] of [
      [{}, 'body'],
      [{ firstname: '   ' }, 'firstname'],
      [{ firstname: '' }, 'firstname'],
      [{ firstname: 'x'.repeat(65) }, 'firstname'],
      [{ locale: 'de' }, 'locale'],
      [{ email: 'new@example.test' }, 'email'],
    ] as const) {
      const answer = await checked('updateLearnerMe', 'PUT', school(subdomain, '/me'), { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      if (field !== 'body') expect(answer.body.errors[field], JSON.stringify(body)).toBeInstanceOf(Array);
    }
    expect((await api('GET', school(subdomain, '/me'), { token })).body.firstname).toBe('Inès');
  });

  it('writes the learner’s e-mails in the language they chose', async () => {
    const { subdomain } = await freshSchool();
    const { email, token } = await registerLearner(subdomain, { locale: 'fr' });
    const mailText = async () => {
      expect((await checked('requestLearnerPasswordReset', 'POST', school(subdomain, '/password-reset'), { body: { email } })).status).toBe(202);
      const mails = (await call('GET', `/__dev/mailbox.json?to=${encodeURIComponent(email)}`)).body as { template: string; text: string }[];
      return mails.find((mail) => mail.template === 'LEARNER_RESET_PASSWORD')!.text;
    };
    expect(await mailText()).toContain('Bonjour');
    expect((await checked('updateLearnerMe', 'PUT', school(subdomain, '/me'), { token, body: { locale: 'en' } })).body.locale).toBe('en');
    expect(await mailText()).toContain('Hello');
  });
});
