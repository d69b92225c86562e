import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, latestMail } from './client';
import {
  EDITORS,
  addCustomer,
  checked,
  customersPath,
  csvForm,
  demoTokens,
  freshTraining,
  invalidFields,
  newTraining,
  postForm,
  type Role,
} from './trainingLearnersSupport';

const FIXTURE = readFileSync(new URL('../fixtures/learners-import.csv', import.meta.url), 'utf8');

async function importCsv(token: string | undefined, training: string, form: FormData, headers?: Record<string, string>) {
  const answer = await postForm(`${customersPath(training)}/import`, token, form, headers);
  expectContract('importTrainingCustomers', answer);
  return answer;
}

const listEmails = async (token: string, training: string) => {
  const answer = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?per_page=100`, { token });
  return (answer.body.data as { customer: { email: string; firstname: string | null }; enrollment_type: string }[]).map((e) => e.customer.email).sort();
};

describe('importTrainingCustomers with the fixture (good and bad lines)', () => {
  let token: string;
  let training: string;
  let report: { created_count: number; enrolled_count: number; skipped_count: number; skipped: { line: number; reason: string }[] };

  beforeAll(async () => {
    ({ token, training } = await freshTraining());
    await addCustomer(token, training, { email: 'deja.inscrite@example.test', firstname: 'Inès' });
    const answer = await importCsv(token, training, csvForm(FIXTURE, { sendEmail: 'true' }));
    expect(answer.status, answer.text).toBe(200);
    report = answer.body;
  });

  it('enrols the good lines and creates their customers', async () => {
    expect(report.created_count).toBe(4);
    expect(report.enrolled_count).toBe(4);
    expect(await listEmails(token, training)).toEqual([
      'camille.bernard@example.test',
      'chloe.laurent@example.test',
      'deja.inscrite@example.test',
      'lea.martin@example.test',
      'lucas.moreau@example.test',
    ]);
  });

  it('reports every skipped line with its number in the file and why', () => {
    expect(report.skipped).toEqual([
      { line: 4, reason: 'Adresse e-mail invalide.' },
      { line: 6, reason: 'Adresse déjà présente à la ligne 2.' },
      { line: 9, reason: 'Prénom ou nom de plus de 64 caractères.' },
      { line: 10, reason: 'Ce client est déjà inscrit à cette formation.' },
    ]);
  });

  it('keeps names, and enrols BY_TEACHER', async () => {
    const answer = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?q=lucas`, { token });
    expect(answer.body.data[0]).toMatchObject({ customer: { firstname: 'Lucas', lastname: 'Moreau' }, enrollment_type: 'BY_TEACHER', customer_type: 'STUDENT' });
    const chloe = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?q=chloe`, { token });
    expect(chloe.body.data[0].customer).toMatchObject({ firstname: null, lastname: null, display_name: 'chloe.laurent@example.test' });
  });

  it('skips every line as already enrolled when the same file comes again', async () => {
    const again = await importCsv(token, training, csvForm(FIXTURE));
    expect(again.body.created_count).toBe(0);
    expect(again.body.enrolled_count).toBe(0);
    expect(again.body.skipped.filter((s: { reason: string }) => s.reason.includes('déjà inscrit')).map((s: { line: number }) => s.line)).toEqual([2, 3, 7, 8, 10]);
  });

  it('reuses a customer the store already has in another training', async () => {
    const other = await newTraining(token, 'Autre formation');
    const answer = await importCsv(token, other, csvForm('email,firstname,lastname\nlea.martin@example.test,Léa,Martin\n'));
    expect(answer.body).toEqual({ created_count: 0, enrolled_count: 1, skipped_count: 0, skipped: [] });
  });
});

describe('importTrainingCustomers: formats', () => {
  let token: string;
  let training: string;
  beforeAll(async () => ({ token, training } = await freshTraining()));

  it('reads comma-separated files with CRLF and a BOM, and French column names', async () => {
    const csv = '\uFEFFPrénom,Nom,E-mail\r\nÉmilie,Rousseau,emilie@example.test\r\nThéo,Faure,theo@example.test\r\n';
    const answer = await importCsv(token, training, csvForm(csv));
    expect(answer.body).toEqual({ created_count: 2, enrolled_count: 2, skipped_count: 0, skipped: [] });
    const listed = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?q=emilie`, { token });
    expect(listed.body.data[0].customer).toMatchObject({ firstname: 'Émilie', lastname: 'Rousseau' });
  });

  it('reads a Windows-1252 file as Excel writes it', async () => {
    // "Hélène" in Windows-1252: é is the single byte 0xE9, which is not valid UTF-8.
    const bytes = Uint8Array.from([...Buffer.from('email;firstname\nhelene@example.test;H', 'latin1'), 0xe9, ...Buffer.from('l\xe8ne\n', 'latin1')]);
    const answer = await importCsv(token, training, csvForm(bytes, { type: 'application/vnd.ms-excel' }));
    expect(answer.body.enrolled_count, answer.text).toBe(1);
    const listed = await checked('listTrainingCustomers', 'GET', `${customersPath(training)}?q=helene`, { token });
    expect(listed.body.data[0].customer.firstname).toBe('Hélène');
  });

  it('counts lines of the file, a quoted cell spanning two lines included', async () => {
    const csv = 'email;firstname;lastname\n"a1@example.test";"Anne\nMarie";"Durand"\nfaux;x;y\n';
    const answer = await importCsv(token, training, csvForm(csv));
    expect(answer.body.skipped).toEqual([{ line: 4, reason: 'Adresse e-mail invalide.' }]);
  });

  it('reports a quote left open, which swallows the rest of the file', async () => {
    const answer = await importCsv(token, training, csvForm('email;firstname\nq1@example.test;Quentin\n"q2@example.test;Zoé\nq3@example.test;Yann\n'));
    expect(answer.body).toEqual({ created_count: 1, enrolled_count: 1, skipped_count: 1, skipped: [{ line: 3, reason: 'Ligne illisible (guillemet non fermé).' }] });
  });

  it('reports reasons in English to an English caller', async () => {
    const answer = await importCsv(token, training, csvForm('email\nnope\n'), { 'accept-language': 'en' });
    expect(answer.body.skipped).toEqual([{ line: 2, reason: 'Invalid e-mail address.' }]);
  });

  it.each([
    ['a file without an e-mail column', csvForm('nom;prenom\nMartin;Léa\n')],
    ['a header and nothing else', csvForm('email;firstname;lastname\n')],
    ['an empty file', csvForm('')],
    ['a broken xlsx workbook', csvForm(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { filename: 'apprenants.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })],
    ['an image', csvForm(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), { filename: 'photo.png', type: 'image/png' })],
  ])('answers 422 on file for %s', async (_label, form) => {
    expect(invalidFields(await importCsv(token, training, form))).toEqual(['file']);
  });

  it('answers 422 for a file over 5 MB, and for a form without a file', async () => {
    const big = `email\n${'x'.repeat(5 * 1024 * 1024)}\n`;
    expect(invalidFields(await importCsv(token, training, csvForm(big)))).toEqual(['file']);
    const form = new FormData();
    form.set('send_email', 'true');
    expect(invalidFields(await importCsv(token, training, form))).toEqual(['file']);
  });

  it('answers 422 for a send_email other than true or false', async () => {
    expect(invalidFields(await importCsv(token, training, csvForm('email\na@example.test\n', { sendEmail: 'oui' })))).toEqual(['send_email']);
  });
});

