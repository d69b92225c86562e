import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { authenticate } from '../../../server/commands/authenticate';
import { registerTrainer } from '../../../server/commands/registerTrainer';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

let env: Awaited<ReturnType<typeof testServices>>;
let app: FastifyInstance;
beforeAll(async () => {
  env = await testServices();
  app = await buildApp(env.services, { logger: false });
}, 120_000);
afterAll(async () => {
  await app.close();
  await env.close();
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof HttpError ? error.status : 500),
  );

describe('throttles under concurrency', () => {
  it('40 simultaneous wrong guesses on one account: no more than the limit are even tried', async () => {
    await registerTrainer(env.services, { email: 'target@example.test', password: 'password-123', firstname: 'T' });
    const limit = env.services.config.throttle.loginPerAccount;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => outcome(authenticate(env.services, { email: 'target@example.test', password: `guess-${i}` }, `10.1.0.${i}`))),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
  });
});

describe('sign-up limit per client address', () => {
  it('answers 429 once an address has signed up registerPerAddress times in the window', async () => {
    const limit = env.services.config.throttle.registerPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/register',
        remoteAddress: '10.2.0.1',
        payload: { email: `signup-${i}@example.test`, password: 'password-123', firstname: 'S' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: '10.2.0.2',
      payload: { email: 'signup-other@example.test', password: 'password-123', firstname: 'S' },
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('anonymous affiliation visits', () => {
  it('are limited per client address like the other anonymous writes (429 with Retry-After past visitPerAddress)', async () => {
    const limit = env.services.config.throttle.visitPerAddress;
    const visit = (remoteAddress: string) => app.inject({ method: 'PUT', url: '/api/v1/affiliations/visits', remoteAddress, payload: { code: 'unknown-sponsor' } });
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await visit('10.3.0.1')).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 204)).toBe(true);
    const over = await visit('10.3.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit('10.3.0.2')).statusCode).toBe(204);
  });
});

describe('answers carry the hardening headers and speak the caller language', () => {
  it('sets nosniff, referrer and frame policies; errors follow Accept-Language', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('same-origin');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.json()).toMatchObject({ message: 'Your session has expired, please sign in again.', code: 'UNAUTHENTICATED' });
    const french = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(french.json().message).toBe('Votre session a expiré, veuillez vous reconnecter.');
  });

});

describe('the dev mailbox', () => {
  const withMailbox = (config: Partial<typeof env.services.config>) => buildApp({ ...env.services, config: { ...env.services.config, ...config } }, { logger: false });
  // Every spelling of the path the router resolves to the mailbox's routes.
  const spellings = ['/__dev/mailbox.json', '/%5F_dev/mailbox.json', '/_%5fdev/mailbox.json', '/%5F%5Fdev/mailbox.json', '/__dev/mailbox%2Ejson', '/__dev/mailbox', '/%5F_dev/mailbox', '/__dev/mailbox.json/'];

  it('serves this machine only, however the path is spelt', async () => {
    const mailboxApp = await withMailbox({ devMailbox: true });
    try {
      for (const url of spellings) {
        expect((await mailboxApp.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(200);
        const outside = await mailboxApp.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers: { 'accept-language': 'en' } });
        expect(outside.statusCode, url).toBe(404);
        expect(outside.json(), url).toEqual({ message: "This page doesn't exist!", code: 'NOT_FOUND' });
      }
    } finally {
      await mailboxApp.close();
    }
  });

  it('behind a trusted proxy, judges the client the proxy saw, not the proxy on loopback', async () => {
    const mailboxApp = await withMailbox({ devMailbox: true, trustProxy: 1 });
    try {
      const viaProxy = (client: string) =>
        mailboxApp.inject({ method: 'GET', url: '/%5F_dev/mailbox.json', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      expect((await viaProxy('203.0.113.9')).statusCode).toBe(404);
      expect((await viaProxy('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await mailboxApp.close();
    }
  });

  it('is not there at all unless DEV_MAILBOX=1', async () => {
    expect(env.services.config.devMailbox).toBe(false);
    for (const url of spellings) expect((await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(404);
  });
});
