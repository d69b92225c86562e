import { TOKEN_KEY } from '../../src/api/tokenStorage';
import { expect, type APIRequestContext, type Page } from './fixtures';

/** The token of a session of a demo account (demo password), opened through the API. */
async function sessionToken(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v1/login', { data: { email, password: 'demo-password' } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A signed-in caller of the API for a test's set-up and checks: `send` fails the test on any non-2xx answer. */
export async function apiSession(request: APIRequestContext, email = 'owner@demo.test') {
  const headers = { Authorization: `Bearer ${await sessionToken(request, email)}` };
  return async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/**
 * Signs in as the login page would leave it (a session opened through the API, its token stored where the app keeps
 * it), without drawing the login page and the home page: for tests whose subject comes after signing in, and that
 * go on with `page.goto`. Two pages and a form cost ~2 s a test on two cores; the login form itself is the subject
 * of auth.spec and the auth model paths, which use `logIn`.
 */
export async function signIn(page: Page, email = 'owner@demo.test') {
  const token = await sessionToken(page.request, email);
  // Any address of the app's origin holds its storage: the API's health answer is the lightest.
  await page.goto('/api/v1/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

/** Signs in through the login page (demo password) and waits for the home page. */
export async function logIn(page: Page, email = 'owner@demo.test') {
  await page.goto('/connexion');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-welcome')).toBeVisible({ timeout: 30_000 });
}
