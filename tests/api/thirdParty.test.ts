// Issue 17: the third-party services, each off until configured. The captcha verified against a fake provider on
// loopback (refused without a token, with a bad or reused one, fail closed or open when the provider is down), the
// server's errors reported to a fake Sentry ingest on loopback and scrubbed, GET /users/me/support, the CSP and the
// shell's third-party tag both ways.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { seedDemo } from '../../server/db/seed';
import { handlers } from '../../server/routes/handlers';
import type { Services } from '../../server/services';
import { readThirdPartyConfig, type ThirdPartyConfig } from '../../server/thirdParty/config';
import { flushErrorReports, startErrorReporting, stopErrorReporting } from '../../server/thirdParty/errorReporting';
import { fakeCaptchaVerify } from '../support/fakeCaptcha';
import { FakeSentry } from '../support/fakeSentry';
import { inject } from '../support/paymentsFixtures';
import { testServices } from '../unit/server/testServices';
import { expectContract } from './client';

const SECRET = 'captcha-secret-for-tests';
const GOOD = ['good-1', 'good-2', 'good-3', 'good-4', 'good-5', 'good-6', 'good-7'];

let env: Awaited<ReturnType<typeof testServices>>;
let captcha: Awaited<ReturnType<typeof fakeCaptchaVerify>>;
let sentry: FakeSentry;
const apps: FastifyInstance[] = [];
let staticDir: string;

/** The app in-process over the seeded database with these third-party settings (and this handler map). */
async function appWith(thirdParty: Partial<ThirdPartyConfig>, handlerMap = handlers) {
  const base = env.services.config;
  const services: Services = { ...env.services, config: { ...base, staticDir, thirdParty: { ...base.thirdParty, ...thirdParty } } };
  const app = await buildApp(services, { logger: false, handlers: handlerMap });
  apps.push(app);
  return app;
}

