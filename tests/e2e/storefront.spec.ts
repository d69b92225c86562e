import { expect, test } from './fixtures';

/**
 * The demo school's storefront (issue 11): the catalogue on its home, a training's page with its price, outline
 * and buy buttons leading to the checkout's address, and a CLOSED training saying registration is closed. Reads
 * only: the demo seed's catalogue (server/db/seedCatalogue.ts, seedBundles.ts).
 */
const PHOTO = 'de300000-0000-4000-8000-000000000001';

test('a visitor opens the demo school, browses the catalogue, opens a training and goes to its checkout', async ({ page }) => {
  await page.goto('/ecole/demo');
  const cards = page.getByTestId('catalogue-training-card');
  await expect(cards.first()).toBeVisible();
  // Listed: the two PUBLISHED, the PRE_SALE and the CLOSED trainings; never the DRAFT nor the UNLISTED one. By name,
  // not by count: other tests on the same server publish trainings and bundles of their own.
  for (const name of ['Photographie culinaire : les fondamentaux', 'Maîtriser la lumière naturelle', 'Photographier ses plats au smartphone', 'Atelier en direct : la photo de pâtisserie']) {
    await expect(cards.filter({ hasText: name })).toHaveCount(1);
  }
  await expect(page.getByTestId('catalogue-trainings')).not.toContainText('Stylisme culinaire avancé');
  await expect(page.getByTestId('catalogue-trainings')).not.toContainText('Vendre ses photos culinaires aux restaurants');
  const bundles = page.getByTestId('catalogue-bundle-card');
  await expect(bundles.filter({ hasText: 'Pack photo culinaire : les bases et la lumière' })).toHaveCount(1);
  await expect(bundles.filter({ hasText: 'Pack stylisme et composition' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Photographie culinaire : les fondamentaux' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Photographie culinaire : les fondamentaux' })).toContainText('à partir de 52,00 €');

  // Keyboard: the card's name is a link reached with Tab.
  const photo = page.getByRole('link', { name: 'Photographie culinaire : les fondamentaux' });
  await photo.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/ecole/demo/formations/photographie-culinaire-les-fondamentaux');
  await expect(page.getByRole('heading', { level: 1, name: 'Photographie culinaire : les fondamentaux' })).toBeVisible();
  await expect(page.getByTestId('training-price')).toHaveText('à partir de 52,00 €');
  const outline = page.getByTestId('training-outline');
  await expect(outline).toContainText('Bien démarrer');
  await expect(outline).toContainText('Composer une assiette');
  // A draft lesson is not in the public outline.
  await expect(outline).not.toContainText('Retoucher sans dénaturer');
  await expect(page).toHaveTitle(/^Formation photographie culinaire : les fondamentaux – ./);
  // The same page loaded afresh (a shared link) carries its Open Graph tags in the HTML the server sends.
  const html = await (await page.request.get('/ecole/demo/formations/photographie-culinaire-les-fondamentaux')).text();
  expect(html).toMatch(/<meta property="og:title" content="Formation photographie culinaire : les fondamentaux – [^"]+" \/>/);

  const offers = page.getByTestId('school-offer');
  await expect(offers).toHaveCount(2);
  await expect(offers.nth(1)).toContainText('3 × 52,00 € par mois');
  await expect(offers.nth(1)).toContainText('soit 156,00 € au total');
  const buy = offers.nth(1).getByRole('link', { name: /^S'inscrire : 3 × 52,00 €/ });
  const href = await buy.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/ecole/demo/paiement/formation/${PHOTO}\\?echeancier=\\d+$`));
  await buy.click();
  await expect(page).toHaveURL(href!);
});

test('a CLOSED training says registration is closed, and has no buy button', async ({ page }) => {
  await page.goto('/ecole/demo/formations');
  await expect(page.getByRole('heading', { level: 1, name: 'Nos formations' })).toBeVisible();
  const closed = page.getByTestId('catalogue-training-card').filter({ hasText: 'Atelier en direct : la photo de pâtisserie' });
  await expect(closed).toContainText('Inscriptions closes');
  await closed.getByRole('link').click();
  await expect(page.getByTestId('training-availability')).toHaveText('Les inscriptions à cette formation sont fermées.');
  await expect(page.getByTestId('school-offer')).toHaveCount(0);
});

test('an unknown or hidden training says it is not found or unavailable', async ({ page }) => {
  const answer = await page.goto('/ecole/demo/formations/vendre-ses-photos-culinaires-aux-restaurants');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Cette formation ou ce pack n'existe pas ou n'est pas disponible.");
});

test('in English, the first pages and a later page (its messages fetched with it) are in English', async ({ page }) => {
  // The storefront's first load carries only its own pages' messages; the checkout's come with its code.
  await page.goto('/ecole/demo/formations/photographie-culinaire-les-fondamentaux');
  await expect(page.getByRole('heading', { level: 1, name: 'Photographie culinaire : les fondamentaux' })).toBeVisible();
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('training-price')).toHaveText(/^from /);
  await page.getByTestId('school-offer').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete my enrolment' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('school.checkout.');
});
