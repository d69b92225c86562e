import { expect, test } from './fixtures';
import { freshOwner } from './freshOwner';

/** The settings tabs of issue 15: the general page's subdomain and the home checklist; the personal API key. */

test('the owner changes the subdomain with live availability, and the home checklist step is done', async ({ page, request }) => {
  await freshOwner(page, request);
  await expect(page.getByTestId('checklist-step-SUBDOMAIN')).toHaveAttribute('data-completed', 'false');

  await page.goto('/parametres');
  await expect(page.getByTestId('general-settings-page')).toBeVisible();
  await expect(page.getByTestId('settings-tab-general')).toHaveAttribute('aria-current', 'page');
  const input = page.getByTestId('subdomain-input').locator('input');
  const status = page.getByTestId('subdomain-status');

  await input.fill('-mauvais');
  await expect(status).toContainText('Lettres sans accent');
  await expect(page.getByTestId('subdomain-save')).toBeDisabled();

  // A reserved name reads as taken.
  await input.fill('admin');
  await expect(status).toContainText('déjà pris');

  const slug = `ecole-${Date.now()}`;
  await input.fill(slug);
  await expect(status).toContainText('disponible');
  await page.getByTestId('subdomain-save').click();
  await expect(status).toContainText('Sous-domaine enregistré');

  // On Découverte the custom domain is locked with a way to the plans.
  await expect(page.getByTestId('custom-domain-locked')).toBeVisible();

  await page.getByRole('link', { name: 'Accueil' }).first().click();
  await expect(page.getByTestId('checklist-step-SUBDOMAIN')).toHaveAttribute('data-completed', 'true');
  await page.screenshot({ path: test.info().outputPath('home-after-subdomain.png'), fullPage: true });
});

test('the owner creates a personal API key, sees it once, it works, then revokes it', async ({ page, request }) => {
  await freshOwner(page, request);
  await page.goto('/parametres/integrations');
  const card = page.getByTestId('personal-key');
  await expect(page.getByTestId('personal-key-state')).toContainText('Aucune clé');

  await page.getByTestId('personal-key-generate').click();
  const secret = page.getByTestId('personal-key-secret-value').locator('input');
  await expect(secret).toHaveValue(/^cpk_/);
  const key = await secret.inputValue();
  await page.screenshot({ path: test.info().outputPath('integrations-key-shown.png'), fullPage: true });
  // Narrowed to a phone the page is blocked, but widened again it still shows the key: it was kept, not remounted.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('mobile-block')).toBeVisible();
  await expect(page.getByTestId('personal-key-secret')).toBeHidden();
  await page.setViewportSize(size);
  await expect(page.getByTestId('mobile-block')).toHaveCount(0);
  await expect(secret).toHaveValue(key);

  // The key is a real credential of the API.
  const me = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);

  await page.getByTestId('personal-key-hide').click();
  await expect(page.getByTestId('personal-key-secret')).toHaveCount(0);
  await expect(page.getByTestId('personal-key-state')).toContainText(key.slice(-4));
  // Never shown again, even after a reload.
  await page.reload();
  await expect(page.getByTestId('personal-key-state')).toContainText(key.slice(-4));
  await expect(card).not.toContainText(key);

  await page.getByTestId('personal-key-revoke').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Révoquer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('personal-key-state')).toContainText('Aucune clé');
  const after = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
});
