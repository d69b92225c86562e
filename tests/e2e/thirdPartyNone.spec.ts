import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * Issue 17's first bar: with no third-party service configured (the ordinary browser-test server), no request
 * leaves for another origin on any page of the back office, its guest pages or the school, and the shell carries no
 * third-party tag.
 */
test('with nothing configured, every request of the back office and the school stays on our origin', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  let requests = 0;
  page.context().on('request', (request) => {
    requests += 1;
    const url = request.url();
    if (!/^(?:data|blob):/.test(url) && new URL(url).origin !== origin) elsewhere.push(url);
  });

  for (const path of ['/connexion', '/inscription', '/changement-mot-de-passe']) {
    await page.goto(path);
    await expect(page.locator('main, [role=main], form').first()).toBeVisible();
  }
  expect(await page.locator('meta[name="third-party"]').count()).toBe(0);

  await logIn(page);
  // No support address, chat or help link configured: no help menu (its support entry asked GET /users/me/support).
  await expect(page.getByTestId('help-menu')).toHaveCount(0);
  await page.goto('/formations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/ecole/demo');
  await expect(page.locator('[data-testid=catalogue-training-card]').first()).toBeVisible();
  await page.locator('[data-testid=catalogue-training-card] a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/ecole/demo/inscription');
  await expect(page.getByTestId('learner-register-form')).toBeVisible();
  await expect(page.getByTestId('captcha')).toHaveCount(0);

  expect(requests).toBeGreaterThan(20);
  expect(elsewhere).toEqual([]);
});
