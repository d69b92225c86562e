import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, type E2eServer } from './server';

// A school on its own host (issue 11): a server of its own with APP_DOMAIN, and a Chromium that resolves
// `*.ecoles.test` to this machine (--host-resolver-rules), so the address bar shows the school's host. The pages
// live at the host's root: links, the router and shared/schoolPaths.ts write `/formations/…`, never `/ecole/demo`.
let server: E2eServer;
let browser: Browser;
let dataDir: string;

test.beforeAll(async ({ e2eServer }, testInfo) => {
  testInfo.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'cp-e2e-school-host-'));
  const port = Number(new URL(e2eServer).port) + 50;
  server = await startServer(port, dataDir, 120_000, { APP_DOMAIN: 'ecoles.test', APP_URL: `http://ecoles.test:${port}` });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--host-resolver-rules=MAP *.ecoles.test 127.0.0.1, MAP ecoles.test 127.0.0.1'] });
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the demo school on demo.ecoles.test: host-relative addresses from the home to a training and its checkout', async () => {
  const origin = `http://demo.ecoles.test:${new URL(server.url).port}`;
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByTestId('school-brand')).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: /Photographie culinaire : les fondamentaux/ }).first().click();
  await expect(page).toHaveURL(`${origin}/formations/photographie-culinaire-les-fondamentaux`);
  await expect(page.getByTestId('training-price')).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/school-host-training.png', fullPage: true });
  // An old /ecole/demo address on the school's host lands on its host-relative page.
  await page.goto(`${origin}/ecole/demo/formations`);
  await expect(page).toHaveURL(`${origin}/formations`);
  await expect(page.getByTestId('catalogue-training-card').first()).toBeVisible();
  // The sign-in link of the header, on the school's host too.
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/connexion');
  await page.close();
});
