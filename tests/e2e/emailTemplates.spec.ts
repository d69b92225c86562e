import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * /marketing/emails (issue 16): the automatic e-mails in tabs kept in the address; a refused save shows the
 * server's message at the field with the typing kept; a saved one is on after a reload. The learner's unsubscribe
 * page asks before acting and explains a bad link (the API test covers a good one: its token is only in the mail).
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('an automatic e-mail is edited in its tab, refused when its subject is empty, then saved and turned on', async ({ page }) => {
  await logIn(page);
  await page.getByTestId('menu-marketing_emails').click();
  await expect(page).toHaveURL(/\/marketing\/emails$/);
  await expect(page.getByTestId('email-tab-WELCOME')).toHaveAttribute('aria-selected', 'true');

  await page.getByTestId('email-tab-NO_RECENT_CONNECTION_2').click();
  await expect(page).toHaveURL(/onglet=NO_RECENT_CONNECTION_2/);
  const form = page.getByTestId('email-form-NO_RECENT_CONNECTION_2');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('email-form-WELCOME')).toBeHidden();
  const subject = form.getByLabel('Objet');
  await subject.fill('');
  await form.getByText('Envoyer cet e-mail').click();
  await page.getByTestId('email-save-NO_RECENT_CONNECTION_2').click();
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('checkbox', { name: 'Envoyer cet e-mail' })).toBeChecked();

  const text = `On reprend ? ${Date.now()}`;
  await subject.fill(text);
  await page.getByTestId('email-save-NO_RECENT_CONNECTION_2').click();
  await expect(page.getByText('E-mail enregistré.')).toBeVisible();
  await expect(page.getByTestId('email-tab-NO_RECENT_CONNECTION_2')).toContainText('Activé');
  await page.screenshot({ path: test.info().outputPath('email-templates.png'), fullPage: true });

  await page.reload();
  await expect(page.getByTestId('email-tab-NO_RECENT_CONNECTION_2')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('email-form-NO_RECENT_CONNECTION_2').getByLabel('Objet')).toHaveValue(text);
  // Off again: the other specs' learners on this server get no reminder.
  await page.getByTestId('email-form-NO_RECENT_CONNECTION_2').getByText('Envoyer cet e-mail').click();
  await page.getByTestId('email-save-NO_RECENT_CONNECTION_2').click();
  await expect(page.getByTestId('email-tab-NO_RECENT_CONNECTION_2')).toContainText('Désactivé');
});

test('the unsubscribe page asks before acting and explains an unknown link', async ({ page }) => {
  await page.goto('/ecole/demo/desinscription');
  await expect(page.getByTestId('learner-unsubscribe')).toContainText('Ce lien est incomplet');
  await page.goto(`/ecole/demo/desinscription?token=${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Se désinscrire des e-mails automatiques' })).toBeVisible();
  await page.getByTestId('learner-unsubscribe-confirm').click();
  await expect(page.getByTestId('learner-unsubscribe')).toContainText('n’est pas valable pour cette école');
  await page.screenshot({ path: test.info().outputPath('unsubscribe.png') });
});
