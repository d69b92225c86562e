import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_SESSION_TTL_MS, SESSION_TTL_MS, resolveSession } from '../../../server/auth/session';
import { THROTTLE_WINDOW_MS } from '../../../server/auth/throttle';
import { authenticate } from '../../../server/commands/authenticate';
import { verifyEmail } from '../../../server/commands/emailVerification';
import { registerTrainer, subdomainFor } from '../../../server/commands/registerTrainer';
import { isDisposableEmail } from '../../../server/auth/disposableDomains';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

let env: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  env = await testServices();
});
afterAll(() => env.close());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('registerTrainer', () => {
  it('creates the store and owner, and mails a link carrying the address and token', async () => {
    const session = await registerTrainer(env.services, { email: 'Zoe@Example.test', password: 'password-123', firstname: 'Zoé' });
    expect(session.user.store.plan).toBe('PERCENT');
    expect(session.user.role).toBe('OWNER');
    const mail = env.sent.at(-1)!;
    expect(mail.to).toBe('Zoe@Example.test');
    expect(mail.mail.template).toBe('VERIFY_EMAIL');
    expect(mail.mail.text).toMatch(/http:\/\/app\.test\/activation\?email=Zoe%40Example\.test&token=[\w-]{43}/);
  });

  it('answers 409 for the same address in another case', async () => {
    const error = await failure(registerTrainer(env.services, { email: 'zoe@example.TEST', password: 'password-123', firstname: 'Zoé' }));
    expect(error.status).toBe(409);
  });

  it('makes readable subdomains from any first name', () => {
    expect(subdomainFor('Élodie-Anne')).toMatch(/^elodie-anne-[0-9a-f]{4}$/);
    expect(subdomainFor('李')).toMatch(/^formation-[0-9a-f]{4}$/);
  });

  it('spots temporary e-mail domains and their subdomains', () => {
    expect(isDisposableEmail('a@yopmail.com')).toBe(true);
    expect(isDisposableEmail('a@mx.mailinator.com')).toBe(true);
    expect(isDisposableEmail('a@gmail.com')).toBe(false);
  });
});

describe('authenticate', () => {
  it('throttles an account after the limit and lets it in again once the window has passed', async () => {
    await registerTrainer(env.services, { email: 'throttle@example.test', password: 'password-123', firstname: 'T' });
    for (let i = 0; i < env.services.config.throttle.loginPerAccount; i++) {
      expect((await failure(authenticate(env.services, { email: 'throttle@example.test', password: 'bad' }, '10.0.0.1'))).code).toBe('INVALID_CREDENTIALS');
    }
    expect((await failure(authenticate(env.services, { email: 'throttle@example.test', password: 'password-123' }, '10.0.0.1'))).status).toBe(429);
    env.advance(THROTTLE_WINDOW_MS + 1000);
    const session = await authenticate(env.services, { email: 'throttle@example.test', password: 'password-123' }, '10.0.0.1');
    expect(session.token).toBeTruthy();
  });

  it('throttles an address after its limit of failures across many accounts', async () => {
    for (let i = 0; i < env.services.config.throttle.loginPerAddress; i++) {
      await failure(authenticate(env.services, { email: `guess-${i}@example.test`, password: 'bad' }, '10.9.9.9'));
    }
    const blocked = await failure(authenticate(env.services, { email: 'throttle@example.test', password: 'password-123' }, '10.9.9.9'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers?.['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await authenticate(env.services, { email: 'throttle@example.test', password: 'password-123' }, '10.9.9.10')).token).toBeTruthy();
  });

  it('makes sessions expire after 1 day, or 30 with staySignedIn', async () => {
    const short = await authenticate(env.services, { email: 'throttle@example.test', password: 'password-123' }, '10.0.0.2');
    const long = await authenticate(env.services, { email: 'throttle@example.test', password: 'password-123', staySignedIn: true }, '10.0.0.2');
    expect(await resolveSession(env.services, `Bearer ${short.token}`)).not.toBeNull();
    env.advance(SESSION_TTL_MS + 1000);
    expect(await resolveSession(env.services, `Bearer ${short.token}`)).toBeNull();
    expect(await resolveSession(env.services, `Bearer ${long.token}`)).not.toBeNull();
    env.advance(LONG_SESSION_TTL_MS);
    expect(await resolveSession(env.services, `Bearer ${long.token}`)).toBeNull();
  });
});

describe('verifyEmail', () => {
  it('refuses a link older than 7 days', async () => {
    await registerTrainer(env.services, { email: 'late@example.test', password: 'password-123', firstname: 'L' });
    const token = /token=([\w-]+)/.exec(env.sent.at(-1)!.mail.text)![1]!;
    env.advance(8 * 24 * 60 * 60 * 1000);
    expect((await failure(verifyEmail(env.services, 'late@example.test', token))).code).toBe('INVALID_TOKEN');
  });
});
