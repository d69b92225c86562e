import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FakeStripe } from '../support/fakeStripe';
import { test as base, expect } from './fixtures';
import { templateDir } from './globalSetup';
import { startServer } from './server';
import { signIn } from './session';

/**
 * The payments settings page against a fake Stripe on loopback: this file's worker runs its own server with Stripe
 * keys pointing there (the other files' servers have none). Stripe's onboarding form is stubbed in the browser.
 */
const test = base.extend<object, { fakeStripe: FakeStripe }>({
  fakeStripe: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from its first parameter.
    async ({}, provide) => {
      const fake = await new FakeStripe().start();
      await provide(fake);
      await fake.stop();
    },
    { scope: 'worker' },
  ],
  e2eServer: [
    async ({ fakeStripe }, provide, workerInfo) => {
      const runDir = process.env.E2E_RUN_DIR!;
      const dataDir = path.join(runDir, `payments-${workerInfo.workerIndex}`);
      cpSync(templateDir(runDir), dataDir, { recursive: true });
      // PayPal keys too: linking a merchant asks nothing of PayPal (its address is never called here).
      const keys = {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_URL: fakeStripe.url,
        PAYPAL_CLIENT_ID: 'e2e',
        PAYPAL_CLIENT_SECRET: 'e2e',
        PAYPAL_WEBHOOK_ID: 'WH-E2E',
        PAYPAL_API_URL: 'http://127.0.0.1:9',
      };
      Object.assign(process.env, keys);
      let server;
      try {
        // Beside the ports of the ordinary workers.
        server = await startServer(Number(process.env.E2E_PORT ?? 3210) + 50 + workerInfo.parallelIndex, dataDir, 120_000);
      } finally {
        for (const key of Object.keys(keys)) delete process.env[key];
      }
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

test('the owner connects Stripe through its onboarding form, comes back to an active account, and disconnects it', async ({ page, fakeStripe }, testInfo) => {
  await page.route('https://connect.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Stripe onboarding</title><main><h1>Stripe onboarding (fake)</h1></main></html>' }),
  );
  await signIn(page);
  await page.goto('/parametres/paiements');
  const stripe = page.getByTestId('stripe-card');
  await expect(stripe).toContainText('Aucun compte Stripe n’est connecté');
  await page.screenshot({ path: testInfo.outputPath('payments-none.png'), fullPage: true });

  await page.getByTestId('stripe-connect').click();
  await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.test\/setup\/s\/acct_/);
  const [account] = [...fakeStripe.accounts.values()];
  expect(page.url()).toContain(account!.id);

  // Stripe sends the owner back before charges are enabled: the page says so and offers to finish.
  await page.goto('/parametres/paiements?stripe=retour');
  await expect(page.getByTestId('stripe-state')).toContainText('Stripe attend encore des informations');
  await expect(page.getByTestId('stripe-connect')).toHaveText('Terminer la configuration sur Stripe');
  await expect(stripe).toContainText(`acct_••••${account!.id.slice(-4)}`);

  account!.charges_enabled = true;
  account!.details_submitted = true;
  await page.reload();
  await expect(page.getByTestId('stripe-state')).toContainText('Les paiements par carte sont actifs.');
  await expect(page.getByTestId('stripe-connect')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('payments-active.png'), fullPage: true });

  await page.getByTestId('stripe-disconnect').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Vos apprenants ne pourront plus payer par carte.');
  await dialog.getByRole('button', { name: 'Déconnecter Stripe' }).click();
  await expect(stripe).toContainText('Aucun compte Stripe n’est connecté');
});

test('the owner links a PayPal merchant id (checked in shape), then removes it', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/parametres/paiements');
  const form = page.getByTestId('paypal-form');
  const field = form.getByRole('textbox', { name: 'Identifiant de marchand PayPal' });
  await field.fill('abc');
  await page.getByTestId('paypal-save').click();
  await expect(form).toContainText('L’identifiant compte 13 lettres majuscules et chiffres.');
  await field.fill('7e7mgxcwttkk2');
  await page.getByTestId('paypal-save').click();
  await expect(form.getByRole('status')).toContainText('Compte PayPal enregistré');
  await expect(field).toHaveValue('7e7mgxcwttkk2');
  await page.reload();
  await expect(form).toContainText('Les paiements PayPal sont versés au marchand 7E7MGXCWTTKK2.');
  await page.screenshot({ path: testInfo.outputPath('payments-paypal.png'), fullPage: true });

  await page.getByTestId('paypal-unlink').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer PayPal' }).click();
  await expect(page.getByTestId('paypal-unlink')).toHaveCount(0);
  await expect(field).toHaveValue('');
});
