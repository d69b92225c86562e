import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { logIn, signIn } from './session';
import { goodPackage } from '../unit/upload/scormZips';

/**
 * The content tab of a training (/formations/:uuid): the item tree against the real server. Each test makes
 * its own training through the API, so tests do not depend on one another or on the demo catalogue.
 */

interface Node {
  id: number;
  type: string;
  name: string;
  draft: boolean;
  children: Node[];
}

async function token(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/login', { data: { email, password: 'demo-password' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A small API client for the set-up and the checks, signed in as `email`. */
async function apiAs(request: APIRequestContext, email = 'owner@demo.test') {
  const headers = { Authorization: `Bearer ${await token(request, email)}` };
  const send = async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    training: (name: string) => send<{ uuid: string; slug: string }>('post', '/trainings', { name }),
    item: (uuid: string, body: { type: string; name: string; parent_id?: number | null; draft?: boolean }) => send<Node>('post', `/trainings/${uuid}/training_items`, body),
    outline: async (uuid: string) => (await send<{ data: Node[] }>('get', `/trainings/${uuid}/training_items`)).data,
  };
}

/** A training with two sections: "Chapitre A" (lessons A1, A2) and "Chapitre B" (quiz B1). */
async function twoSections(request: APIRequestContext) {
  const api = await apiAs(request);
  const training = await api.training(`Arbre ${Date.now()}`);
  const a = await api.item(training.uuid, { type: 'SECTION', name: 'Chapitre A', draft: false });
  const b = await api.item(training.uuid, { type: 'SECTION', name: 'Chapitre B', draft: false });
  const a1 = await api.item(training.uuid, { type: 'GENERIC', name: 'Leçon A1', parent_id: a.id });
  const a2 = await api.item(training.uuid, { type: 'VIDEO', name: 'Vidéo A2', parent_id: a.id, draft: false });
  const b1 = await api.item(training.uuid, { type: 'QUIZ', name: 'Quiz B1', parent_id: b.id });
  return { api, training, a, b, a1, a2, b1 };
}

const section = (page: Page, id: number) => page.getByTestId(`tree-section-${id}`);
const row = (page: Page, id: number) => page.getByTestId(`tree-item-${id}`);
const namesIn = (list: Locator) => list.locator('.item-tree__item .item-tree__name').allInnerTexts();

