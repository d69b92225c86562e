/**
 * One error path (spec 8): reads and writes reach the error catalogue once. A lost network on a page load opens
 * the network-lost dialog, a 5xx on a page load shows one toast, each save that fails is reported once, an
 * uncaught error toasts its message and a duplicate navigation does not.
 */
import { expect, test } from './fixtures';
import { logIn, signIn } from './session';

const SERVER_TOAST = 'Une erreur est survenue. Rechargez la page ou contactez le support.';
const serverError = { status: 500, json: { message: 'Erreur interne', code: 'INTERNAL_ERROR' } };

test.use({ viewport: { width: 1280, height: 900 } });

test('a lost network on a page load opens the network-lost dialog', async ({ page }) => {
  await logIn(page);
  await page.route(/\/api\/v1\/trainings(\?|\/count)/, (route) => route.abort('internetdisconnected'));
  await page.goto('/formations');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Connexion perdue');
  await expect(dialog).toHaveCount(1);
});

test('a 5xx on a page load shows the catalogue toast once, beside the page’s own state', async ({ page }) => {
  await logIn(page);
  await page.route(/\/api\/v1\/trainings(\?|\/count)/, (route) => route.fulfill(serverError));
  await page.goto('/formations');
  await expect(page.getByText(SERVER_TOAST)).toBeVisible();
  // Two reads failed (the list and the count), each after its retry: one toast all the same.
  await expect(page.getByText(SERVER_TOAST)).toHaveCount(1);
});

test('a duplicate that fails with a 5xx is reported once (the shell’s toast, not the row’s too)', async ({ page }) => {
  await signIn(page);
  await page.goto('/formations');
  await expect(page.getByTestId('trainings-list')).toBeVisible();
  await page.route(/\/api\/v1\/trainings\/[0-9a-f-]{36}\/duplication$/, (route) => route.fulfill(serverError));
  await page.getByTestId('trainings-list').locator(':scope > li').first().getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Dupliquer' }).click();
  await expect(page.getByText(SERVER_TOAST)).toHaveCount(1);
  await expect(page.getByText('La formation n’a pas pu être dupliquée')).toHaveCount(0);
});

test('adding a training to a pack and removing it, failing with a 5xx, are each reported once', async ({ page }) => {
  // Two failures, each waited for until its toast has left the screen: longer than one step.
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/packs');
  await page.getByTestId('add-bundle').click();
  await page.getByTestId('create-bundle').locator('input[name=name]').fill(`Pack erreurs ${Date.now()}`);
  await page.getByTestId('create-bundle-submit').click();
  await expect(page).toHaveURL(/\/packs\/[0-9a-f-]{36}$/);

  // Adding fails: one toast.
  await page.route(/\/api\/v1\/bundles\/[0-9a-f-]{36}\/trainings\/[0-9a-f-]{36}$/, (route) => (route.request().method() === 'POST' ? route.fulfill(serverError) : route.fallback()));
  await page.getByTestId('bundle-add-training').click();
  const picker = page.getByTestId('bundle-picker');
  await picker.getByRole('button', { name: /^Ajouter « / }).first().click();
  await expect(page.getByText(SERVER_TOAST)).toHaveCount(1);
  await expect(page.getByText('La formation n’a pas pu être ajoutée')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Terminé' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText(SERVER_TOAST)).toHaveCount(0, { timeout: 15_000 });

  // Added for real, then removing fails: one toast.
  await page.getByTestId('bundle-add-training').click();
  const offered = await picker.getByRole('button', { name: /^Ajouter « / }).count();
  await picker.getByRole('button', { name: /^Ajouter « / }).first().click();
  await expect(picker.getByRole('button', { name: /^Ajouter « / })).toHaveCount(offered - 1);
  await page.getByRole('button', { name: 'Terminé' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('bundle-trainings').locator(':scope > li')).toHaveCount(1);
  await page.route(/\/api\/v1\/bundles\/[0-9a-f-]{36}\/trainings\/[0-9a-f-]{36}$/, (route) => (route.request().method() === 'DELETE' ? route.fulfill(serverError) : route.fallback()));
  await page.getByRole('button', { name: /^Retirer « .* » du pack$/ }).click();
  await expect(page.getByText(SERVER_TOAST)).toHaveCount(1);
  await expect(page.getByText('La formation n’a pas pu être retirée')).toHaveCount(0);
});

test('an uncaught error toasts its message; a duplicate navigation does not', async ({ page }) => {
  await logIn(page);
  await page.evaluate(() => {
    void Promise.reject(Object.assign(new Error('Avoided redundant navigation to current location: "/".'), { name: 'NavigationDuplicated' }));
  });
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Lecture de la vidéo impossible');
    });
  });
  await expect(page.getByText('Lecture de la vidéo impossible')).toBeVisible();
  await expect(page.getByText(/redundant navigation/)).toHaveCount(0);
});
