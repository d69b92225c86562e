import { expect, test, type APIRequestContext } from './fixtures';
import { signIn } from './session';

/**
 * The quiz editor (/formations/:uuid/quiz/:id) and its answers page against the real server: a quiz written,
 * refused while a question has no correct answer, saved, read back after a reload; the demo quiz's learners'
 * attempts with their results.
 */

const DEMO_PHOTO = 'de300000-0000-4000-8000-000000000001';
const DEMO_QUIZ = 8;

async function newQuiz(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const post = async (url: string, data: unknown) => (await (await request.post(`/api/v1${url}`, { headers, data })).json()) as { uuid: string; id: number };
  const training = await post('/trainings', { name: `Quiz ${Date.now()}` });
  const section = await post(`/trainings/${training.uuid}/training_items`, { type: 'SECTION', name: 'Chapitre', draft: false });
  const quiz = await post(`/trainings/${training.uuid}/training_items`, { type: 'QUIZ', name: 'Mon quiz', parent_id: section.id });
  return { training: training.uuid, quiz: quiz.id };
}

test('writes a quiz, is refused without a correct answer, saves, and finds it after a reload', async ({ page, request }) => {
  const { training, quiz } = await newQuiz(request);
  await signIn(page);
  await page.goto(`/formations/${training}/quiz/${quiz}`);
  const editor = page.getByTestId('quiz-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Toutes les modifications sont enregistrées');

  await page.getByTestId('quiz-add-multiple').click();
  const question = page.getByTestId('quiz-question').first();
  await question.getByTestId('quiz-question-text').locator('textarea').fill('Quels cadrages sont classiques ?');
  const labels = question.getByTestId('quiz-choice-label').locator('input');
  await labels.nth(0).fill('La plongée');
  await labels.nth(1).fill('La contre-plongée');
  // Untick the only correct answer: the save is refused on the spot, with the reason.
  await question.getByTestId('quiz-choice-correct').first().click();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Modifications non enregistrées');
  await page.getByTestId('quiz-save').click();
  await expect(page.getByTestId('quiz-problem')).toBeVisible();
  await expect(question.getByRole('alert')).toHaveText('Cochez au moins une bonne réponse.');

  await question.getByTestId('quiz-choice-correct').first().click();
  await question.getByTestId('quiz-add-choice').click();
  await labels.nth(2).fill('Le 45°');
  await question.getByTestId('quiz-choice-correct').nth(2).click();
  await page.getByTestId('quiz-min-rate').locator('input').fill('70');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Toutes les modifications sont enregistrées');
  await page.screenshot({ path: 'test-results/quiz-editor.png', fullPage: true });

  await page.reload();
  await expect(page.getByTestId('quiz-question')).toHaveCount(1);
  await expect(page.getByTestId('quiz-question-text').locator('textarea')).toHaveValue('Quels cadrages sont classiques ?');
  await expect(page.getByTestId('quiz-choice-label').locator('input')).toHaveCount(3);
  await expect(page.getByTestId('quiz-min-rate').locator('input')).toHaveValue('70');
  await page.getByTestId('quiz-answers-link').click();
  await expect(page.getByTestId('quiz-answers-empty')).toBeVisible();
});

test('shows the demo quiz’s attempts with score and result, and exports them', async ({ page }) => {
  await signIn(page);
  await page.goto(`/formations/${DEMO_PHOTO}/quiz/${DEMO_QUIZ}/answers`);
  const table = page.getByTestId('quiz-answers-table');
  await expect(table).toBeVisible();
  // The seed's five attempts; the learner-player test (same server, same quiz) may have added Léa's.
  await expect(table.locator('tbody tr').nth(4)).toBeVisible();
  await expect(table).toContainText('Réussi');
  await expect(table).toContainText('Échoué');
  await page.screenshot({ path: 'test-results/quiz-answers.png', fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByTestId('quiz-export').click();
  expect((await download).suggestedFilename()).toBe(`quiz-${DEMO_QUIZ}-reponses.csv`);
});

test('an error only the server can see (a media never uploaded) shows on the question it concerns, and goes when that question is edited', async ({ page, request }) => {
  const { training, quiz } = await newQuiz(request);
  await signIn(page);
  await page.goto(`/formations/${training}/quiz/${quiz}`);
  await page.getByTestId('quiz-add-single').click();
  await page.getByTestId('quiz-add-single').click();
  const second = page.getByTestId('quiz-question').nth(1);
  for (const question of [page.getByTestId('quiz-question').first(), second]) {
    await question.getByTestId('quiz-question-text').locator('textarea').fill('Quelle lumière ?');
    await question.getByTestId('quiz-choice-label').locator('input').nth(0).fill('Douce');
    await question.getByTestId('quiz-choice-label').locator('input').nth(1).fill('Dure');
  }
  // What another client could send: the second question names a file that never reached the store's uploads. The
  // real server refuses it; the editor cannot know beforehand.
  await page.route(`**/api/v1/trainings/${training}/training_items/${quiz}/quiz`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON() as { questions: { media_url: string | null }[] };
    body.questions[1]!.media_url = 'https://files.example.test/jamais-envoye.png';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId('quiz-save').click();
  await expect(second.getByTestId('quiz-media-problem')).toBeVisible();
  await expect(page.getByTestId('quiz-question').first().getByTestId('quiz-media-problem')).toHaveCount(0);
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Modifications non enregistrées');
  // Nothing typed is lost, and editing that question clears its server error.
  await expect(second.getByTestId('quiz-question-text').locator('textarea')).toHaveValue('Quelle lumière ?');
  await second.getByTestId('quiz-choice-label').locator('input').nth(1).fill('Dure, de midi');
  await expect(second.getByTestId('quiz-media-problem')).toHaveCount(0);
  await page.unrouteAll();
  await page.getByTestId('quiz-save').click();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Toutes les modifications sont enregistrées');
});