describe('importTrainingCustomers: roles and stores', () => {
  let tokens: Awaited<ReturnType<typeof demoTokens>>;
  let training: string;
  beforeAll(async () => {
    tokens = await demoTokens();
    training = await newTraining(tokens.owner, 'Import des rôles');
  });

  it.each(EDITORS)('%s imports', async (role: Role) => {
    const answer = await importCsv(tokens[role], training, csvForm(`email\n${role}-${Date.now()}@example.test\n`));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.enrolled_count).toBe(1);
  });

  it('refuses the analyst with 403 and imports nothing', async () => {
    const answer = await importCsv(tokens.analyst, training, csvForm('email\nanalyste-import@example.test\n'));
    expect(answer.status).toBe(403);
    expect(await listEmails(tokens.owner, training)).not.toContain('analyste-import@example.test');
  });

  it("answers 404 for another store's training and 401 without a session", async () => {
    const { token: stranger } = await freshTraining();
    expect((await importCsv(stranger, training, csvForm('email\nintrus@example.test\n'))).status).toBe(404);
    expect((await importCsv(undefined, training, csvForm('email\nintrus@example.test\n'))).status).toBe(401);
  });
});

describe('importTrainingCustomers keeps big files bounded', () => {
  it('refuses a file of more than 20,000 lines before enrolling anyone', async () => {
    const { token, training } = await freshTraining();
    const lines = Array.from({ length: 20_000 }, (_, i) => `eleve${i}@example.test`);
    const answer = await importCsv(token, training, csvForm(['email', ...lines].join('\n')));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file[0]).toMatch(/20\s000 lignes/);
    expect(await listEmails(token, training)).toEqual([]);
  });

  it('counts every skipped line but lists only the first 500', async () => {
    const { token, training } = await freshTraining();
    const bad = Array.from({ length: 700 }, (_, i) => `pas-une-adresse-${i}`);
    const answer = await importCsv(token, training, csvForm(['email', 'bonne@example.test', ...bad].join('\n')));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.enrolled_count).toBe(1);
    expect(answer.body.skipped_count).toBe(700);
    expect(answer.body.skipped).toHaveLength(500);
    expect(answer.body.skipped[0].line).toBe(3);
    expect(answer.body.skipped.at(-1).line).toBe(502);
  });
});

