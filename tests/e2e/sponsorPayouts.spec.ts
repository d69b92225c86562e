import { expect, test } from './fixtures';
import { signIn } from './session';

/**
 * Own affiliation's payout (our design): the demo store sponsors a seeded trainer whose yearly PRO payment of 40 days
 * ago is past the hold days, so its commission is AVAILABLE. The demo owner asks for the payout on the revenues page
 * (invoice link, payment information); the platform admin marks it paid in /admin/operations; the owner sees it paid.
 * The marketing hub shows its cards with their live figures.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('the owner asks for the available sponsorship commissions and the platform admin pays them', async ({ browser }) => {
  // Two people, two sign-ins and the admin page on a loaded machine: more than the default minute.
  test.slow();
  const owner = await browser.newPage();
  await signIn(owner);
  await owner.goto('/affiliation/revenus');
  await expect(owner.getByTestId('affiliation-available')).toHaveText(/81,67/);
  await owner.getByTestId('affiliation-payout-ask').click();
  const form = owner.getByTestId('affiliation-payout-form');
  // The form's own checks first: an invoice address that is not a web address.
  await form.getByLabel('Lien vers votre facture à la plateforme').fill('facture.pdf');
  await form.getByLabel('Informations de paiement (IBAN, PayPal…)').fill('IBAN FR76 3000 6000 0112 3456 7890 189');
  await owner.getByTestId('affiliation-payout-send').click();
  await expect(form.getByText('Indiquez l’adresse web de votre facture (https://…).')).toBeVisible();
  await form.getByLabel('Lien vers votre facture à la plateforme').fill('https://factures.example.com/demo-parrainage.pdf');
  await owner.getByTestId('affiliation-payout-send').click();
  await expect(owner.getByTestId('affiliation-payout-waiting')).toBeVisible();
  const request = owner.getByTestId('affiliation-payout-row').first();
  await expect(request).toContainText('81,67');
  await expect(request).toContainText('En cours');
  await expect(owner.getByTestId('affiliation-available')).toHaveText(/0,00/);
  await owner.screenshot({ path: 'test-results/sponsor-payout-requested.png', fullPage: true });

  const admin = await browser.newPage();
  await signIn(admin, 'platform@demo.test');
  await admin.goto('/admin/operations');
  const row = admin.getByTestId('admin-payout-row').filter({ hasText: 'demo' }).filter({ hasText: '81,67' });
  await expect(row).toContainText('IBAN FR76');
  await admin.screenshot({ path: 'test-results/sponsor-payout-admin.png', fullPage: true });
  await row.getByTestId('admin-payout-paid').click();
  await expect(row).toHaveCount(0);

  await owner.reload();
  await expect(owner.getByTestId('affiliation-payout-row').first()).toContainText('Payé');
  await expect(owner.getByTestId('commission-row').filter({ hasText: 'Bastien' })).toContainText('Versée');

  await owner.goto('/marketing');
  await expect(owner.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
  await expect(owner.getByTestId('marketing-hub-emails-figure')).toHaveText(/sur \d+$/);
  await expect(owner.getByTestId('marketing-hub-connections-figure')).toBeVisible();
  await expect(owner.getByTestId('marketing-hub-tools-figure')).toBeVisible();
  await owner.screenshot({ path: 'test-results/marketing-hub.png', fullPage: true });
  await owner.getByTestId('marketing-hub-tools-open').click();
  await expect(owner).toHaveURL(/\/marketing\/outils-automatisation$/);
});
