import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FakeOpenAi } from '../support/fakeOpenAi';
import { test as base, expect } from './fixtures';
import { freshOwner } from './freshOwner';
import { templateDir } from './globalSetup';
import { signIn } from './session';
import { startServer } from './server';

const MODEL = 'e2e-writer';

/**
 * The AI assistant (issue 16) in the browser. The first test's worker runs its own server pointed at a fake
 * OpenAI-compatible API on loopback (AI_BASE_URL / AI_MODEL); the fake holds its answer after the first pieces, so the
 * page must show the text arriving before it ends. The ordinary browser-test server has no provider: the last test.
 */
const test = base.extend<object, { ai: FakeOpenAi }>({
  ai: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from its first parameter.
    async ({}, provide) => {
      const ai = await new FakeOpenAi().start();
      await provide(ai);
      await ai.stop();
    },
    { scope: 'worker' },
  ],
  e2eServer: [
    async ({ ai }, provide, workerInfo) => {
      const dataDir = path.join(process.env.E2E_RUN_DIR!, `ai-${workerInfo.workerIndex}`);
      cpSync(templateDir(process.env.E2E_RUN_DIR!), dataDir, { recursive: true });
      const server = await startServer(Number(process.env.E2E_PORT ?? 3210) + 70 + workerInfo.parallelIndex, dataDir, 120_000, { AI_BASE_URL: ai.url, AI_MODEL: MODEL });
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

test('an owner buys a credit pack, watches an outline being written, and finds it saved in the history', async ({ page, request, ai }) => {
  await freshOwner(page, request);

  // A new store has no credits: the dashboard sells a pack through the platform's (test) payment provider.
  await page.goto('/assistant-ia/tableau-de-bord');
  await expect(page.getByTestId('ai-pack-credits')).toHaveText('0');
  await expect(page.getByTestId('ai-paid-credits')).toHaveText('0');
  await page.getByTestId('ai-buy-S').click();
  await expect(page).toHaveURL(/\/abonnement\/paiement-test\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Mode test — aucun paiement réel')).toBeVisible();
  await page.getByTestId('plan-test-pay').click();
  await expect(page).toHaveURL(/\/assistant-ia\/tableau-de-bord\?commande=/);
  await expect(page.getByTestId('ai-order-paid')).toBeVisible();
  await expect(page.getByTestId('ai-paid-credits')).toHaveText('40');

  // The writer, its kind of text taken from the address.
  ai.script = { pieces: ['## Module 1 — Respirer\n', '- Leçon 1 : la respiration abdominale\n'], hold: true };
  await page.goto('/assistant-ia?type=outline');
  await expect(page.getByTestId('ai-type').getByRole('radio', { name: /Plan de formation/ })).toBeChecked();
  await expect(page.getByTestId('ai-balance')).toHaveText('40 crédits disponibles');
  await page.getByRole('textbox', { name: 'Votre demande' }).fill('Yoga pour débutants, ton chaleureux');
  await page.getByTestId('ai-submit').click();

  // The first pieces are on screen while the provider still holds the rest.
  const output = page.getByTestId('ai-output');
  await expect(output).toContainText('## Module 1 — Respirer');
  await expect(output).toContainText('la respiration abdominale');
  await expect(page.getByTestId('ai-status')).toHaveText('Rédaction en cours…');
  await expect(page.getByTestId('ai-stop')).toBeVisible();
  expect(ai.requests.at(-1)?.body.model).toBe(MODEL);
  expect(JSON.stringify(ai.requests.at(-1)?.body.messages)).toContain('Yoga pour débutants, ton chaleureux');

  ai.script = { pieces: [] };
  ai.release();
  await expect(page.getByTestId('ai-status')).toHaveText('Texte enregistré dans votre historique.');
  await expect(page.getByTestId('ai-submit')).toBeVisible();
  // An outline costs 3 credits.
  await expect(page.getByTestId('ai-balance')).toHaveText('37 crédits disponibles');

  await page.getByRole('link', { name: 'Historique' }).click();
  await expect(page).toHaveURL(/\/assistant-ia\/historique$/);
  const item = page.getByTestId('ai-history-item').filter({ hasText: 'Yoga pour débutants, ton chaleureux' });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: 'Plan de formation' })).toBeVisible();
  await expect(item).toContainText('3 crédits');
  await expect(item.locator('.ai-output')).toHaveText('## Module 1 — Respirer\n- Leçon 1 : la respiration abdominale');
});

base('without a provider configured, the writer says so and cannot generate; the history and dashboard still open', async ({ page }) => {
  await signIn(page);
  await page.goto('/assistant-ia');
  await expect(page.getByTestId('ai-not-configured')).toContainText('L’assistant IA n’est pas configuré sur cette plateforme');
  await expect(page.getByTestId('ai-submit')).toBeDisabled();
  await page.getByRole('link', { name: 'Crédits et packs' }).click();
  await expect(page.getByTestId('ai-balances')).toBeVisible();
  await page.getByRole('link', { name: 'Historique' }).click();
  await expect(page.getByTestId('ai-history-page')).toBeVisible();
});
