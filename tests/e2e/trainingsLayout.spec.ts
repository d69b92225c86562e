import { expect, test, type APIRequestContext, type Locator } from './fixtures';
import { logIn, signIn } from './session';

/**
 * The trainings back office at the two desktop widths the review used (1024×768 with the drawer docked, and
 * 1280×900): nothing is cut off or pushed sideways, titles never break letter by letter, the learners table's
 * actions stay on one line or behind a menu, the learners count matches /formations. Demo data is only read.
 */

const DEMO_TRAINING = 'de300000-0000-4000-8000-000000000001';
const NARROW = { width: 1024, height: 768 };
const WIDE = { width: 1280, height: 900 };

async function ownerApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return async <T>(url: string): Promise<T> => {
    const response = await request.get(`/api/v1${url}`, { headers });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  };
}

/** Scroll width over client width of an element: more than 0 means its content is pushed sideways. */
const overflowOf = (box: Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);

for (const viewport of [NARROW, WIDE]) {
  test(`catalogue lists at ${viewport.width} px: readable names, rows of normal height`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    for (const [path, list] of [
      ['/formations', 'trainings-list'],
      ['/packs', 'bundles-list'],
    ] as const) {
      await page.goto(path);
      const rows = page.getByTestId(list).locator(':scope > li');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const main = (await row.locator('.catalogue-row__main').boundingBox())!;
        const box = (await row.boundingBox())!;
        // 12rem at least for the name; a row of three short lines at most (it grew to ~350 px when names broke letter by letter).
        expect(main.width, `${path}: name column`).toBeGreaterThanOrEqual(192);
        expect(box.height, `${path}: row height`).toBeLessThan(130);
      }
      expect(await overflowOf(page.locator('html'))).toBeLessThanOrEqual(0);
    }
  });
}

test('learners at 1024 px: the table fits its box, the actions are in a "…" menu, dates on one line', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/apprenants`);
  const table = page.getByTestId('training-customers').locator('.table-scroll');
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  expect(await overflowOf(table)).toBeLessThanOrEqual(0);
  // The enrolment date moved under the e-mail; the buttons gave way to the menu.
  await expect(table.locator('thead th').filter({ hasText: 'Inscription' })).toBeHidden();
  const student = page.getByTestId('customer-row').filter({ has: page.locator('.pill--success') }).first();
  await expect(student.getByText(/^Inscription : /)).toBeVisible();
  await expect(student.getByRole('button', { name: /^Retirer / })).toHaveCount(0);
  await student.getByTestId('customer-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Accès…', 'Bloquer', 'Retirer']);
  await page.keyboard.press('Escape');
  // One line per cell: the "Dernière connexion" heading and the dates do not wrap.
  const heading = table.locator('thead th').filter({ hasText: 'Dernière connexion' });
  expect((await heading.boundingBox())!.height).toBeLessThan(40);
});

test('learners at 1280 px: Accès…, Bloquer and Retirer side by side, rows of one height', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/apprenants`);
  const table = page.getByTestId('training-customers').locator('.table-scroll');
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  expect(await overflowOf(table)).toBeLessThanOrEqual(0);
  const student = page.getByTestId('customer-row').filter({ has: page.locator('.pill--success') }).first();
  const block = (await student.getByRole('button', { name: /^Bloquer / }).boundingBox())!;
  const remove = (await student.getByRole('button', { name: /^Retirer / }).boundingBox())!;
  expect(remove.y).toBe(block.y);
  expect(remove.x).toBeGreaterThan(block.x);
  const access = (await student.getByRole('button', { name: /^Modifier l’accès / }).boundingBox())!;
  expect(access.y).toBe(block.y);
  // Rows without an access note (end date, drip bypass: a line of their own) are of one height.
  const heights = await page
    .getByTestId('customer-row')
    .evaluateAll((rows) => rows.filter((row) => !row.querySelector('.customer-access')).map((row) => Math.round(row.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(3);
  expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);
});

test('learners count: the training’s learners as on /formations, abandoned carts apart; a search counts its results', async ({ page, request }) => {
  const get = await ownerApi(request);
  const training = await get<{ customers_count: number }>(`/trainings/${DEMO_TRAINING}`);
  const all = await get<{ meta: { total: number } }>(`/trainings/${DEMO_TRAINING}/customers?per_page=1`);
  const carts = await get<{ meta: { total: number } }>(`/trainings/${DEMO_TRAINING}/customers?per_page=1&type=ABANDONED_CART`);
  // The demo training has one abandoned cart, which the unfiltered list counts and customers_count does not.
  expect(carts.meta.total).toBeGreaterThan(0);
  expect(all.meta.total).toBe(training.customers_count + carts.meta.total);

  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/apprenants`);
  const card = page.getByTestId('training-customers').locator('xpath=ancestor::section[1]');
  const plural = (n: number, one: string, other: string) => `${n} ${n > 1 ? other : one}`;
  await expect(card.locator('.ui-card__description')).toHaveText(
    `${plural(training.customers_count, 'apprenant', 'apprenants')} · ${plural(carts.meta.total, 'panier abandonné', 'paniers abandonnés')}`,
  );
  await page.getByTestId('customers-search').locator('input').fill('Petitjean');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(card.locator('.ui-card__description')).toHaveText('1 résultat');
});

test('trainings settings at 1024 px: every field and Enregistrer inside the box; the drawer entry on one line', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signIn(page);
  await page.goto('/formations/parametres');
  const rows = page.getByTestId('rules-row');
  await expect(rows.first()).toBeVisible();
  const box = page.getByTestId('trainings-settings-page').locator('.table-scroll');
  expect(await overflowOf(box)).toBeLessThanOrEqual(0);
  const right = (await box.boundingBox())!;
  for (const row of await rows.all()) {
    // The end of enrolment is a date field: its segments' box (role group), not its hidden inputs (form value, autofill).
    const fields = row.locator(':is(input, select):not([type=hidden], [hidden], [aria-hidden=true] *), .ui-date-field [role=group]');
    await expect(fields).toHaveCount(4);
    for (const control of [...(await fields.all()), row.getByTestId('rules-save')]) {
      const bounds = (await control.boundingBox())!;
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(right.x + right.width);
    }
    // Each field shows its column's name above it once the headings are hidden.
    await expect(row.getByText('Diffusion progressive')).toBeVisible();
  }
  const entry = page.locator('.shell-drawer').getByRole('link', { name: 'Réglages des formations' });
  expect((await entry.boundingBox())!.height).toBeLessThan(40);
});

test('row menu: no ring around the box when opened with the mouse; items keep a focus style for the keyboard', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page);
  await page.goto('/formations');
  await page.getByTestId('trainings-list').getByTestId('row-menu').first().click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
  await page.keyboard.press('ArrowDown');
  const focused = menu.locator('.ui-menu__item[data-focus-visible]');
  await expect(focused).toHaveCount(1);
  expect(await focused.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
});

test('a training’s access card: the fields side by side start at the same height', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/parametres`);
  const card = page.getByTestId('settings-access');
  const endsAt = (await card.locator('[data-name=enrollment_ends_at]').getByRole('group').boundingBox())!;
  const drip = (await card.locator('select[name=drip_frequency]').boundingBox())!;
  expect(Math.abs(endsAt.y - drip.y)).toBeLessThanOrEqual(2);
});
