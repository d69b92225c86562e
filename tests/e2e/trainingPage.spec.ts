import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { logIn, signIn } from './session';

/**
 * A training's page (/formations/:uuid/…) other than the content tab, against the real server: the frame
 * and its tabs by role, settings, prices, description, learners (add, CSV import, remove), comments,
 * statistics, and the store-wide certificates and trainings-settings pages. Each test that changes
 * something makes its own training through the API, so tests do not depend on one another.
 */

const DEMO_TRAINING = 'de300000-0000-4000-8000-000000000001';

async function apiAs(request: APIRequestContext, email = 'owner@demo.test') {
  const login = await request.post('/api/v1/login', { data: { email, password: 'demo-password' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const send = async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api/v1${url}`, { headers, data });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    training: (name: string) => send<{ uuid: string; slug: string }>('post', '/trainings', { name }),
    get: <T>(url: string) => send<T>('get', url),
    put: <T>(url: string, data: unknown) => send<T>('put', url, data),
  };
}

const tabNames = async (page: Page) => page.locator('.training-tabs__tab').allInnerTexts();

test('settings: the seven statuses two by two on a wide card and inside it at 768 px; the arrows go in reading order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/parametres`);
  const group = page.getByTestId('settings-status');
  const choices = group.locator('.choice-group__choice');
  await expect(choices).toHaveCount(7);
  const top = async (index: number) => (await choices.nth(index).boundingBox())!.y;
  expect(await top(1)).toBe(await top(0));
  expect(await top(2)).toBeGreaterThan(await top(0));

  // Still one radio group: from "Publiée" (the demo training's status) the arrows go to the next choice and back.
  await group.getByRole('radio', { name: /^Publiée/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(group.locator('[data-value=PRE_SALE]')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(group.locator('[data-value=PUBLISHED]')).toHaveAttribute('data-selected', 'true');

  // The narrowest window the back office serves (768 px, no drawer): the choices stay inside the card.
  await page.setViewportSize({ width: 768, height: 900 });
  const right = async (box: { x: number; width: number } | null) => box!.x + box!.width;
  await expect.poll(async () => (await right(await choices.nth(1).boundingBox())) <= (await right(await group.boundingBox())) + 0.5).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});

test('settings: name, slug, status, access, feedback and SEO are saved and still there after a reload', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Réglages ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/parametres`);
  await expect(page.getByTestId('training-frame')).toBeVisible();
  await expect(page.locator('[aria-current=page]')).toHaveText('Paramètres');

  const general = page.getByTestId('settings-general');
  const name = `Cuisine du marché ${Date.now()}`;
  await general.locator('input[name=name]').fill(name);
  await general.locator('input[name=slug]').fill('cuisine-du-marche-e2e');
  await expect(page.getByTestId('slug-preview')).toContainText('/mon-espace/formations/cuisine-du-marche-e2e');
  await page.getByTestId('settings-status').getByText('Prévente', { exact: true }).click();
  await page.getByTestId('settings-general-save').click();
  await expect(general.getByRole('status')).toHaveText('Enregistré !');
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByTestId('training-status')).toHaveText('Prévente');

  // A slug the contract refuses is explained on its field, and what was typed stays.
  await general.locator('input[name=slug]').fill('Pas Un Slug');
  await page.getByTestId('settings-general-save').click();
  await expect(general.locator('input[name=slug]')).toHaveAttribute('aria-invalid', 'true');
  await expect(general.locator('input[name=slug]')).toHaveValue('Pas Un Slug');

  // A picture is uploaded (presigned PUT) and saved at once.
  const picture = page.getByTestId('settings-picture');
  // The field is named by the card's title (no second visible "Image" label), for screen readers too.
  await expect(picture.getByRole('group', { name: 'Image de la formation', exact: true })).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await picture.locator('input[type=file]').setInputFiles({ name: 'couverture.png', mimeType: 'image/png', buffer: png });
  await expect(picture.getByRole('status').filter({ hasText: 'Enregistré !' })).toBeVisible();

  const access = page.getByTestId('settings-access');
  await access.locator('input[name=max_customers]').fill('0');
  await page.getByTestId('settings-access-save').click();
  await expect(access).toContainText('nombre entier supérieur à 0');
  await access.locator('input[name=max_customers]').fill('25');
  await access.locator('input[name=access_duration_days]').fill('365');
  await access.locator('select[name=drip_frequency]').selectOption('WEEKLY');
  // The end of enrolment is typed segment by segment (jj/mm/aaaa hh:mm in French, whatever the browser's language).
  const endsAt = access.locator('[data-name=enrollment_ends_at]');
  await expect(endsAt.getByRole('group')).toHaveText(/^jj\/mm\/aaaa\s*\u2066?––:––\u2069?$/);
  await endsAt.getByRole('spinbutton').first().click();
  await page.keyboard.type('301220311830');
  // The field's value for forms: react-aria's hidden input (an aria-hidden one for autofill has the same name).
  await expect(endsAt.locator('input[name=enrollment_ends_at]:is([type=hidden], [hidden])')).toHaveValue('2031-12-30T18:30:00');
  await page.getByTestId('settings-access-save').click();
  await expect(access.getByRole('status')).toHaveText('Enregistré !');

  const feedback = page.getByTestId('settings-feedback');
  // The details are disabled until feedback is asked for.
  await expect(feedback.getByRole('checkbox', { name: 'Obligatoire pour passer à la leçon suivante' })).toBeDisabled();
  await feedback.getByText('Demander un avis à la fin de chaque leçon').click();
  await feedback.getByText('Obligatoire pour passer à la leçon suivante').click();
  await page.getByTestId('settings-feedback-save').click();
  await expect(feedback.getByRole('status')).toHaveText('Enregistré !');

  const seo = page.getByTestId('settings-seo');
  await seo.locator('input[name=seo_title]').fill('Cuisine du marché, la formation');
  await seo.locator('textarea[name=seo_description]').fill('Des recettes de saison expliquées pas à pas.');
  await page.getByTestId('settings-seo-save').click();
  await expect(seo.getByRole('status')).toHaveText('Enregistré !');

  await page.reload();
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByTestId('training-status')).toHaveText('Prévente');
  await expect(page.getByTestId('settings-general').locator('input[name=slug]')).toHaveValue('cuisine-du-marche-e2e');
  await expect(page.getByTestId('settings-picture').locator('img')).toHaveAttribute('src', /couverture|\.png/);
  await expect(page.getByTestId('settings-status').locator('[data-value=PRE_SALE]')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('settings-access').locator('input[name=max_customers]')).toHaveValue('25');
  await expect(page.getByTestId('settings-access').locator('input[name=access_duration_days]')).toHaveValue('365');
  await expect(page.getByTestId('settings-access').locator('select[name=drip_frequency]')).toHaveValue('WEEKLY');
  await expect(endsAt.getByRole('group')).toHaveText(/^30\/12\/2031\s*\u2066?18:30\u2069?$/);
  await expect(page.getByTestId('settings-feedback').getByRole('checkbox', { name: 'Demander un avis à la fin de chaque leçon' })).toBeChecked();
  await expect(page.getByTestId('settings-feedback').getByRole('checkbox', { name: 'Obligatoire pour passer à la leçon suivante' })).toBeChecked();
  await expect(page.getByTestId('settings-seo').locator('input[name=seo_title]')).toHaveValue('Cuisine du marché, la formation');
  // The server agrees with what the page shows.
  type Stored = { slug: string; status: string; picture: string | null; max_customers: number; enrollment_ends_at: string | null; feedback_options: { enabled: boolean; mandatory: boolean } };
  const stored = await api.get<Stored>(`/trainings/${training.uuid}`);
  // The typed time is the browser's local time.
  const typedEnd = await page.evaluate(() => new Date(2031, 11, 30, 18, 30).toISOString());
  expect(stored).toMatchObject({ slug: 'cuisine-du-marche-e2e', status: 'PRE_SALE', max_customers: 25, enrollment_ends_at: typedEnd, feedback_options: { enabled: true, mandatory: true } });
  expect(stored.picture).toMatch(/^https?:\/\//);

  // Clearing the end of enrolment saves none (null: enrolment never closes).
  await endsAt.getByRole('button', { name: 'Effacer la fin des inscriptions' }).click();
  await expect(endsAt.getByRole('group')).toHaveText(/^jj\/mm\/aaaa\s*\u2066?––:––\u2069?$/);
  await page.getByTestId('settings-access-save').click();
  await expect(page.getByTestId('settings-access').getByRole('status')).toHaveText('Enregistré !');
  expect((await api.get<Stored>(`/trainings/${training.uuid}`)).enrollment_ends_at).toBeNull();
});

test('authors: a teacher credits colleagues picked from the team (kept after a reload), then removes one', async ({ page, request }) => {
  const training = await (await apiAs(request)).training(`Auteurs ${Date.now()}`);
  await signIn(page, 'teacher@demo.test');
  await page.goto(`/formations/${training.uuid}/parametres`);
  const card = page.getByTestId('settings-authors');
  await expect(card.getByText('Aucun auteur pour le moment.')).toBeVisible();
  const pick = card.getByTestId('author-pick');
  // The team in French alphabetical order, names only (a teacher does not read e-mails).
  await expect(pick.locator('option')).toHaveText(['Choisir…', 'Adam Démo', 'Anna Démo', 'Olivia Démo', 'Paul Démo', 'Thomas Démo']);
  const add = card.getByRole('button', { name: 'Ajouter comme auteur' });
  await expect(add).toBeDisabled();
  await pick.selectOption({ label: 'Thomas Démo' });
  await add.click();
  await expect(card.getByTestId('training-author')).toHaveText([/Thomas Démo/]);
  // An author is no longer offered; the choice went back to "Choisir…".
  await expect(pick).toHaveValue('');
  await expect(pick.locator('option', { hasText: 'Thomas Démo' })).toHaveCount(0);
  // By keyboard: choose, Tab to the button, Enter.
  await pick.selectOption({ label: 'Anna Démo' });
  await pick.focus();
  await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('training-author')).toHaveText([/Thomas Démo/, /Anna Démo/]);
  await page.reload();
  await expect(card.getByTestId('training-author')).toHaveText([/Thomas Démo/, /Anna Démo/]);
  await card.getByRole('button', { name: 'Retirer Thomas Démo des auteurs' }).click();
  await expect(card.getByTestId('training-author')).toHaveText([/Anna Démo/]);
  await expect(pick.locator('option', { hasText: 'Thomas Démo' })).toHaveCount(1);
  const stored = await (await apiAs(request)).get<{ authors: { display_name: string }[] }>(`/trainings/${training.uuid}`);
  expect(stored.authors.map((a) => a.display_name)).toEqual(['Anna Démo']);
});

test('prices: add a one-time and an instalment schedule (total shown), a 422 keeps the typing, delete after confirming', async ({ page, request }) => {
  const training = await (await apiAs(request)).training(`Prix ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/prix`);
  const editor = page.getByTestId('payment-schedules');
  await expect(page.getByTestId('payment-schedules-empty')).toBeVisible();
  // A short field (16rem at most), not the card's whole width.
  expect((await editor.locator('input[name=price]').boundingBox())!.width).toBeLessThanOrEqual(256);

  await editor.locator('input[name=price]').fill('abc');
  await page.getByTestId('schedule-add').click();
  await expect(editor).toContainText('Saisissez un montant en euros');
  await editor.locator('input[name=price]').fill('49,90');
  await page.getByTestId('schedule-add').click();
  await expect(editor.getByTestId('payment-schedule')).toHaveText([/Paiement unique de 49,90\s€/]);
  await expect(page.getByTestId('training-price')).toContainText('49,90');

  await page.getByTestId('schedule-type').getByText('En plusieurs fois', { exact: true }).click();
  await editor.locator('select[name=installments_count]').selectOption('3');
  // The server refuses 0 € for instalments: the message shows on the field and the typing stays.
  await editor.locator('input[name=price]').fill('0');
  await page.getByTestId('schedule-add').click();
  await expect(editor.locator('input[name=price]')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.locator('input[name=price]')).toHaveValue('0');
  await editor.locator('input[name=price]').fill('33');
  await expect(page.getByTestId('schedule-total')).toContainText('99,00');
  await page.getByTestId('schedule-add').click();
  await expect(editor.getByTestId('payment-schedule')).toHaveCount(2);
  await expect(editor.getByTestId('payment-schedule').nth(1)).toContainText('3 paiements mensuels de 33,00');

  await editor.getByRole('button', { name: /Supprimer le tarif « Paiement unique/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Supprimer ce tarif ?');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(editor.getByTestId('payment-schedule')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('payment-schedule')).toHaveText([/3 paiements mensuels de 33,00\s€ \(total 99,00\s€\)/]);
});

test('description: bold, heading, lists and a link typed with the keyboard and the toolbar are saved and come back after a reload', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Description ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/description`);
  const form = page.getByTestId('description-form');
  await form.locator('textarea[name=summary]').fill('Les bases de la cuisine de saison.');
  const editor = page.getByTestId('editor-content');
  await expect(editor).toHaveAttribute('role', 'textbox');
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  await expect(page.getByRole('textbox', { name: 'Description de la page de vente' })).toBeVisible();
  await expect(page.getByTestId('editor-undo')).toBeDisabled();

  await editor.click();
  // Toolbar: a heading; keyboard: bold (the toolbar follows the marks at the cursor).
  await page.getByTestId('editor-heading2').click();
  await expect(page.getByTestId('editor-heading2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Au programme');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Une cuisine ');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('editor-strong')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('de saison');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('editor-strong')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(', simple.');
  // Toolbar: a bullet list; Enter makes the next item, Enter on an empty item leaves the list.
  await page.keyboard.press('Enter');
  await page.getByTestId('editor-bulletList').click();
  await expect(page.getByTestId('editor-bulletList')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Les légumes');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Les fruits');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-bulletList')).toHaveAttribute('aria-pressed', 'false');
  // Keyboard: a numbered list (Ctrl+Shift+7), then italic from the toolbar.
  await page.keyboard.press('Control+Shift+7');
  await page.keyboard.type('Choisir');
  await page.keyboard.press('Enter');
  await page.getByTestId('editor-em').click();
  await page.keyboard.type('Cuisiner');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // A link on the last words, through the dialog (Ctrl+K); an unsafe address is refused.
  await page.keyboard.type('Voir le site');
  for (let i = 0; i < 'le site'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const dialog = page.getByTestId('editor-link-dialog');
  await dialog.getByRole('textbox').fill('javascript:alert(1)');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog).toContainText('Saisissez une adresse web');
  await dialog.getByRole('textbox').fill('exemple.fr/marche');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog).toHaveCount(0);
  // The link dialog's Enter did not save the page, and the typing goes on in the text.
  await expect(form.getByRole('status')).toHaveCount(0);
  await expect(editor).toBeFocused();

  const html =
    '<h2>Au programme</h2><p>Une cuisine <strong>de saison</strong>, simple.</p><ul><li><p>Les légumes</p></li><li><p>Les fruits</p></li></ul>' +
    '<ol><li><p>Choisir</p></li><li><p><em>Cuisiner</em></p></li></ol><p>Voir <a href="https://exemple.fr/marche">le site</a></p>';
  await expect(editor).toContainText('Les fruits');
  await expect(page.getByTestId('editor-count')).toHaveText(`${html.length} / 20\u202f000`);
  await page.getByTestId('description-save').click();
  await expect(form.getByRole('status')).toHaveText('Enregistré !');
  expect((await api.get<{ description: string; summary: string }>(`/trainings/${training.uuid}`)).description).toBe(html);

  await page.reload();
  await expect(page.getByTestId('description-form').locator('textarea[name=summary]')).toHaveValue('Les bases de la cuisine de saison.');
  await expect(editor.locator('h2')).toHaveText('Au programme');
  await expect(editor.locator('strong')).toHaveText('de saison');
  await expect(editor.locator('ul > li')).toHaveText(['Les légumes', 'Les fruits']);
  await expect(editor.locator('ol > li')).toHaveText(['Choisir', 'Cuisiner']);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://exemple.fr/marche');
  await page.screenshot({ path: test.info().outputPath('description.png'), fullPage: true });

  // Undo from the keyboard takes back the last change only.
  await editor.locator('strong').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' et locale');
  await expect(editor.locator('p').first()).toHaveText('Une cuisine de saison, simple. et locale');
  await page.keyboard.press('Control+z');
  await expect(editor.locator('p').first()).toHaveText('Une cuisine de saison, simple.');
});

test('description: HTML sent by an API client is cleaned by the server, shown inert, and an over-long description is not sent', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Description brute ${Date.now()}`);
  // What an API client could send: a script, a handler, an image, a javascript: link. The server keeps the editor's allow-list.
  const stored = await api.put<{ description: string }>(`/trainings/${training.uuid}`, {
    description: '<p onclick="alert(1)">Texte <img src="x" onerror="alert(2)"><a href="javascript:alert(3)">piège</a></p><script>alert(4)</script><h1>Titre</h1>',
  });
  expect(stored.description).toBe('<p>Texte <a>piège</a></p><h2>Titre</h2>');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/description`);
  const editor = page.getByTestId('editor-content');
  await expect(editor.locator('h2')).toHaveText('Titre');
  // Nothing left that the editor would drop (the warning is for descriptions stored before the server cleaned them).
  await expect(page.getByTestId('editor-unsupported')).toHaveCount(0);
  await expect(editor.locator('img, script, a, [onclick]')).toHaveCount(0);
  await page.getByTestId('description-save').click();
  await expect(page.getByTestId('description-form').getByRole('status')).toHaveText('Enregistré !');
  expect((await api.get<{ description: string }>(`/trainings/${training.uuid}`)).description).toBe('<p>Texte piège</p><h2>Titre</h2>');
  expect(dialogs).toEqual([]);

  // 19,998 characters of HTML: five more typed go past the limit of 20,000, three fewer come back under it.
  await api.put(`/trainings/${training.uuid}`, { description: `<p>${'a'.repeat(19991)}</p>` });
  await page.reload();
  await expect(page.getByTestId('editor-count')).toHaveText('19\u202f998 / 20\u202f000');
  await editor.locator('p').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('bcdef');
  await expect(page.getByTestId('editor-error')).toContainText('La description est trop longue');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  let sent = 0;
  page.on('request', (sentRequest) => {
    if (sentRequest.method() === 'PUT') sent += 1;
  });
  await page.getByTestId('description-save').click();
  await expect(page.getByTestId('editor-error')).toBeVisible();
  await editor.locator('p').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
  expect(sent).toBe(0);
});

