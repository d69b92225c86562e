import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * /apprenants and /apprenants/:uuid (issue 14): the owner finds a seeded learner by search (the search lives in the
 * address), opens her page, tags her and writes a note (both through their machines), then exports the searched
 * list as CSV: her line carries the tag. The tag and the note are unique to this run; the learner is only read.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test('find a learner by search, tag her, write a note, export', async ({ page }) => {
  const tag = `Suivi-${randomUUID().slice(0, 6)}`;
  const note = `Rappelée le ${randomUUID().slice(0, 6)} pour sa facture.`;
  await logIn(page);
  await page.getByRole('link', { name: 'Apprenants' }).first().click();
  await expect(page).toHaveURL(/\/apprenants/);
  const rows = page.getByTestId('customer-row');
  await expect(rows.first()).toBeVisible();

  const search = page.getByTestId('customers-search').locator('input');
  await search.fill('lea martin');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=lea(\+|%20)martin/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('lea.martin@example.com');
  await page.screenshot({ path: test.info().outputPath('customers.png'), fullPage: true });

  await rows.first().getByRole('link', { name: 'Léa Martin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Léa Martin' })).toBeVisible();
  await expect(page.getByTestId('customer-trainings')).toContainText('Photographie culinaire');

  // A tag: typed, added; the same tag in another case is refused at the field.
  const tags = page.getByTestId('customer-tags');
  await tags.getByLabel('Nouvelle étiquette').fill(tag);
  await tags.getByTestId('customer-tag-add').click();
  await expect(tags.getByTestId('customer-tag').filter({ hasText: tag })).toBeVisible();
  await expect(tags.getByLabel('Nouvelle étiquette')).toHaveValue('');
  await tags.getByLabel('Nouvelle étiquette').fill(tag.toLowerCase());
  await tags.getByTestId('customer-tag-add').click();
  await expect(tags.getByText('Cet apprenant a déjà cette étiquette.')).toBeVisible();

  // A note: saved, listed first with its author.
  const notes = page.getByTestId('customer-notes');
  await notes.getByLabel('Nouvelle note').fill(note);
  await notes.getByTestId('customer-note-save').click();
  const saved = notes.getByTestId('customer-note').filter({ hasText: note });
  await expect(saved).toBeVisible();
  await expect(notes.getByLabel('Nouvelle note')).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('customer.png'), fullPage: true });

  // Reloaded, the tag and the note are the server's.
  await page.reload();
  await expect(page.getByTestId('customer-tags').getByTestId('customer-tag').filter({ hasText: tag })).toBeVisible();
  await expect(page.getByTestId('customer-notes').getByTestId('customer-note').filter({ hasText: note })).toBeVisible();

  // Back to the searched list; the export takes the same search.
  await page.getByRole('link', { name: '← Tous les apprenants' }).click();
  await search.fill('lea martin');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tag);
  const download = page.waitForEvent('download');
  await page.getByTestId('customers-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^apprenants-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('E-mail;Prénom;Nom;Téléphone;Inscrit le;Dernière connexion;Formations;Étiquettes');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^lea\.martin@example\.com;Léa;Martin;/);
  expect(lines[1]).toContain(tag);
});
