import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { answerQuestionnaire } from './questionnaire';

test('a new owner answers the questionnaire after sign-up; the rules hold; it does not come back', async ({ page, request }) => {
  const email = `quest-${randomUUID().slice(0, 8)}@example.test`;
  await page.goto('/inscription');
  await page.locator('input[name=firstname]').fill('Maya');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('a-good-password');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL('/?questionnaire=1');

  const modal = page.getByTestId('questionnaire');
  await expect(modal).toBeVisible();
  // Non-cancelable: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  // Nothing chosen: the error, and no progress.
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-error')).toHaveText('Ah, vous avez oublié quelque chose !');
  // OTHER needs its detail; spaces do not count.
  await modal.getByRole('radio', { name: 'Autre' }).click({ force: true });
  await modal.locator('input[name=HOW_FOUND_US_other]').fill('   ');
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-error')).toBeVisible();
  await modal.locator('input[name=HOW_FOUND_US_other]').fill('  Un ami  ');
  await page.getByTestId('questionnaire-next').click();
  await expect(modal).toContainText('Question 2 sur 6');
  // Previous keeps what was answered.
  await page.getByTestId('questionnaire-previous').click();
  await expect(modal.locator('input[name=HOW_FOUND_US_other]')).toHaveValue('  Un ami  ');
  await page.getByTestId('questionnaire-next').click();
  await modal.getByRole('radio', { name: 'Coach' }).click({ force: true });
  await page.getByTestId('questionnaire-next').click();
  await modal.getByRole('radio', { name: 'Bientôt' }).click({ force: true });
  await page.getByTestId('questionnaire-next').click();
  await modal.locator('select[name=WHAT_MAIN_ACTIVITY]').selectOption('LANGUAGE');
  await page.getByTestId('questionnaire-next').click();
  // WHAT_TOOL other than NOTHING needs the detail.
  await modal.getByRole('radio', { name: 'Mon propre site web' }).click({ force: true });
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-error')).toBeVisible();
  await modal.locator('input[name=WHAT_TOOL_other]').fill('WordPress');
  await page.getByTestId('questionnaire-next').click();
  // Checkbox: at least one value.
  await page.getByTestId('questionnaire-send').click();
  await expect(page.getByTestId('questionnaire-error')).toBeVisible();
  await modal.getByText('Un support humain').click();
  await modal.getByText('Le prix').click();
  await page.getByTestId('questionnaire-send').click();
  await expect(page.getByTestId('questionnaire-sent')).toBeVisible();

  // Saved on the store, trimmed.
  const token = await page.evaluate(() => localStorage.getItem('cp.auth.token'));
  const me = await (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  const answers = JSON.parse(me.store.onboarding_questions) as { name: string; value: string | string[]; other: string | null }[];
  expect(answers.map((a) => a.name)).toEqual(['HOW_FOUND_US', 'WHO_ARE_YOU', 'WHAT_CERTIFICATIONS', 'WHAT_MAIN_ACTIVITY', 'WHAT_TOOL', 'WHAT_IMPORTANT']);
  expect(answers[0]).toMatchObject({ value: 'OTHER', other: 'Un ami' });
  expect(answers[5]).toMatchObject({ value: ['HUMAIN_SUPPORT', 'PRICE'] });

  await modal.getByRole('button', { name: "Aller à l'accueil" }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('questionnaire')).toHaveCount(0);
  // With the flag again: it says the questionnaire is answered, with a way home.
  await page.goto('/?questionnaire=1');
  await expect(page.getByTestId('questionnaire-already')).toBeVisible();
});

test('team members other than the owner never see the questionnaire', async ({ page }) => {
  await page.goto('/connexion?redirect=%2F%3Fquestionnaire%3D1');
  await page.locator('input[name=email]').fill('admin@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.getByTestId('questionnaire')).toHaveCount(0);
});

test('the questionnaire is also usable in one hand: all of it fits a phone', async ({ browser, request }) => {
  const email = `quest-phone-${randomUUID().slice(0, 8)}@example.test`;
  await request.post('/api/v1/register', { data: { email, password: 'a-good-password', firstname: 'Léo' } });
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('a-good-password');
  await page.getByTestId('login-submit').click();
  await answerQuestionnaire(page);
  await page.close();
});
