import { expect, test, type Locator, type Page } from './fixtures';
import { logIn, signIn } from './session';

/**
 * /packs and /packs/:uuid (issue 5): create a bundle and land on it, add trainings from the picker
 * (searchable), reorder them by drag and by the arrows (saved), remove one, change the settings, reorder
 * the bundles list (saved), and the read-only list of an analyst. Bundles are created here with unique names.
 */

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

async function createBundle(page: Page, name: string) {
  await page.goto('/packs');
  await expect(page.getByTestId('bundles-list').or(page.getByTestId('bundles-empty'))).toBeVisible();
  await page.getByTestId('add-bundle').click();
  const form = page.getByTestId('create-bundle');
  await page.getByTestId('create-bundle-submit').click();
  await expect(form).toContainText('Le titre est obligatoire.');
  await form.locator('input[name=name]').fill(name);
  await form.locator('textarea[name=summary]').fill('Trois formations pour bien commencer');
  await page.getByTestId('create-bundle-submit').click();
  await expect(page).toHaveURL(/\/packs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('bundle-status')).toHaveText('Brouillon');
}

const items = (page: Page) => page.getByTestId('bundle-trainings').locator(':scope > li');
const itemNames = (page: Page) => items(page).locator('.bundle-trainings__name').allInnerTexts();

test.use({ viewport: { width: 1280, height: 900 } });

test('a bundle: create it, add trainings from the picker, reorder them (saved), remove one', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const name = `Pack e2e ${Date.now()}`;
  await createBundle(page, name);
  await expect(page.getByTestId('bundle-trainings-empty')).toBeVisible();

  // The picker lists the store's trainings not in the bundle; search narrows it.
  await page.getByTestId('bundle-add-training').click();
  const picker = page.getByTestId('bundle-picker');
  const addButtons = picker.getByRole('button', { name: /^Ajouter « / });
  await expect(addButtons.first()).toBeVisible();
  const offered = await addButtons.count();
  expect(offered).toBeGreaterThanOrEqual(3);
  await picker.getByTestId('bundle-picker-search').locator('input').fill('lumiere');
  await expect(addButtons).toHaveCount(1);
  await addButtons.first().click();
  await expect(page.getByText('« Maîtriser la lumière naturelle » a été ajoutée au pack')).toBeVisible();
  await expect(picker.getByTestId('bundle-picker-empty')).toContainText('Aucune formation à ajouter ne correspond');
  await picker.getByTestId('bundle-picker-search').locator('input').fill('');
  await expect(addButtons).toHaveCount(offered - 1);
  await addButtons.first().click();
  await expect(addButtons).toHaveCount(offered - 2);
  await addButtons.first().click();
  await expect(addButtons).toHaveCount(offered - 3);
  await page.getByRole('button', { name: 'Terminé' }).click();
  // The list behind the modal already shows the three rows: wait until the closing modal (its exit
  // animation) is gone, or the drag below would press on the modal instead of the row's handle.
  await expect(picker).toBeHidden();

  await expect(items(page)).toHaveCount(3);
  await expect(page.getByTestId('bundle-trainings-count')).toContainText('3 formations');
  const before = await itemNames(page);
  expect(before[0]).toBe('Maîtriser la lumière naturelle');

  // Drag the first below the third: saved, still so after a reload.
  const saved = page.waitForResponse((r) => /\/bundles\/[0-9a-f-]+\/items\/order$/.test(r.url()));
  await dragRow(page, items(page).nth(0), items(page).nth(2));
  expect((await saved).status()).toBe(200);
  const dragged = [before[1]!, before[2]!, before[0]!];
  await expect.poll(() => itemNames(page)).toEqual(dragged);
  await page.reload();
  await expect.poll(() => itemNames(page)).toEqual(dragged);

  // The arrows move a training too (keyboard users).
  await items(page).nth(1).getByRole('button', { name: `Monter : ${dragged[1]}` }).click();
  const arrowed = [dragged[1]!, dragged[0]!, dragged[2]!];
  await expect.poll(() => itemNames(page)).toEqual(arrowed);
  await page.reload();
  await expect.poll(() => itemNames(page)).toEqual(arrowed);

  // Remove one: gone, and the picker offers it again.
  await page.getByRole('button', { name: `Retirer « ${arrowed[0]} » du pack` }).click();
  await expect(page.getByText(`« ${arrowed[0]} » a été retirée du pack`)).toBeVisible();
  await expect.poll(() => itemNames(page)).toEqual([arrowed[1]!, arrowed[2]!]);
  await page.reload();
  await expect.poll(() => itemNames(page)).toEqual([arrowed[1]!, arrowed[2]!]);
  await page.getByTestId('bundle-add-training').click();
  await expect(page.getByTestId('bundle-picker').getByRole('button', { name: `Ajouter « ${arrowed[0]} » au pack` })).toBeVisible();
});

