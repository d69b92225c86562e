import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { mailLink } from './mailbox';
import { signIn } from './session';

/**
 * The team (issue 15): the owner invites a teacher, who accepts in another browser (a new account), then the
 * owner changes their role and removes them. Rows are found by the address this test made up.
 */
test('invite a teacher, accept in another browser, change their role, remove them', async ({ page, browser, request }) => {
  const email = `equipe-${randomUUID().slice(0, 8)}@example.test`;
  await signIn(page);
  await page.goto('/parametres/equipe');
  await expect(page.getByTestId('team-member').first()).toBeVisible();
  await expect(page.getByTestId('team-seats')).toBeVisible();
  await page.screenshot({ path: 'test-results/team-page.png', fullPage: true });

  // Invite: a wrong address is caught before any call, then the invitation is listed as pending.
  await page.getByTestId('team-invite-open').click();
  const dialog = page.getByTestId('team-invite-dialog');
  await dialog.getByTestId('team-invite-email').locator('input').fill('pas-une-adresse');
  await dialog.getByTestId('team-invite-send').click();
  await expect(dialog.getByText('Saisissez une adresse e-mail valide.')).toBeVisible();
  await dialog.getByTestId('team-invite-email').locator('input').fill(email);
  await dialog.getByTestId('team-invite-role').selectOption('TEACHER');
  await page.screenshot({ path: 'test-results/team-invite-dialog.png' });
  await dialog.getByTestId('team-invite-send').click();
  const invitation = page.locator(`[data-testid=team-invitation][data-email="${email}"]`);
  await expect(invitation).toContainText('En attente');
  await expect(page.getByText('Invitation envoyée.')).toBeVisible();

  // Accept in a second browser context: a new account.
  const link = await mailLink(request, email, 'TEAM_INVITATION');
  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('invitation-lead')).toContainText('en tant que Formateur');
  await guest.screenshot({ path: 'test-results/team-accept.png', fullPage: true });
  await guest.locator('input[name=firstname]').fill('Inès');
  await guest.locator('input[name=lastname]').fill('Invitée');
  await guest.locator('input[name=password]').fill('invited-password-1');
  await guest.getByTestId('invitation-submit').click();
  await expect(guest.getByTestId('home-welcome')).toContainText('Inès', { timeout: 30_000 });
  // The link works once.
  await guest.evaluate(() => localStorage.clear());
  await guest.goto(link);
  await expect(guest.getByTestId('invitation-used')).toBeVisible();
  await other.close();

  // Back in the owner's page: the new member, whose role changes, then who is removed.
  await page.reload();
  const member = page.locator(`[data-testid=team-member][data-email="${email}"]`);
  await expect(member).toContainText('Inès Invitée');
  await expect(page.locator(`[data-testid=team-invitation][data-email="${email}"]`)).toHaveCount(0);
  await member.getByTestId('team-member-role').selectOption('ANALYST');
  await expect(page.getByText('Rôle modifié.')).toBeVisible();
  await page.reload();
  await expect(member.getByTestId('team-member-role')).toHaveValue('ANALYST');

  await member.getByTestId('team-member-remove').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Inès Invitée');
  await confirm.getByRole('button', { name: 'Retirer' }).click();
  await expect(member).toHaveCount(0);
  await expect(page.getByText('Membre retiré de l’équipe.')).toBeVisible();
});

test('the account page: default avatar, and the deletion dialog refuses a wrong password', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/mon-compte');
  await expect(page.getByTestId('account-avatar').locator('svg[data-avatar]')).toBeVisible();
  await page.getByTestId('account-delete-open').click();
  const dialog = page.getByTestId('account-delete-dialog');
  await dialog.locator('input[type=password]').fill('not-the-password');
  await page.screenshot({ path: 'test-results/account-page.png', fullPage: true });
  await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Le mot de passe est incorrect.')).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
});
