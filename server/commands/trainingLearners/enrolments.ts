import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import type { StoreRow } from '../../auth/session.js';
import { customerTrainings, customers } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentCustomerTraining } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { sendEnrolmentMail } from '../learners/links.js';
import { enrolLearners } from './enrol.js';
import { offsetOf, pageEnvelope, type PageRequest } from './paging.js';

type AddBody = operations['addTrainingCustomer']['requestBody']['content']['application/json'];
type UpdateBody = operations['updateTrainingCustomer']['requestBody']['content']['application/json'];
type CustomerType = components['schemas']['CustomerType'];

/** `%`, `_` and `\` typed in the search box are searched for, not used as wildcards. */
export const likePattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The standing a learner lives (see `standingOf` in the presenter): a passed expiry reads BLOCKED. */
const standing = (now: Date) =>
  sql<CustomerType>`case when ${customerTrainings.customerType} = 'STUDENT' and ${customerTrainings.expiresAt} <= ${now} then 'BLOCKED' else ${customerTrainings.customerType} end`;

/** A date-time the learner's access ends; the past is refused (blocking is how access ends now). */
function futureExpiry(services: Services, value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (!(date > services.clock())) throw invalid({ expires_at: [messages.expiryInPast] });
  return date;
}

export async function listTrainingCustomers(
  services: Services,
  storeId: string,
  trainingUuid: string,
  filter: { q?: string; type?: CustomerType },
  page: PageRequest,
) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const now = services.clock();
  const conditions: (SQL | undefined)[] = [eq(customerTrainings.trainingId, training.id)];
  if (filter.q?.trim()) {
    const pattern = likePattern(filter.q);
    conditions.push(
      or(ilike(customers.email, pattern), ilike(sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname})`, pattern)),
    );
  }
  if (filter.type) conditions.push(sql`${standing(now)} = ${filter.type}`);
  const where = and(...conditions);

  const [counted] = await services.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(customerTrainings)
    .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
    .where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await services.db
          .select({ enrolment: customerTrainings, customer: customers })
          .from(customerTrainings)
          .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
          .where(where)
          .orderBy(desc(customerTrainings.enrolledAt), desc(customerTrainings.id))
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  return pageEnvelope(
    page,
    total,
    rows.map((row) => presentCustomerTraining(row.enrolment, training, row.customer, now)),
  );
}

/**
 * Adds one learner BY_TEACHER: the store's customer is created when the e-mail is new. Already enrolled
 * (or blocked) answers 409; a training at its maximum of learners answers 403.
 *
 * With `send_email`, the learner is mailed that the training is open to them (learners/links.ts): an activation
 * link to choose a password when the account has none, else the school's sign-in page.
 */
export async function addTrainingCustomer(services: Services, store: StoreRow, trainingUuid: string, body: AddBody) {
  const training = await trainingOf(services, store.id, trainingUuid);
  const expiresAt = futureExpiry(services, body.expires_at);
  const [outcome] = await enrolLearners(
    services,
    training,
    [{ email: body.email, firstname: body.firstname?.trim() || null, lastname: body.lastname?.trim() || null }],
    { bypassDrip: body.bypass_drip ?? false, expiresAt },
  );
  if (!outcome || outcome.kind === 'already') throw conflict(messages.alreadyEnrolled, { email: [messages.alreadyEnrolled] });
  if (outcome.kind === 'full') throw forbidden(messages.trainingFull);
  if (body.send_email) await sendEnrolmentMail(services, store, outcome.customer, training.name);
  return presentCustomerTraining(outcome.enrolment, training, outcome.customer, services.clock());
}

/** The enrolment of a customer of the store in this training (404 when there is none). */
export async function enrolmentOf(services: Services, trainingId: string, customerUuid: string) {
  const [row] = await services.db
    .select({ enrolment: customerTrainings, customer: customers })
    .from(customerTrainings)
    .innerJoin(customers, eq(customers.id, customerTrainings.customerId))
    .where(and(eq(customerTrainings.trainingId, trainingId), eq(customerTrainings.customerId, customerUuid)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Blocks (BLOCKED, BY_TEACHER) or gives access back, opens every item (bypass_drip), moves the access end. */
export async function updateTrainingCustomer(services: Services, storeId: string, trainingUuid: string, customerUuid: string, body: UpdateBody) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const { enrolment, customer } = await enrolmentOf(services, training.id, customerUuid);
  if (enrolment.customerType === 'ABANDONED_CART') throw invalid({ body: [messages.notEnrolled] }, messages.notEnrolled);

  const set: Partial<typeof customerTrainings.$inferInsert> = {};
  if (body.blocked === true) Object.assign(set, { customerType: 'BLOCKED', blockedReason: 'BY_TEACHER' });
  if (body.blocked === false) Object.assign(set, { customerType: 'STUDENT', blockedReason: null });
  if (body.bypass_drip !== undefined) set.bypassDrip = body.bypass_drip;
  const expiresAt = futureExpiry(services, body.expires_at);
  if (expiresAt !== undefined) set.expiresAt = expiresAt;

  const [updated = enrolment] = await services.db.update(customerTrainings).set(set).where(eq(customerTrainings.id, enrolment.id)).returning();
  return presentCustomerTraining(updated, training, customer, services.clock());
}

/** The enrolment goes, its item progress with it (the schema cascades); the customer stays in the store. */
export async function removeTrainingCustomer(services: Services, storeId: string, trainingUuid: string, customerUuid: string) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const removed = await services.db
    .delete(customerTrainings)
    .where(and(eq(customerTrainings.trainingId, training.id), eq(customerTrainings.customerId, customerUuid)))
    .returning({ id: customerTrainings.id });
  if (!removed.length) throw notFound();
}