async function openMenu(page: Page, id: number, action: string) {
  await page.getByTestId(`tree-menu-${id}`).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('an empty training: add the first chapter, then a lesson whose editor opens about 800 ms after creation, with parentId', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training('Formation sans contenu');
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await expect(page.getByTestId('tree-empty')).toBeVisible();

  await page.getByTestId('tree-add-first-section').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('entry-dialog-save').click();
  await expect(dialog).toContainText('Le titre est obligatoire.');
  await dialog.locator('input[name=name]').fill('x'.repeat(129));
  await dialog.getByTestId('entry-dialog-save').click();
  await expect(dialog).toContainText('ne doit pas dépasser 128 caractères');
  await dialog.locator('input[name=name]').fill('Premiers pas');
  await dialog.getByTestId('draft-switch').click(); // on by default: the chapter is published
  await dialog.getByTestId('entry-dialog-save').click();
  await expect(dialog).toHaveCount(0);
  const [created] = await api.outline(training.uuid);
  expect(created).toMatchObject({ type: 'SECTION', name: 'Premiers pas', draft: false });
  await expect(section(page, created!.id)).toContainText('Premiers pas');
  await expect(page.getByTestId('tree-empty')).toHaveCount(0);

  await page.getByTestId(`tree-add-${created!.id}`).click();
  await page.getByRole('menuitem', { name: 'Leçon' }).click();
  const prompt = page.getByTestId('item-title-form');
  await prompt.getByTestId('item-title-create').click();
  await expect(prompt).toContainText('Le titre est obligatoire.');
  await prompt.locator('input[name=name]').fill('  Introduction  ');
  const creation = page.waitForResponse((response) => response.request().method() === 'POST' && /\/training_items$/.test(new URL(response.url()).pathname));
  // The confirmation shows for ~800 ms only: recorded by the page as it appears, since a busy machine may poll past it.
  await page.evaluate(() => {
    const seen = window as unknown as { __createdShown?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="item-title-form"]')?.textContent?.includes('Élément créé')) seen.__createdShown = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await prompt.getByTestId('item-title-create').click();
  await page.waitForURL(/\/editor\/\d+\?parentId=\d+$/);
  expect(await page.evaluate(() => (window as unknown as { __createdShown?: boolean }).__createdShown)).toBe(true);
  // From the moment the browser had the answer (its own clock), not from when this process heard of it.
  const answer = await creation;
  await answer.finished();
  const timing = answer.request().timing();
  const waited = Date.now() - (timing.startTime + timing.responseEnd);
  expect(waited).toBeGreaterThanOrEqual(650);
  const lesson = (await api.outline(training.uuid))[0]!.children[0]!;
  expect(lesson).toMatchObject({ type: 'GENERIC', name: 'Introduction', draft: true });
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/formations/${training.uuid}/editor/${lesson.id}?parentId=${created!.id}`);
});

test('rows link to their editor with parentId, show type, draft; rename, duplicate and delete with confirmation', async ({ page, request }) => {
  const { api, training, a, a1, a2, b1 } = await twoSections(request);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await expect(row(page, a1.id).getByTestId('tree-item-link')).toHaveAttribute('href', `/formations/${training.uuid}/editor/${a1.id}?parentId=${a.id}`);
  await expect(row(page, b1.id).getByTestId('tree-item-link')).toHaveAttribute('href', new RegExp(`/quiz/${b1.id}\\?parentId=`));
  await expect(row(page, a1.id)).toContainText('Brouillon');
  await expect(row(page, a2.id)).not.toContainText('Brouillon');

  await openMenu(page, a1.id, 'Renommer');
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=name]').fill('Leçon renommée');
  await dialog.getByTestId('entry-dialog-save').click();
  await expect(row(page, a1.id)).toContainText('Leçon renommée');

  await openMenu(page, a2.id, 'Dupliquer');
  await expect(page.getByText('« Vidéo A2 » a été dupliqué.')).toBeVisible();
  await expect.poll(() => namesIn(section(page, a.id))).toEqual(['Leçon renommée', 'Vidéo A2', 'Vidéo A2 (copie)']);

  await openMenu(page, a.id, 'Supprimer');
  // Toasts are alert dialogs too: the confirmation is the one named by its question.
  const confirm = page.getByRole('alertdialog', { name: /^Supprimer « / });
  await expect(confirm).toContainText('Le chapitre et ses 3 éléments seront supprimés définitivement.');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(section(page, a.id)).toBeVisible();

  await openMenu(page, a2.id, 'Supprimer');
  await expect(confirm).toContainText("L’élément et ses ressources seront supprimés définitivement.");
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(row(page, a2.id)).toHaveCount(0);
  await openMenu(page, a.id, 'Supprimer');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(section(page, a.id)).toHaveCount(0);
  const outline = await api.outline(training.uuid);
  expect(outline.map((node) => node.name)).toEqual(['Chapitre B']);
});

test('duplicate an item into another training of the store', async ({ page, request }) => {
  const { api, training, b1 } = await twoSections(request);
  const target = await api.training(`Cible ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await openMenu(page, b1.id, 'Dupliquer dans une autre formation…');
  const dialog = page.getByTestId('duplicate-form');
  await dialog.getByTestId('duplicate-target').selectOption(target.uuid);
  await dialog.getByTestId('duplicate-confirm').click();
  await expect(page.getByText(/« Quiz B1 » a été copié dans « Cible/)).toBeVisible();
  expect((await api.outline(target.uuid)).map((node) => [node.type, node.name])).toEqual([['QUIZ', 'Quiz B1 (copie)']]);
});

/** Drags `handle` onto `target` with the mouse, in small steps (sortablejs's pointer fallback follows them). */
async function drag(page: Page, handle: Locator, target: Locator, where: 'top' | 'bottom' = 'bottom') {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  const y = where === 'top' ? to.y + 4 : to.y + to.height - 4;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, y + (where === 'top' ? 1 : -1), { steps: 2 });
  await page.mouse.up();
}

test('drag an item into another chapter: shown at once, saved, still there after a reload', async ({ page, request }) => {
  const { api, training, a, b, a1, b1 } = await twoSections(request);
  await logIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/formations/${training.uuid}`);
  await drag(page, row(page, a1.id).locator('[data-drag-handle]'), row(page, b1.id), 'bottom');
  await expect.poll(() => namesIn(section(page, b.id))).toEqual(['Quiz B1', 'Leçon A1']);
  await expect(page.getByTestId('tree-saving')).toHaveCount(0);
  await expect.poll(async () => (await api.outline(training.uuid)).map((node) => node.children.map((child) => child.name))).toEqual([['Vidéo A2'], ['Quiz B1', 'Leçon A1']]);
  await page.reload();
  await expect.poll(() => namesIn(section(page, b.id))).toEqual(['Quiz B1', 'Leçon A1']);
  await expect.poll(() => namesIn(section(page, a.id))).toEqual(['Vidéo A2']);
  await expect(row(page, a1.id).getByTestId('tree-item-link')).toHaveAttribute('href', new RegExp(`parentId=${b.id}$`));
});

test('the keyboard alternative: "Descendre" moves a lesson into the next chapter and "Monter" a chapter up', async ({ page, request }) => {
  const { api, training, a, b, a2 } = await twoSections(request);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await page.getByTestId(`tree-menu-${a2.id}`).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Descendre' }).press('Enter');
  await expect.poll(() => namesIn(section(page, b.id))).toEqual(['Vidéo A2', 'Quiz B1']);
  await openMenu(page, b.id, 'Monter');
  await expect.poll(async () => (await api.outline(training.uuid)).map((node) => [node.name, node.children.map((child) => child.name)])).toEqual([
    ['Chapitre B', ['Vidéo A2', 'Quiz B1']],
    ['Chapitre A', ['Leçon A1']],
  ]);
  // The first chapter cannot go up any more.
  await page.getByTestId(`tree-menu-${b.id}`).click();
  await expect(page.getByRole('menuitem', { name: 'Descendre' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Monter' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(section(page, a.id)).toBeVisible();
});

test('a reorder the server refuses is rolled back with a notice', async ({ page, request }) => {
  const { training, a, b } = await twoSections(request);
  await logIn(page);
  await page.route('**/training_items/reordering', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'SERVER_ERROR', message: 'boom' }) }));
  await page.goto(`/formations/${training.uuid}`);
  await openMenu(page, b.id, 'Monter');
  await expect(page.getByText("L'ordre n'a pas pu être enregistré")).toBeVisible();
  await expect.poll(() => page.locator('.item-tree__section-title').allInnerTexts()).toEqual(['Chapitre A', 'Chapitre B']);
  await expect(section(page, a.id)).toBeVisible();
});

test('on the PRO demo store a SCORM asks for a higher plan; an assignment is allowed', async ({ page, request }) => {
  const { training, a } = await twoSections(request);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await page.getByTestId(`tree-add-${a.id}`).click();
  await expect(page.getByRole('menuitem', { name: /SCORM/ }).getByTestId('plan-gem')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Devoir/ }).getByTestId('plan-gem')).toHaveCount(0);
  await page.getByRole('menuitem', { name: /SCORM/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Passer à une offre supérieure ?' });
  await expect(confirm).toContainText('nécessite une offre supérieure');
  await confirm.getByRole('button', { name: 'Plus tard' }).click();
  await expect(confirm).toHaveCount(0);

  await page.getByTestId(`tree-add-${a.id}`).click();
  await page.getByRole('menuitem', { name: /Devoir/ }).click();
  await expect(page.getByTestId('item-title-form')).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByTestId('item-title-form')).toHaveCount(0);
});

test('an analyst may not open the content tab (editors only, spec section 6)', async ({ page, request }) => {
  const { training } = await twoSections(request);
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/formations/${training.uuid}`);
  await expect(page.getByText("Vous n'avez pas accès à cette page !")).toBeVisible();
  await expect(page.getByTestId('item-tree')).toHaveCount(0);
});

