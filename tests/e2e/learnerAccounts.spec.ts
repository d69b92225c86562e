import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { mailLink } from './mailbox';

/** The learner area of the demo school (issue 11, learner accounts): /ecole/demo. */
const uniqueEmail = () => `learner-${randomUUID().slice(0, 8)}@example.test`;
const PASSWORD = 'learner-password-1';

async function logIn(page: Page, email: string, password: string) {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('learner-login-submit').click();
}

test('a visitor of the demo school registers, activates from the mail, logs out and logs in again', async ({ page, request }) => {
  const email = uniqueEmail();
  await page.goto('/ecole/demo');
  await expect(page.getByTestId('school-brand')).toBeVisible();
  await expect(page.getByTestId('catalogue-training-card').first()).toBeVisible();
  await page.getByTestId('school-register-link').click();

  await expect(page).toHaveURL('/ecole/demo/inscription');
  await page.locator('input[name=firstname]').fill('Camille');
  await page.locator('input[name=lastname]').fill('Durand');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByTestId('learner-register-submit').click();

  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  await expect(page.getByTestId('learner-identity')).toContainText('Camille Durand');
  await expect(page.getByTestId('learner-to-activate')).toBeVisible();

  const activation = await mailLink(request, email, 'LEARNER_ACTIVATION');
  expect(activation).toMatch(/^\/ecole\/demo\/activation\?token=/);
  await page.goto(activation);
  await expect(page.getByTestId('learner-activation-done')).toBeVisible();
  await page.getByTestId('learner-activation-account').click();
  await expect(page.getByTestId('learner-identity')).toBeVisible();
  await expect(page.getByTestId('learner-to-activate')).toHaveCount(0);

  await page.getByTestId('learner-logout').click();
  await expect(page).toHaveURL('/ecole/demo/connexion');
  await expect(page.getByTestId('learner-ended')).toBeVisible();
  // The learner session is the school's own: the back office still has no session.
  expect(await page.evaluate(() => localStorage.getItem('cp.auth.token'))).toBeNull();

  await logIn(page, email, 'not-the-password');
  await expect(page.getByTestId('learner-login-form').getByText(/incorrect/)).toBeVisible();
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  await expect(page.getByTestId('learner-identity')).toContainText(email);
  expect(await page.evaluate(() => localStorage.getItem('cp.school.demo.token'))).not.toBeNull();
});

test('an unknown school says so politely', async ({ page }) => {
  await page.goto('/ecole/no-such-school');
  await expect(page.getByRole('heading', { name: 'École introuvable' })).toBeVisible();
});
