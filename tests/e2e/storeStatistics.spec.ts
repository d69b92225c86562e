import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import { apiSession, logIn, signIn } from './session';

/**
 * /statistiques (issue 14): an analyst opens the store's statistics from the menu; the figures are the server's
 * for the same 30 days (read here through the API as the owner), the chart switches series, and a range over the
 * store's 5-year bound shows its problem while the figures stay. Then the owner downloads a learner's attendance
 * certificate from her page (the customer page's documents of a training).
 */

test.use({ viewport: { width: 1280, height: 900 } });

test("an analyst reads the store's figures and chart, and the range keeps to 5 years", async ({ page, request }) => {
  const send = await apiSession(request);
  const me = await send<{ store: { uuid: string } }>('get', '/users/me');

  await logIn(page, 'analyst@demo.test');
  await page.getByTestId('menu-statistics').click();
  await expect(page).toHaveURL(/\/statistiques$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  const figures = page.getByTestId('stats-figures');
  await expect(figures).toBeVisible();

  // The page asks the last 30 days in the browser's calendar: the same range through the API.
  const begin = await page.locator('input[name=begin]:is([type=hidden], [hidden])').inputValue();
  const end = await page.locator('input[name=end]:is([type=hidden], [hidden])').inputValue();
  const stats = await send<{ sales_count: number; students_count: number; revenue: number }>('get', `/stores/${me.store.uuid}/stats?begin=${begin}&end=${end}`);
  const number = (value: number) => new Intl.NumberFormat('fr-FR').format(value);
  await expect(figures.locator('[data-figure=students] .stats-figure__value')).toHaveText(number(stats.students_count).replace(/\s/g, '\u202f'));
  await expect(figures.locator('[data-figure=revenue] .stats-figure__value')).toContainText('€');
  await expect(figures.locator('[data-figure=abandoned] dt')).toHaveText('Paniers abandonnés');
  // Percentages are rounded to 2 decimals (spec 9).
  await expect(figures.locator('[data-figure=conversion] .stats-figure__value')).toHaveText(/^\d+(,\d{1,2})?\s%$/);
  await expect(figures.locator('[data-figure=completion] .stats-figure__value')).toHaveText(/^\d+(,\d{1,2})?\s%$/);

  await expect(page.getByTestId('stats-chart')).toBeVisible();
  await page.getByTestId('stats-series').getByText('Nouveaux apprenants', { exact: true }).click();
  await expect(page.getByTestId('stats-chart')).toHaveAttribute('aria-label', 'Nouveaux apprenants');
  await page.screenshot({ path: test.info().outputPath('statistics.png'), fullPage: true });

  // Six years back: over the store's bound, told under the dates; the last good range stays shown.
  await page.locator('[data-name=begin]').getByRole('spinbutton').first().click();
  await page.keyboard.type('01012019');
  await expect(page.getByTestId('stats-range').getByRole('alert')).toHaveText('La période ne peut pas dépasser 5 ans.');
  await expect(figures.locator('[data-figure=students] .stats-figure__value')).toHaveText(number(stats.students_count).replace(/\s/g, '\u202f'));
});

test("the owner downloads a learner's attendance certificate from her page; it names her", async ({ page }) => {
  await signIn(page);
  await page.goto('/apprenants?q=ines');
  await page.getByTestId('customer-row').filter({ hasText: 'Inès Fontaine' }).getByRole('link', { name: 'Inès Fontaine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inès Fontaine' })).toBeVisible();
  await page.getByTestId('customer-trainings').getByRole('button', { expanded: false }).first().click();
  const documents = page.getByTestId('customer-training-documents');
  await expect(documents).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('customer-documents.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), documents.getByTestId('document-attendance').click()]);
  expect(download.suggestedFilename()).toBe('attestation-assiduite.pdf');
  const pdf = await PDFDocument.load(await readFile((await download.path())!));
  expect(pdf.getSubject()).toMatch(/^Inès Fontaine - /);
  expect(pdf.getTitle()).toMatch(/^Attestation d’assiduité/);
});
