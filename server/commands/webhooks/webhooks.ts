import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { customers, customerTrainings, trainings, webhookDeliveries, webhooks, type WebhookEvent } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { JobQueue } from '../../jobs/queue.js';
import { checkGuardedAddress, FetchRefused, guardedPost, type GuardedFetchOptions } from '../../net/guardedFetch.js';
import type { Services } from '../../services.js';
import { REFUSAL_MESSAGES } from '../embeds/embeds.js';
import { isUniqueViolation } from '../trainings/slug.js';

type WebhookBody = components['schemas']['Webhook'];
type DeliveryBody = components['schemas']['WebhookDelivery'];
type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 50;

const presentWebhook = (row: WebhookRow): WebhookBody => ({ id: row.id, url: row.url, webhook: row.event, secret: row.secret, created_at: row.createdAt.toISOString() });
const presentDelivery = (row: DeliveryRow): DeliveryBody => ({
  id: row.id,
  event_id: row.eventId,
  webhook: row.event,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
});

/** GET /tools/webhooks: the store's webhooks, newest first. */
export async function listWebhooks(services: Pick<Services, 'db'>, storeId: string) {
  const rows = await services.db.select().from(webhooks).where(eq(webhooks.storeId, storeId)).orderBy(desc(webhooks.id));
  return { data: rows.map(presentWebhook) };
}

/**
 * POST /tools/webhooks. The address passes the SSRF guard of the oEmbed fetch now (https, every address its
 * host resolves to public) and again at every delivery (DNS may change). Each webhook gets its own secret.
 */
export async function createWebhook(services: Pick<Services, 'db' | 'clock'>, storeId: string, input: { url: string; webhook: WebhookEvent }, guard: GuardedFetchOptions = {}) {
  try {
    await checkGuardedAddress(input.url, guard);
  } catch (error) {
    if (error instanceof FetchRefused) throw invalid({ url: [REFUSAL_MESSAGES[error.reason]] });
    throw error;
  }
  const taken = () => conflict(messages.webhookTaken, { url: [messages.webhookTaken] });
  try {
    const [row] = await services.db
      .insert(webhooks)
      .values({ storeId, url: input.url, event: input.webhook, secret: `whsec_${randomBytes(24).toString('hex')}`, createdAt: services.clock() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken();
    return presentWebhook(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** DELETE /tools/webhooks/{id}: scoped to the store (another store's id is 404); its log and pending deliveries go with it. */
export async function deleteWebhook(services: Pick<Services, 'db'>, storeId: string, id: number) {
  const deleted = await services.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.storeId, storeId)))
    .returning({ id: webhooks.id });
  if (!deleted.length) throw notFound();
}

/** GET /tools/webhooks/{id}/deliveries: the most recent deliveries, newest first. */
export async function listWebhookDeliveries(services: Pick<Services, 'db'>, storeId: string, id: number) {
  const [webhook] = await services.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.storeId, storeId)));
  if (!webhook) throw notFound();
  const rows = await services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id)).orderBy(desc(webhookDeliveries.id)).limit(DELIVERY_LOG_SIZE);
  return { data: rows.map(presentDelivery) };
}

/**
 * Emits an event to the store's webhooks subscribed to it: one delivery row each and one `webhook.deliver` job
 * each, written in the caller's transaction (`db` may be one), so an event exists exactly when what it tells did
 * happen. The payload is frozen here; retries post the same bytes under a fresh signature.
 */
export async function emitWebhookEvent(
  db: Pick<Database, 'select' | 'insert' | 'execute'>,
  jobs: JobQueue,
  input: { storeId: string; event: WebhookEvent; data: Record<string, unknown>; at: Date },
) {
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.storeId, input.storeId), eq(webhooks.event, input.event)));
  if (!targets.length) return;
  const eventId = randomUUID();
  const payload = { id: eventId, type: input.event, created_at: input.at.toISOString(), store_id: input.storeId, data: input.data };
  const rows = await db
    .insert(webhookDeliveries)
    .values(targets.map((target) => ({ webhookId: target.id, storeId: input.storeId, eventId, event: input.event, payload, status: 'PENDING' as const, createdAt: input.at })))
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await jobs.send('webhook.deliver', { deliveryId: row.id }, { tx: db });
}

type CustomerRow = typeof customers.$inferSelect;
type EmitDb = Pick<Database, 'select' | 'insert' | 'execute'>;

