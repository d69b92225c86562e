// The webhook events beyond sales (issue 16): CUSTOMER_CREATED and TRAINING_ENROLLED when the team adds a learner,
// ABANDONED_CART when an order is left unpaid, TRAINING_COMPLETED once when a learner's progress reaches 100 %. Each is
// written in the transaction of what it tells and posted, signed, by the `webhook.deliver` job to a receiver on loopback.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { recomputeProgress } from '../../server/commands/learning/lesson';
import { createWebhook, deliverWebhook } from '../../server/commands/webhooks/webhooks';
import { customerTrainings, itemProgress, trainingItems, type WebhookEvent } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { startQueue, type StartedQueue } from '../../server/jobs/queue';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import type { Services } from '../../server/services';
import { eventually } from '../support/jobs';
import { loopbackJsonServer, type LoopbackRequest } from '../support/loopbackServer';
import { inject, insertDraftSale, paymentsApp } from '../support/paymentsFixtures';

describe('webhook events of learners', () => {
  let setup: Awaited<ReturnType<typeof paymentsApp>>;
  let services: Services;
  /** The app over the services whose queue runs the jobs (the fixture's app only records them). */
  let app: FastifyInstance;
  let queue: StartedQueue;
  let receiver: Awaited<ReturnType<typeof loopbackJsonServer>>;
  const received: LoopbackRequest[] = [];
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = await loopbackJsonServer((request) => {
      received.push(request);
      return [200, { ok: true }];
    });
    setup = await paymentsApp({});
    queue = await startQueue(setup.env.queueDatabase, { pollingIntervalSeconds: 0.5 });
    services = { ...setup.services, jobs: queue };
    app = await buildApp(services, { logger: false });
    await queue.work({ 'webhook.deliver': ({ deliveryId }, job) => deliverWebhook(services, deliveryId, { final: job.final, guard: { allowLoopbackForTests: true } }) });
    for (const event of ['CUSTOMER_CREATED', 'TRAINING_ENROLLED', 'TRAINING_COMPLETED', 'ABANDONED_CART'] as const) {
      const hook = await createWebhook(services, setup.storeId, { url: `${receiver.url}/${event}`, webhook: event }, { allowLoopbackForTests: true });
      secrets.set(event, hook.secret);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await queue?.stop();
    await setup?.close();
    await receiver?.close();
  });

  /** The payloads posted for an event about this e-mail, once their signature checks out. */
  async function posted(event: WebhookEvent, email: string, count = 1) {
    const posts = await eventually(() => {
      const found = received.filter((r) => r.path === `/${event}` && r.raw.includes(email));
      return found.length >= count ? found : undefined;
    }, 30_000, `${event} for ${email}`);
    for (const post of posts) {
      const parts = Object.fromEntries(String(post.headers['x-signature']).split(',').map((p) => p.split('=') as [string, string]));
      expect(createHmac('sha256', secrets.get(event)!).update(`${parts.t}.${post.raw}`).digest('hex')).toBe(parts.v1);
      expect(post.headers['x-webhook-event']).toBe(event);
    }
    return posts.map((post) => JSON.parse(post.raw));
  }

  it('tells CUSTOMER_CREATED and TRAINING_ENROLLED when the team adds a new learner to a training', async () => {
    const email = `nouvelle-${Date.now()}@example.test`;
    const answer = await inject(app, 'POST', `/trainings/${DEMO_IDS.trainings.light}/customers`, {
      token: setup.owner,
      body: { email, firstname: 'Nora', lastname: 'Lemoine', send_email: false },
    });
    expect(answer.status, answer.text).toBe(201);
    const [created] = await posted('CUSTOMER_CREATED', email);
    expect(created).toMatchObject({ type: 'CUSTOMER_CREATED', store_id: setup.storeId, data: { source: 'TEAM', customer: { email, firstname: 'Nora', lastname: 'Lemoine' } } });
    const [enrolled] = await posted('TRAINING_ENROLLED', email);
    expect(enrolled.data).toMatchObject({ training: { id: DEMO_IDS.trainings.light }, customer: { id: created.data.customer.id, email }, sale_id: null });

    // Added to another training: enrolled again, but not created again.
    expect((await inject(app, 'POST', `/trainings/${DEMO_IDS.trainings.styling}/customers`, { token: setup.owner, body: { email, send_email: false } })).status).toBe(201);
    await posted('TRAINING_ENROLLED', email, 2);
    expect(received.filter((r) => r.path === '/CUSTOMER_CREATED' && r.raw.includes(email))).toHaveLength(1);
  }, 60_000);

  it('tells ABANDONED_CART when the first payment of an order is abandoned, once', async () => {
    const { sale, customer } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `abandon-${sale.id}`, saleId: sale.id, outcome: 'ABANDONED', occurredAt: services.clock() });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `abandon-again-${sale.id}`, saleId: sale.id, outcome: 'ABANDONED', occurredAt: services.clock() });
    const [payload] = await posted('ABANDONED_CART', customer.email);
    expect(payload.data).toMatchObject({ sale: { id: sale.id, training_id: DEMO_IDS.trainings.photo }, customer: { id: customer.id }, trainings: [{ id: DEMO_IDS.trainings.photo }] });
    // A sale that is paid tells SALE_CREATED, never ABANDONED_CART.
    const paid = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `paid-${paid.sale.id}`, saleId: paid.sale.id, outcome: 'PAID', occurredAt: services.clock() });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `late-abandon-${paid.sale.id}`, saleId: paid.sale.id, outcome: 'ABANDONED', occurredAt: services.clock() });
    await posted('TRAINING_ENROLLED', paid.customer.email);
    expect(received.filter((r) => r.path === '/ABANDONED_CART')).toHaveLength(1);
  }, 60_000);

  it('tells TRAINING_COMPLETED once, when the last item is done', async () => {
    const { sale, customer } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `complete-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });
    const [enrolment] = await services.db
      .select()
      .from(customerTrainings)
      .where(and(eq(customerTrainings.customerId, customer.id), eq(customerTrainings.trainingId, DEMO_IDS.trainings.photo)));
    const items = await services.db.select({ id: trainingItems.id }).from(trainingItems).where(eq(trainingItems.trainingId, DEMO_IDS.trainings.photo)).limit(2);
    expect(items.length).toBe(2);
    const [firstItem, lastItem] = items as [{ id: number }, { id: number }];
    const now = services.clock();
    // Half done: nothing told.
    await services.db.insert(itemProgress).values({ customerTrainingId: enrolment!.id, trainingItemId: firstItem.id, completedAt: now, updatedAt: now });
    expect(await services.db.transaction((tx) => recomputeProgress(tx, services.jobs, { order: items }, enrolment!, now))).toBe(50);
    await services.db.insert(itemProgress).values({ customerTrainingId: enrolment!.id, trainingItemId: lastItem.id, completedAt: now, updatedAt: now });
    expect(await services.db.transaction((tx) => recomputeProgress(tx, services.jobs, { order: items }, enrolment!, now))).toBe(100);
    // Computed again (another item saved later): completed already, told once.
    await services.db.transaction((tx) => recomputeProgress(tx, services.jobs, { order: items }, enrolment!, now));
    const [payload] = await posted('TRAINING_COMPLETED', customer.email);
    expect(payload.data).toMatchObject({ training: { id: DEMO_IDS.trainings.photo }, customer: { id: customer.id, email: customer.email }, completed_at: now.toISOString() });
    await posted('TRAINING_ENROLLED', customer.email);
    expect(received.filter((r) => r.path === '/TRAINING_COMPLETED' && r.raw.includes(customer.email))).toHaveLength(1);
  }, 60_000);
});
