import { expect, test } from './fixtures';
import { signIn } from './session';

/**
 * The assignment review against the real server and the demo seed (seedAssignments.ts): the submissions list,
 * a submission rejected with a comment (its status and history change), a message to the learner; then the
 * assignment's editor with its file rules.
 */

const TRAINING = 'de300000-0000-4000-8000-000000000001';
const ITEM = 4;

test('a teacher opens a waiting submission, rejects it with a comment, and sees the status and history change', async ({ page }) => {
  await signIn(page, 'teacher@demo.test');
  await page.goto(`/formations/${TRAINING}/assignment/${ITEM}/submissions`);
  const rows = page.getByTestId('assignment-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('assignment-status')).toHaveAttribute('data-status', 'PENDING_TEACHER');

  await page.getByTestId('assignment-status-filter').selectOption('COMPLETED');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Chloé Laurent');
  await page.getByTestId('assignment-status-filter').selectOption('');

  await page.getByRole('link', { name: 'Camille Bernard' }).click();
  await expect(page).toHaveURL(new RegExp(`/formations/${TRAINING}/assignment/${ITEM}/submissions/\\d+$`));
  const status = page.getByTestId('assignment-submission').getByTestId('assignment-status').first();
  await expect(status).toHaveAttribute('data-status', 'PENDING_TEACHER');
  const history = page.getByTestId('assignment-history-entry');
  await expect(history).toHaveCount(4);
  await expect(page.getByTestId('assignment-message')).toHaveCount(2);

  // A rejection needs a word for the learner.
  await page.getByTestId('assignment-decision').getByText('Refuser').click();
  await page.getByTestId('assignment-decision-submit').click();
  await expect(page.getByText('Expliquez à l’apprenant ce qu’il doit reprendre.')).toBeVisible();
  await page.getByTestId('assignment-correction').getByRole('textbox').fill('La plongée est encore floue : fermez à f/8 et gardez le trépied.');
  await page.getByTestId('assignment-decision-submit').click();

  await expect(page.getByTestId('assignment-decided')).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'PENDING_CUSTOMER');
  await expect(history).toHaveCount(5);
  await expect(history.last()).toHaveAttribute('data-type', 'teacher_validation');
  await expect(history.last()).toContainText('refusé');
  await expect(page.getByTestId('assignment-submission-item').first()).toContainText('La plongée est encore floue');

  await page.getByTestId('assignment-message-input').getByRole('textbox').fill('N’hésitez pas si vous avez une question.');
  await page.getByTestId('assignment-message-send').click();
  await expect(page.getByTestId('assignment-message')).toHaveCount(3);
  await expect(page.getByTestId('assignment-message-input').getByRole('textbox')).toHaveValue('');
});

test('the assignment editor shows the accepted files and the plan limit, and saves the instructions', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto(`/formations/${TRAINING}/assignment/${ITEM}`);
  await expect(page.getByTestId('assignment-editor')).toBeVisible();
  await expect(page.getByTestId('assignment-limits')).toContainText('Tous les types de fichiers');
  await expect(page.getByTestId('assignment-limits')).toContainText('30 Mo');
  await page.getByTestId('assignment-max-files').getByRole('textbox').fill('25');
  await page.getByTestId('assignment-save').click();
  await expect(page.getByText('Indiquez un nombre entier de 0 à 20.')).toBeVisible();
  await page.getByTestId('assignment-max-files').getByRole('textbox').fill('4');
  await page.getByTestId('assignment-save').click();
  await expect(page.getByTestId('assignment-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('assignment-max-files').getByRole('textbox')).toHaveValue('4');
  await page.getByTestId('assignment-open-submissions').click();
  await expect(page.getByTestId('assignment-submissions')).toBeVisible();
});
