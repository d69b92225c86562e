import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './fixtures';
import { templateDir } from './globalSetup';
import { startServer, type E2eServer } from './server';

/**
 * The SCORM runtime end to end (issue 12): a server of its own with FILES_ORIGIN (the runtime page needs a files
 * origin other than the app's: here the same server as 127.0.0.1, the app being localhost), a tiny SCORM 1.2
 * package imported through the back office API into a training Léa follows, and Léa opening it: the package
 * finds the API on its parent (the runtime page), reports completed, commits and finishes, and the item is done.
 */
const DEMO_PHOTO = 'de300000-0000-4000-8000-000000000001';
const PORT = Number(process.env.E2E_PORT ?? 3210) + 90;
const APP = `http://localhost:${PORT}`;
const FILES = `http://127.0.0.1:${PORT}`;

const PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Module de test</title></head>
<body><main><h1>Module de test</h1><p id="state">Démarrage…</p></main><script>
var api = null, w = window;
for (var i = 0; i < 10 && w && !api; i++) { try { api = w.API || null; } catch (e) { break; } if (w.parent === w) break; w = w.parent; }
var state = document.getElementById('state');
if (!api) state.textContent = 'API SCORM introuvable';
else {
  api.LMSInitialize('');
  var before = api.LMSGetValue('cmi.core.lesson_status');
  api.LMSSetValue('cmi.core.lesson_status', 'completed');
  api.LMSSetValue('cmi.core.score.raw', '80');
  api.LMSCommit('');
  api.LMSFinish('');
  state.textContent = 'Module terminé (avant : ' + before + ')';
}
</script></body></html>`;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Module de test</title>
    <item identifier="i" identifierref="r"><title>Module de test</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

let server: E2eServer;
let dataDir: string;

test.use({ baseURL: APP });

test.beforeAll(async () => {
  dataDir = path.join(process.env.E2E_RUN_DIR!, 'scorm-runtime');
  cpSync(templateDir(process.env.E2E_RUN_DIR!), dataDir, { recursive: true });
  server = await startServer(PORT, dataDir, 120_000, { APP_URL: APP, FILES_ORIGIN: FILES });
});

test.afterAll(async () => {
  // The worker's axe page keeps connections to this server open until the worker ends, and the server waits
  // for them on SIGTERM: give it a moment, then stop it for good (its database is a throw-away copy).
  if (server) {
    const stopped = await Promise.race([server.stop().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    if (!stopped) process.kill(server.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('Léa opens a SCORM module: it finds the API, reports completed, and the item is done', async ({ page, request }) => {
  // The platform admin passes the EXPERT gate of a SCORM import on the demo store.
  const login = await request.post(`${APP}/api/v1/login`, { data: { email: 'platform@demo.test', password: 'demo-password' } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const bytes = Buffer.from(zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), 'index.html': strToU8(PAGE) }));
  const created = await request.post(`${APP}/api/v1/trainings/${DEMO_PHOTO}/training_items/scorm`, {
    headers,
    multipart: { type: 'SCORM', file: { name: 'module.zip', mimeType: 'application/zip', buffer: bytes } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as { id: number; scorm_url: string };
  expect(item.scorm_url.startsWith(`${FILES}/api/v1/files/scorm/`)).toBe(true);
  const published = await request.put(`${APP}/api/v1/trainings/${DEMO_PHOTO}/training_items/${item.id}`, { headers, data: { draft: false } });
  expect(published.status(), await published.text()).toBe(200);

  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill('lea.martin@example.com');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');

  await page.goto(`/ecole/demo/mes-formations/${DEMO_PHOTO}/${item.id}`);
  await expect(page.getByTestId('scorm-frame')).toHaveAttribute('src', `${FILES}/api/v1/files/_runtime/scorm.html`);
  const content = page.frameLocator('[data-testid=scorm-frame]').frameLocator('#scorm-content');
  await expect(content.locator('#state')).toHaveText('Module terminé (avant : not attempted)');
  await expect(page.getByTestId('scorm-status')).toContainText('Module terminé');
  await expect(page.getByTestId('scorm-status')).toContainText('80');
  await expect(page.locator(`[data-testid=outline-item][data-item-id="${item.id}"]`)).toHaveAttribute('data-state', 'done');
  await page.screenshot({ path: test.info().outputPath('scorm-done.png'), fullPage: true });

  // Opened again, the package gets its saved data back (resume): it reads the status it reported last time.
  await page.reload();
  await expect(content.locator('#state')).toHaveText('Module terminé (avant : completed)');
  await expect(page.getByTestId('lesson-done')).toBeVisible();
});
