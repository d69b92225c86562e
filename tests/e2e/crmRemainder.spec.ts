import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './fixtures';
import { apiSession, logIn } from './session';

/**
 * The rest of issue 14's screens: the trainings' tags managed from /formations (rename with its 409, delete), a
 * lesson's feedback in the item editor, a learner's documents in a training's learners tab, the store-wide CRM tag
 * delete and the abandoned carts export on /apprenants, a training customer's upcoming payment cancelled on the
 * customer page, and the VAT rate of /parametres/entreprise. Everything changed is this run's own (a new training,
 * learner and tags), except one upcoming instalment of the seeded Inès Fontaine and the VAT rate, put back blank.
 */

test.use({ viewport: { width: 1280, height: 900 } });
// Seven screens in a row on a shared, loaded machine.
test.setTimeout(180_000);

interface Fixture {
  training: { uuid: string; slug: string };
  lessonId: number;
  email: string;
  tag: string;
  crmTag: string;
  comment: string;
}

/** A training of this run carrying its own tag, a published lesson, and a learner who left a comment on it. */
async function arrange(request: APIRequestContext): Promise<Fixture> {
  const run = randomUUID().slice(0, 6);
  const owner = await apiSession(request);
  const tag = `Étiquette-${run}`;
  const training = await owner<{ uuid: string; slug: string }>('post', '/trainings', { name: `Formation ${run}` });
  await owner('put', `/trainings/${training.uuid}`, { tags: [tag] });
  await owner('put', `/trainings/${training.uuid}/feedback_options`, { enabled: true, rating_enabled: true, comment_enabled: true });
  const lesson = await owner<{ id: number }>('post', `/trainings/${training.uuid}/training_items`, { type: 'GENERIC', name: 'La leçon notée', draft: false });
  const email = `avis.${run}@exemple.fr`;
  const register = await request.post('/api/v1/school/stores/demo/register', { data: { email, password: 'learner-password-1', firstname: 'Basile', lastname: `Avis${run}` } });
  expect(register.ok()).toBe(true);
  const learner = { Authorization: `Bearer ${((await register.json()) as { token: string }).token}` };
  await owner('post', `/trainings/${training.uuid}/customers`, { email, send_email: false });
  const comment = `Très claire, merci ${run}`;
  const feedback = await request.post(`/api/v1/school/stores/demo/me/trainings/${training.slug}/items/${lesson.id}/feedback`, { headers: learner, data: { rating: 4, comment } });
  expect(feedback.status(), await feedback.text()).toBe(201);
  const me = await owner<{ store: { uuid: string } }>('get', '/users/me');
  const found = await owner<{ data: Array<{ uuid: string }> }>('get', `/stores/${me.store.uuid}/customers?q=${encodeURIComponent(email)}`);
  const crmTag = `Relance-${run}`;
  await owner('put', `/stores/${me.store.uuid}/customers/${found.data[0]!.uuid}/crm/tags`, { tags: [crmTag] });
  return { training, lessonId: lesson.id, email, tag, crmTag, comment };
}

