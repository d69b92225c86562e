import { expect, test } from './fixtures';
import { apiSession, signIn } from './session';

/**
 * Customisation's "Pages" and "Interne" tabs (issue 16): the owner writes the learner area's home texts and closes
 * free registration, and the demo school shows both. The demo store is put back after the test: other specs share it.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.afterEach(async ({ request }) => {
  const send = await apiSession(request);
  const me = await send<{ store: { uuid: string } }>('get', '/users/me');
  await send('put', `/stores/${me.store.uuid}`, { school_home: { title: null, welcome: null }, feature_options: { registration_open: true } });
});

test('the home texts and the registration switch reach the learner area', async ({ page }) => {
  await signIn(page);
  await page.goto('/personnalisation');
  await page.getByTestId('customization-tab-pages').click();
  await expect(page).toHaveURL(/\/personnalisation\/pages$/);
  const form = page.getByTestId('school-home-form');
  await form.getByLabel('Titre de la page', { exact: true }).fill('  L’atelier de poterie ');
  await form.getByLabel('Texte d’accueil', { exact: true }).fill('Des cours pour débuter.\nEt pour aller plus loin.');
  await expect(form.getByText('48 / 1000')).toBeVisible();
  await page.getByTestId('school-home-save').click();
  await expect(form.getByRole('status')).toHaveText('Page d’accueil enregistrée.');

  await page.getByTestId('customization-tab-internal').click();
  await expect(page).toHaveURL(/\/personnalisation\/interne$/);
  const registration = page.getByRole('checkbox', { name: /Inscription libre/ });
  await expect(registration).toBeChecked();
  await page.getByTestId('internal-registration').click();
  await expect(registration).not.toBeChecked();
  await page.getByTestId('internal-save').click();
  await expect(page.getByTestId('internal-saved')).toHaveText('Paramètres enregistrés.');
  // What was saved is what the page shows when it is opened again.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Inscription libre/ })).not.toBeChecked();

  await page.goto('/ecole/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'L’atelier de poterie' })).toBeVisible();
  await expect(page.getByTestId('school-home-lead')).toHaveText('Des cours pour débuter.\nEt pour aller plus loin.');
  await expect(page.getByTestId('school-login-link')).toBeVisible();
  await expect(page.getByTestId('school-register-link')).toHaveCount(0);
});