test('"Aperçu" opens the lesson (a draft here) in the school\'s player with a preview token, in a new window', async ({ page, request }) => {
  const { training, a1 } = await twoSections(request);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  // The token is fetched when the tab opens: the menu says "Aperçu" once it is held.
  await expect(async () => {
    await page.getByTestId(`tree-menu-${a1.id}`).click();
    await expect(page.getByRole('menuitem', { name: 'Aperçu', exact: true })).toBeVisible({ timeout: 500 });
  }).toPass();
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Aperçu', exact: true }).click();
  const opened = await popup;
  const url = new URL(opened.url());
  expect(url.pathname).toBe(`/ecole/demo/mes-formations/${training.uuid}/${a1.id}`);
  expect(url.searchParams.get('preview_token')).toMatch(/^\S{16,}$/);
  // No learner session in that window: the player opens in preview, drafts included, and says so.
  await expect(opened.getByTestId('preview-banner')).toContainText('Aperçu');
  await expect(opened.getByTestId('lesson')).toHaveAttribute('data-item-id', String(a1.id));
  await expect(opened.getByRole('heading', { name: 'Leçon A1' })).toBeVisible();
  await expect(opened.getByTestId('mark-done')).toHaveCount(0);
  await opened.screenshot({ path: test.info().outputPath('player-preview.png'), fullPage: true });
  // Another item of the outline opens, the token kept in the address.
  await opened.getByTestId('outline-item').filter({ hasText: 'Quiz B1' }).getByRole('button').click();
  await expect(opened.getByTestId('preview-quiz')).toBeVisible();
  expect(new URL(opened.url()).searchParams.get('preview_token')).toBe(url.searchParams.get('preview_token'));
});