test('bundle settings: status and name saved; a slug another bundle uses is refused on its field', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const stamp = Date.now();
  await createBundle(page, `Premier ${stamp}`);
  await createBundle(page, `Second ${stamp}`);
  await page.getByTestId('bundle-tab-settings').click();
  const form = page.getByTestId('bundle-settings-general');
  await form.locator('input[name=slug]').fill(`premier-${stamp}`);
  await page.getByTestId('bundle-settings-save').click();
  await expect(form.locator('input[name=slug]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('input[name=slug]')).toHaveValue(`premier-${stamp}`);
  await form.locator('input[name=slug]').fill(`second-renomme-${stamp}`);
  await form.locator('input[name=name]').fill(`Second renommé ${stamp}`);
  await page.getByTestId('bundle-status-choice').getByText('Publié', { exact: true }).click();
  await page.getByTestId('bundle-settings-save').click();
  await expect(form.getByText('Enregistré !')).toBeVisible();
  await expect(page.getByTestId('bundle-status')).toHaveText('Publié');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Second renommé ${stamp}`);
  await page.reload();
  await expect(page.getByTestId('bundle-settings-general').locator('input[name=slug]')).toHaveValue(`second-renomme-${stamp}`);
  await page.goto('/packs');
  const row = page.getByTestId('bundles-list').locator(':scope > li').filter({ hasText: `Second renommé ${stamp}` });
  await expect(row.getByTestId('bundle-status')).toHaveText('Publié');
});

test('the bundles list: drag reordering is saved; an analyst reads it only', async ({ page, browser }) => {
  await logIn(page, 'owner@demo.test');
  // Two of its own: the test does not count on bundles an earlier test of the worker's database made.
  await createBundle(page, `Ordre A ${Date.now()}`);
  await createBundle(page, `Ordre B ${Date.now()}`);
  await page.goto('/packs');
  const rows = page.getByTestId('bundles-list').locator(':scope > li');
  const names = () => rows.locator('.catalogue-row__name').allInnerTexts();
  await expect(rows.nth(1)).toBeVisible();
  const before = await names();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/bundles/order'));
  await dragRow(page, rows.nth(0), rows.nth(1));
  expect((await saved).status()).toBe(200);
  const expected = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(names).toEqual(expected);
  await page.reload();
  await expect.poll(names).toEqual(expected);

  const analyst = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(analyst, 'analyst@demo.test');
  await analyst.goto('/packs');
  await expect(analyst.getByTestId('bundles-list')).toBeVisible();
  await expect(analyst.getByTestId('add-bundle')).toHaveCount(0);
  await expect(analyst.getByTestId('row-menu')).toHaveCount(0);
  await expect(analyst.locator('[data-drag-handle]')).toHaveCount(0);
  await expect(analyst.getByTestId('bundles-list').getByRole('link')).toHaveCount(0);
  await analyst.close();
});

test('bundle price and description: a schedule sets the shown price (also in the list); the description is saved with its bold text and list', async ({ page }) => {
  await logIn(page, 'owner@demo.test');
  const name = `Tarifé ${Date.now()}`;
  await createBundle(page, name);
  await page.getByTestId('bundle-tab-price').click();
  await expect(page.getByTestId('bundle-price')).toHaveText('Sans tarif, le pack ne peut pas être acheté.');
  await page.getByTestId('payment-schedules').locator('input[name=price]').fill('149,90');
  await page.getByTestId('schedule-add').click();
  await expect(page.getByTestId('payment-schedule')).toHaveCount(1);
  await expect(page.getByTestId('bundle-price')).toHaveText('Prix affiché : 149,90\u00a0€');
  await page.goto('/packs');
  const row = page.getByTestId('bundles-list').locator(':scope > li').filter({ hasText: name });
  await expect(row.locator('.catalogue-row__price')).toHaveText('149,90\u00a0€');

  await row.getByRole('link', { name }).click();
  await page.getByTestId('bundle-tab-description').click();
  const form = page.getByTestId('description-form');
  const editor = form.getByTestId('editor-content');
  await editor.click();
  await page.keyboard.type('Trois formations complètes.');
  // Toolbar bold on a word selected with the keyboard.
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 'complètes'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await form.getByTestId('editor-strong').click();
  await expect(form.getByTestId('editor-strong')).toHaveAttribute('aria-pressed', 'true');
  // Keyboard bullet list (Ctrl+Shift+8) after the paragraph.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+8');
  await page.keyboard.type('Accès à vie');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Mises à jour <b>incluses</b>');
  await page.getByTestId('description-save').click();
  await expect(form.getByText('Enregistré !')).toBeVisible();
  await page.reload();
  await expect(editor.locator('p').first()).toHaveText('Trois formations complètes.');
  await expect(editor.locator('strong')).toHaveText('complètes');
  // Typed markup stays text: it never becomes bold.
  await expect(editor.locator('ul > li')).toHaveText(['Accès à vie', 'Mises à jour <b>incluses</b>']);
  await expect(editor.locator('strong')).toHaveCount(1);
});
