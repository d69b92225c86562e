// Outgoing webhooks (`/marketing/outils-automatisation`): the operations through the real server (bad input, SSRF
// refusals, roles, another store's ids), then delivery through the job queue to a receiver on loopback that checks
// the X-Signature header, with a retry after a failed answer and the delivery log.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhook, deliverWebhook } from '../../server/commands/webhooks/webhooks';
import { webhookDeliveries } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { startQueue, type StartedQueue } from '../../server/jobs/queue';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import type { Services } from '../../server/services';
import { eventually } from '../support/jobs';
import { loopbackJsonServer, type LoopbackRequest } from '../support/loopbackServer';
import { inject as injectApp, insertDraftSale, paymentsApp } from '../support/paymentsFixtures';
import { api, expectContract, login, register, type Answer } from './client';

// A public address written as an IP (no DNS needed); nothing is posted to it in these tests.
const PUBLIC_URL = 'https://93.184.216.34/hooks/course-platform';

async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}
const list = (token: string, store: string) => op('listWebhooks', 'GET', `/stores/${store}/tools/webhooks`, token);
const create = (token: string, store: string, body: unknown) => op('createWebhook', 'POST', `/stores/${store}/tools/webhooks`, token, body);
const remove = (token: string, store: string, id: number | string) => op('deleteWebhook', 'DELETE', `/stores/${store}/tools/webhooks/${id}`, token);
const deliveries = (token: string, store: string, id: number | string) => op('listWebhookDeliveries', 'GET', `/stores/${store}/tools/webhooks/${id}/deliveries`, token);

async function freshStore() {
  const owner = await register();
  return { token: owner.token, store: owner.user.store.uuid as string };
}

describe('webhook operations', () => {
  it('creates, lists (newest first, with the secret), refuses a duplicate, and deletes', async () => {
    const { token, store } = await freshStore();
    expect((await list(token, store)).body).toEqual({ data: [] });
    const sale = await create(token, store, { url: PUBLIC_URL, webhook: 'SALE_CREATED' });
    expect(sale.status, sale.text).toBe(201);
    expect(sale.body).toMatchObject({ url: PUBLIC_URL, webhook: 'SALE_CREATED' });
    expect(sale.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const enrolled = await create(token, store, { url: PUBLIC_URL, webhook: 'TRAINING_ENROLLED' });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.secret).not.toBe(sale.body.secret);
    expect((await create(token, store, { url: PUBLIC_URL, webhook: 'SALE_CREATED' })).status).toBe(409);
    expect((await list(token, store)).body.data.map((w: { id: number }) => w.id)).toEqual([enrolled.body.id, sale.body.id]);
    expect((await deliveries(token, store, sale.body.id)).body).toEqual({ data: [] });
    expect((await remove(token, store, sale.body.id)).status).toBe(204);
    expect((await remove(token, store, sale.body.id)).status).toBe(404);
    expect((await list(token, store)).body.data).toHaveLength(1);
  });

  it('refuses bad input and addresses the SSRF guard refuses (422 on url)', async () => {
    const { token, store } = await freshStore();
    for (const [body, field] of [
      [{ url: PUBLIC_URL }, 'webhook'],
      [{ webhook: 'SALE_CREATED' }, 'url'],
      [{ url: PUBLIC_URL, webhook: 'SOMETHING' }, 'webhook'],
      [{ url: 'pas une adresse', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'http://93.184.216.34/hook', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'https://127.0.0.1/hook', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'https://169.254.169.254/latest/meta-data', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'https://[::1]/hook', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'https://10.1.2.3/hook', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'https://user:pw@93.184.216.34/hook', webhook: 'SALE_CREATED' }, 'url'],
      [{ url: 'ftp://93.184.216.34/hook', webhook: 'SALE_CREATED' }, 'url'],
    ] as const) {
      const answer = await create(token, store, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await list(token, store)).body.data).toEqual([]);
    for (const id of ['abc', '0', '99999999999']) {
      const answer = await api('DELETE', `/stores/${store}/tools/webhooks/${id}`, { token });
      expect([404, 422], id).toContain(answer.status);
    }
  });

  it('is for managers only, and another store’s webhooks answer 404', async () => {
    const owner = await login('owner@demo.test');
    const demo = (await api('GET', '/users/me', { token: owner })).body.store.uuid as string;
    const created = await create(owner, demo, { url: `${PUBLIC_URL}/${Date.now()}`, webhook: 'TRAINING_ENROLLED' });
    expect(created.status).toBe(201);
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const token = await login(email);
      expect((await list(token, demo)).status, email).toBe(403);
      expect((await create(token, demo, { url: PUBLIC_URL, webhook: 'SALE_CREATED' })).status, email).toBe(403);
      expect((await remove(token, demo, created.body.id)).status, email).toBe(403);
      expect((await deliveries(token, demo, created.body.id)).status, email).toBe(403);
    }
    expect((await list(await login('admin@demo.test'), demo)).status).toBe(200);
    expect((await list(owner, demo)).body.data.map((w: { id: number }) => w.id)).toContain(created.body.id);

    const other = await freshStore();
    // The other store's owner, in their own store, naming the demo's webhook: not found.
    expect((await remove(other.token, other.store, created.body.id)).status).toBe(404);
    expect((await deliveries(other.token, other.store, created.body.id)).status).toBe(404);
    // …or in the demo's store: not theirs either.
    expect((await list(other.token, demo)).status).toBe(404);
    expect((await remove(other.token, demo, created.body.id)).status).toBe(404);
    expect((await api('GET', `/stores/${demo}/tools/webhooks`)).status).toBe(401);
    expect((await remove(owner, demo, created.body.id)).status).toBe(204);
  });
});

