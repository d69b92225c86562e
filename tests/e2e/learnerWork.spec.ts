import { expect, test, type Page } from './fixtures';

/**
 * The learner's work in the player (issue 12) against the real server and the demo seed: Léa Martin hands in the
 * assignment "Composer une assiette" (item 4 of the demo training) as text, the owner rejects it on the existing
 * review page, Léa sees "À reprendre" with the correction and hands in again; then she comments under the lesson.
 */
const TRAINING = 'de300000-0000-4000-8000-000000000001';
const ITEM = 4;

async function learnerLogIn(page: Page) {
  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill('lea.martin@example.com');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
}

async function teamLogIn(page: Page) {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible({ timeout: 30_000 });
}

test('Léa hands in her assignment, the owner rejects it, Léa sees "à reprendre" and hands in again', async ({ page, browser }) => {
  await learnerLogIn(page);
  await page.goto(`/ecole/demo/mes-formations/${TRAINING}/${ITEM}`);
  const handIn = page.getByTestId('hand-in');
  const status = handIn.getByTestId('hand-in-status');
  await expect(status).toHaveText('À rendre');
  // The item's file limit (the assignment-editor test on the same server may have changed the seed's 3).
  await expect(handIn).toContainText(/\d+ fichiers au plus\./);

  // Nothing to hand in: the machine says so before any call.
  await handIn.getByTestId('hand-in-submit').click();
  await expect(handIn.getByText('Écrivez une réponse ou ajoutez au moins un fichier.')).toBeVisible();
  await expect(handIn.getByTestId('hand-in-thread')).toContainText("Une question sur ce devoir ?");
  await handIn.getByRole('textbox', { name: 'Votre réponse' }).fill('Trois angles : plongée, 45° et hauteur de table, lumière de fenêtre.');
  await page.screenshot({ path: test.info().outputPath('hand-in-form.png'), fullPage: true });
  await handIn.getByTestId('hand-in-submit').click();
  await expect(status).toHaveText('En attente de correction');
  await expect(handIn).toContainText('Trois angles : plongée');
  await expect(handIn.getByRole('textbox', { name: 'Votre réponse' })).toHaveCount(0);

  // The owner sees it at once on the review page and rejects it.
  const team = await browser.newContext();
  const teamPage = await team.newPage();
  await teamLogIn(teamPage);
  await teamPage.goto(`/formations/${TRAINING}/assignment/${ITEM}/submissions`);
  await teamPage.getByRole('link', { name: 'Léa Martin' }).click();
  await expect(teamPage.getByTestId('assignment-submission').getByTestId('assignment-status').first()).toHaveAttribute('data-status', 'PENDING_TEACHER');
  await expect(teamPage.getByTestId('assignment-submission-item').first()).toContainText('Trois angles');
  await teamPage.getByTestId('assignment-decision').getByText('Refuser').click();
  await teamPage.getByTestId('assignment-correction').getByRole('textbox').fill('Il manque la photo à hauteur de table : reprenez-la.');
  await teamPage.getByTestId('assignment-decision-submit').click();
  await expect(teamPage.getByTestId('assignment-decided')).toBeVisible();
  await teamPage.getByTestId('assignment-message-input').getByRole('textbox').fill('Gardez la même lumière pour les trois.');
  await teamPage.getByTestId('assignment-message-send').click();
  await expect(teamPage.getByTestId('assignment-message').filter({ hasText: 'Gardez la même lumière' })).toBeVisible();
  await team.close();

  // Léa comes back: to rework, with the correction; she hands in again.
  await page.reload();
  await expect(status).toHaveText('À reprendre');
  await expect(handIn.getByTestId('hand-in-corrections')).toContainText('Il manque la photo à hauteur de table');
  await expect(handIn.getByTestId('hand-in-message')).toContainText('Gardez la même lumière pour les trois.');
  await page.screenshot({ path: test.info().outputPath('hand-in-rejected.png'), fullPage: true });
  await handIn.getByRole('textbox', { name: 'Votre réponse' }).fill('Voici la photo à hauteur de table, reprise.');
  await handIn.getByTestId('hand-in-submit').click();
  await expect(status).toHaveText('En attente de correction');

  // A comment under the lesson.
  const comments = page.getByTestId('lesson-comments');
  await comments.getByRole('textbox', { name: 'Votre commentaire' }).fill('Faut-il un trépied pour la plongée ?');
  await comments.getByTestId('comment-send').click();
  await expect(comments.getByTestId('lesson-comment').filter({ hasText: 'Faut-il un trépied' })).toContainText('Léa Martin');
  await page.screenshot({ path: test.info().outputPath('hand-in-waiting.png'), fullPage: true });
});