test('tags, feedback, documents, CRM tags, abandoned carts, payments cancel and VAT', async ({ page, request }) => {
  const f = await arrange(request);
  await logIn(page);

  // The trainings' tags: renamed, a taken name refused (409), then deleted.
  await page.goto('/formations');
  await page.getByTestId('manage-training-tags').click();
  const manager = page.getByTestId('training-tags-manager');
  const row = manager.getByTestId('tags-manager-row').filter({ hasText: f.tag });
  await expect(row).toContainText('1 formation');
  await row.getByRole('button', { name: `Renommer l’étiquette ${f.tag}` }).click();
  await manager.getByTestId('tag-rename-input').locator('input').fill('Photographie');
  await manager.getByTestId('tag-rename-save').click();
  await expect(manager).toContainText('Une autre étiquette de vos formations porte déjà ce nom.');
  const renamed = `${f.tag}-bis`;
  await manager.getByTestId('tag-rename-input').locator('input').fill(renamed);
  await manager.getByTestId('tag-rename-save').click();
  const renamedRow = manager.getByTestId('tags-manager-row').filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();
  // The keyboard stays on the row whose form closed.
  await expect(renamedRow.getByRole('button', { name: `Renommer l’étiquette ${renamed}` })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('training-tags.png') });
  await renamedRow.getByRole('button', { name: `Supprimer l’étiquette ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer l’étiquette ?' });
  await expect(confirm).toContainText('la formation qui la porte');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(manager.getByTestId('tags-manager-row').filter({ hasText: renamed })).toHaveCount(0);
  // The deleted row's button is gone: the keyboard lands in the dialog (the next row, or its close button).
  await expect(page.getByRole('dialog', { name: 'Gérer les étiquettes' }).locator('button:focus')).toHaveCount(1);
  await page.getByRole('dialog', { name: 'Gérer les étiquettes' }).getByRole('button', { name: 'Fermer' }).click();
  await expect(manager).toBeHidden();

  // The lesson's feedback, in the item editor's settings column.
  await page.goto(`/formations/${f.training.uuid}/editor/${f.lessonId}`);
  const feedback = page.getByTestId('item-feedbacks').getByTestId('item-feedback');
  await expect(feedback).toHaveCount(1);
  await expect(feedback).toContainText(f.comment);
  await expect(feedback).toContainText('4 sur 5');
  await page.getByTestId('item-feedbacks').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('item-feedbacks.png'), fullPage: true });

  // The learner's attendance certificate from the training's learners tab.
  await page.goto(`/formations/${f.training.uuid}/apprenants`);
  const learnerRow = page.getByTestId('customer-row').filter({ hasText: f.email });
  await learnerRow.getByTestId('customer-documents-toggle').click();
  await expect(page.getByTestId('document-log')).toHaveCount(0);
  const certificate = page.waitForEvent('download');
  await page.getByTestId('document-attendance').click();
  const pdf = await readFile((await (await certificate).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.screenshot({ path: test.info().outputPath('training-learner-documents.png'), fullPage: true });

  // The store-wide CRM tag delete.
  await page.goto(`/apprenants?q=${encodeURIComponent(f.email)}`);
  await expect(page.getByTestId('customer-row').first()).toContainText(f.crmTag);
  await page.getByTestId('customers-manage-tags').click();
  const crmManager = page.getByTestId('crm-tags-manager');
  await crmManager.getByRole('button', { name: `Supprimer l’étiquette ${f.crmTag}` }).click();
  await expect(confirm).toContainText('retirée de tous les apprenants');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(crmManager.getByTestId('tags-manager-row').filter({ hasText: f.crmTag })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Gérer les tags' }).locator('button:focus')).toHaveCount(1);
  await page.getByRole('dialog', { name: 'Gérer les tags' }).getByRole('button', { name: 'Fermer' }).click();
  await expect(crmManager).toBeHidden();
  await expect(page.getByTestId('customer-row').first()).not.toContainText(f.crmTag);

  // The abandoned carts export, offered with the ABANDONED_CART filter.
  await page.goto('/apprenants');
  await expect(page.getByTestId('customers-export-carts')).toHaveCount(0);
  await page.getByTestId('customers-type').selectOption('ABANDONED_CART');
  const carts = page.waitForEvent('download');
  await page.getByTestId('customers-export-carts').click();
  const cartsFile = await carts;
  expect(cartsFile.suggestedFilename()).toMatch(/^paniers-abandonnes-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await cartsFile.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv).toContain('clara.petitjean@example.com');

  // An upcoming instalment of Inès Fontaine cancelled from her training's detail.
  await page.goto('/apprenants?q=ines%20fontaine');
  await page.getByTestId('customer-row').getByRole('link', { name: 'Inès Fontaine' }).click();
  await page.getByRole('button', { name: /^Voir le détail de/ }).first().click();
  const payments = page.getByTestId('customer-payments');
  await expect(payments.getByTestId('customer-payment')).toHaveCount(3);
  const before = await payments.getByText('Abandonnée').count();
  await payments.getByTestId('customer-payment-select').last().click();
  await payments.getByTestId('customer-payments-cancel').click();
  const cancelConfirm = page.getByRole('alertdialog', { name: 'Annuler ces paiements ?' });
  await expect(cancelConfirm).toContainText('ne sera pas prélevé');
  await cancelConfirm.getByRole('button', { name: 'Annuler les paiements' }).click();
  await expect(cancelConfirm).toBeHidden();
  await expect(payments.getByText('Abandonnée')).toHaveCount(before + 1);
  await page.screenshot({ path: test.info().outputPath('customer-payments.png'), fullPage: true });

  // The VAT rate: saved with a decimal comma, read back, then blank again (the exemption mention).
  await page.goto('/parametres/entreprise');
  const vat = page.getByTestId('company-vat_rate').locator('input');
  await vat.fill('5,5');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-saved')).toBeVisible();
  await page.reload();
  await expect(vat).toHaveValue('5,5');
  await page.screenshot({ path: test.info().outputPath('company-vat.png'), fullPage: true });
  await vat.fill('');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-saved')).toBeVisible();
  await page.reload();
  await expect(vat).toHaveValue('');
});