test('learners: empty state, add one, import a CSV with its report, remove after confirming', async ({ page, request }) => {
  const training = await (await apiAs(request)).training(`Apprenants ${Date.now()}`);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/apprenants`);
  await expect(page.getByTestId('customers-empty')).toBeVisible();

  const stamp = Date.now();
  await page.getByTestId('customers-add-open').click();
  const add = page.getByTestId('add-customer-form');
  await add.locator('input[name=email]').fill(`nina.${stamp}@exemple.fr`);
  await add.locator('input[name=firstname]').fill('Nina');
  await add.locator('input[name=lastname]').fill('Perrin');
  await page.getByTestId('add-customer-submit').click();
  await expect(add).toHaveCount(0);
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Nina Perrin');

  // Adding the same person again: the server's "already enrolled" shows in the dialog.
  await page.getByTestId('customers-add-open').click();
  await add.locator('input[name=email]').fill(`nina.${stamp}@exemple.fr`);
  await page.getByTestId('add-customer-submit').click();
  await expect(add).toContainText('déjà inscrit');
  await expect(add.locator('input[name=email]')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');

  await page.getByTestId('customers-import-open').click();
  const dialog = page.getByTestId('import-customers');
  const picker = page.locator('input[type=file]');
  await picker.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a csv') });
  await expect(page.getByTestId('import-problem')).toContainText("n’est pas un fichier CSV");
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  const csv = ['email,firstname,lastname', `leo.${stamp}@exemple.fr,Léo,Garnier`, `ines.${stamp}@exemple.fr,Inès,Roy`, 'pas-une-adresse,Zoé,Blanc', `nina.${stamp}@exemple.fr,Nina,Perrin`].join('\n');
  await picker.setInputFiles({ name: 'apprenants.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-file-name')).toContainText('apprenants.csv');
  await page.getByTestId('import-submit').click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('2 comptes créés');
  await expect(report).toContainText('2 apprenants inscrits');
  await expect(report).toContainText('2 lignes ignorées');
  await expect(page.getByTestId('import-skipped').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('import-skipped')).toContainText('Adresse e-mail invalide');
  await page.getByTestId('import-close').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('customer-row')).toHaveCount(3);

  await page.getByTestId('customers-search').locator('input').fill('Garnier');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Retirer Léo Garnier de la formation' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Retirer' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Aucun apprenant ne correspond à cette recherche.')).toBeVisible();
  await page.getByTestId('customers-search').locator('input').fill('');
  await expect(page.getByTestId('customer-row')).toHaveCount(2);
});

test('learners: an enrolment\'s access end and drip bypass are edited in a dialog; the past is refused at the field', async ({ page, request }) => {
  const api = await apiAs(request);
  const training = await api.training(`Accès ${Date.now()}`);
  const login = await request.post('/api/v1/login', { data: { email: 'owner@demo.test', password: 'demo-password' } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const added = await request.post(`/api/v1/trainings/${training.uuid}/customers`, { headers, data: { email: `acces.${Date.now()}@exemple.fr`, firstname: 'Maya', lastname: 'Robin', send_email: false } });
  expect(added.status()).toBe(201);
  await signIn(page);
  await page.goto(`/formations/${training.uuid}/apprenants`);
  const row = page.getByTestId('customer-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('customer-expires')).toHaveCount(0);

  await page.getByRole('button', { name: 'Modifier l’accès de Maya Robin' }).click();
  const form = page.getByTestId('edit-enrolment-form');
  const endsAt = form.locator('[data-name=expires_at]');
  await endsAt.getByRole('spinbutton').first().click();
  await page.keyboard.type('010120200900');
  await page.getByTestId('edit-enrolment-submit').click();
  // The server refuses the past: the message is at the field, the dialog stays open with what was typed.
  await expect(endsAt).toContainText("La date d'expiration doit être dans le futur.");
  await page.screenshot({ path: test.info().outputPath('edit-enrolment-error.png') });

  await endsAt.getByRole('spinbutton').first().click();
  await page.keyboard.type('150620311030');
  await form.getByTestId('bypass-drip-switch').click();
  await page.getByTestId('edit-enrolment-submit').click();
  await expect(form).toHaveCount(0);
  await expect(row.getByTestId('customer-expires')).toContainText('Accès jusqu’au 15 juin 2031');
  await expect(row.getByTestId('customer-bypass')).toHaveText('Tous les éléments ouverts');
  await page.screenshot({ path: test.info().outputPath('learners-edited.png'), fullPage: true });

  // Emptied, the access has no end again; the switch shows what is stored.
  await page.getByRole('button', { name: 'Modifier l’accès de Maya Robin' }).click();
  await expect(form.getByRole('switch')).toBeChecked();
  await form.getByRole('button', { name: 'Effacer la date' }).click();
  await page.getByTestId('edit-enrolment-submit').click();
  await expect(form).toHaveCount(0);
  await expect(row.getByTestId('customer-expires')).toHaveCount(0);
  await expect(row.getByTestId('customer-bypass')).toBeVisible();
});

test('statistics and comments of the demo training render; replies show under their comment', async ({ page }) => {
  await signIn(page);
  await page.goto(`/formations/${DEMO_TRAINING}/statistiques`);
  await expect(page.getByTestId('stats-figures')).toBeVisible();
  const figures = page.getByTestId('stats-figures');
  await expect(figures.locator('[data-figure=revenue] .stats-figure__value')).toContainText('€');
  // Each figure names the group it counts; a hint gives the rule where the label cannot.
  await expect(figures.locator('[data-figure=customers] dt')).toHaveText('Nouveaux apprenants');
  await expect(figures.locator('[data-figure=customers] .stats-figure__hint')).toHaveText('Inscrits pendant la période');
  await expect(figures.locator('[data-figure=active] dt')).toHaveText('Apprenants actifs');
  await expect(figures.locator('[data-figure=completed] dt')).toHaveText('Ont terminé');
  await expect(figures.locator('[data-figure=completionRate] dt')).toHaveText('Nouveaux ayant terminé');
  // Percentages are rounded to 2 decimals (spec 9).
  await expect(figures.locator('[data-figure=completionRate] .stats-figure__value')).toHaveText(/^\d+(,\d{1,2})?\s%$/);
  await expect(figures.locator('[data-figure=progress] .stats-figure__value')).toHaveText(/^\d+(,\d{1,2})?\s%$/);
  await expect(page.getByTestId('stats-chart')).toBeVisible();
  await page.getByTestId('stats-series').getByText('Connexions', { exact: true }).click();
  await expect(page.getByTestId('stats-chart')).toHaveAttribute('aria-label', 'Connexions');
  // The shortcut the dates match is pressed: the default 30 days, then the one chosen, then none for other dates.
  const shortcut = (name: string) => page.getByTestId('stats-range').getByRole('button', { name });
  await expect(shortcut('30 derniers jours')).toHaveAttribute('aria-pressed', 'true');
  await expect(shortcut('90 derniers jours')).toHaveAttribute('aria-pressed', 'false');
  await shortcut('90 derniers jours').click();
  await expect(shortcut('90 derniers jours')).toHaveAttribute('aria-pressed', 'true');
  await expect(shortcut('30 derniers jours')).toHaveAttribute('aria-pressed', 'false');
  // A period with nothing in it (before the demo store existed) shows the empty state.
  // The dates are typed by keyboard into the segments (jj/mm/aaaa), end day 31 over a month that may lack it.
  const typeDate = async (name: string, digits: string) => {
    await page.locator(`[data-name=${name}]`).getByRole('spinbutton').first().click();
    await page.keyboard.type(digits);
  };
  await typeDate('begin', '01012001');
  await typeDate('end', '31012001');
  await expect(page.locator('input[name=begin]:is([type=hidden], [hidden])')).toHaveValue('2001-01-01');
  await expect(page.locator('input[name=end]:is([type=hidden], [hidden])')).toHaveValue('2001-01-31');
  await expect(page.getByTestId('stats-empty')).toBeVisible();
  await expect(page.getByTestId('stats-range').locator('[aria-pressed=true]')).toHaveCount(0);

  await page.getByTestId('training-tab-comments').click();
  await expect(page.getByTestId('comment').first()).toBeVisible();
  await expect(page.getByTestId('comment-reply').first()).toBeVisible();
});

test('an analyst sees only the read tabs, without editing buttons, and cannot open the settings', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/formations/${DEMO_TRAINING}/apprenants`);
  await expect(page.getByTestId('training-customers')).toBeVisible();
  expect(await tabNames(page)).toEqual(['Apprenants', 'Commentaires', 'Statistiques']);
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  await expect(page.getByTestId('customers-add-open')).toHaveCount(0);
  await expect(page.getByTestId('customers-import-open')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Retirer/ })).toHaveCount(0);
  await page.getByTestId('training-tab-comments').click();
  await expect(page.getByTestId('comment').first()).toBeVisible();
  await expect(page.getByTestId('comment-delete')).toHaveCount(0);
  await expect(page.getByTestId('comment-reply-open')).toHaveCount(0);
  await page.goto(`/formations/${DEMO_TRAINING}/parametres`);
  await expect(page.getByText("Vous n'avez pas accès à cette page !")).toBeVisible();
  await expect(page.getByTestId('training-frame')).toHaveCount(0);
});

