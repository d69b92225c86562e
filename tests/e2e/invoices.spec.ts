import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download } from './fixtures';
import { signIn } from './session';

/**
 * Invoices (issue 14): a learner who paid for a training finds the invoice in "Mes factures" on their account page
 * and downloads the PDF; the team finds the same invoice on the learner's customer page and downloads it too.
 */
const PHOTO = 'de300000-0000-4000-8000-000000000001';

/** A learner signs up in the demo school and buys the photo training at once (the test provider takes the money). */
async function paidLearner(request: APIRequestContext, email: string, password: string) {
  const send = async <T>(url: string, data: unknown, token?: string): Promise<T> => {
    const response = await request.post(`/api/v1/school/stores/demo${url}`, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const learner = await send<{ token: string; learner: { uuid: string } }>('/register', { email, password, firstname: 'Margaux', lastname: 'Facturée' });
  const catalogue = await request.get('/api/v1/school/stores/demo/trainings?per_page=100');
  const slug = ((await catalogue.json()) as { data: { uuid: string; slug: string }[] }).data.find((row) => row.uuid === PHOTO)!.slug;
  const training = await request.get(`/api/v1/school/stores/demo/trainings/${slug}`);
  const schedules = ((await training.json()) as { payment_schedules: { id: number; type: string }[] }).payment_schedules;
  const once = schedules.find((schedule) => schedule.type === 'ONE_TIME')!;
  const order = await send<{ uuid: string }>(
    '/checkout',
    {
      buyable_type: 'TRAINING',
      buyable_uuid: PHOTO,
      payment_schedule_id: once.id,
      email,
      firstname: 'Margaux',
      lastname: 'Facturée',
      billing_address: { firstname: 'Margaux', lastname: 'Facturée', address_line1: '5 place Bellecour', postal_code: '69002', city: 'Lyon', country: 'FR' },
      payment_method: 'CARD',
      accept_terms: true,
    },
    learner.token,
  );
  await send(`/test-payments/${order.uuid}`, { outcome: 'PAID' });
  return learner.learner.uuid;
}

async function expectPdf(download: Promise<Download>, reference: string) {
  const file = await download;
  expect(file.suggestedFilename()).toBe(`facture-${reference}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('the learner downloads their invoice from Mes factures, the team from the customer page', async ({ page, request }) => {
  const email = `facture.${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'learner-password-1';
  const customerUuid = await paidLearner(request, email, password);

  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  const mine = page.getByTestId('learner-invoices');
  await expect(mine.getByRole('heading', { name: 'Mes factures' })).toBeVisible();
  const row = mine.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Photographie culinaire : les fondamentaux');
  await expect(row).toContainText(/149,00\s€/);
  const reference = (await row.getAttribute('data-reference'))!;
  expect(reference).toMatch(/^F-\d{6}$/);
  await page.screenshot({ path: test.info().outputPath('learner-invoices.png'), fullPage: true });
  // Keyboard: the download button is reached and pressed without the mouse.
  const button = row.getByRole('button', { name: `Télécharger ${reference} (PDF)` });
  await button.focus();
  await expectPdf(Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]).then(([download]) => download), reference);

  await signIn(page);
  await page.goto(`/apprenants/${customerUuid}`);
  const card = page.getByRole('region', { name: 'Factures' });
  await expect(card.getByTestId('invoice-row')).toHaveCount(1);
  await expect(card.getByTestId('invoice-row')).toHaveAttribute('data-reference', reference);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('customer-invoices.png') });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `Télécharger ${reference} (PDF)` }).click();
  await expectPdf(download, reference);
});

test('the team refunds a paid payment from the customer page: the credit note shows there and in Mes factures', async ({ page, request }) => {
  const email = `avoir.${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'learner-password-1';
  const customerUuid = await paidLearner(request, email, password);

  await signIn(page);
  await page.goto(`/apprenants/${customerUuid}`);
  await page.getByRole('button', { name: 'Voir le détail de Photographie culinaire : les fondamentaux' }).click();
  const detail = page.getByTestId('customer-training-detail');
  const refund = detail.getByRole('button', { name: /^Rembourser le paiement de 149,00\s€ du / });
  await expect(refund).toBeVisible();
  await refund.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Rembourser ce paiement ?' })).toBeVisible();
  await expect(dialog).toContainText(/Le paiement de 149,00\s€ du .+ sera rendu à l’apprenant/);
  await page.screenshot({ path: test.info().outputPath('refund-confirm.png') });
  await dialog.getByRole('button', { name: 'Rembourser' }).click();
  await expect(page.getByText('Paiement remboursé : l’avoir est dans les factures.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: 'Factures' });
  const rows = card.getByTestId('invoice-row');
  await expect(rows).toHaveCount(2);
  const note = rows.filter({ hasText: 'Avoir' });
  await expect(note).toHaveAttribute('data-reference', /^AV-\d{6}$/);
  await expect(note).toContainText(/-149,00\s€/);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('customer-credit-note.png') });

  // The payment says it was refunded, and offers no second refund (the API refuses one: tests/api/refunds.test.ts).
  const payment = detail.getByTestId('customer-payment').filter({ hasText: /149,00\s€/ });
  await expect(payment.getByTestId('customer-payment-refund')).toHaveText('Remboursé');
  await expect(refund).toHaveCount(0);
  await detail.screenshot({ path: test.info().outputPath('refunded-payment.png') });

  // The learner finds the credit note in Mes factures.
  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  const mine = page.getByTestId('learner-invoices').getByTestId('invoice-row');
  await expect(mine).toHaveCount(2);
  await expect(mine.filter({ hasText: 'Avoir' })).toContainText(/-149,00\s€/);
});
