import { expect, test, type Page } from './fixtures';

async function logIn(page: Page, email: string) {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
}

test('the owner of a Pro store with no phone is asked for it; the rule holds; once saved the card is gone', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const card = page.getByTestId('phone-card');
  await expect(card).toBeVisible();
  await page.getByTestId('phone-card-save').click();
  await expect(card.locator('input[name=owner_phone]')).toHaveAttribute('aria-invalid', 'true');
  await card.locator('input[name=owner_phone]').fill('+0000000');
  await page.getByTestId('phone-card-save').click();
  await expect(card).toContainText('7 à 15 chiffres');
  await card.locator('input[name=owner_phone]').fill(' +33612345678 ');
  await page.getByTestId('phone-card-save').click();
  await expect(card).toContainText('votre numéro est enregistré');
  await page.reload();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.getByTestId('phone-card')).toHaveCount(0);
});

test('the phone card is not asked of team members', async ({ page }) => {
  await logIn(page, 'admin@demo.test');
  await expect(page.getByTestId('phone-card')).toHaveCount(0);
});

test('during the campaign the announcement shows to the owner once a day until dismissed', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-09-26T10:00:00+02:00') });
  await logIn(page, 'owner@demo.test');
  const announcement = page.getByTestId('announcement');
  await expect(announcement).toBeVisible();
  await page.getByRole('button', { name: 'Plus tard' }).first().click();
  await expect(announcement).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(announcement).toHaveCount(0);
});

test('outside the campaign, and for team members, there is no announcement', async ({ page, browser }) => {
  await page.clock.install({ time: new Date('2025-10-01T00:00:01+02:00') });
  await logIn(page, 'owner@demo.test');
  await expect(page.getByTestId('announcement')).toHaveCount(0);
  const admin = await browser.newPage();
  await admin.clock.install({ time: new Date('2025-09-26T10:00:00+02:00') });
  await logIn(admin, 'admin@demo.test');
  await expect(admin.getByTestId('announcement')).toHaveCount(0);
  await admin.close();
});