test('an unknown training shows the not-found page', async ({ page }) => {
  await signIn(page);
  await page.goto('/formations/00000000-0000-4000-8000-000000000000/prix');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('certificates and trainings settings pages save per training', async ({ page, request }) => {
  const api = await apiAs(request);
  const name = `Règles ${Date.now()}`;
  const training = await api.training(name);
  await logIn(page);
  // Both tables read their rows from the list alone: no training is read on its own (GET /trainings/{uuid}).
  const trainingReads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && /\/api\/v1\/trainings\/[0-9a-f-]{36}(\?|$)/i.test(sent.url())) trainingReads.push(sent.url());
  });
  await page.goto('/formations/certificats');
  await page.getByTestId('certificates-page').getByRole('searchbox').fill(name);
  const row = page.getByTestId('certificate-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByTestId('certificate-switch').click();
  await expect(row.getByRole('switch')).toBeChecked();
  await expect.poll(async () => (await api.get<{ certificate_enabled: boolean }>(`/trainings/${training.uuid}`)).certificate_enabled).toBe(true);

  await page.goto('/formations/parametres');
  await page.getByTestId('trainings-settings-page').getByRole('searchbox').fill(name);
  const rules = page.locator(`[data-testid=rules-row][data-training="${training.uuid}"]`);
  await expect(rules).toBeVisible();
  await expect(rules.getByTestId('rules-save')).toBeDisabled();
  await rules.getByRole('textbox', { name: `Places — ${name}` }).fill('12');
  // No drip reads as on a training's settings tab.
  await expect(rules.getByRole('combobox').locator('option:checked')).toHaveText('Tout le contenu dès l’inscription');
  await rules.getByRole('combobox').selectOption('MONTHLY');
  await rules.getByTestId('rules-save').click();
  await expect(rules.getByRole('status')).toHaveText('Enregistré');
  await page.reload();
  await page.getByTestId('trainings-settings-page').getByRole('searchbox').fill(name);
  await expect(rules.getByRole('textbox', { name: `Places — ${name}` })).toHaveValue('12');
  await expect(rules.getByRole('combobox')).toHaveValue('MONTHLY');
  // The switch saved on the first page is still on when that page is opened again.
  await page.goto('/formations/certificats');
  await page.getByTestId('certificates-page').getByRole('searchbox').fill(name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('switch')).toBeChecked();
  expect(trainingReads).toEqual([]);
});
