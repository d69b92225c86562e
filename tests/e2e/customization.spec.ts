import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { freshOwner } from './freshOwner';
import { logIn } from './session';

/**
 * Customisation and widgets (issue 16). The owner picks the school's colours on /personnalisation and the learner
 * area shows them; the catalogue snippet copied from /widgets, pasted in a page of another origin (a server of this
 * test on loopback), shows the school's trainings in its frame, while the school's own page refuses to be framed
 * there. The colours are chosen by a new trainer on their own school: saving them completes the CUSTOMIZE step of the
 * home checklist for good, and other specs (home.spec.ts) read the demo store's checklist.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('the owner’s colours reach the learner area', async ({ page, request }) => {
  const { subdomain } = await freshOwner(page, request);
  await page.goto('/personnalisation');
  await expect(page.getByRole('heading', { name: 'Personnalisation', level: 1 })).toBeVisible();
  const form = page.getByTestId('theme-form');
  await form.getByLabel('Couleur principale (boutons, liens)', { exact: true }).fill('rouge');
  await page.getByTestId('theme-save').click();
  await expect(form.getByLabel('Couleur principale (boutons, liens)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Couleur principale (boutons, liens)', { exact: true }).fill('#9D174D');
  await form.getByLabel('Couleur de l’en-tête', { exact: true }).fill('#1E3A8A');
  // The preview follows the typing before anything is saved.
  await expect(page.getByTestId('theme-preview').locator('.customization-preview__header')).toHaveCSS('background-color', 'rgb(30, 58, 138)');
  await page.getByTestId('theme-save').click();
  await expect(form.getByRole('status')).toHaveText('Couleurs enregistrées.');

  await page.goto(`/ecole/${subdomain}`);
  const header = page.getByTestId('school-header');
  await expect(header).toHaveCSS('background-color', 'rgb(30, 58, 138)');
  // Text on the dark band is white; links of the page take the primary colour.
  await expect(page.getByTestId('school-brand')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect.poll(() => page.locator('.school-area').evaluate((area) => getComputedStyle(area).getPropertyValue('--color-accent').trim())).toBe('#9d174d');
});

test('the catalogue widget works in a page of another site; the school itself cannot be framed there', async ({ page, baseURL }) => {
  await logIn(page);
  await page.getByTestId('menu-embeds').click();
  await expect(page).toHaveURL(/\/widgets$/);
  const snippet = await page.getByTestId('widget-catalogue-code').inputValue();
  expect(snippet).toContain(`${baseURL}/widget/demo/formations`);
  await expect(page.frameLocator('[data-testid=widget-catalogue-preview]').getByTestId('widget-training').first()).toBeVisible();

  // Another origin on loopback: the snippet as pasted, beside a frame of a page that is not a widget.
  const host: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="fr"><head><title>Site du formateur</title></head><body><main><h1>Mes formations</h1>${snippet}
<iframe id="not-a-widget" src="${baseURL}/ecole/demo" title="École"></iframe></main></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const other = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
    expect(new URL(other).origin).not.toBe(new URL(baseURL!).origin);
    await page.goto(other);
    const widget = page.frameLocator('iframe[src*="/widget/demo/formations"]');
    await expect(widget.getByTestId('widget-training').first()).toBeVisible();
    await expect(widget.getByRole('link', { name: 'Voir la formation' }).first()).toHaveAttribute('href', /\/ecole\/demo\/formations\//);
    // The school's page is refused in a frame (X-Frame-Options DENY, frame-ancestors 'none'): Chromium shows its error page.
    await expect.poll(() => page.frames().find((frame) => frame.name() === '' && frame !== page.mainFrame() && frame.url().startsWith('chrome-error:'))?.url() ?? '').toContain('chrome-error:');
    await expect(page.frameLocator('#not-a-widget').getByTestId('school-brand')).toHaveCount(0);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});
