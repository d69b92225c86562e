import { expect, test } from './fixtures';
import { freshOwner } from './freshOwner';

/** The settings tabs SEO, company and communications (issue 15): saved, refused at the field with the typing kept, shown where they are used. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('the owner fills the company (errors at the fields, typing kept) and the SEO data with its sharing image', async ({ page, request }) => {
  const { token, storeUuid } = await freshOwner(page, request);
  await expect(page.getByTestId('checklist-step-COMPANY')).toHaveAttribute('data-completed', 'false');

  const step = page.getByTestId('checklist-step-COMPANY');
  await step.getByRole('button').click();
  await step.getByRole('link', { name: 'Renseigner mon entreprise' }).click();
  await expect(page.getByTestId('company-settings-page')).toBeVisible();
  await expect(page.getByTestId('settings-tab-company')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('company-empty')).toBeVisible();
  const input = (field: string) => page.getByTestId(`company-${field}`).locator('input');
  await input('name').fill('Studio Sandrine');
  await input('siret').fill('1234');
  await input('phone').fill('pas un numéro');
  await input('address_line1').fill('3 rue des Lilas');
  await input('postal_code').fill('69001');
  await input('city').fill('Lyon');
  await input('country').fill('fr');
  await page.getByTestId('company-save').click();
  await expect(input('siret')).toHaveAttribute('aria-invalid', 'true');
  await expect(input('phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(input('name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(input('siret')).toHaveValue('1234');
  await expect(input('city')).toHaveValue('Lyon');
  await page.screenshot({ path: test.info().outputPath('company-errors.png'), fullPage: true });

  await input('siret').fill('12345678901234');
  await input('phone').fill('+33612345678');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-saved')).toHaveText('Entreprise enregistrée.');
  await expect(input('siret')).not.toHaveAttribute('aria-invalid', 'true');
  const saved = await request.get(`/api/v1/stores/${storeUuid}/companies`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await saved.json()).data[0]).toMatchObject({ name: 'Studio Sandrine', siret: '12345678901234', country: 'FR', city: 'Lyon', vat_number: null });
  await page.reload();
  await expect(input('name')).toHaveValue('Studio Sandrine');
  await expect(page.getByTestId('company-empty')).toHaveCount(0);

  await page.getByTestId('settings-tab-seo').click();
  await expect(page.getByTestId('seo-settings-page')).toBeVisible();
  await expect(page.getByTestId('seo-empty')).toBeVisible();
  await page.getByTestId('seo-title').locator('input').fill('Studio Sandrine : yoga en ligne');
  await page.getByTestId('seo-description').locator('textarea').fill('Des cours de yoga pour tous les niveaux.');
  await expect(page.getByTestId('seo-preview')).toContainText('Studio Sandrine : yoga en ligne');
  await page.getByTestId('seo-save').click();
  await expect(page.getByTestId('seo-saved')).toBeVisible();
  await page.getByTestId('seo-form').locator('input[type=file]').setInputFiles({ name: 'partage.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('seo-saved')).toBeVisible();
  await expect.poll(async () => (await (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()).store.seo_data.image).toMatch(/^https?:\/\/.+partage/);
  await page.screenshot({ path: test.info().outputPath('seo.png'), fullPage: true });

  await page.getByRole('link', { name: 'Accueil' }).first().click();
  await expect(page.getByTestId('checklist-step-COMPANY')).toHaveAttribute('data-completed', 'true');
});

test('the owner gives the legal pages and the GDPR contact; the learner area shows them in its footer', async ({ page, request }) => {
  const { subdomain } = await freshOwner(page, request);
  await page.goto('/parametres/communications');
  await expect(page.getByTestId('communication-settings-page')).toBeVisible();
  await expect(page.getByTestId('communication-empty')).toBeVisible();
  const input = (field: string) => page.getByTestId(`communication-${field}`).locator('input');
  await input('terms_url').fill('javascript:alert(1)');
  await input('privacy_email').fill('dpo@studio.test');
  await page.getByTestId('communication-save').click();
  await expect(input('terms_url')).toHaveAttribute('aria-invalid', 'true');
  await expect(input('terms_url')).toHaveValue('javascript:alert(1)');
  await expect(input('privacy_email')).toHaveValue('dpo@studio.test');

  await input('terms_url').fill('https://studio.test/cgv');
  await input('legal_notice_url').fill('https://studio.test/mentions');
  await page.getByTestId('communication-save').click();
  await expect(page.getByTestId('communication-saved')).toBeVisible();
  await expect(input('terms_url')).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('communications.png'), fullPage: true });

  await page.goto(`/ecole/${subdomain}`);
  const footer = page.getByTestId('school-footer');
  await expect(footer.getByRole('link', { name: 'Conditions générales de vente' })).toHaveAttribute('href', 'https://studio.test/cgv');
  await expect(footer.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', 'https://studio.test/mentions');
  await expect(footer.getByRole('link', { name: 'Vos données personnelles : nous écrire' })).toHaveAttribute('href', 'mailto:dpo@studio.test');
  await expect(footer.getByRole('link', { name: 'Politique de confidentialité' })).toHaveCount(0);
});
