import { expect } from 'vitest';
import { api, expectContract, register, type Answer } from './client';

/** Trainings of the demo seed (server/db/seedCatalogue.ts) that other files only read. */
export const DEMO = {
  photo: 'de300000-0000-4000-8000-000000000001',
  light: 'de300000-0000-4000-8000-000000000002',
  styling: 'de300000-0000-4000-8000-000000000003',
} as const;
export const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000abcd';

/** One call, whose answer must be one the contract declares for the operation. */
export async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

/** A new trainer: OWNER of a fresh store with no training. */
export async function freshStore() {
  const { token, user } = await register();
  return { token, storeUuid: user.store.uuid as string, userUuid: user.uuid as string };
}

export async function createTraining(token: string, name: string, summary?: string) {
  const answer = await checked('createTraining', 'POST', '/trainings', { token, body: summary === undefined ? { name } : { name, summary } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; slug: string; name: string; position: number } & Record<string, unknown>;
}

/** The field names of a 422 envelope. */
export function invalidFields(answer: Answer): string[] {
  expect(answer.status, answer.text).toBe(422);
  expect(answer.body.code).toBe('VALIDATION_FAILED');
  return Object.keys(answer.body.errors ?? {}).sort();
}
