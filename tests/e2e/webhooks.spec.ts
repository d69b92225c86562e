import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * /marketing/outils-automatisation (issue 16): an address the SSRF guard refuses shows its message at the field with
 * the typing kept; a public https address is added with its signing key (masked until asked for), its delivery log
 * opens empty, and the webhook is deleted after a confirmation. The address carries a unique path so that other
 * specs on the same server do not matter.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('a webhook is refused on a private address, added on a public one, its log opened, then deleted', async ({ page }) => {
  const url = `https://93.184.216.34/hooks/e2e-${Date.now()}`;
  await logIn(page);
  await page.getByTestId('menu-marketing_automation_tools').click();
  await expect(page).toHaveURL(/\/marketing\/outils-automatisation$/);
  await expect(page.getByRole('heading', { name: 'Outils d’automatisation' })).toBeVisible();

  const form = page.getByTestId('webhook-form');
  await form.getByLabel('Adresse de réception').fill('https://127.0.0.1/hook');
  await form.getByLabel('Événement').selectOption({ label: 'Inscription à une formation' });
  await page.getByTestId('webhook-submit').click();
  const urlField = form.getByLabel('Adresse de réception');
  await expect(urlField).toHaveAttribute('aria-invalid', 'true');
  await expect(urlField).toHaveValue('https://127.0.0.1/hook');
  await expect(form.getByLabel('Événement')).toHaveValue('TRAINING_ENROLLED');

  await urlField.fill(url);
  await expect(urlField).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('webhook-submit').click();
  const row = page.getByTestId('webhook-row').filter({ hasText: url });
  await expect(row).toContainText('Inscription à une formation');
  await expect(urlField).toHaveValue('');
  const secret = row.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_•{12}$/);
  await row.getByRole('button', { name: 'Afficher' }).click();
  await expect(secret).toHaveText(/^whsec_[0-9a-f]{48}$/);

  await row.getByRole('button', { name: `Journal des envois à ${url}` }).click();
  await expect(page.getByTestId('webhook-log-empty')).toBeVisible();
  // Not fullPage: Chromium's full-page capture resizes the viewport, and the frame shows its phone notice meanwhile.
  await page.screenshot({ path: test.info().outputPath('webhooks.png') });
  await expect(form.getByLabel('Événement')).toHaveValue('TRAINING_ENROLLED');

  await row.getByRole('button', { name: `Supprimer le webhook vers ${url}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce webhook ?' });
  await expect(dialog).toContainText(url);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('webhook-log')).toHaveCount(0);
});
