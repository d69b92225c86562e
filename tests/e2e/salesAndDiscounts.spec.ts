import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * /reductions and /ventes (issue 11): a promo code is refused when it exists (the message at the field, the typing
 * kept), created, listed and deleted after a confirmation; the ledger shows the demo sales with their payments,
 * filters them and exports them. The code created here has a unique name; the demo codes and sales are only read.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test('promo codes: an existing code is refused at its field, a new one is listed, then deleted', async ({ page }) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Réductions' }).click();
  await expect(page).toHaveURL(/\/reductions$/);
  const rows = page.getByTestId('discount-row');
  const demo = rows.filter({ hasText: 'BIENVENUE10' });
  await expect(demo).toContainText('Tout le catalogue');
  // The seed's one use, and those of the checkout tests that ran on the same server: unlimited either way.
  await expect(demo.getByTestId('discount-uses')).toHaveText(/^[1-9]\d* \/ ∞$/);
  await expect(rows.filter({ hasText: 'LUMIERE20' }).getByTestId('discount-uses')).toHaveText('0 / 5');

  await page.getByTestId('discount-create-open').click();
  const form = page.getByTestId('discount-form');
  await form.getByLabel('Code').fill('bienvenue10');
  await form.getByLabel('Réduction (%)').fill('15');
  await page.getByTestId('discount-submit').click();
  // The server's 409 shows at the field; what was typed stays.
  await expect(form.getByText(/existe déjà/)).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveValue('BIENVENUE10');
  await expect(form.getByLabel('Réduction (%)')).toHaveValue('15');

  await page.getByTestId('discount-generate').click();
  const code = await form.getByLabel('Code').inputValue();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  // The message was about the code typed before.
  await expect(form.getByText(/existe déjà/)).toBeHidden();
  await page.getByTestId('discount-type').getByText('Montant fixe').click();
  await form.getByLabel('Réduction (€)').fill('20');
  await form.getByLabel('Utilisations maximum').fill('10');
  await form.getByText('Maîtriser la lumière naturelle').click();
  await expect(form.getByRole('checkbox', { name: 'Maîtriser la lumière naturelle' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('discount-form.png') });
  await page.getByTestId('discount-submit').click();
  await expect(form).toBeHidden();

  const created = rows.filter({ hasText: code });
  await expect(created).toContainText('20,00');
  await expect(created).toContainText('Maîtriser la lumière naturelle');
  await expect(created.getByTestId('discount-uses')).toHaveText('0 / 10');
  await page.screenshot({ path: test.info().outputPath('discounts.png'), fullPage: true });

  // The search finds codes whatever their case; Escape clears it.
  const search = page.getByTestId('discounts-search').locator('input');
  await search.fill(code.toLowerCase());
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=${code.toLowerCase()}`));
  await search.press('Escape');
  await expect(demo).toBeVisible();

  await created.getByRole('button', { name: `Supprimer le code ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce code promo ?' });
  await expect(dialog).toContainText(`Le code ${code} ne pourra plus être utilisé`);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(created).toHaveCount(0);
  await expect(demo).toBeVisible();
});

test('the ledger: demo sales with their payments, filtered, exported with the same filters', async ({ page }) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Ventes' }).click();
  await expect(page).toHaveURL(/\/ventes$/);
  const rows = page.getByTestId('sale-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  const chloe = rows.filter({ hasText: 'Chloé Laurent' });
  await expect(chloe).toContainText('134,10');
  await expect(chloe).toContainText('BIENVENUE10');
  await expect(chloe.locator('[data-status]')).toHaveText('Payée');
  await expect(rows.filter({ hasText: 'Clara Petitjean' }).locator('[data-status]')).toHaveText('Abandonnée');

  // An instalment sale traces to its three payments, the last one still to come.
  await page.getByTestId('sales-status').selectOption('IN_PROGRESS');
  await expect(page).toHaveURL(/statut=IN_PROGRESS/);
  await expect(rows.filter({ hasText: 'Chloé Laurent' })).toHaveCount(0);
  const instalments = rows.filter({ hasText: 'Manon Dubois' });
  await expect(instalments.locator('[data-status]')).toHaveText('En cours');
  await instalments.getByTestId('sale-payments-toggle').click();
  const payments = page.getByTestId('sale-payments').getByTestId('sale-payment');
  await expect(payments).toHaveCount(3);
  await expect(payments.nth(0)).toContainText('Payée');
  await expect(payments.nth(2)).toContainText('À venir');
  await expect(payments.nth(2)).toContainText('52,00');
  await page.screenshot({ path: test.info().outputPath('sales.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('sales-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ventes-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Date;Acheteur;E-mail;Produit;Montant (€);Réduction (€);Code promo;Moyen de paiement;Statut;Affilié');
  expect(lines.length - 1).toBe(await rows.count());
  expect(lines.slice(1).every((line) => line.endsWith(';En cours;'))).toBe(true);

  // A search that finds nothing says so.
  await page.getByTestId('sales-search').locator('input').fill('personne-de-ce-nom');
  await page.getByTestId('sales-search').locator('input').press('Enter');
  await expect(page.getByTestId('sales-no-match')).toBeVisible();
});