describe('webhook delivery through the job queue', () => {
  let setup: Awaited<ReturnType<typeof paymentsApp>>;
  let services: Services;
  let queue: StartedQueue;
  let receiver: Awaited<ReturnType<typeof loopbackJsonServer>>;
  const received: LoopbackRequest[] = [];
  /** Answers for the next requests (then 200). */
  const failures: number[] = [];

  beforeAll(async () => {
    receiver = await loopbackJsonServer((request) => {
      received.push(request);
      if (request.path === '/always-down') return [500, { error: 'down' }];
      const status = failures.shift();
      return status ? [status, { error: 'not now' }] : [200, { ok: true }];
    });
    setup = await paymentsApp({});
    queue = await startQueue(setup.env.queueDatabase, { pollingIntervalSeconds: 0.5, queues: { 'webhook.deliver': { retryLimit: 2, retryDelay: 1, retryBackoff: true } } });
    services = { ...setup.services, jobs: queue };
    // Loopback is allowed to this test's receiver only (production never reaches it: guardedFetch ignores the flag there).
    await queue.work({ 'webhook.deliver': ({ deliveryId }, job) => deliverWebhook(services, deliveryId, { final: job.final, guard: { allowLoopbackForTests: true } }) });
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    await setup?.close();
    await receiver?.close();
  });

  /** The receiver's check, as a store's developer would write it (its clock is the app's test clock here). */
  function verify(secret: string, request: LoopbackRequest) {
    const header = String(request.headers['x-signature']);
    const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
    const expected = createHmac('sha256', secret).update(`${parts.t}.${request.raw}`).digest();
    const given = Buffer.from(parts.v1 ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(services.clock().getTime() / 1000 - Number(parts.t)) < 300;
  }

  it('posts SALE_CREATED and TRAINING_ENROLLED, signed, when a sale is paid; retries a failed answer; logs every delivery', async () => {
    const guard = { allowLoopbackForTests: true };
    const saleHook = await createWebhook(services, setup.storeId, { url: `${receiver.url}/sales`, webhook: 'SALE_CREATED' }, guard);
    const enrolHook = await createWebhook(services, setup.storeId, { url: `${receiver.url}/enrolments`, webhook: 'TRAINING_ENROLLED' }, guard);
    // The receiver of sales is down for the first attempt.
    failures.push(503);
    const { sale, customer } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `webhooks-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });
    // A replay of the same payment emits nothing more.
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `webhooks-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });

    const rows = await eventually(async () => {
      const all = await services.db.select().from(webhookDeliveries);
      return all.length === 2 && all.every((d) => d.status === 'DELIVERED') ? all : undefined;
    }, 30_000, 'both deliveries');
    const saleDelivery = rows.find((d) => d.event === 'SALE_CREATED')!;
    expect(saleDelivery.attempts).toBe(2);
    expect(rows.find((d) => d.event === 'TRAINING_ENROLLED')!.attempts).toBe(1);

    const posts = received.filter((r) => r.path === '/sales');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.method).toBe('POST');
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers['x-webhook-event']).toBe('SALE_CREATED');
      expect(verify(saleHook.secret, post)).toBe(true);
      // Signed with another webhook's secret, or with the body changed: refused.
      expect(verify(enrolHook.secret, post)).toBe(false);
      expect(verify(saleHook.secret, { ...post, raw: post.raw.replace('"SALE_CREATED"', '"SALE_CREATEX"') })).toBe(false);
    }
    // The same event on every retry, so the receiver can deduplicate.
    expect(new Set(posts.map((p) => JSON.parse(p.raw).id)).size).toBe(1);
    const payload = JSON.parse(posts[0]!.raw);
    expect(payload).toMatchObject({ type: 'SALE_CREATED', store_id: setup.storeId, data: { sale: { id: sale.id, status: 'PAID' }, customer: { id: customer.id, email: customer.email } } });
    const enrolment = received.find((r) => r.path === '/enrolments')!;
    expect(verify(enrolHook.secret, enrolment)).toBe(true);
    expect(JSON.parse(enrolment.raw)).toMatchObject({ type: 'TRAINING_ENROLLED', data: { training: { id: DEMO_IDS.trainings.photo }, customer: { id: customer.id }, sale_id: sale.id } });

    const log = await injectApp(setup.app, 'GET', `/stores/${setup.storeId}/tools/webhooks/${saleHook.id}/deliveries`, { token: setup.owner });
    expectContract('listWebhookDeliveries', log);
    expect(log.body.data).toMatchObject([{ webhook: 'SALE_CREATED', status: 'DELIVERED', attempts: 2, response_status: 200, error: null }]);
  }, 60_000);

  it('marks a delivery FAILED once its retries are spent', async () => {
    const hook = await createWebhook(services, setup.storeId, { url: `${receiver.url}/always-down`, webhook: 'SALE_CREATED' }, { allowLoopbackForTests: true });
    const { sale } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `webhooks-down-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });
    const failed = await eventually(async () => {
      const [row] = await services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
      return row?.status === 'FAILED' ? row : undefined;
    }, 40_000, 'the delivery failed');
    // Three attempts (retryLimit 2 in this test), each logged; the receiver's 500 kept.
    expect(failed.attempts).toBe(3);
    expect(failed.responseStatus).toBe(500);
    expect(failed.error).toBe('HTTP 500');
  }, 60_000);
});
