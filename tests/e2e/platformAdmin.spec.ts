import { expect, test } from './fixtures';
import { answerQuestionnaire } from './questionnaire';
import { signIn } from './session';

/**
 * The platform admin's area (issue 16): the platform admin finds a store made for this test, hides its sales pages
 * (an enterprise flag), switches to its owner (the owner's back office shows, sales hidden, under a banner naming
 * who the admin acts as), comes back to their own account and finds the switch in the audit log. The store is
 * found by its own subdomain, so other specs on the same server do not matter.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('a platform admin finds a store, sets a flag, switches to its owner, comes back and sees the audit row', async ({ page, request }, testInfo) => {
  const email = `admin-e2e-${Date.now()}@example.test`;
  const registered = await request.post('/api/v1/register', { data: { email, password: 'correct-horse-battery', firstname: 'Inès' } });
  expect(registered.status()).toBe(201);
  const subdomain = ((await registered.json()) as { user: { store: { subdomain: string } } }).user.store.subdomain;

  await signIn(page, 'platform@demo.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administration de la plateforme' })).toBeVisible();
  await page.getByRole('link', { name: 'Opérations' }).click();
  await expect(page).toHaveURL(/\/admin\/operations$/);

  await page.getByTestId('admin-stores-search').getByRole('searchbox').fill(subdomain);
  const row = page.getByTestId(`admin-store-${subdomain}`);
  await expect(row).toContainText(email);
  await expect(page).toHaveURL(new RegExp(`q=${subdomain}`));

  const sales = row.getByRole('checkbox', { name: `Ventes pour ${subdomain}` });
  await expect(sales).not.toBeChecked();
  await row.getByTestId('flag-hide_sales').click();
  await expect(sales).toBeChecked();
  await expect(page.getByText('Options enregistrées.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-operations.png') });

  await row.getByRole('button', { name: `Se connecter en tant que ${email}` }).click();
  const banner = page.getByTestId('switch-banner');
  await expect(banner).toContainText(`Vous êtes connecté en tant que ${email}`);
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  // The owner's own back office: this new owner has not answered the onboarding questionnaire yet.
  await answerQuestionnaire(page);
  // The owner's back office, with the flag the admin just set: no sales entry in the menu.
  await expect(page.getByTestId('menu-statistics')).toBeVisible();
  await expect(page.getByTestId('menu-sales')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('admin-switched.png') });

  await banner.getByRole('button', { name: 'Revenir à mon compte administrateur' }).click();
  await expect(page).toHaveURL(/\/admin\/operations$/);
  await expect(page.getByTestId('switch-banner')).toHaveCount(0);
  const log = page.getByTestId('admin-switches-table');
  await expect(log.getByRole('row').filter({ hasText: email }).first()).toContainText('platform@demo.test');
  await expect(log.getByRole('row').filter({ hasText: email }).first()).toContainText(subdomain);
});

test('the KPI and tops pages show the platform’s figures', async ({ page }) => {
  await signIn(page, 'platform@demo.test');
  await page.goto('/admin/kpi');
  await expect(page.getByRole('heading', { name: 'Indicateurs de la plateforme' })).toBeVisible();
  const figures = page.getByTestId('stats-figures');
  await expect(figures.locator('[data-figure="stores"] dd').first()).toHaveText(/^\d/);
  await expect(figures.locator('[data-figure="mrr"]')).toContainText('€');
  await page.goto('/admin/tops');
  await expect(page.getByRole('heading', { name: 'Tops des écoles' })).toBeVisible();
  await page.getByTestId('stats-range').getByRole('button', { name: '12 derniers mois' }).click();
  // The demo store sells: it is ranked over the last twelve months.
  await expect(page.getByTestId('admin-tops-table').getByRole('row').filter({ hasText: 'demo' }).first()).toBeVisible();
});
