import { expect } from 'vitest';
import { api, expectContract, register, uniqueEmail, type Answer } from './client';

/** The learner area's checkout (issue 11): `/school/stores/{subdomain}/…`. */
export const school = (subdomain: string, rest = '') => `/school/stores/${subdomain}${rest}`;

export async function checked(operationId: string, method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<Answer> {
  const answer = await api(method, path, options);
  expectContract(operationId, answer);
  return answer;
}

export interface Shop {
  subdomain: string;
  storeUuid: string;
  token: string;
}

/** A fresh school (a new trainer's store), marked for the built-in test provider unless `testPayments` is false. */
export async function freshShop({ testPayments = true } = {}): Promise<Shop> {
  const { token, user } = await register();
  const shop = { subdomain: user.store.subdomain as string, storeUuid: user.store.uuid as string, token };
  if (testPayments) {
    const marked = await api('PUT', `/stores/${shop.storeUuid}`, { token, body: { feature_options: { test_payments: true } } });
    expect(marked.status, marked.text).toBe(200);
  }
  return shop;
}

type Schedule = { type: 'ONE_TIME' | 'INSTALLMENTS' | 'SUBSCRIPTION'; price: number; installments_count?: number; frequency?: 'MONTHLY' | 'YEARLY' };

/** A training of the shop with these settings and schedules; answers its uuid and its schedules' ids, in order. */
export async function sellTraining(shop: Shop, settings: Record<string, unknown> = {}, schedules: Schedule[] = [{ type: 'ONE_TIME', price: 100 }]) {
  const created = await api('POST', '/trainings', { token: shop.token, body: { name: 'Formation à vendre' } });
  expect(created.status, created.text).toBe(201);
  const uuid = created.body.uuid as string;
  const updated = await api('PUT', `/trainings/${uuid}`, { token: shop.token, body: { status: 'PUBLISHED', ...settings } });
  expect(updated.status, updated.text).toBe(200);
  const ids: number[] = [];
  for (const schedule of schedules) {
    const answer = await api('POST', `/trainings/${uuid}/payment_schedules`, { token: shop.token, body: schedule });
    expect(answer.status, answer.text).toBe(201);
    ids.push(answer.body.id as number);
  }
  return { uuid, schedules: ids };
}

/** A published bundle of these trainings with one schedule. */
export async function sellBundle(shop: Shop, trainingUuids: string[], schedule: Schedule = { type: 'ONE_TIME', price: 150 }) {
  const created = await api('POST', '/bundles', { token: shop.token, body: { name: 'Pack à vendre' } });
  expect(created.status, created.text).toBe(201);
  const uuid = created.body.uuid as string;
  for (const training of trainingUuids) {
    const added = await api('POST', `/bundles/${uuid}/trainings/${training}`, { token: shop.token });
    expect(added.status, added.text).toBeLessThan(300);
  }
  const published = await api('PUT', `/bundles/${uuid}`, { token: shop.token, body: { status: 'PUBLISHED' } });
  expect(published.status, published.text).toBe(200);
  const priced = await api('POST', `/bundles/${uuid}/payment_schedules`, { token: shop.token, body: schedule });
  expect(priced.status, priced.text).toBe(201);
  return { uuid, schedules: [priced.body.id as number] };
}

export async function promoCode(shop: Shop, body: Record<string, unknown>) {
  const answer = await api('POST', `/stores/${shop.storeUuid}/discount_codes`, { token: shop.token, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: number; code: string };
}

export const BILLING = { firstname: 'Léa', lastname: 'Martin', address_line1: '3 rue du Port', postal_code: '13002', city: 'Marseille', country: 'FR' };

/** A checkout body for a new guest buying a training with the card. */
export function order(training: { uuid: string; schedules: number[] }, overrides: Record<string, unknown> = {}) {
  return {
    buyable_type: 'TRAINING',
    buyable_uuid: training.uuid,
    payment_schedule_id: training.schedules[0],
    email: uniqueEmail('buyer'),
    firstname: 'Léa',
    lastname: 'Martin',
    billing_address: BILLING,
    payment_method: 'CARD',
    accept_terms: true,
    ...overrides,
  };
}
