import { expect, test, type APIRequestContext, type Page } from './fixtures';

/**
 * The rich-text editor in a real browser, on the page that hosts its description preset (a training's
 * description tab): the link flow of machines/linkEditor (button title, the "select text first" alert, an
 * invalid address refused, delete only on a link), the hidden text area's focus, the trailing empty paragraph
 * left out of what is saved, the spec's height and the preset's tools. The lesson preset (tables, emoji, every
 * tool) is covered by tests/unit/editor until the lesson editor's page hosts it.
 */

async function apiAs(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return {
    training: async (name: string) => {
      const response = await request.post('/api/v1/trainings', { headers, data: { name } });
      expect(response.ok()).toBe(true);
      return (await response.json()) as { uuid: string };
    },
    description: async (uuid: string) => {
      const response = await request.get(`/api/v1/trainings/${uuid}`, { headers });
      return ((await response.json()) as { description: string | null }).description;
    },
  };
}

async function openDescription(page: Page, request: APIRequestContext) {
  const api = await apiAs(request);
  const training = await api.training(`Éditeur ${Date.now()}`);
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await page.goto(`/formations/${training.uuid}/description`);
  const editor = page.getByTestId('editor-content');
  // The editor is a lazy chunk: on a busy machine it can take longer than an assertion's default wait.
  await expect(editor).toBeVisible({ timeout: 30_000 });
  return { api, training, editor };
}

test('link flow: alert without a selection, add, refuse an invalid address, edit and delete', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { editor } = await openDescription(page, request);
  const linkButton = page.getByTestId('editor-link');
  await expect(linkButton).toHaveAccessibleName('Ajouter un lien');

  await editor.click();
  await page.keyboard.type('Voir le site');
  // A bare cursor outside any link: an alert asks to select text first, and nothing is linked.
  await linkButton.click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Sélectionnez d’abord le texte à transformer en lien.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
  await expect(editor.locator('a')).toHaveCount(0);

  // Select "le site" and add a link; an address that is not http(s) or e-mail does nothing but say why.
  for (let i = 0; i < 'le site'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const dialog = page.getByTestId('editor-link-dialog');
  await expect(dialog.getByTestId('editor-link-remove')).toHaveCount(0);
  await dialog.getByRole('textbox').fill('ftp://exemple.fr');
  await dialog.getByTestId('editor-link-apply').click();
  await expect(dialog).toContainText('Saisissez une adresse web');
  await expect(editor.locator('a')).toHaveCount(0);
  await dialog.getByRole('textbox').fill('https://exemple.fr/marche');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://exemple.fr/marche');
  await expect(editor).toBeFocused();

  // The cursor in the link: the button edits it, and delete shows.
  await page.keyboard.press('ArrowLeft');
  await expect(linkButton).toHaveAccessibleName('Modifier le lien');
  await linkButton.click();
  await expect(dialog.getByRole('textbox')).toHaveValue('https://exemple.fr/marche');
  await dialog.getByTestId('editor-link-remove').click();
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor).toHaveText('Voir le site');
});

test('the hidden text area sends focus to the end; a trailing empty paragraph is not saved; 256 px high; the description tools only', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { api, training, editor } = await openDescription(page, request);
  const box = await editor.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(256);
  await expect(page.getByTestId('editor-toolbar').getByRole('button')).toHaveCount(10);
  await expect(page.getByTestId('editor-emoji')).toHaveCount(0);
  await expect(page.getByTestId('editor-table')).toHaveCount(0);

  await editor.click();
  await page.keyboard.type('Première ligne');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Fin');
  await page.keyboard.press('Control+Home');
  // A label pointing at the field focuses the hidden text area: typing goes on at the end of the text.
  await page.getByTestId('editor-hidden-textarea').focus();
  await expect(editor).toBeFocused();
  await page.keyboard.type(' du texte');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(editor.locator('p')).toHaveCount(4);

  const html = '<p>Première ligne</p><p>Fin du texte</p>';
  await expect(page.getByTestId('editor-count')).toHaveText(`${html.length} / 20\u202f000`);
  await page.getByTestId('description-save').click();
  await expect(page.getByTestId('description-form').getByRole('status')).toHaveText('Enregistré !');
  expect(await api.description(training.uuid)).toBe(html);
});
