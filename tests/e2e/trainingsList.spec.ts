import { expect, test, type Locator, type Page } from './fixtures';

/**
 * /formations (issue 5): create through the modal and land on the training, validation that keeps the
 * typing, search, duplicate, drag reordering that persists (and rolls back when the server refuses),
 * delete with confirmation, and the read-only list of an analyst. Trainings the tests need are created
 * here with unique names, so the demo trainings other specs use are only read.
 */

async function logIn(page: Page, email: string) {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
}

async function openList(page: Page) {
  await page.goto('/formations');
  await expect(page.getByTestId('trainings-list')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('trainings-list').locator(':scope > li');
const names = (page: Page) => rows(page).locator('.catalogue-row__name').allInnerTexts();
const rowNamed = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

async function createTraining(page: Page, name: string, summary = '') {
  await page.getByTestId('add-training').click();
  const form = page.getByTestId('create-training');
  await form.locator('input[name=name]').fill(name);
  if (summary) await form.locator('textarea[name=summary]').fill(summary);
  await page.getByTestId('create-training-submit').click();
  await expect(page).toHaveURL(/\/formations\/[0-9a-f-]{36}$/);
}

/** Drags a row by its grip onto another row (sortablejs in pointer mode follows the mouse). */
async function dragRow(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  const source = (await handle.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x + 40, target.y + target.height * 0.75, { steps: 20 });
  await page.mouse.up();
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the add-training modal: a name is required, the typing stays on errors (ours and the server’s), then the DRAFT opens', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const before = Number((await page.getByTestId('trainings-count').innerText()).match(/\d+/)![0]);
  await page.getByTestId('add-training').click();
  const form = page.getByTestId('create-training');
  // Named as in the training's settings ("Nom de la formation"), and focused at once.
  await expect(form.getByRole('textbox', { name: /^Nom de la formation/ })).toBeFocused();
  await page.getByTestId('create-training-submit').click();
  await expect(form.locator('input[name=name]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Le nom est obligatoire.');
  await form.locator('input[name=name]').fill('Excel');
  await expect(form).not.toContainText('Le nom est obligatoire.');
  await expect(form).toContainText('5 / 128');
  await form.locator('textarea[name=summary]').fill('Les bases du tableur');
  await expect(form).toContainText('20 / 200');
  // The input stops at 128 characters (the rule of spec section 5).
  await form.locator('input[name=name]').fill('x'.repeat(140));
  await expect(form.locator('input[name=name]')).toHaveValue('x'.repeat(128));

  // A refusal from the server lands on its field and nothing typed is lost.
  await page.route('**/api/v1/trainings', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ code: 'VALIDATION_FAILED', message: 'Données invalides', errors: { name: ['Ce titre ne convient pas.'] } }) })
      : route.fallback(),
  );
  const name = `Formation e2e ${Date.now()}`;
  await form.locator('input[name=name]').fill(name);
  await page.getByTestId('create-training-submit').click();
  await expect(form).toContainText('Ce titre ne convient pas.');
  await expect(form.locator('input[name=name]')).toHaveValue(name);
  await expect(form.locator('textarea[name=summary]')).toHaveValue('Les bases du tableur');
  await page.unroute('**/api/v1/trainings');

  await page.getByTestId('create-training-submit').click();
  await expect(page).toHaveURL(/\/formations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await openList(page);
  await expect(page.getByTestId('trainings-count')).toHaveText(`${before + 1} formations`);
  const row = rowNamed(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('training-status')).toHaveText('Brouillon');
  await expect(row).toContainText('Les bases du tableur');
  // New trainings come last.
  expect((await names(page)).at(-1)).toBe(name);
});

test('search: results as you type (accents ignored), the count of results, clearing brings the whole list back', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const stamp = Date.now();
  await createTraining(page, `Génie zébré ${stamp}`);
  await openList(page);
  const all = await rows(page).count();
  const search = page.getByTestId('trainings-search').locator('input');
  await search.fill(`genie zebre ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Génie zébré ${stamp}`);
  await expect(page.getByTestId('trainings-count')).toHaveText(`1 résultat sur ${all}`);
  // No drag while searching: a filtered list has no order to save.
  await expect(page.getByTestId('drag-hint')).toHaveText('Videz la recherche pour réordonner les formations.');
  await expect(rows(page).first().locator('[data-drag-handle]')).toHaveCount(0);
  await search.fill('aucune formation ne porte ce nom');
  await expect(page.getByTestId('trainings-no-results')).toContainText('Aucune formation ne correspond');
  await page.getByTestId('trainings-no-results').getByRole('button', { name: 'Effacer la recherche' }).click();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(all);
});