describe('importTrainingCustomers: send_email', () => {
  const mails = async (email: string) => (await call('GET', `/__dev/mailbox.json?to=${encodeURIComponent(email)}`)).body as { template: string }[];

  it('mails each learner enrolled (an activation link for a new one, the sign-in page for one with a password), not the skipped lines', async () => {
    const { token, training } = await freshTraining();
    const subdomain = ((await checked('getMe', 'GET', '/users/me', { token })).body as { store: { subdomain: string } }).store.subdomain;
    const stamp = Date.now();
    const [fresh, already] = [`import-new-${stamp}@example.test`, `import-deja-${stamp}@example.test`];
    await addCustomer(token, training, { email: already, send_email: false });
    const answer = await importCsv(token, training, csvForm(`email;prénom\n${fresh};Léa\n${already};Inès\n`, { sendEmail: 'true' }));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.enrolled_count).toBe(1);
    const link = await latestMail(fresh, 'LEARNER_ENROLLED');
    expect(link.pathname).toBe(`/ecole/${subdomain}/activation`);
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
    expect(await mails(already)).toEqual([]);
  });

  it('sends nothing with send_email false, and mails by default (as adding one learner does)', async () => {
    const { token, training } = await freshTraining();
    const [quiet, byDefault] = [`import-quiet-${Date.now()}@example.test`, `import-default-${Date.now()}@example.test`];
    expect((await importCsv(token, training, csvForm(`email\n${quiet}\n`, { sendEmail: 'false' }))).body.enrolled_count).toBe(1);
    expect(await mails(quiet)).toEqual([]);
    expect((await importCsv(token, training, csvForm(`email\n${byDefault}\n`))).body.enrolled_count).toBe(1);
    await latestMail(byDefault, 'LEARNER_ENROLLED');
  });
});
