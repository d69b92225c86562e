import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fakeCaptchaVerify } from '../support/fakeCaptcha';
import { FakeSentry } from '../support/fakeSentry';
import { test as base, expect } from './fixtures';
import { templateDir } from './globalSetup';
import { startServer } from './server';

const GOOD_TOKEN = 'e2e-solved-token';

/**
 * Issue 17's second bar: this file's worker runs its own server with a Sentry DSN and captcha keys pointing at fakes
 * on loopback (the other files' servers have none). The captcha provider's widget script is stubbed in the browser:
 * a button that hands the page the token the fake provider accepts.
 */
const test = base.extend<object, { fakes: { sentry: FakeSentry; captcha: Awaited<ReturnType<typeof fakeCaptchaVerify>> } }>({
  fakes: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from its first parameter.
    async ({}, provide) => {
      const sentry = await new FakeSentry().start();
      const captcha = await fakeCaptchaVerify('e2e-secret', [GOOD_TOKEN]);
      await provide({ sentry, captcha });
      await sentry.stop();
      await captcha.close();
    },
    { scope: 'worker' },
  ],
  e2eServer: [
    async ({ fakes }, provide, workerInfo) => {
      const dataDir = path.join(process.env.E2E_RUN_DIR!, `third-party-${workerInfo.workerIndex}`);
      cpSync(templateDir(process.env.E2E_RUN_DIR!), dataDir, { recursive: true });
      const server = await startServer(Number(process.env.E2E_PORT ?? 3210) + 60 + workerInfo.parallelIndex, dataDir, 120_000, {
        SENTRY_DSN: fakes.sentry.dsn,
        SENTRY_BROWSER_DSN: fakes.sentry.dsn,
        SENTRY_ENVIRONMENT: 'e2e',
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: 'e2e-site-key',
        CAPTCHA_SECRET_KEY: 'e2e-secret',
        CAPTCHA_VERIFY_URL: fakes.captcha.verifyUrl,
        GTM_CONTAINER_ID: 'GTM-E2ETEST',
      });
      try {
        await provide(server.url);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

/** Turnstile's script as the page gets it here: a labelled button that "solves" the challenge. */
const FAKE_TURNSTILE = `window.turnstile = {
  render(element, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Je ne suis pas un robot';
    button.dataset.testid = 'fake-captcha';
    button.onclick = () => options.callback(${JSON.stringify(GOOD_TOKEN)});
    element.append(button);
    return 'widget-1';
  },
  reset() {},
  remove() {},
};`;

// The consent banner would sit over the forms: the other tests of this file come as a visitor who already refused.
test.beforeEach(async ({ page }, testInfo) => {
  if (!testInfo.title.includes('consent')) await page.addInitScript(() => localStorage.setItem('cp.analytics-consent', 'refused'));
});

test('analytics: nothing before consent, refusing is one click and remembered, accepting from the "Cookies" link loads the tag manager, never on a school that did not enable it', async ({ page }) => {
  const gtm: string[] = [];
  // No internet here: Google's script is answered in the browser, and each request for it counted.
  await page.route('https://www.googletagmanager.com/**', (route) => {
    gtm.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerRan = true;' });
  });
  await page.goto('/connexion');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Refuser' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accepter' })).toBeVisible();
  expect(gtm).toEqual([]);

  await banner.getByRole('button', { name: 'Refuser' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.locator('input[name=email]')).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(gtm).toEqual([]);

  // Changing one's mind from the legal links.
  await page.getByTestId('consent-link').click();
  await expect(banner).toContainText('Votre choix actuel : refusé.');
  await banner.getByRole('button', { name: 'Accepter' }).click();
  await expect.poll(() => gtm.length).toBe(1);
  expect(gtm[0]).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tagManagerRan?: boolean }).__tagManagerRan)).toBe(true);
  await page.reload();
  await expect(page.locator('input[name=email]')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => gtm.length).toBe(2);

  // The demo school has not enabled analytics for its learners: nothing there, whatever was accepted.
  await page.goto('/ecole/demo');
  await expect(page.getByTestId('catalogue-training-card').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(gtm).toHaveLength(2);
});

test('a sign-up without a solved captcha is refused in French; solved, it goes through', async ({ page }, testInfo) => {
  await page.route('https://challenges.cloudflare.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }));
  await page.goto('/inscription');
  const form = page.getByTestId('register-form');
  await form.locator('input[name=firstname]').fill('Capucine');
  await form.locator('input[name=email]').fill(`capucine-${Date.now()}@example.test`);
  await form.locator('input[name=password]').fill('correct-horse-battery');
  await expect(page.getByTestId('fake-captcha')).toBeVisible();
  await page.getByTestId('register-submit').click();
  await expect(form).toContainText('Cochez la vérification anti-robot avant d’envoyer le formulaire.');
  await page.screenshot({ path: testInfo.outputPath('captcha-refused.png'), fullPage: true });

  await page.getByTestId('fake-captcha').click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible({ timeout: 30_000 });
});

test('an error thrown in the app reaches the error service, scrubbed', async ({ page, fakes }) => {
  const token = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8';
  await page.goto(`/connexion?token=${token}`);
  await page.locator('input[name=email]').fill('secret-person@example.test');
  await page.locator('input[name=password]').fill('my-secret-password');
  // Something in the app throws and nothing catches it: the global handler reports it.
  await page.evaluate((t) => {
    setTimeout(() => {
      throw new Error(`E2E boom for secret-person@example.test with ${t}`);
    });
  }, token);
  const event = await fakes.sentry.waitForEvent((e) => JSON.stringify(e).includes('E2E boom'));
  expect(event.environment).toBe('e2e');
  const sent = fakes.sentry.envelopes.map((envelope) => envelope.raw).join('\n');
  for (const secret of ['secret-person@example.test', token, 'my-secret-password']) expect(sent, secret).not.toContain(secret);
  expect(JSON.stringify(event)).toContain('/connexion');
  expect(JSON.stringify(event)).toContain('[Filtered]');
});
