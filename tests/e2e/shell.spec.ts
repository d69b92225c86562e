import { expect, test, type Page } from './fixtures';
import { answerQuestionnaire } from './questionnaire';

async function logIn(page: Page, email: string, path = '/') {
  await page.goto(`/connexion?redirect=${encodeURIComponent(path)}`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
}

test('the drawer shows what a role may open, and a denied page warns then goes home', async ({ page }) => {
  await logIn(page, 'teacher@demo.test');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.getByTestId('menu-trainings')).toBeVisible();
  for (const hidden of ['statistics', 'customers', 'bundles', 'sales', 'discounts', 'marketing_automation_tools', 'settings', 'admin']) {
    await expect(page.getByTestId(`menu-${hidden}`)).toHaveCount(0);
  }
  await page.goto('/statistiques');
  await expect(page).toHaveURL('/');
  await expect(page.getByText("Vous n'avez pas accès à cette page !")).toBeVisible();
});

test('an owner sees the store menu; only platform admins see Administration', async ({ page, browser }) => {
  await logIn(page, 'owner@demo.test');
  for (const shown of ['statistics', 'customers', 'bundles', 'sales', 'discounts', 'marketing_automation_tools', 'settings', 'trainings_certificates']) {
    await expect(page.getByTestId(`menu-${shown}`)).toBeVisible();
  }
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  const admin = await browser.newPage();
  await logIn(admin, 'platform@demo.test');
  await expect(admin.getByTestId('menu-admin')).toBeVisible();
  await admin.getByTestId('menu-admin').click();
  await expect(admin.getByRole('heading', { name: 'Administration de la plateforme' })).toBeVisible();
  await admin.close();
});

test('the drawer highlights the entry a page belongs to, sub-pages included', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/formations');
  const trainings = page.getByTestId('menu-trainings');
  await expect(trainings).toHaveAttribute('aria-current', 'page');
  // A training's tab belongs to "Mes formations" (the tab bar names the page itself).
  await page.goto('/formations/de300000-0000-4000-8000-000000000001/prix');
  await expect(page.getByTestId('training-frame')).toBeVisible();
  await expect(trainings).toHaveAttribute('aria-current', 'true');
  await expect(trainings).toHaveClass(/\bactive\b/);
  // Pages under /formations with an entry of their own highlight that entry alone.
  for (const [path, own] of [['/formations/certificats', 'trainings_certificates'], ['/formations/parametres', 'trainings_settings']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(`menu-${own}`)).toHaveAttribute('aria-current', 'page');
    await expect(trainings).not.toHaveAttribute('aria-current');
    await expect(trainings).not.toHaveClass(/\bactive\b/);
  }
  await page.goto('/packs');
  await expect(page.getByTestId('menu-bundles')).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Pack photo culinaire : les bases et la lumière', exact: true }).click();
  await expect(page).toHaveURL(/\/packs\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('menu-bundles')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#shell-drawer .active')).toHaveCount(1);
});

test('a guest on a protected page goes to the login page and comes back after it', async ({ page }) => {
  await page.goto('/marketing?x=1');
  await expect(page).toHaveURL('/connexion?redirect=%2Fmarketing%3Fx%3D1');
  await page.locator('input[name=email]').fill('admin@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/marketing?x=1');
  await expect(page.getByTestId('marketing-hub')).toBeVisible();
});

test('named redirects keep the query and the hash', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await page.goto('/formations/abc/seo?tab=2#x');
  await expect(page).toHaveURL('/formations/abc/parametres?tab=2#x');
  await page.goto('/communaute/espaces/s1?comment=3#top');
  await expect(page).toHaveURL('/communaute/espaces/s1/discussions?comment=3#top');
});

test('a plan-gated page shows the plan lock, and its button leads to the plans', async ({ page }) => {
  await logIn(page, 'owner@demo.test', '/parametres/sso');
  await expect(page.getByTestId('plan-lock')).toBeVisible();
  await expect(page.getByTestId('plan-lock')).toContainText('Expert');
  await page.getByTestId('plan-lock').getByRole('button').click();
  await expect(page).toHaveURL('/abonnement?onglet=vous');
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/cette/page/nexiste/pas');
  await expect(page.getByTestId('not-found')).toContainText("Cette page n'existe pas.");
});

test('owner pages are blocked on a phone, responsive ones are not', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await logIn(page, 'owner@demo.test');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.locator('#shell-drawer')).toBeHidden();
  await page.goto('/parametres');
  await expect(page.getByTestId('mobile-block')).toBeVisible();
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('#shell-drawer')).toBeVisible();
  await page.getByTestId('menu-home').click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#shell-drawer')).toBeHidden();
  await page.close();
});

test('notifications: the bell counts unread ones; reading one follows its link; all can be marked read', async ({ page }) => {
  // The demo teacher has two unread notifications (server/db/seed*.ts): one to read, one left for "mark all".
  await logIn(page, 'teacher@demo.test');
  const badge = page.getByTestId('notifications-unread');
  await expect(badge).toBeVisible();
  const before = Number(await badge.textContent());
  expect(before, 'the demo teacher needs two unread notifications or more').toBeGreaterThanOrEqual(2);
  await page.getByTestId('notifications-bell').click();
  const modal = page.getByTestId('notifications-modal');
  await expect(modal.getByTestId('notification-item').first()).toBeVisible();
  await modal.getByTestId('notification-item').first().click();
  await expect(page).not.toHaveURL('/');
  // Back home (a fresh load): the count now comes from the server.
  await page.goto('/');
  await expect(badge).toHaveText(String(before - 1));
  await page.getByTestId('notifications-bell').click();
  await page.getByTestId('notifications-mark-all').click();
  await expect(badge).toHaveCount(0);
});

test('a store on the Découverte plan shows the upgrade banner to its owner', async ({ page, request }) => {
  const email = `shell-${Date.now()}@example.test`;
  await request.post('/api/v1/register', { data: { email, password: 'a-good-password', firstname: 'Inès' } });
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('a-good-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('upgrade-banner')).toBeVisible();
  await expect(page.getByTestId('resend-activation')).toBeVisible();
  await answerQuestionnaire(page);
  // The community cannot open on this plan: the menu entry opens the activation modal.
  await page.getByTestId('menu-community').click();
  await expect(page.getByTestId('community-modal')).toBeVisible();
});

test('offline: the banner shows while the browser is offline', async ({ page, context }) => {
  await logIn(page, 'owner@demo.test');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('legal pages open in the page dialog, and a second opening comes from the cache', async ({ page }) => {
  let fetches = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/pages')) fetches++;
  });
  await page.goto('/connexion');
  await page.getByTestId('legal-mentions-legales').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Mentions légales');
  await expect(page.getByTestId('page-dialog').locator('h2').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('legal-mentions-legales').click();
  await expect(page.getByTestId('page-dialog').locator('h2').first()).toBeVisible();
  expect(fetches).toBe(1);
});