test('duplicate from the row menu: a toast, and the copy in the list', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const name = `À dupliquer ${Date.now()}`;
  await createTraining(page, name);
  await openList(page);
  await rowNamed(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Dupliquer' }).click();
  await expect(page.getByText(`« ${name} (copie) » a été créée`)).toBeVisible();
  await expect(rowNamed(page, `${name} (copie)`)).toHaveCount(1);
  await expect(rowNamed(page, `${name} (copie)`).getByTestId('training-status')).toHaveText('Brouillon');
});

test('drag reordering is saved: the order holds after a reload; the menu moves rows too', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const before = await names(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/trainings/reordering') && r.request().method() === 'PUT');
  await dragRow(page, rows(page).nth(0), rows(page).nth(2));
  expect((await saved).status()).toBe(200);
  const expected = [before[1]!, before[2]!, before[0]!, ...before.slice(3)];
  await expect.poll(() => names(page)).toEqual(expected);
  await page.reload();
  await expect(page.getByTestId('trainings-list')).toBeVisible();
  await expect.poll(() => names(page)).toEqual(expected);

  // Keyboard users reorder from the menu.
  await rows(page).nth(0).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Descendre' }).click();
  const moved = [expected[1]!, expected[0]!, ...expected.slice(2)];
  await expect.poll(() => names(page)).toEqual(moved);
  await page.reload();
  await expect.poll(() => names(page)).toEqual(moved);
});

test('a refused reorder is rolled back with a message', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const before = await names(page);
  await page.route('**/api/v1/trainings/reordering', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ code: 'VALIDATION_FAILED', message: 'Cette formation n’est pas dans votre espace.', errors: {} }) }),
  );
  await dragRow(page, rows(page).nth(0), rows(page).nth(1));
  await expect(page.getByText("L'ordre n'a pas pu être enregistré")).toBeVisible();
  await expect.poll(() => names(page)).toEqual(before);
});

test('delete asks first, then the training leaves the list', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const name = `À supprimer ${Date.now()}`;
  await createTraining(page, name);
  await openList(page);
  await rowNamed(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  // A short question as title, the name in the body; no learner: the general rule only.
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer la formation ?' });
  await expect(dialog).toContainText(`« ${name} » sera supprimée`);
  await expect(dialog.getByTestId('delete-training-dialog-caution')).toHaveText(/^Une formation qui a des apprenants payants/);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(rowNamed(page, name)).toHaveCount(1);
  await rowNamed(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`« ${name} » a été supprimée`)).toBeVisible();
  await expect(rowNamed(page, name)).toHaveCount(0);
});

test('deleting a training with learners cautions about them, and the server still refuses it once they paid', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  await openList(page);
  const name = 'Photographie culinaire : les fondamentaux';
  const learners = (await rowNamed(page, name).getByText(/^\d+ apprenants$/).innerText()).match(/\d+/)![0];
  await rowNamed(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer la formation ?' });
  await expect(dialog.getByTestId('delete-training-dialog-caution')).toHaveText(
    `Cette formation a ${learners} apprenants : si l’un d’eux l’a payée, elle ne pourra pas être supprimée. Dans ce cas, fermez-la ou masquez-la plutôt.`,
  );
  // The demo training has paid sales: the server's refusal shows in the dialog, which stays open, instead of the caution.
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByTestId('delete-training-dialog-caution')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(rowNamed(page, name)).toHaveCount(1);
});

test('an analyst reads the list: no add button, no menus, no drag; rows open the first tab the role may see', async ({ page }) => {
  await logIn(page, 'analyst@demo.test');
  await openList(page);
  await expect(page.getByTestId('add-training')).toHaveCount(0);
  await expect(page.getByTestId('row-menu')).toHaveCount(0);
  await expect(page.locator('[data-drag-handle]')).toHaveCount(0);
  await expect(rows(page).first().getByRole('link')).toHaveAttribute('href', /\/formations\/[0-9a-f-]{36}\/apprenants$/);
});

test('under 1024px wide the list cannot be dragged', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await logIn(page, 'owner@demo.test');
  await openList(page);
  await expect(page.locator('[data-drag-handle]')).toHaveCount(0);
  await expect(page.getByTestId('drag-hint')).toContainText('Sur un écran plus large');
});