const captchaOn = (overrides: Partial<NonNullable<ThirdPartyConfig['captcha']>> = {}): Partial<ThirdPartyConfig> => ({
  captcha: { provider: 'turnstile', siteKey: 'site-key', secretKey: SECRET, verifyUrl: captcha.verifyUrl, scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', failOpen: false, ...overrides },
});

const signUp = (app: FastifyInstance, token?: string) =>
  inject(app, 'POST', '/register', {
    body: { email: `captcha-${Math.random().toString(36).slice(2, 10)}@example.test`, password: 'correct-horse-battery', firstname: 'Élodie' },
    headers: token ? { 'captcha-token': token } : {},
  });

beforeAll(async () => {
  env = await testServices();
  await seedDemo(env.services.db);
  captcha = await fakeCaptchaVerify(SECRET, GOOD);
  sentry = await new FakeSentry().start();
  staticDir = mkdtempSync(path.join(tmpdir(), 'cp-third-party-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>');
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await stopErrorReporting();
  await captcha?.close();
  await sentry?.stop();
  await env?.close();
});

describe('the captcha, verified against the provider', () => {
  it('refuses a back-office sign-up without a token, with a wrong one or a reused one, in a clear French sentence', async () => {
    const app = await appWith(captchaOn());
    const none = await signUp(app);
    expectContract('register', none);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'CAPTCHA_FAILED', errors: { captcha: ['Cochez la vérification anti-robot avant d’envoyer le formulaire.'] } });

    const wrong = await signUp(app, 'forged-token');
    expectContract('register', wrong);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.captcha[0]).toMatch(/^La vérification anti-robot a échoué ou a expiré/);
    // The provider was asked with our secret, the token and the client's address.
    const asked = captcha.requests.at(-1)!;
    expect([asked.get('secret'), asked.get('response'), asked.get('remoteip')]).toEqual([SECRET, 'forged-token', '127.0.0.1']);

    const passed = await signUp(app, 'good-1');
    expectContract('register', passed);
    expect(passed.status, passed.text).toBe(201);
    // A token is good once.
    expect((await signUp(app, 'good-1')).status).toBe(422);
  });

  it('guards learner registration, both password reset requests and the anonymous checkout, not a signed-in learner', async () => {
    const app = await appWith(captchaOn());
    const learner = { email: 'captcha-learner@example.test', password: 'correct-horse-battery', firstname: 'Léa' };
    const refusedLearner = await inject(app, 'POST', '/school/stores/demo/register', { body: learner });
    expectContract('registerLearner', refusedLearner);
    expect(refusedLearner.body.code).toBe('CAPTCHA_FAILED');
    const registered = await inject(app, 'POST', '/school/stores/demo/register', { body: learner, headers: { 'captcha-token': 'good-2' } });
    expect(registered.status, registered.text).toBe(201);

    const learnerReset = await inject(app, 'POST', '/school/stores/demo/password-reset', { body: { email: learner.email } });
    expectContract('requestLearnerPasswordReset', learnerReset);
    expect([learnerReset.status, learnerReset.body.code]).toEqual([422, 'CAPTCHA_FAILED']);
    expect((await inject(app, 'POST', '/school/stores/demo/password-reset', { body: { email: learner.email }, headers: { 'captcha-token': 'good-3' } })).status).toBe(202);

    const reset = await inject(app, 'PUT', '/passwords/reset', { body: { email: 'owner@demo.test' } });
    expectContract('resetPassword', reset);
    expect([reset.status, reset.body.code]).toEqual([422, 'CAPTCHA_FAILED']);
    expect((await inject(app, 'PUT', '/passwords/reset', { body: { email: 'owner@demo.test' }, headers: { 'captcha-token': 'good-4' } })).status).toBe(202);

    const order = { buyable_type: 'TRAINING', buyable_uuid: '00000000-0000-4000-8000-000000000000', payment_schedule_id: 1, email: 'buyer@example.test', firstname: 'Inès', lastname: 'Petit', accept_terms: true };
    const anonymous = await inject(app, 'POST', '/school/stores/demo/checkout', { body: order });
    expectContract('checkout', anonymous);
    expect([anonymous.status, anonymous.body.code]).toEqual([422, 'CAPTCHA_FAILED']);
    // A signed-in learner is not asked again: the unknown training answers, not the captcha.
    const signedIn = await inject(app, 'POST', '/school/stores/demo/checkout', { body: order, token: registered.body.token });
    expect(signedIn.body.code).not.toBe('CAPTCHA_FAILED');
  });

  it('fails closed when the provider cannot be reached, and open only when the operator chose so', async () => {
    const unreachable = 'http://127.0.0.1:9/siteverify';
    const closed = await appWith(captchaOn({ verifyUrl: unreachable }));
    const refused = await signUp(closed, 'good-5');
    expect([refused.status, refused.body.code]).toEqual([422, 'CAPTCHA_FAILED']);
    expect(refused.body.message).toMatch(/momentanément indisponible/);

    const open = await appWith(captchaOn({ verifyUrl: unreachable, failOpen: true }));
    expect((await signUp(open, 'anything')).status).toBe(201);
    // Fail-open is for an unreachable provider only: a provider that answers "no" still refuses.
    expect((await signUp(await appWith(captchaOn({ failOpen: true })), 'forged')).status).toBe(422);
  });

  it('asks nothing when no captcha is configured', async () => {
    const app = await appWith({ captcha: undefined });
    const before = captcha.requests.length;
    expect((await signUp(app)).status).toBe(201);
    expect(captcha.requests.length).toBe(before);
  });
});

