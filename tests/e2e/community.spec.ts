import { expect, test, type Locator, type Page } from './fixtures';
import { apiSession, logIn, signIn } from './session';

/**
 * The community (issue 13), through the built app and the real server: the owner launches the community from the
 * activation modal (it really switches community_options.enabled on), creates a space from community onboarding,
 * posts in it with the rich-text editor, opens the post and comments; then the side menu's drag and drop with the
 * server failing the PUT (route interception): the new order shows, then the previous one comes back, said so.
 * Spaces are created here with unique names; rows are found by those names, never counted.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function dragRow(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  const source = (await handle.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 + 5, { steps: 5 });
  await page.mouse.move(target.x + 40, target.y + target.height * 0.8, { steps: 20 });
  await page.mouse.up();
}

test('activation, then a space, a post and a comment', async ({ page, request }) => {
  const send = await apiSession(request);
  const me = await send<{ store: { uuid: string } }>('get', '/users/me');
  // The demo store starts with its community on: switch it off so the owner launches it from the modal.
  await send('put', `/stores/${me.store.uuid}`, { community_options: { enabled: false } });
  await logIn(page);
  await page.getByTestId('menu-community').click();
  await expect(page.getByTestId('community-modal')).toBeVisible();
  await page.getByTestId('community-launch').click();
  await expect(page).toHaveURL(/\/communaute\/demarrage$/);
  await expect(page.getByTestId('community-onboarding')).toBeVisible();

  // The space form: the name is required; then the new space opens.
  const name = unique('Entraide');
  await page.getByTestId('onboarding-create-space').click();
  const form = page.getByTestId('space-form');
  await form.getByTestId('space-form-submit').click();
  await expect(form).toContainText('Ce champ est requis.');
  await form.getByTestId('space-form-name').locator('input').fill(name);
  await form.getByTestId('space-form-submit').click();
  await expect(page).toHaveURL(/\/communaute\/espaces\/[0-9a-f-]{36}\/discussions$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId(`community-space-${name}`)).toBeVisible();

  // A post with the rich-text editor; empty, it is refused in the page.
  const composer = page.getByTestId('post-composer');
  await composer.getByTestId('post-publish').click();
  await expect(composer).toContainText('Écrivez quelque chose avant de publier.');
  await composer.getByTestId('editor-content').click();
  await page.keyboard.type('Bienvenue dans l’espace !');
  await composer.getByTestId('post-publish').click();
  const post = page.getByTestId('post-card').filter({ hasText: 'Bienvenue dans l’espace !' });
  await expect(post).toBeVisible();
  await post.getByTestId('post-open').click();
  await expect(page.getByTestId('post-page')).toBeVisible();

  // A comment: not sent while blank; sent, it shows and the count follows.
  const comment = page.getByTestId('comment-composer');
  await comment.getByTestId('comment-input').locator('textarea').fill('   ');
  await expect(comment.getByTestId('comment-send')).toBeDisabled();
  await comment.getByTestId('comment-input').locator('textarea').fill('Merci pour l’accueil');
  await comment.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Merci pour l’accueil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 commentaire' })).toBeVisible();
});

test('a drag the server refuses: the order comes back, and the page says so', async ({ page, request }) => {
  const send = await apiSession(request);
  const [first, second] = [unique('Annonces'), unique('Questions')];
  await send('post', '/community/groups', { name: first, type: 'CARD', state: 'VISIBLE' });
  await send('post', '/community/groups', { name: second, type: 'CARD', state: 'VISIBLE' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/communaute');
  const list = page.getByTestId('community-standalone-spaces');
  const rowA = list.getByTestId(`community-space-${first}`);
  const rowB = list.getByTestId(`community-space-${second}`);
  await expect(rowB).toBeVisible();
  const names = () => list.locator('li').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
  const before = await names();

  // The PUT is held, then failed: meanwhile the dropped order shows.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/community/groups', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Erreur serveur', code: 'SERVER_ERROR', errors: {} }) });
  });
  // The upper of the two goes below the lower one.
  const [upper, lower] = before.indexOf(`community-space-${first}`) < before.indexOf(`community-space-${second}`) ? [rowA, rowB] : [rowB, rowA];
  await dragRow(page, upper, lower);
  await expect.poll(names).not.toEqual(before);
  release();
  await expect(page.getByText("L'ordre n'a pas pu être enregistré")).toBeVisible();
  await expect.poll(names).toEqual(before);
});

test('a learner reaches the same community from the learner area', async ({ page }) => {
  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill('lea.martin@example.com');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  await page.getByTestId('school-community-link').click();
  await expect(page).toHaveURL('/ecole/demo/communaute');
  await expect(page.getByTestId('community-home')).toBeVisible();
  // The learner's menu: no managers' dropdown; the back arrow goes to the learner's trainings.
  await expect(page.getByTestId('community-menu')).toBeVisible();
  await expect(page.getByTestId('community-admin-menu')).toHaveCount(0);
  await expect(page.getByTestId('community-back').locator('..')).toHaveAttribute('href', '/ecole/demo/mes-formations');
});
