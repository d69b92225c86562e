import { expect } from 'vitest';
import { api, baseUrl, expectContract, login, register, type Answer } from './client';

/** The published demo training (server/db/seedCatalogue.ts) and its seeded learners (server/db/seedLearners.ts). */
export const DEMO_PHOTO = 'de300000-0000-4000-8000-000000000001';
export const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000abcd';

/** One call whose answer must be one the contract declares for the operation. */
export async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

/** The field names of a 422 envelope. */
export function invalidFields(answer: Answer): string[] {
  expect(answer.status, answer.text).toBe(422);
  expect(answer.body.code).toBe('VALIDATION_FAILED');
  return Object.keys(answer.body.errors ?? {}).sort();
}

export async function newTraining(token: string, name = 'Formation de test'): Promise<string> {
  const answer = await api('POST', '/trainings', { token, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.uuid as string;
}

/** A lesson in a new chapter; answers the lesson's id. */
export async function newLesson(token: string, trainingUuid: string, name = 'Leçon'): Promise<number> {
  const section = await api('POST', `/trainings/${trainingUuid}/training_items`, { token, body: { type: 'SECTION', name: 'Chapitre' } });
  expect(section.status, section.text).toBe(201);
  const lesson = await api('POST', `/trainings/${trainingUuid}/training_items`, {
    token,
    body: { type: 'GENERIC', name, parent_id: section.body.id },
  });
  expect(lesson.status, lesson.text).toBe(201);
  return lesson.body.id as number;
}

/** The owner of a fresh store with one training. */
export async function freshTraining(name?: string) {
  const { token } = await register();
  return { token, training: await newTraining(token, name) };
}

/** The demo store (plan PRO): one token per role. */
export async function demoTokens() {
  const [owner, admin, teacher, analyst] = await Promise.all(['owner', 'admin', 'teacher', 'analyst'].map((name) => login(`${name}@demo.test`)));
  return { owner: owner!, admin: admin!, teacher: teacher!, analyst: analyst! };
}

export type Role = keyof Awaited<ReturnType<typeof demoTokens>>;
export const EDITORS: Role[] = ['owner', 'admin', 'teacher'];
export const READERS: Role[] = ['owner', 'admin', 'teacher', 'analyst'];

export const customersPath = (training: string) => `/trainings/${training}/customers`;

export async function addCustomer(token: string, training: string, body: Record<string, unknown>) {
  const answer = await checked('addTrainingCustomer', 'POST', customersPath(training), { token, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; customer: { uuid: string; email: string } } & Record<string, unknown>;
}

/** POST of a multipart form (the API client of the tests speaks JSON only). */
export async function postForm(path: string, token: string | undefined, form: FormData, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: 'POST',
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
    body: form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers, text };
}

/** A CSV upload as a browser sends it. */
export function csvForm(content: string | Uint8Array<ArrayBuffer>, options: { filename?: string; type?: string; sendEmail?: string } = {}) {
  const form = new FormData();
  form.set('file', new Blob([content], { type: options.type ?? 'text/csv' }), options.filename ?? 'apprenants.csv');
  if (options.sendEmail !== undefined) form.set('send_email', options.sendEmail);
  return form;
}