test('a platform admin adds a SCORM package into a chapter and opens its launch page; a broken zip is explained', async ({ page, request }) => {
  const { api, training, b } = await twoSections(request);
  await signIn(page, 'platform@demo.test');
  await page.goto(`/formations/${training.uuid}`);
  await page.getByTestId(`tree-add-${b.id}`).click();
  await expect(page.getByRole('menuitem', { name: /SCORM/ }).getByTestId('plan-gem')).toHaveCount(0);
  await page.getByRole('menuitem', { name: /SCORM/ }).click();
  const dialog = page.getByTestId('scorm-dialog');
  // The store's storage quota is shown where packages are sent (PRO: 100 Go).
  await expect(dialog.getByTestId('storage-usage')).toHaveText(/^Stockage de l’école : [\d,\s]+[kKMG]?o utilisés sur 100\sGo\.$/);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'casse.zip', mimeType: 'application/zip', buffer: Buffer.from('pas une archive zip') });
  await expect(dialog.getByTestId('upload-error')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cours.zip', mimeType: 'application/zip', buffer: goodPackage() });
  await expect(page.getByText('Le SCORM « Sécurité & hygiène » a été ajouté.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const scorm = (await api.outline(training.uuid))[1]!.children.find((child) => child.type === 'SCORM')!;
  expect(scorm).toMatchObject({ name: 'Sécurité & hygiène', draft: true });
  await expect(row(page, scorm.id)).toContainText('Sécurité & hygiène');
  // The row opens the package's settings page (issue #10).
  await expect(row(page, scorm.id).getByRole('link')).toHaveAttribute('href', `/formations/${training.uuid}/scorm/${scorm.id}?parentId=${(await api.outline(training.uuid))[1]!.id}`);

  const popup = page.waitForEvent('popup');
  await openMenu(page, scorm.id, 'Ouvrir le paquet SCORM');
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/index\.html/);
  await opened.close();

  // Its settings page (issue #10): opened from the tree, the package previewed in its frame, published, replaced.
  await row(page, scorm.id).getByRole('link').click();
  await expect(page.getByTestId('lesson-editor')).toBeVisible();
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue('Sécurité & hygiène');
  await expect(page.getByTestId('scorm-preview')).toHaveAttribute('src', /index\.html$/);
  await expect.poll(() => page.frameLocator('[data-testid=scorm-preview]').locator('title').textContent()).toBe('Module 1');
  await page.getByTestId('publish-switch').click();
  await expect(page.getByTestId('lesson-save-status')).toHaveText('Toutes les modifications sont enregistrées');
  await expect.poll(async () => (await api.outline(training.uuid))[1]!.children.find((child) => child.id === scorm.id)!.draft).toBe(false);
  const before = await page.getByTestId('scorm-preview').getAttribute('src');
  await page.getByTestId('scorm-upload-field').locator('input[type=file]').setInputFiles({ name: 'cours-v2.zip', mimeType: 'application/zip', buffer: goodPackage() });
  await expect(page.getByText('Le paquet a été remplacé.')).toBeVisible();
  await expect(page.getByTestId('scorm-preview')).not.toHaveAttribute('src', before!);
});

test('publish a draft lesson from its menu after the confirmation, then put it back to draft', async ({ page, request }) => {
  const { api, training, a1 } = await twoSections(request);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}`);
  await expect(row(page, a1.id)).toContainText('Brouillon');

  await openMenu(page, a1.id, 'Publier');
  const confirm = page.getByRole('alertdialog', { name: 'Publier « Leçon A1 » ?' });
  await expect(confirm).toContainText('Les apprenants inscrits pourront l’ouvrir.');
  await expect(confirm.getByTestId('publish-hide-confirm')).toHaveCount(0); // offered from the third time only
  await confirm.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('« Leçon A1 » est publié.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(row(page, a1.id)).not.toContainText('Brouillon');
  expect((await api.outline(training.uuid))[0]!.children.find((child) => child.id === a1.id)!.draft).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('training-item-confirm-count'))).toBe('1');

  // Back to draft: no confirmation.
  await openMenu(page, a1.id, 'Repasser en brouillon');
  await expect(page.getByText('« Leçon A1 » est repassé en brouillon.')).toBeVisible();
  await expect(row(page, a1.id)).toContainText('Brouillon');
  expect((await api.outline(training.uuid))[0]!.children.find((child) => child.id === a1.id)!.draft).toBe(true);
});
