import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { apiSession, signIn } from './session';

/**
 * Issue 16's bar: the trainer opens the affiliate program, a learner joins it and gets their REF- link, a visitor
 * buys through that link with the test provider, the learner asks for their commission, and the trainer sees the
 * commission and marks the payout paid. The demo store's program is closed again at the end (other specs share it).
 */
test('a learner joins, a visitor buys through the REF- link, the trainer sees the commission and pays it', async ({ page, request }) => {
  // Four sessions in one story (trainer, learner, visitor, learner, trainer) on a shared two-core machine.
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 8);
  const owner = await apiSession(request);
  const training = await owner<{ uuid: string }>('post', '/trainings', { name: `Affiliation ${suffix}` });
  await owner('put', `/trainings/${training.uuid}`, { status: 'PUBLISHED' });
  const schedule = await owner<{ id: number }>('post', `/trainings/${training.uuid}/payment_schedules`, { type: 'ONE_TIME', price: 80 });
  const store = (await owner<{ store: { uuid: string } }>('get', '/users/me')).store.uuid;

  try {
    // The trainer opens the program: public, commissions payable at once from 1 €.
    await signIn(page);
    await page.goto('/affilies/parametres');
    await page.getByTestId('affiliates-status').getByText('Public', { exact: true }).click();
    await page.getByTestId('affiliates-min_payout_delay_days').locator('input').fill('0');
    await page.getByTestId('affiliates-min_payout_amount').locator('input').fill('1');
    await page.getByTestId('affiliates-save').click();
    await expect(page.getByTestId('affiliates-saved')).toBeVisible();

    // A learner registers in the school and joins the program.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const affiliateEmail = `affilie-${suffix}@example.test`;
    await page.goto('/ecole/demo/inscription');
    const form = page.getByTestId('learner-register-form');
    await form.locator('input[name=firstname]').fill('Chloé');
    await form.locator('input[name=lastname]').fill(`Affiliée-${suffix}`);
    await form.locator('input[name=email]').fill(affiliateEmail);
    await form.locator('input[name=password]').fill('chloe-password-1');
    await page.getByTestId('learner-register-submit').click();
    await expect(page).toHaveURL('/ecole/demo/mon-compte');
    await page.getByRole('link', { name: 'Affiliation', exact: true }).click();
    await page.getByTestId('school-affiliate-join').click();
    const link = await page.getByTestId('school-affiliate-link').locator('input').inputValue();
    expect(link).toMatch(/\/ecole\/demo\?ref=REF-[A-Z2-9]{10}$/);

    // A visitor (another browser session) comes through the link and buys as a guest with the test provider.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByTestId('catalogue-training-card').first()).toBeVisible();
    const buyer = `Acheteur-${suffix}`;
    await page.goto(`/ecole/demo/paiement/formation/${training.uuid}?echeancier=${schedule.id}`);
    await page.locator('input[name=email]').fill(`acheteur-${suffix}@example.test`);
    await page.locator('input[name=firstname]').fill('Marc');
    await page.locator('input[name=lastname]').fill(buyer);
    await page.locator('input[name=address_line1]').fill('5 quai Rambaud');
    await page.locator('input[name=postal_code]').fill('69002');
    await page.locator('input[name=city]').fill('Lyon');
    await expect(page.getByTestId('checkout-total')).toHaveText(/80,00\s€/);
    await page.getByTestId('checkout-methods').getByText('Carte bancaire').click();
    await page.getByTestId('checkout-terms').click();
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('test-pay').click();
    await expect(page.getByTestId('order-page')).toHaveAttribute('data-status', 'PAID');

    // The affiliate signs in again: 20 % of 80 € is theirs; they ask for it.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/ecole/demo/connexion');
    await page.getByTestId('learner-login-form').locator('input[name=email]').fill(affiliateEmail);
    await page.getByTestId('learner-login-form').locator('input[name=password]').fill('chloe-password-1');
    await page.getByTestId('learner-login-submit').click();
    await expect(page).toHaveURL('/ecole/demo/mon-compte');
    await page.goto('/ecole/demo/affiliation');
    await expect(page.getByTestId('school-affiliate-sales')).toContainText(`Affiliation ${suffix}`);
    await expect(page.getByTestId('school-affiliate-balance')).toHaveText(/16,00\s€/);
    await page.getByTestId('school-affiliate-ask').click();
    const payout = page.getByTestId('school-affiliate-payout-form');
    await payout.getByLabel('Montant (€)').fill('20');
    await payout.getByLabel('Lien vers votre facture').fill('https://factures.example.test/chloe-1.pdf');
    await payout.getByLabel('Informations de paiement (IBAN, PayPal…)').fill('IBAN FR76 3000 6000 0112 3456 7890 189');
    await page.getByTestId('school-affiliate-send').click();
    await expect(payout).toContainText('Votre solde disponible est de 16,00');
    await payout.getByLabel('Montant (€)').fill('16');
    await page.getByTestId('school-affiliate-send').click();
    await expect(page.getByTestId('school-affiliate-waiting')).toBeVisible();
    await page.screenshot({ path: 'test-results/affiliate-learner.png', fullPage: true });

    // The trainer sees the commission and marks the payout paid.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page);
    await page.goto('/affilies/ventes');
    await expect(page.getByTestId('affiliate-sales').locator('tr').filter({ hasText: buyer })).toContainText('16,00');
    await page.goto('/affilies');
    const row = page.getByTestId('affiliate-row').filter({ hasText: `Affiliée-${suffix}` });
    await expect(row).toContainText('16,00');
    await page.screenshot({ path: 'test-results/affiliates-list.png', fullPage: true });
    await row.getByTestId('affiliate-mark-paid').click();
    await expect(row.getByTestId('affiliate-mark-paid')).toHaveCount(0);
    await row.getByRole('link', { name: `Chloé Affiliée-${suffix}` }).click();
    await expect(page.getByTestId('affiliates-figures')).toContainText('16,00');
    await expect(page.getByText('Aucune demande de versement en attente.')).toBeVisible();
  } finally {
    await owner('put', `/stores/${store}`, { affiliation_options: { status: 'CLOSED' } });
  }
});
