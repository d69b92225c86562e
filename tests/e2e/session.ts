import { expect, type APIRequestContext, type Page } from './fixtures';

/** A signed-in caller of the API for a test's set-up and checks: `send` fails the test on any non-2xx answer. */
export async function apiSession(request: APIRequestContext, email = 'owner@demo.test') {
  const login = await request.post('/api/v1/login', { data: { email, password: 'demo-password' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** Signs in through the login page (demo password) and waits for the home page. */
export async function logIn(page: Page, email = 'owner@demo.test') {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible({ timeout: 30_000 });
}
