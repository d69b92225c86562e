import { expect, test } from './fixtures';

/** The team opens one locked item for one learner from the access dialog of the training's learners tab (issue 12). */
test('learners: the access dialog lists the items locked for the learner and "Débloquer" opens one for them', async ({ page, request }) => {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const send = async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const stamp = Date.now();
  const training = await send<{ uuid: string }>('post', '/trainings', { name: `Déblocage ${stamp}` });
  const items = `/trainings/${training.uuid}/training_items`;
  await send('post', items, { type: 'GENERIC', name: 'Bienvenue', draft: false });
  const manual = await send<{ id: number }>('post', items, { type: 'GENERIC', name: 'Atelier sur rendez-vous', draft: false });
  await send('put', `${items}/${manual.id}`, { unlock_mode: 'MANUAL' });
  const enrolment = await send<{ customer: { uuid: string } }>('post', `/trainings/${training.uuid}/customers`, {
    email: `deblocage.${stamp}@exemple.fr`,
    firstname: 'Jade',
    lastname: 'Moreau',
    send_email: false,
  });
  const store = (await send<{ store: { uuid: string } }>('get', '/users/me')).store.uuid;

  await page.goto('/connexion');
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await page.goto(`/formations/${training.uuid}/apprenants`);
  await page.getByRole('button', { name: 'Modifier l’accès de Jade Moreau' }).click();
  const locked = page.getByTestId('locked-items');
  await expect(locked.getByTestId('locked-item')).toHaveCount(1);
  await expect(locked.getByTestId('locked-item')).toContainText('Atelier sur rendez-vous');
  await expect(locked.getByTestId('locked-item')).toContainText('Attend un déblocage par l’équipe');
  await page.screenshot({ path: test.info().outputPath('access-dialog-locked.png') });

  await locked.getByRole('button', { name: 'Débloquer « Atelier sur rendez-vous »' }).click();
  await expect(locked.getByTestId('locked-items-empty')).toBeVisible();
  await expect(page.getByText('« Atelier sur rendez-vous » est ouvert pour cet apprenant.')).toBeVisible();
  const detail = await send<{ items: { item_id: number; blocked: boolean; unblocked_by_teacher: boolean }[] }>(
    'get',
    `/stores/${store}/customers/${enrolment.customer.uuid}/trainings/${training.uuid}`,
  );
  expect(detail.items.find((item) => item.item_id === manual.id)).toMatchObject({ blocked: false, unblocked_by_teacher: true });
});
