import { randomUUID } from 'node:crypto';
import { DEMO_PERK_CODES } from '../../server/db/seed';
import { expect, test } from './fixtures';
import { answerQuestionnaire } from './questionnaire';

/**
 * The perk sign-up (issue 15): a partner's code on /inscription puts the new store on the PERK plan; a used code is
 * refused at its field with what was typed kept. This spec is the only one claiming a seeded perk code.
 */
test('a used perk code is refused at its field; an unused one starts the store on PERK', async ({ page }) => {
  // Without a partner link, the toggle opens the field and puts the focus in it.
  await page.goto('/inscription');
  const form = page.getByTestId('register-form');
  await expect(form.locator('input[name=perk_code]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/perk-signup-toggle.png' });
  await page.getByTestId('register-perk-toggle').click();
  await expect(form.getByLabel('Code partenaire')).toBeFocused();

  // A partner's link carries the code: the field is shown and filled.
  await page.goto(`/inscription?perk=${DEMO_PERK_CODES.used.toLowerCase()}`);
  const perk = form.getByLabel('Code partenaire');
  await expect(perk).toHaveValue(DEMO_PERK_CODES.used.toLowerCase());
  const email = `e2e-perk-${randomUUID().slice(0, 8)}@example.test`;
  await form.locator('input[name=firstname]').fill('Inès');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill('a-good-password');
  await page.getByTestId('register-submit').click();

  await expect(perk).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText("Ce code partenaire n'existe pas ou a déjà été utilisé.")).toBeVisible();
  await expect(form.locator('input[name=email]')).toHaveValue(email);
  await expect(form.locator('input[name=firstname]')).toHaveValue('Inès');
  await expect(page).toHaveURL(/\/inscription\?perk=/);
  await page.screenshot({ path: 'test-results/perk-signup-refused.png' });

  await perk.fill(DEMO_PERK_CODES.unused[0]);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL('/?questionnaire=1');
  await expect(page.getByTestId('home-welcome')).toContainText('Inès');
  await answerQuestionnaire(page);

  await page.goto('/abonnement');
  await expect(page.getByTestId('plan-current')).toContainText('Perk');
  await expect(page.getByTestId('plan-card-PERK')).toContainText('Offre actuelle');
});
