import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { apiSession, signIn } from './session';

/**
 * The lesson editor (/formations/:uuid/editor/:id) against the real server: writing blocks, saving, publishing,
 * the leave prompt, autosave on the page's clock, a failed save kept in the browser and restored after a
 * reload, and a conflict with a copy saved elsewhere. Each test makes its own training and lesson.
 */

interface Item {
  id: number;
  name: string;
  draft: boolean;
  version: number;
  content: string | null;
}

async function apiAs(request: APIRequestContext, email = 'owner@demo.test') {
  const send = await apiSession(request, email);
  return {
    training: (name: string) => send<{ uuid: string }>('post', '/trainings', { name }),
    item: (uuid: string, body: Record<string, unknown>) => send<Item>('post', `/trainings/${uuid}/training_items`, body),
    get: (uuid: string, id: number) => send<Item>('get', `/trainings/${uuid}/training_items/${id}`),
    update: (uuid: string, id: number, body: Record<string, unknown>) => send<Item>('put', `/trainings/${uuid}/training_items/${id}`, body),
  };
}

/** A training with one section holding one draft lesson, and the page on that lesson's editor. */
async function openLesson(page: Page, request: APIRequestContext, content: unknown[] = []) {
  const api = await apiAs(request);
  const training = await api.training(`Leçons ${Date.now()}`);
  const section = await api.item(training.uuid, { type: 'SECTION', name: 'Chapitre', draft: false });
  const lesson = await api.item(training.uuid, { type: 'GENERIC', name: 'Première leçon', parent_id: section.id });
  if (content.length > 0) await api.update(training.uuid, lesson.id, { content: JSON.stringify(content), version: lesson.version });
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/editor/${lesson.id}?parentId=${section.id}`);
  await expect(page.getByTestId('lesson-editor')).toBeVisible({ timeout: 30_000 });
  return { api, training, lesson, section };
}

const status = (page: Page) => page.getByTestId('lesson-save-status');
const blocks = (page: Page) => page.getByTestId('lesson-block');

async function addBlock(page: Page, type: string) {
  await page.getByTestId('add-block').last().click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

test('a trainer writes a lesson block by block, saves, publishes, and finds it again after a reload', async ({ page, request }) => {
  // The longest flow of the file (three block types, the rich-text editor's chunk, a reload).
  test.slow();
  const { api, training, lesson } = await openLesson(page, request);
  await expect(page.getByText('Cette leçon est vide.')).toBeVisible();

  await addBlock(page, 'Titre');
  await page.getByLabel('Titre', { exact: true }).fill('Objectifs');
  await page.getByRole('button', { name: 'Valider le bloc' }).click();

  await addBlock(page, 'Texte');
  await page.getByTestId('editor-content').click();
  await page.keyboard.type('Ce que vous saurez faire à la fin.');
  await page.getByRole('button', { name: 'Valider le bloc' }).click();

  await addBlock(page, 'Citation');
  // Applying an empty block is refused field by field; the block stays open.
  await page.getByRole('button', { name: 'Valider le bloc' }).click();
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  // Saving while a block is open is refused with the spec's message.
  await page.getByTestId('lesson-save').click();
  await expect(page.getByTestId('lesson-problem')).toContainText('Terminez d’abord vos modifications en cours');
  await page.getByLabel('Citation', { exact: true }).fill('Apprendre, c’est changer.');
  await page.keyboard.press('Control+Enter');

  await expect(blocks(page)).toHaveCount(3);
  await expect(status(page)).toHaveText('Modifications non enregistrées');
  // The citation moves above the text.
  await page.getByRole('button', { name: 'Monter (Bloc 3 : Citation)' }).click();
  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');

  const saved = await api.get(training.uuid, lesson.id);
  expect(JSON.parse(saved.content!).map((block: { type: string }) => block.type)).toEqual(['heading', 'quote', 'text']);
  expect(saved.draft).toBe(true);

  await page.getByTestId('publish-switch').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  await expect.poll(async () => (await api.get(training.uuid, lesson.id)).draft).toBe(false);

  await page.reload();
  await expect(blocks(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Objectifs' })).toBeVisible();
  await expect(page.getByText('Apprendre, c’est changer.')).toBeVisible();
});

test('leaving with unsaved changes asks first: stay keeps the page, leave goes', async ({ page, request }) => {
  const { training } = await openLesson(page, request);
  await page.getByTestId('lesson-name').locator('input').fill('Nouveau titre');
  await page.getByRole('link', { name: '← Contenu de la formation' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue('Nouveau titre');
  await page.getByRole('link', { name: '← Contenu de la formation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(new RegExp(`/formations/${training.uuid}$`));
});

test('autosave runs after 60 seconds of unsaved changes (page clock)', async ({ page, request }) => {
  await page.clock.install();
  const { api, training, lesson } = await openLesson(page, request);
  // The page's time stands still from here: only runFor moves it.
  await page.clock.pauseAt(new Date(Date.now() + 2_000));
  await page.getByTestId('lesson-name').locator('input').fill('Titre enregistré tout seul');
  await expect(status(page)).toHaveText('Modifications non enregistrées');
  await page.clock.runFor(59_000);
  await expect(status(page)).toHaveText('Modifications non enregistrées');
  await page.clock.runFor(1_000);
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  expect((await api.get(training.uuid, lesson.id)).name).toBe('Titre enregistré tout seul');
  // Time runs again, so the accessibility scans after the test can settle.
  await page.clock.resume();
});

test('a save that cannot reach the server keeps the work in the browser; a reload offers it back', async ({ page, request }) => {
  const { api, training, lesson } = await openLesson(page, request);
  await page.route(`**/api/v1/trainings/${training.uuid}/training_items/${lesson.id}`, (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
  await page.getByTestId('lesson-name').locator('input').fill('Écrit hors ligne');
  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toContainText('nouvel essai dans');

  // Still offline, the page is reloaded (as after a crash): the work is offered back.
  await page.reload();
  await expect(page.getByTestId('lesson-restore')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue('Première leçon');
  await page.getByRole('button', { name: 'Restaurer mes modifications' }).click();
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue('Écrit hors ligne');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  expect((await api.get(training.uuid, lesson.id)).name).toBe('Écrit hors ligne');
});

test('a copy saved elsewhere meanwhile: the conflict dialog lets the trainer take it or keep theirs', async ({ page, request }) => {
  const { api, training, lesson } = await openLesson(page, request, [{ id: 'h', type: 'heading', data: { text: 'Départ', level: 2 } }]);
  const current = await api.get(training.uuid, lesson.id);
  await api.update(training.uuid, lesson.id, { name: 'Version du collègue', version: current.version });

  await page.getByTestId('lesson-name').locator('input').fill('Ma version');
  await page.getByTestId('lesson-save').click();
  const dialog = page.getByRole('dialog', { name: 'Cette leçon a été modifiée ailleurs' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Autre version : « Version du collègue »');
  await dialog.getByRole('button', { name: 'Garder ma version' }).click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  expect((await api.get(training.uuid, lesson.id)).name).toBe('Ma version');

  // Again, and this time the other copy wins.
  const now = await api.get(training.uuid, lesson.id);
  await api.update(training.uuid, lesson.id, { name: 'Encore le collègue', version: now.version });
  await page.getByTestId('lesson-name').locator('input').fill('Ma deuxième version');
  await page.getByTestId('lesson-save').click();
  await dialog.getByRole('button', { name: 'Prendre l’autre version' }).click();
  await expect(page.getByTestId('lesson-name').locator('input')).toHaveValue('Encore le collègue');
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
});

test('an item that does not exist shows the not-found page', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Vide ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/editor/999999`);
  await expect(page.getByTestId('not-found')).toBeVisible();
});
