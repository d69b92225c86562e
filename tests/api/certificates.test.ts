import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register, uniqueEmail } from './client';
import { addItem } from './trainingItemsSupport';
import { addCustomer, checked, newTraining } from './trainingLearnersSupport';

/** Completion certificates (issue 12): the back office's createCompletionCertificate and the learner's getMyCertificate. */
const school = (subdomain: string, rest = '') => `/school/stores/${subdomain}${rest}`;
const mine = (training: string) => school('demo', `/me/trainings/${training}/certificate`);
const teamPath = (training: string, customer: string) => `/trainings/${training}/customers/${customer}/certificate`;

/** A call answering the raw bytes too (the test client reads text). */
async function pdfCall(operationId: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const isPdf = response.headers.get('content-type')?.startsWith('application/pdf');
  const answer = { status: response.status, headers: response.headers, text, body: isPdf ? text : text ? JSON.parse(text) : undefined };
  expectContract(operationId, answer);
  return { ...answer, bytes };
}

async function expectCertificate(answer: Awaited<ReturnType<typeof pdfCall>>, name: string, training: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  expect(answer.headers.get('cache-control')).toContain('no-store');
  expect(answer.text.startsWith('%PDF-')).toBe(true);
  expect(answer.bytes.length).toBeGreaterThan(1500);
  const pdf = await PDFDocument.load(answer.bytes);
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getSubject()).toBe(`${name} - ${training}`);
  return pdf;
}

let owner: string;
let training: string;
let lesson: number;
let learner: { token: string; customer: string };
const TRAINING_NAME = 'Certifiée à 100 %';

async function registerLearner(firstname: string, lastname: string) {
  const email = uniqueEmail('certif');
  const answer = await api('POST', school('demo', '/register'), { body: { email, password: 'learner-password-1', firstname, lastname } });
  expect(answer.status, answer.text).toBe(201);
  return { email, token: answer.body.token as string };
}

beforeAll(async () => {
  owner = await login('owner@demo.test');
  training = await newTraining(owner, TRAINING_NAME);
  lesson = await addItem(owner, training, { type: 'GENERIC', name: 'Unique leçon', draft: false });
  const put = await api('PUT', `/trainings/${training}`, { token: owner, body: { certificate_enabled: true } });
  expect(put.status, put.text).toBe(200);
  // A name Helvetica cannot write whole (ł, a CJK character): the PDF is still made.
  const signedUp = await registerLearner('Zoë', 'Łukasz-李');
  const enrolment = await addCustomer(owner, training, { email: signedUp.email, send_email: false });
  learner = { token: signedUp.token, customer: enrolment.customer.uuid };
}, 60_000);

describe('completion certificates', () => {
  it('are refused (422) until the training is completed, and the list says none is available', async () => {
    const team = await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), owner);
    expect(team.status).toBe(422);
    expect(team.body.message).toMatch(/terminée/);
    expect((await pdfCall('getMyCertificate', 'GET', mine(training), learner.token)).status).toBe(422);
    const list = await checked('listMyTrainings', 'GET', school('demo', '/me/trainings'), { token: learner.token });
    expect(list.body.data.find((row: { training: { uuid: string } }) => row.training.uuid === training).certificate_available).toBe(false);
  });

  it('are made once the learner completed it: the team (any role) and the learner get the PDF with the name', async () => {
    const done = await checked('updateLessonProgress', 'PUT', school('demo', `/me/trainings/${training}/items/${lesson}/progress`), {
      token: learner.token,
      body: { completed: true },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.training_progress).toBe(100);

    await expectCertificate(await pdfCall('getMyCertificate', 'GET', mine(training), learner.token), 'Zoë Łukasz-李', TRAINING_NAME);
    for (const email of ['owner@demo.test', 'teacher@demo.test', 'analyst@demo.test']) {
      await expectCertificate(await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), await login(email)), 'Zoë Łukasz-李', TRAINING_NAME);
    }
    // The form's fields win over the stored ones.
    const custom = await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), owner, { learner_name: 'Zoé Martin', hours: 7, place: 'Lyon' });
    await expectCertificate(custom, 'Zoé Martin', TRAINING_NAME);
    const bad = await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), owner, { siret: '12' });
    expect(bad.status).toBe(422);

    const list = await checked('listMyTrainings', 'GET', school('demo', '/me/trainings'), { token: learner.token });
    expect(list.body.data.find((row: { training: { uuid: string } }) => row.training.uuid === training).certificate_available).toBe(true);
  });

  it('answer 404 to another store, 403 to a learner who does not follow the training, 401 without a session', async () => {
    const stranger = await register();
    expect((await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), stranger.token)).status).toBe(404);
    const other = await registerLearner('Autre', 'Apprenant');
    expect((await pdfCall('getMyCertificate', 'GET', mine(training), other.token)).status).toBe(403);
    // Another learner of the store is not enrolled here: their uuid names no enrolment of this training.
    const otherEnrolled = await addCustomer(owner, await newTraining(owner, 'Ailleurs'), { email: other.email, send_email: false });
    expect((await pdfCall('createCompletionCertificate', 'POST', teamPath(training, otherEnrolled.customer.uuid), owner)).status).toBe(404);
    expect((await pdfCall('getMyCertificate', 'GET', school(stranger.user.store.subdomain, `/me/trainings/${training}/certificate`), learner.token)).status).toBe(401);
    expect((await pdfCall('getMyCertificate', 'GET', mine(training), undefined)).status).toBe(401);
  });

  it('are refused (403) when the training gives no certificates', async () => {
    const off = await api('PUT', `/trainings/${training}`, { token: owner, body: { certificate_enabled: false } });
    expect(off.status, off.text).toBe(200);
    const team = await pdfCall('createCompletionCertificate', 'POST', teamPath(training, learner.customer), owner);
    expect(team.status).toBe(403);
    expect(team.body.message).toMatch(/certificats/);
    expect((await pdfCall('getMyCertificate', 'GET', mine(training), learner.token)).status).toBe(403);
    const list = await checked('listMyTrainings', 'GET', school('demo', '/me/trainings'), { token: learner.token });
    expect(list.body.data.find((row: { training: { uuid: string } }) => row.training.uuid === training).certificate_available).toBe(false);
  });
});
