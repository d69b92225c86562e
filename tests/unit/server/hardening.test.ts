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
});
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

  it('serves the dev mailbox to this machine only', async () => {
    expect((await app.inject({ method: 'GET', url: '/__dev/mailbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/__dev/mailbox.json', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });
});
