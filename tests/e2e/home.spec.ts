import { expect, test, type Page } from './fixtures';
import { answerQuestionnaire } from './questionnaire';

async function logIn(page: Page, email: string) {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
}

const STEPS = ['SUBDOMAIN', 'CUSTOMIZE', 'FIRST_TRAINING', 'COMPANY', 'STRIPE'];

test('a sponsor link and a campaign are kept and sent with the sign-up; the new owner meets an empty checklist', async ({ page }) => {
  const visits: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/affiliations/visits') && request.method() === 'PUT') visits.push(request.postDataJSON());
  });
  // The visitor lands on the sales site's link, wanders, then signs up: what the landing address said is kept.
  await page.goto('/connexion?parrain=demo&utm_source=salon&utm_campaign=rentree&ref=REF-MARIE42');
  await expect.poll(() => visits).toEqual([{ code: 'demo' }]);
  await page.goto('/inscription');
  await page.locator('input[name=firstname]').fill('Inès');
  await page.locator('input[name=email]').fill(`ines-${Date.now()}@example.test`);
  await page.locator('input[name=password]').fill('a-good-password');
  const registration = page.waitForRequest((r) => r.url().endsWith('/api/v1/register'));
  await page.getByTestId('register-submit').click();
  const body = (await registration).postDataJSON();
  expect(body).toMatchObject({ firstname: 'Inès', god_father: 'demo', attribution: { utm_source: 'salon', utm_campaign: 'rentree', affiliate_codes: ['REF-MARIE42'] } });
  expect(body.attribution.last_affiliate_visit).toMatch(/^\d{4}-\d\d-\d\dT/);

  await answerQuestionnaire(page);
  const header = page.getByTestId('checklist-header');
  await expect(header).toHaveAttribute('data-state', 'none');
  await expect(header).toContainText('5 étapes');
  await expect(header.getByRole('progressbar')).toHaveCount(0);
  for (const key of STEPS) await expect(page.getByTestId(`checklist-step-${key}`)).toHaveAttribute('data-completed', 'false');

  // One step opens on its own, by keyboard too, and shows where to go.
  const company = page.getByTestId('checklist-step-COMPANY');
  await company.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(company.getByRole('link', { name: 'Renseigner mon entreprise' })).toHaveAttribute('href', '/parametres/entreprise');
  await expect(page.getByTestId('checklist-step-STRIPE').getByRole('link')).toHaveCount(0);
  // Then all at once, and all closed again.
  await page.getByTestId('checklist-toggle-all').click();
  for (const key of STEPS) await expect(page.getByTestId(`checklist-step-${key}`).getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('checklist-toggle-all').click();
  for (const key of STEPS) await expect(page.getByTestId(`checklist-step-${key}`).getByRole('button').first()).toHaveAttribute('aria-expanded', 'false');

  // A PERCENT store: the custom domain and assignments cards offer the upgrade, which leads to the plans.
  await expect(page.getByTestId('advantage-customDomain')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('advantage-assignments')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('advantage-discounts')).toHaveAttribute('data-locked', 'false');
  await expect(page.getByTestId('advantage-coaching')).toHaveCount(0);
  await page.getByTestId('advantage-customDomain').getByRole('button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Voir les offres' }).click();
  await expect(page).toHaveURL('/abonnement?onglet=vous');
});

test('the demo owner sees the progress of a store half set up, and the links of the cards', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const header = page.getByTestId('checklist-header');
  await expect(header).toHaveAttribute('data-state', 'progress');
  await expect(header.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  await expect(header).toContainText('3 / 5');
  await expect(page.getByTestId('checklist-step-CUSTOMIZE')).toHaveAttribute('data-completed', 'false');
  await expect(page.getByTestId('advantage-newCustomers').getByRole('link')).toHaveAttribute('href', '/apprenants?sort=created_at&order=desc&type=STUDENT&page=1');
  await expect(page.getByTestId('advantage-aiAssistant').getByRole('link')).toHaveAttribute('href', '/assistant-ia?type=title_ideas');
  await expect(page.getByTestId('advantage-welcomeEmail').getByRole('link')).toHaveAttribute('href', '/marketing/emails?onglet=WELCOME');
});

test('all five steps done: a congratulation and no progress bar', async ({ page }) => {
  await page.route('**/api/v1/stores/*/onboarding', (route) =>
    route.fulfill({ json: { data: STEPS.map((key) => ({ key, completed: true })) } }),
  );
  await logIn(page, 'admin@demo.test');
  const header = page.getByTestId('checklist-header');
  await expect(header).toHaveAttribute('data-state', 'done');
  await expect(header).toContainText('Bravo');
  await expect(header.getByRole('progressbar')).toHaveCount(0);
});

test('a teacher has no checklist and only the cards of pages a teacher opens', async ({ page }) => {
  await logIn(page, 'teacher@demo.test');
  await expect(page.getByTestId('checklist-header')).toHaveCount(0);
  await expect(page.getByTestId('advantage-assignments')).toBeVisible();
  await expect(page.locator('[data-testid^=advantage-]')).toHaveCount(1);
});

test("the first-training step opens the trainings list with its add dialog, which closes for good", async ({ page }) => {
  await logIn(page, 'admin@demo.test');
  const step = page.getByTestId('checklist-step-FIRST_TRAINING');
  await step.getByRole('button').first().click();
  await step.getByRole('link').click();
  await expect(page).toHaveURL('/formations?ajouter=1');
  const dialog = page.getByTestId('create-training');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL('/formations');
  await page.reload();
  await expect(page.getByTestId('create-training')).toHaveCount(0);
});
