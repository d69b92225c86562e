import { expect } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

/** Calls one training-items operation and checks the answer against the contract before the test looks at it. */
export async function itemCall(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}

export const itemsPath = (trainingUuid: string) => `/trainings/${trainingUuid}/training_items`;
export const itemPath = (trainingUuid: string, id: number | string) => `${itemsPath(trainingUuid)}/${id}`;

export const listItems = (token: string | undefined, uuid: string) => itemCall('listTrainingItems', 'GET', itemsPath(uuid), token);
export const createItem = (token: string | undefined, uuid: string, body: unknown) => itemCall('createTrainingItem', 'POST', itemsPath(uuid), token, body);
export const getItem = (token: string | undefined, uuid: string, id: number | string) => itemCall('getTrainingItem', 'GET', itemPath(uuid, id), token);
export const updateItem = (token: string | undefined, uuid: string, id: number | string, body: unknown) =>
  itemCall('updateTrainingItem', 'PUT', itemPath(uuid, id), token, body);
export const deleteItem = (token: string | undefined, uuid: string, id: number | string) => itemCall('deleteTrainingItem', 'DELETE', itemPath(uuid, id), token);
export const duplicateItem = (token: string | undefined, uuid: string, id: number | string, body?: unknown) =>
  itemCall('duplicateTrainingItem', 'POST', `${itemPath(uuid, id)}/duplication`, token, body);
export const reorderItems = (token: string | undefined, uuid: string, body: unknown) =>
  itemCall('reorderTrainingItems', 'PUT', `${itemsPath(uuid)}/reordering`, token, body);

/** A new training of the caller's store (createTraining belongs to the trainings area). */
export async function newTraining(token: string, name = 'Formation de test'): Promise<string> {
  const answer = await api('POST', '/trainings', { token, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.uuid as string;
}

/** Creates an item and answers its id, failing the test on anything but 201. */
export async function addItem(token: string, uuid: string, body: Record<string, unknown>): Promise<number> {
  const answer = await createItem(token, uuid, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as number;
}

/** The demo store (plan PRO): one token per role. */
export async function demoTokens() {
  const [owner, admin, teacher, analyst, platform] = await Promise.all(
    ['owner', 'admin', 'teacher', 'analyst', 'platform'].map((name) => login(`${name}@demo.test`)),
  );
  return { owner: owner!, admin: admin!, teacher: teacher!, analyst: analyst!, platform: platform! };
}

/** The owner of a fresh store, which is on PERCENT (every sign-up is). */
export async function percentOwner(): Promise<string> {
  return (await register()).token;
}

/** The outline as [name, [child names]] pairs: enough to read an order at a glance. */
export const names = (outline: { name: string; children: { name: string }[] }[]) => outline.map((node) => [node.name, node.children.map((c) => c.name)]);
