import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { answerQuestionnaire } from './questionnaire';
import { logIn } from './session';

/**
 * The plan page and the platform's billing, in a store of its own (registered here, on Découverte): a PRO-only
 * feature is locked on the home page, the upgrade offer leads to /abonnement, the PRO plan is bought with the test
 * provider (this server has no Stripe key), and once paid the plan is PRO everywhere: the feature is unlocked and
 * the invoice is listed and printable.
 */
test('buys the PRO plan with the test provider, then the PRO feature is unlocked and the invoice is there', async ({ page, request }) => {
  const email = `plan-${randomUUID().slice(0, 8)}@example.test`;
  const registered = await request.post('/api/v1/register', { data: { email, password: 'demo-password', firstname: 'Inès' } });
  expect(registered.status()).toBe(201);
  await logIn(page, email);
  // A new owner answers the onboarding questionnaire first (it covers the page until then).
  await answerQuestionnaire(page);

  const assignments = page.getByTestId('advantage-assignments');
  await expect(assignments).toHaveAttribute('data-locked', 'true');
  await assignments.getByRole('button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Voir les offres' }).click();
  await expect(page).toHaveURL('/abonnement?onglet=vous');

  await expect(page.getByTestId('plan-current')).toContainText('Découverte');
  await expect(page.getByTestId('plan-card-PERCENT')).toContainText('Offre actuelle');
  await expect(page.getByTestId('plan-card-PERCENT')).toContainText('9 % de commission');
  await expect(page.getByTestId('plan-card-EXPERT')).toContainText('129,00');
  await page.getByTestId('plan-frequency').getByText('Annuel').click();
  await expect(page.getByTestId('plan-card-PRO')).toContainText('490,00');
  await page.getByTestId('plan-frequency').getByText('Mensuel').click();
  await page.getByTestId('plan-choose-PRO').click();
  await expect(page.getByTestId('plan-confirm')).toContainText('49,00');
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();

  await expect(page).toHaveURL(/\/abonnement\/paiement-test\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Mode test — aucun paiement réel')).toBeVisible();
  await expect(page.getByTestId('plan-test-amount')).toContainText('49,00');
  await page.getByTestId('plan-test-pay').click();

  await expect(page).toHaveURL(/\/abonnement\?onglet=vous&commande=/);
  await expect(page.getByTestId('plan-purchase-paid')).toBeVisible();
  await expect(page.getByTestId('plan-card-PRO')).toContainText('Offre actuelle');
  await expect(page.getByTestId('plan-current')).toContainText('Prochaine échéance');

  // The session's store follows: the PRO feature is open on the home page without signing in again.
  await page.getByRole('link', { name: 'Accueil' }).first().click();
  await expect(page.getByTestId('advantage-assignments')).toHaveAttribute('data-locked', 'false');

  await page.goto('/parametres/facturation');
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Abonnement PRO mensuel');
  await row.getByRole('link').click();
  await expect(page.getByTestId('invoice-total')).toContainText('49,00');
  await expect(page.getByTestId('invoice-excluding-tax')).toContainText('40,83');
});
