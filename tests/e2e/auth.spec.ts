import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { mailLink } from './mailbox';
import { answerQuestionnaire } from './questionnaire';

const uniqueEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.test`;

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /déconnecter|sign out/i }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
}

test('register → verify through the outbox → log in → home → log out', async ({ page, request }) => {
  const email = uniqueEmail();
  await page.goto('/inscription');
  await page.locator('input[name=firstname]').fill('Camille');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('a-good-password');
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL('/?questionnaire=1');
  await expect(page.getByTestId('home-welcome')).toContainText('Camille');
  await expect(page.getByTestId('resend-activation')).toBeVisible();

  await page.goto(await mailLink(request, email, 'VERIFY_EMAIL'));
  await expect(page.getByTestId('activation-done')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.getByTestId('resend-activation')).toHaveCount(0);
  await answerQuestionnaire(page);

  await logOut(page);
  await expect(page).toHaveURL('/connexion');
  await logIn(page, email, 'a-good-password');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('header-firstname')).toHaveText('Camille');
  await logOut(page);
  await expect(page).toHaveURL('/connexion');
  await page.goto('/');
  await expect(page).toHaveURL('/connexion?redirect=%2F');
});

test('a wrong password shows the error on the field and keeps what was typed', async ({ page }) => {
  await page.goto('/connexion');
  await logIn(page, 'owner@demo.test', 'not-the-password');
  const password = page.locator('input[name=password]');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('login-form').getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
  await expect(page.locator('input[name=email]')).toHaveValue('owner@demo.test');
  await expect(page).toHaveURL('/connexion');
});

test('a guest opening / lands on /connexion with redirect, and goes back there after login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/connexion?redirect=%2F');
  await page.goto('/mon-compte/securite');
  await expect(page).toHaveURL('/connexion?redirect=%2Fmon-compte%2Fsecurite');
  await logIn(page, 'teacher@demo.test', 'demo-password');
  await expect(page).toHaveURL('/mon-compte/securite');
  // A signed-in user opening a guest page goes home.
  await page.goto('/inscription');
  await expect(page).toHaveURL('/');
});

test('a stale stored token: the early session check answers 401 once and the app signs out to /connexion', async ({ page }) => {
  // index.html starts GET /users/me before any script (src/api/bootReads.ts); its 401 takes the app's one sign-out path.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/users/me')) asked.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cp.auth.token', 'a-token-the-server-does-not-know');
    }
  });
  await page.goto('/formations');
  await expect(page).toHaveURL('/connexion?redirect=%2Fformations');
  await expect(page.locator('input[name=email]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cp.auth.token'))).toBeNull();
  expect(asked.filter((path) => path === '/api/v1/users/me')).toHaveLength(1);
  // The check was index.html's own (the CSP let the inline script run), not a later one of the app.
  expect(await page.evaluate(() => Array.isArray((window as { __cpBootReads?: unknown }).__cpBootReads))).toBe(true);
});

for (const redirect of ['//evil.example/', '/%09/evil.example/', 'https://evil.example/']) {
  test(`a redirect to another site is ignored (${redirect})`, async ({ page }) => {
    await page.goto(`/connexion?redirect=${redirect.replace('//', '%2F%2F')}`);
    await logIn(page, 'analyst@demo.test', 'demo-password');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('home-welcome')).toBeVisible();
  });
}

test('forgotten password: request the link, set a new password through the outbox, log in with it', async ({ page, request }) => {
  const email = uniqueEmail();
  await request.post('/api/v1/register', { data: { email, password: 'first-password', firstname: 'Noa' } });
  await page.goto('/connexion');
  await page.getByRole('link', { name: /oublié/ }).click();
  await expect(page).toHaveURL('/changement-mot-de-passe');
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  await page.goto(await mailLink(request, email, 'RESET_PASSWORD'));
  await page.locator('input[name=password]').fill('second-password');
  await page.locator('input[name=password_confirmation]').fill('second-password');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await logIn(page, email, 'second-password');
  await expect(page.getByTestId('home-welcome')).toContainText('Noa');
});

test('an unknown activation link says so and offers a new one', async ({ page }) => {
  await page.goto('/activation?email=someone%40example.test&token=unknown');
  await expect(page.getByRole('alert').first()).toContainText("lien d'activation");
  await expect(page.locator('input[name=email]')).toHaveValue('someone@example.test');
});

test('English is selectable on the guest pages', async ({ page }) => {
  await page.goto('/connexion');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
});

test('profile and password changes from the account pages', async ({ page, request }) => {
  const email = uniqueEmail();
  await request.post('/api/v1/register', { data: { email, password: 'first-password', firstname: 'Lou' } });
  await page.goto('/connexion?redirect=%2Fmon-compte');
  await logIn(page, email, 'first-password');
  await page.locator('input[name=lastname]').fill('Bernard');
  await page.locator('input[name=firstname]').fill('');
  await page.getByTestId('profile-save').click();
  await expect(page.locator('input[name=firstname]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('input[name=lastname]')).toHaveValue('Bernard');
  await page.locator('input[name=firstname]').fill('Louise');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('header-firstname')).toHaveText('Louise');

  await page.goto('/mon-compte/securite');
  await page.locator('input[name=current_password]').fill('first-password');
  await page.locator('input[name=password]').fill('second-password');
  await page.locator('input[name=password_confirmation]').fill('second-password');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'modifié' })).toBeVisible();
  await expect(page.locator('input[name=current_password]')).toHaveValue('');
});
