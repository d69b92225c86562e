import { PDFDocument } from 'pdf-lib';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract } from './client';
import { freshShop } from './checkoutSupport';
import { DEMO_PHOTO, demoTokens, invalidFields, type Role } from './trainingLearnersSupport';

/**
 * The team's paperwork on the demo training's seeded learners (server/db/seedLearners.ts): the attendance
 * certificate (createAttendanceCertificate), a learner's activity log (exportCustomerLogs) and the Qualiopi
 * evidence zip (exportQualiopiEvidence). Learners are found by their seeded names; nothing here writes.
 */

/** A call answering the raw bytes too (the test client reads text). */
async function raw(operationId: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const text = type.startsWith('application/json') ? new TextDecoder().decode(bytes) : '';
  const answer = { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : new TextDecoder().decode(bytes) };
  expectContract(operationId, answer);
  return { ...answer, bytes };
}

let tokens: Awaited<ReturnType<typeof demoTokens>>;
let store: string;
const learners: Record<string, string> = {};
const attendance = (token: string | undefined, customer: string, body?: unknown, training = DEMO_PHOTO) =>
  raw('createAttendanceCertificate', 'POST', `/trainings/${training}/customers/${customer}/attendance`, token, body);
const qualiopi = (token: string | undefined, customer: string, training = DEMO_PHOTO) =>
  raw('exportQualiopiEvidence', 'GET', `/trainings/${training}/customers/${customer}/qualiopi/export`, token);
const logs = (token: string | undefined, customer: string, query = '') => raw('exportCustomerLogs', 'GET', `/stores/${store}/customers/${customer}/logs/export${query}`, token);

beforeAll(async () => {
  tokens = await demoTokens();
  store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid;
  const list = await api('GET', `/trainings/${DEMO_PHOTO}/customers?per_page=100`, { token: tokens.owner });
  for (const row of list.body.data as { customer: { uuid: string; display_name: string } }[]) learners[row.customer.display_name] = row.customer.uuid;
  const clara = await api('GET', `/stores/${store}/customers?q=clara.petitjean`, { token: tokens.owner });
  learners['Clara Petitjean'] = clara.body.data[0].uuid;
});

describe('createAttendanceCertificate', () => {
  it("prints an attestation d'assiduité for a learner who has not completed, with the form's fields", async () => {
    const answer = await attendance(tokens.owner, learners['Inès Fontaine']!, { hours: 14, signatory: 'Camille Durand', place: 'Lyon' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('attestation-assiduite.pdf');
    const pdf = await PDFDocument.load(answer.bytes);
    expect(pdf.getTitle()).toMatch(/^Attestation d’assiduité - Photographie culinaire/);
    expect(pdf.getSubject()).toMatch(/^Inès Fontaine - /);
    // The form's name wins over the customer's.
    const renamed = await attendance(tokens.owner, learners['Inès Fontaine']!, { learner_name: 'Inès F.' });
    expect((await PDFDocument.load(renamed.bytes)).getSubject()).toMatch(/^Inès F\. - /);
  });

  it('is made for every role of the contract', async () => {
    for (const role of ['owner', 'admin', 'teacher', 'analyst'] as Role[]) expect((await attendance(tokens[role], learners['Inès Fontaine']!)).status, role).toBe(200);
  });

  it('answers 422 for an abandoned cart or a malformed form, 404 for another store and 401 without a session', async () => {
    expect((await attendance(tokens.owner, learners['Clara Petitjean']!)).status).toBe(422);
    const bad = await attendance(tokens.owner, learners['Inès Fontaine']!, { siret: '123' });
    expect(invalidFields({ ...bad, body: bad.body })).toEqual(['siret']);
    expect((await attendance(tokens.owner, learners['Inès Fontaine']!, { hours: -1 })).status).toBe(422);
    const other = await freshShop({ testPayments: false });
    expect((await attendance(other.token, learners['Inès Fontaine']!)).status).toBe(404);
    expect((await attendance(tokens.owner, '00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    expect((await attendance(undefined, learners['Inès Fontaine']!)).status).toBe(401);
  });
});

describe('exportCustomerLogs', () => {
  it("lists the learner's connections and completions, oldest first, as a formula-safe CSV", async () => {
    const answer = await logs(tokens.analyst, learners['Inès Fontaine']!, `?training_uuid=${DEMO_PHOTO}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    // UTF-8 with a BOM (the decoder drops it), `;` separated, as Excel in French opens it.
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = String(answer.body);
    expect(text.startsWith('Date;Événement;Formation;Élément;Détail\r\n')).toBe(true);
    const lines = text.trim().split('\r\n').slice(1);
    expect(lines.filter((line) => line.split(';')[1] === 'Connexion').length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.split(';')[1] === 'Élément terminé')).toHaveLength(3);
    const dates = lines.map((line) => line.split(';')[0]!);
    expect(dates).toEqual([...dates].sort());
  });

  it('answers 403 to a teacher, 404 for another store or training, 422 for a malformed training id', async () => {
    expect((await logs(tokens.teacher, learners['Inès Fontaine']!)).status).toBe(403);
    const other = await freshShop({ testPayments: false });
    expect((await raw('exportCustomerLogs', 'GET', `/stores/${other.storeUuid}/customers/${learners['Inès Fontaine']}/logs/export`, other.token)).status).toBe(404);
    expect((await logs(tokens.owner, learners['Inès Fontaine']!, '?training_uuid=00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    expect((await logs(tokens.owner, learners['Inès Fontaine']!, '?training_uuid=nope')).status).toBe(422);
  });
});

describe('exportQualiopiEvidence', () => {
  it("zips the learner's log, progress, quiz, assignments, feedback and attendance certificate", async () => {
    const answer = await qualiopi(tokens.analyst, learners['Inès Fontaine']!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(answer.bytes);
    expect(Object.keys(files).sort()).toEqual(['attestation-assiduite.pdf', 'avis.csv', 'devoirs.csv', 'journal-activite.csv', 'progression.csv', 'quiz.csv']);
    const progress = strFromU8(files['progression.csv']!).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(progress[0]).toBe('Élément;Type;Terminé le;Temps passé;Score (%);Débloqué par l’équipe');
    expect(progress.slice(1).filter((line) => line.split(';')[2] !== '')).toHaveLength(3);
    expect(strFromU8(files['journal-activite.csv']!)).toContain('Connexion');
    expect((await PDFDocument.load(files['attestation-assiduite.pdf']!)).getSubject()).toMatch(/^Inès Fontaine - /);
  });

  it('answers 404 for another store, 422 for an abandoned cart, 401 without a session', async () => {
    const other = await freshShop({ testPayments: false });
    expect((await qualiopi(other.token, learners['Inès Fontaine']!)).status).toBe(404);
    expect((await qualiopi(tokens.owner, learners['Clara Petitjean']!)).status).toBe(422);
    expect((await qualiopi(undefined, learners['Inès Fontaine']!)).status).toBe(401);
  });
});
