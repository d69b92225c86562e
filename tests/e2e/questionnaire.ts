import { expect, type Page } from './fixtures';

/** Answers the onboarding questionnaire through its UI (a new owner meets it on the home page). */
export async function answerQuestionnaire(page: Page) {
  const modal = page.getByTestId('questionnaire');
  await expect(modal).toBeVisible();
  const pick = (name: RegExp | string) => modal.getByRole('radio', { name }).click({ force: true });
  await pick('Recommandation');
  await page.getByTestId('questionnaire-next').click();
  await pick('Coach');
  await page.getByTestId('questionnaire-next').click();
  await pick('Non');
  await page.getByTestId('questionnaire-next').click();
  await modal.locator('select[name=WHAT_MAIN_ACTIVITY]').selectOption('SPORT');
  await page.getByTestId('questionnaire-next').click();
  await pick('Aucun outil');
  await page.getByTestId('questionnaire-next').click();
  await modal.getByText('La simplicité').click();
  await page.getByTestId('questionnaire-send').click();
  await expect(page.getByTestId('questionnaire-sent')).toBeVisible();
  await modal.getByRole('button', { name: "Aller à l'accueil" }).click();
  await expect(page.getByTestId('questionnaire')).toHaveCount(0);
}
