import { expect, test } from './fixtures';

/**
 * A training's mailing list (issue 16), in its settings: with no e-mail service connected the card says so and
 * links to the connections page; with lists offered by a connected service (the service itself is faked at the
 * page's network edge: the e2e server has no provider configured), the chosen list is saved on the training by the
 * real server and shown again after a reload. Each run makes its own training.
 */

test('a training’s mailing list: none connected says so; a list chosen among the services’ is saved', async ({ page, request }) => {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  const token = ((await login.json()) as { token: string }).token;
  const created = await request.post('/api/v1/trainings', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Formation liste de diffusion' } });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };

  await page.goto('/connexion');
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();

  await page.goto(`/formations/${uuid}/parametres`);
  await expect(page.getByTestId('email-list-none')).toContainText('Aucun service d’e-mailing n’est connecté');
  await expect(page.getByTestId('email-list-none').getByRole('link', { name: 'Connecter un service' })).toHaveAttribute('href', '/marketing/connexions-externes');

  await page.route(`**/api/v1/trainings/${uuid}/emails/lists`, (route) =>
    route.fulfill({ json: { data: [{ id: 'BREVO:7', name: 'Clients', provider: 'BREVO' }, { id: 'BREVO:9', name: 'Prospects', provider: 'BREVO' }] } }),
  );
  await page.reload();
  const select = page.getByTestId('email-list-select');
  await expect(select).toHaveValue('');
  await select.selectOption('BREVO:9');
  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/v1/trainings/${uuid}`) && response.request().method() === 'PUT');
  await page.getByTestId('email-list-save').click();
  expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ email_list_id: 'BREVO:9' });
  await expect(page.getByTestId('settings-email-list').getByRole('status')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('email-list-select')).toHaveValue('BREVO:9');
  const training = await request.get(`/api/v1/trainings/${uuid}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await training.json()) as { email_list_id: string | null }).email_list_id).toBe('BREVO:9');
});
