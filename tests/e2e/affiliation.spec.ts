import { expect, test } from './fixtures';
import { signIn } from './session';

/**
 * Own affiliation (issue 16): a trainer signs up with the demo store's referral link (`parrain=demo`) and pays a PRO
 * plan with the test provider; the demo owner finds them among the referrals and the commission (20 % of the payment
 * without VAT) in the earnings, which a period before it hides. The godchild has a unique name, so other specs
 * sharing the server do not matter. The e-mail providers page lists its services (no fake service runs here).
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('a store signed up with the referral link shows among the referrals and its payment in the earnings', async ({ page, request }) => {
  const firstname = `Filleul${Date.now()}`;
  const registered = await request.post('/api/v1/register', {
    data: { email: `${firstname.toLowerCase()}@example.test`, password: 'correct-horse-battery', firstname, god_father: 'demo' },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { store: { uuid: string } } };
  const headers = { Authorization: `Bearer ${token}` };
  const order = await request.post(`/api/v1/stores/${user.store.uuid}/subscription`, { headers, data: { plan: 'PRO', frequency: 'MONTHLY' } });
  expect(order.status()).toBe(201);
  const { uuid } = (await order.json()) as { uuid: string };
  const paid = await request.post(`/api/v1/stores/${user.store.uuid}/subscription/orders/${uuid}/test-payment`, { headers, data: { outcome: 'PAID' } });
  expect(paid.ok()).toBe(true);

  await signIn(page);
  await page.goto('/affiliation');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon affiliation' })).toBeVisible();
  await expect(page.getByTestId('affiliation-link')).toHaveValue(/\/inscription\?parrain=demo$/);
  await expect(page.getByTestId('affiliation-figures')).toBeVisible();
  await page.screenshot({ path: 'test-results/affiliation-overview.png' });

  await page.getByRole('link', { name: 'Mes filleuls' }).click();
  await expect(page).toHaveURL(/\/affiliation\/affilies$/);
  const godchild = page.getByTestId('godchild-row').filter({ hasText: firstname });
  await expect(godchild).toContainText('PRO mensuel');
  await expect(godchild).toContainText('8,17');

  await page.getByRole('link', { name: 'Mes revenus' }).click();
  const commission = page.getByTestId('commission-row').filter({ hasText: firstname });
  await expect(commission).toContainText('40,83');
  await expect(commission).toContainText('8,17');
  await expect(commission).toContainText('En attente');
  await page.screenshot({ path: 'test-results/affiliation-revenues.png', fullPage: false });

  // A period before the payment: nothing, and the address keeps it.
  await page.goto('/affiliation/revenus?du=2020-01-01&au=2020-12-31');
  await expect(page.getByTestId('commissions-no-match')).toBeVisible();
  await expect(page.getByTestId('commission-row')).toHaveCount(0);

  await page.goto('/marketing/connexions-externes');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexions externes' })).toBeVisible();
  for (const id of ['BREVO', 'MAILCHIMP', 'MAILERLITE', 'ACTIVECAMPAIGN', 'KIT', 'SYSTEME_IO']) await expect(page.getByTestId(`email-provider-${id}`)).toBeVisible();
  // ActiveCampaign asks for the account's own API address, which the server checks like a webhook's: a private one is refused at its field.
  const activeCampaign = page.getByTestId('email-provider-ACTIVECAMPAIGN');
  await activeCampaign.getByLabel('Adresse d’API du compte').fill('https://10.0.0.5');
  await activeCampaign.getByLabel('Clé API').fill('ac-some-token');
  await activeCampaign.getByRole('button', { name: 'Connecter' }).click();
  await expect(activeCampaign.getByText('Cette adresse mène à un réseau privé').first()).toBeVisible();
  await expect(activeCampaign.getByTestId('email-provider-status')).toHaveText('Non connecté');
  await activeCampaign.screenshot({ path: 'test-results/email-provider-activecampaign.png' });
  await page.screenshot({ path: 'test-results/email-providers.png' });
});
