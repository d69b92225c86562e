import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { mailLink } from './mailbox';

/**
 * The checkout of the demo school (issue 11) with the built-in test provider: a visitor buys the demo's photo
 * training in three instalments with the seeded promo code, creating their account on the way.
 */
const PHOTO = 'de300000-0000-4000-8000-000000000001';

test('a visitor buys a training in 3 instalments with BIENVENUE10 and pays with the test provider', async ({ page, request }) => {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
  // The training's page links here with its first schedule; the learner picks the 3 instalments.
  await page.goto(`/ecole/demo/paiement/formation/${PHOTO}`);
  await expect(page.getByTestId('checkout-summary')).toContainText('Photographie culinaire : les fondamentaux');
  await expect(page.getByTestId('checkout-total')).toHaveText(/149,00\s€/);
  await expect(page.getByTestId('checkout-methods')).not.toContainText('mensualités suivantes');
  await page.getByTestId('checkout-schedules').getByText(/^3 mensualités/).click();
  await expect(page.getByTestId('checkout-installments').locator('li')).toHaveCount(3);
  // PayPal keeps the payer's account for the later instalments: the learner is told before choosing it.
  await expect(page.getByTestId('checkout-methods')).toContainText('Votre compte PayPal y est enregistré pour régler les mensualités suivantes');
  await expect(page.getByTestId('checkout-total')).toHaveText(/156,00\s€/);

  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=firstname]').fill('Inès');
  await page.locator('input[name=lastname]').fill('Garnier');
  await page.locator('input[name=address_line1]').fill('8 quai des Chartrons');
  await page.locator('input[name=postal_code]').fill('33000');
  await page.locator('input[name=city]').fill('Bordeaux');
  await page.getByTestId('checkout-methods').getByText('Carte bancaire').click();
  await page.getByTestId('checkout-terms').click();

  // A code typed but not applied stops the payment, and nothing typed is lost.
  await page.getByTestId('checkout-code').locator('input').fill('bienvenue10');
  await page.getByTestId('checkout-pay').click();
  await expect(page.getByTestId('checkout-code-problem')).toBeVisible();
  await expect(page.locator('input[name=city]')).toHaveValue('Bordeaux');

  await page.getByTestId('checkout-apply').click();
  await expect(page.getByTestId('checkout-applied')).toContainText('BIENVENUE10');
  await expect(page.getByTestId('checkout-total')).toHaveText(/140,40\s€/);
  await expect(page.getByTestId('checkout-installments')).toContainText('46,80');

  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/ecole\/demo\/paiement-test\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
  await page.getByTestId('test-pay').click();

  await expect(page).toHaveURL(/\/ecole\/demo\/commande\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-page')).toHaveAttribute('data-status', 'IN_PROGRESS');
  await expect(page.getByText(/Paiement confirmé/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accéder à mes formations' })).toHaveAttribute('href', '/ecole/demo/mes-formations');
  // The checkout created the learner's account: the activation mail is there.
  expect(await mailLink(request, email, 'LEARNER_ACTIVATION')).toMatch(/^\/ecole\/demo\/activation\?token=/);
});