/** A learner as the events tell them (SALE_CREATED, CUSTOMER_CREATED, TRAINING_ENROLLED, TRAINING_COMPLETED, ABANDONED_CART). */
export const customerPayload = (customer: Pick<CustomerRow, 'id' | 'email' | 'firstname' | 'lastname'>) => ({
  id: customer.id,
  email: customer.email,
  firstname: customer.firstname,
  lastname: customer.lastname,
});

/** Does any webhook of the store listen to this event? (A large import then skips one query per learner.) */
async function subscribed(db: EmitDb, storeId: string, event: WebhookEvent) {
  const [one] = await db.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.storeId, storeId), eq(webhooks.event, event))).limit(1);
  return Boolean(one);
}

/** How a learner came to the store, in CUSTOMER_CREATED. */
export type CustomerSource = 'REGISTRATION' | 'CHECKOUT' | 'TEAM' | 'IMPORT';

/** CUSTOMER_CREATED: a learner new to the store, whatever the path (sign-up, a guest checkout, added or imported by the team). */
export async function emitCustomersCreated(db: EmitDb, jobs: JobQueue, storeId: string, created: CustomerRow[], source: CustomerSource, at: Date) {
  if (!created.length || !(await subscribed(db, storeId, 'CUSTOMER_CREATED'))) return;
  for (const customer of created) {
    await emitWebhookEvent(db, jobs, { storeId, event: 'CUSTOMER_CREATED', at, data: { customer: { ...customerPayload(customer), created_at: customer.createdAt.toISOString() }, source } });
  }
}

/** TRAINING_ENROLLED for enrolments made outside a sale (the team's); sales emit theirs with SALE_CREATED. */
export async function emitEnrolments(db: EmitDb, jobs: JobQueue, storeId: string, training: { id: string; name: string }, enrolled: CustomerRow[], at: Date) {
  if (!enrolled.length || !(await subscribed(db, storeId, 'TRAINING_ENROLLED'))) return;
  for (const customer of enrolled) {
    await emitWebhookEvent(db, jobs, { storeId, event: 'TRAINING_ENROLLED', at, data: { training, customer: customerPayload(customer), sale_id: null, enrolled_at: at.toISOString() } });
  }
}

/** TRAINING_COMPLETED, once per enrolment: called when its completion date was just written. */
export async function emitTrainingCompleted(db: EmitDb, jobs: JobQueue, customerTrainingId: string, at: Date) {
  const [found] = await db
    .select({ training: { id: trainings.id, name: trainings.name, storeId: trainings.storeId }, customer: customers })
    .from(customerTrainings)
    .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
    .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
    .where(eq(customerTrainings.id, customerTrainingId));
  if (!found) return;
  const { storeId, ...training } = found.training;
  await emitWebhookEvent(db, jobs, { storeId, event: 'TRAINING_COMPLETED', at, data: { training, customer: customerPayload(found.customer), completed_at: at.toISOString() } });
}

/** The X-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>` (Stripe's scheme). */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * The `webhook.deliver` job: one attempt. A 2xx answer marks the delivery DELIVERED; anything else is written to
 * the log and thrown, so the queue retries with backoff; the last attempt (`final`) marks it FAILED.
 */
export async function deliverWebhook(services: Pick<Services, 'db' | 'clock'>, deliveryId: number, options: { final: boolean; guard?: GuardedFetchOptions }) {
  const [found] = await services.db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted with its webhook, or already delivered (a job run again after a crash).
  if (!found || found.delivery.status !== 'PENDING') return;
  const { delivery, webhook } = found;
  const body = JSON.stringify(delivery.payload);
  const now = services.clock();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await guardedPost(
      webhook.url,
      {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'CoursePlatformWebhooks/1.0',
          'x-webhook-event': delivery.event,
          'x-webhook-id': delivery.eventId,
          'x-signature': signWebhook(webhook.secret, body, now),
        },
        body,
      },
      options.guard,
    );
    status = answer.status;
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const delivered = error === null;
  await services.db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: now,
      responseStatus: status,
      error,
      ...(delivered ? { status: 'DELIVERED' as const, deliveredAt: now } : options.final ? { status: 'FAILED' as const } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!delivered) throw new Error(`webhook delivery ${deliveryId}: ${error}`);
}