describe('error reporting to a Sentry-protocol service', () => {
  it('reports a 500 with the route, scrubbed: no password, token, e-mail address or request body', async () => {
    await startErrorReporting({ serverDsn: sentry.dsn, browserDsn: undefined, environment: 'test', release: 'course-platform@test' });
    const failing = {
      ...handlers,
      async register() {
        throw new Error('database exploded while saving mallory@example.test with token 0123456789abcdef0123456789abcdef');
      },
    } as typeof handlers;
    const app = await appWith({}, failing);
    const answer = await inject(app, 'POST', '/register?token=secret-query-token-value', {
      body: { email: 'mallory@example.test', password: 'hunter2-hunter2', firstname: 'Mallory' },
      headers: { authorization: 'Bearer abcdefabcdefabcdefabcdefabcdefabcdef', cookie: 'session=abcdef' },
    });
    expect(answer.status).toBe(500);
    await flushErrorReports();
    const event = await sentry.waitForEvent((e) => JSON.stringify(e).includes('database exploded'));
    expect(event.environment).toBe('test');
    expect(event.release).toBe('course-platform@test');
    expect(event.tags).toMatchObject({ method: 'POST', route: '/api/v1/register' });
    const everything = sentry.envelopes.map((envelope) => envelope.raw).join('\n');
    for (const secret of ['mallory@example.test', 'hunter2-hunter2', '0123456789abcdef0123456789abcdef', 'abcdefabcdefabcdefabcdefabcdefabcdef', 'secret-query-token-value', 'session=abcdef', 'Mallory']) {
      expect(everything, secret).not.toContain(secret);
    }
    expect(JSON.stringify(event)).toContain('[Filtered]');
    await stopErrorReporting();
  });
});

describe('GET /users/me/support', () => {
  it('answers the configured address, 404 when none is configured, 401 to a guest', async () => {
    const login = async (app: FastifyInstance) => (await inject(app, 'POST', '/login', { body: { email: 'teacher@demo.test', password: 'demo-password' } })).body.token as string;
    const withAddress = await appWith({ supportEmail: 'support@plateforme.test' });
    const answer = await inject(withAddress, 'GET', '/users/me/support', { token: await login(withAddress) });
    expectContract('getSupportInfo', answer);
    expect(answer.body).toEqual({ email: 'support@plateforme.test' });

    const without = await appWith({ supportEmail: undefined });
    const none = await inject(without, 'GET', '/users/me/support', { token: await login(without) });
    expectContract('getSupportInfo', none);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("Aucune adresse de support n'est configurée.");
    expect((await inject(without, 'GET', '/users/me/support')).status).toBe(401);
  });
});

describe('the CSP and the shell, both ways', () => {
  const thirdPartyOrigin = /cloudflare|hcaptcha|googletagmanager|google-analytics|crisp|sentry|127\.0\.0\.1:\d+/;

  it('with nothing configured: no third-party origin in the CSP, no third-party tag in the shell', async () => {
    const app = await appWith(readThirdPartyConfig({}, false));
    const page = await app.inject({ method: 'GET', url: '/connexion' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).not.toMatch(thirdPartyOrigin);
    expect(page.body).not.toContain('third-party');
  });

  it('with every service configured: exactly their origins, and their public keys (never a secret) in the shell', async () => {
    const config = readThirdPartyConfig(
      {
        SENTRY_DSN: 'https://server-key@o1.ingest.sentry.io/2',
        SENTRY_BROWSER_DSN: `${sentry.dsn}`,
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET_KEY: SECRET,
        GTM_CONTAINER_ID: 'GTM-ABC1234',
        CRISP_WEBSITE_ID: '8c1d3f2e-1111-4222-8333-944455556666',
      },
      false,
    );
    const app = await appWith(config);
    const page = await app.inject({ method: 'GET', url: '/connexion' });
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))!;
    expect(directive('script-src')).toBe("script-src 'self' https://challenges.cloudflare.com https://www.googletagmanager.com https://client.crisp.chat");
    expect(directive('connect-src')).toContain(sentry.url);
    expect(directive('connect-src')).not.toContain('o1.ingest.sentry.io');
    expect(directive('frame-src')).toContain('https://challenges.cloudflare.com');
    const tag = /<meta name="third-party" content="([^"]+)"/.exec(page.body)?.[1];
    const browser = JSON.parse(tag!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
    expect(Object.keys(browser).sort()).toEqual(['captcha', 'crisp', 'gtm', 'sentry']);
    expect(page.body).not.toContain(SECRET);
    expect(page.body).not.toContain('server-key');
  });
});
