import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './fixtures';

/** "Télécharger mon certificat" in Mes formations (issue 12): shown once the training is completed and gives certificates. */

async function completedTraining(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  const owner = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const send = async <T>(method: 'post' | 'put', url: string, data: unknown, headers: Record<string, string> = owner): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const training = await send<{ uuid: string; slug: string }>('post', '/trainings', { name: `Certifiée ${Date.now()}` });
  await send('put', `/trainings/${training.uuid}`, { certificate_enabled: true });
  const lesson = await send<{ id: number }>('post', `/trainings/${training.uuid}/training_items`, { type: 'GENERIC', name: 'La seule leçon', draft: false });
  const learner = await send<{ token: string }>('post', '/school/stores/demo/register', { email, password, firstname: 'Camille', lastname: 'Certifiée' }, {});
  await send('post', `/trainings/${training.uuid}/customers`, { email, send_email: false });
  await send('put', `/school/stores/demo/me/trainings/${training.uuid}/items/${lesson.id}/progress`, { completed: true }, { Authorization: `Bearer ${learner.token}` });
  return training;
}

test('a learner who completed a training with certificates downloads the PDF from Mes formations', async ({ page, request }) => {
  const email = `certificat.${Date.now()}@exemple.fr`;
  const training = await completedTraining(request, email, 'learner-password-1');
  await page.goto('/ecole/demo/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('learner-password-1');
  await page.getByTestId('learner-login-submit').click();
  await expect(page).toHaveURL('/ecole/demo/mon-compte');
  await page.goto('/ecole/demo/mes-formations');

  const card = page.locator(`[data-testid=my-training][data-uuid="${training.uuid}"]`);
  await expect(card.getByTestId('training-progress')).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: test.info().outputPath('my-trainings-certificate.png'), fullPage: true });
  // Only this training gives a certificate: the demo's other cards have no button.
  await expect(page.getByTestId('certificate-download')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await card.getByTestId('certificate-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`certificat-${training.slug}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
