import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { signIn } from './session';

/**
 * Issue 11's whole path, as its bar words it: a visitor opens the demo school, registers, picks the training's
 * 3-instalment offer, applies a promo code, pays with the test provider, lands on "my trainings" with the
 * training there; the back office then shows the sale (with its three payments) and the new learner.
 */
const PHOTO = 'de300000-0000-4000-8000-000000000001';

test('from the school home to "my trainings", then the sale and the learner in the back office', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const email = `eleve-${suffix}@example.test`;
  const lastname = `Moreau-${suffix}`;

  // Registers from the school's home.
  await page.goto('/ecole/demo');
  await expect(page.getByTestId('catalogue-training-card').first()).toBeVisible();
  await page.goto('/ecole/demo/inscription');
  const form = page.getByTestId('learner-register-form');
  await form.locator('input[name=firstname]').fill('Julie');
  await form.locator('input[name=lastname]').fill(lastname);
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill('julie-password-1');
  await page.getByTestId('learner-register-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');

  // Browses to the training and takes its 3-instalment offer.
  await page.getByRole('link', { name: 'Formations', exact: true }).first().click();
  await page.getByRole('link', { name: 'Photographie culinaire : les fondamentaux' }).click();
  await page.getByTestId('school-offer').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/ecole/demo/paiement/formation/${PHOTO}\\?echeancier=\\d+$`));
  await expect(page.getByTestId('checkout-installments').locator('li')).toHaveCount(3);
  // Signed in: the checkout knows who is buying.
  await expect(page.locator('input[name=email]')).toHaveValue(email);

  await page.locator('input[name=address_line1]').fill('12 rue des Lices');
  await page.locator('input[name=postal_code]').fill('84000');
  await page.locator('input[name=city]').fill('Avignon');
  await page.getByTestId('checkout-code').locator('input').fill('BIENVENUE10');
  await page.getByTestId('checkout-apply').click();
  await expect(page.getByTestId('checkout-total')).toHaveText(/140,40\s€/);
  await page.getByTestId('checkout-methods').getByText('Carte bancaire').click();
  await page.getByTestId('checkout-terms').click();
  await page.getByTestId('checkout-pay').click();

  await expect(page.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
  await page.getByTestId('test-pay').click();
  await expect(page.getByTestId('order-page')).toHaveAttribute('data-status', 'IN_PROGRESS');
  await page.getByRole('link', { name: 'Accéder à mes formations' }).click();
  await expect(page).toHaveURL('/ecole/demo/mes-formations');
  await expect(page.locator(`[data-testid=my-training][data-uuid="${PHOTO}"]`)).toContainText('Photographie culinaire : les fondamentaux');

  // The back office: the sale, its three payments (the first paid), and the learner.
  await page.context().clearCookies();
  await signIn(page);
  await page.goto(`/ventes?q=${encodeURIComponent(email)}`);
  const sale = page.getByTestId('sale-row').filter({ hasText: lastname });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('140,40');
  await expect(sale).toContainText('En cours');
  await sale.getByTestId('sale-payments-toggle').click();
  const payments = page.getByTestId('sale-payments');
  await expect(payments.locator('tbody tr')).toHaveCount(3);
  await expect(payments).toContainText('Payée');
  await expect(payments).toContainText('À venir');

  await page.goto(`/formations/${PHOTO}/apprenants`);
  await page.getByTestId('customers-search').locator('input').fill(lastname);
  await expect(page.getByTestId('customer-row').filter({ hasText: lastname })).toHaveCount(1);
});
