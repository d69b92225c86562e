import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { apiSession, logIn, signIn } from './session';

/**
 * The task-list editor (/formations/:uuid/tasks/:id) and the settings column every item editor shares
 * (unlock rules, resources), against the real server. Each test makes its own training.
 */

interface Item {
  id: number;
  name: string;
  draft: boolean;
  version: number;
  specific_content: string | null;
  unlock_mode: string;
  unlock_delay_days: number | null;
  unlock_blockers: { type: string; item_id: number; min_score: number | null }[];
  resources: { name: string; type: string; url: string }[];
}

async function apiAs(request: APIRequestContext) {
  const send = await apiSession(request);
  return {
    training: (name: string) => send<{ uuid: string }>('post', '/trainings', { name }),
    item: (uuid: string, body: Record<string, unknown>) => send<Item>('post', `/trainings/${uuid}/training_items`, body),
    get: (uuid: string, id: number) => send<Item>('get', `/trainings/${uuid}/training_items/${id}`),
  };
}

const status = (page: Page) => page.getByTestId('lesson-save-status');
const taskInputs = (page: Page) => page.getByTestId('task-row').locator('input');
const taskTexts = (page: Page) => taskInputs(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test('a trainer writes a task list, reorders it with the keyboard and by dragging, saves, and finds it after a reload', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Tâches ${Date.now()}`);
  const section = await api.item(training.uuid, { type: 'SECTION', name: 'Chapitre', draft: false });
  const tasks = await api.item(training.uuid, { type: 'TASKS', name: 'À faire', parent_id: section.id });
  await logIn(page);
  // Opened from the tree, like a trainer would.
  await page.goto(`/formations/${training.uuid}`);
  await page.getByTestId(`tree-item-${tasks.id}`).getByRole('link').click();
  await expect(page.getByTestId('task-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Aucune tâche.', { exact: false })).toBeVisible();

  await page.getByTestId('add-task').click();
  await page.keyboard.type('Lire le guide');
  // Entrée adds the next task, focused.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Remplir la fiche');
  await page.keyboard.press('Enter');
  await expect(taskInputs(page)).toHaveCount(3);
  // An empty task keeps the list from being saved, with the field's message.
  await page.getByTestId('lesson-save').click();
  await expect(page.getByTestId('lesson-problem')).toBeVisible();
  await expect(page.getByText('Le texte de la tâche est obligatoire.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tâche 3' }).fill('Envoyer la fiche');

  // Keyboard: the third task goes up one place.
  await page.getByRole('button', { name: 'Monter (Tâche 3)' }).click();
  await expect.poll(() => taskTexts(page)).toEqual(['Lire le guide', 'Envoyer la fiche', 'Remplir la fiche']);
  // Drag: the first task goes last, by its grip.
  const grip = page.getByTestId('task-row').first().locator('[data-drag-handle]');
  const target = page.getByTestId('task-row').last();
  const from = (await grip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => taskTexts(page)).toEqual(['Envoyer la fiche', 'Remplir la fiche', 'Lire le guide']);

  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  const saved = await api.get(training.uuid, tasks.id);
  expect(JSON.parse(saved.specific_content!).tasks.map((task: { label: string }) => task.label)).toEqual(['Envoyer la fiche', 'Remplir la fiche', 'Lire le guide']);

  await page.getByRole('button', { name: 'Supprimer (Tâche 2)' }).click();
  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');
  await page.reload();
  await expect.poll(() => taskTexts(page), { timeout: 30_000 }).toEqual(['Envoyer la fiche', 'Lire le guide']);
});

test('a trainer sets a lesson’s unlock rules and adds a link resource; both are kept', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Déblocage ${Date.now()}`);
  const section = await api.item(training.uuid, { type: 'SECTION', name: 'Chapitre', draft: false });
  const quiz = await api.item(training.uuid, { type: 'QUIZ', name: 'Quiz d’entrée', parent_id: section.id });
  const lesson = await api.item(training.uuid, { type: 'GENERIC', name: 'Leçon suivante', parent_id: section.id });
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/editor/${lesson.id}?parentId=${section.id}`);
  const unlock = page.getByTestId('unlock-settings');
  await expect(unlock).toBeVisible({ timeout: 30_000 });

  await unlock.getByText('Après un délai', { exact: true }).click();
  await expect(unlock.getByRole('radio', { name: /Après un délai/ })).toBeChecked();
  // The delay is required in that mode: an unfinished setting is explained, not saved.
  await page.getByTestId('lesson-save').click();
  await expect(page.getByText('Indiquez un nombre entier de jours, de 0 à 3 650.')).toBeVisible();
  await page.getByTestId('unlock-delay').locator('input').fill('7');
  await unlock.getByText('Réussir le quiz « Quiz d’entrée »').click();
  await expect(unlock.getByRole('checkbox', { name: 'Réussir le quiz « Quiz d’entrée »' })).toBeChecked();
  await unlock.getByLabel('Score minimal (%)').fill('80');
  await page.getByTestId('lesson-save').click();
  await expect(status(page)).toHaveText('Toutes les modifications sont enregistrées');

  const resources = page.getByTestId('item-resources');
  await expect(resources.getByText('Aucune ressource.', { exact: false })).toBeVisible();
  await resources.getByLabel('Nom').fill('Guide officiel');
  await resources.getByLabel('Adresse (https://…)').fill('javascript:alert(1)');
  await resources.getByRole('button', { name: 'Ajouter le lien' }).click();
  await expect(resources.getByRole('alert').or(resources.locator('.ui-field__error'))).toBeVisible();
  await resources.getByLabel('Adresse (https://…)').fill('https://example.org/guide');
  await resources.getByRole('button', { name: 'Ajouter le lien' }).click();
  await expect(resources.getByTestId('item-resource')).toHaveCount(1);
  await expect(resources.getByRole('link', { name: 'Guide officiel' })).toHaveAttribute('href', 'https://example.org/guide');

  const saved = await api.get(training.uuid, lesson.id);
  expect(saved).toMatchObject({ unlock_mode: 'DELAY', unlock_delay_days: 7, unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: quiz.id, min_score: 80 }] });
  expect(saved.resources).toMatchObject([{ name: 'Guide officiel', type: 'LINK', url: 'https://example.org/guide' }]);

  await page.reload();
  await expect(page.getByTestId('unlock-delay').locator('input')).toHaveValue('7', { timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Réussir le quiz « Quiz d’entrée »' })).toBeChecked();
  await expect(page.getByTestId('item-resource')).toHaveCount(1);
});
