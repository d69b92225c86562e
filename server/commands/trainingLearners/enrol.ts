import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerTrainings, customers, trainings } from '../../db/schema.js';
import type { CustomerRow, CustomerTrainingRow } from '../../presenters/customer.js';
import type { Services } from '../../services.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type TrainingRow = typeof trainings.$inferSelect;

/** One learner to enrol, as the add form or one CSV line gives it; the e-mail is already checked. */
export interface Learner {
  email: string;
  firstname: string | null;
  lastname: string | null;
}

export interface EnrolOptions {
  bypassDrip: boolean;
  /** undefined: the training's access duration decides; null: no end. */
  expiresAt: Date | null | undefined;
}

export type Outcome =
  | { kind: 'enrolled'; created: boolean; customer: CustomerRow; enrolment: CustomerTrainingRow }
  | { kind: 'already' }
  | { kind: 'full' };

/** Abandoned carts do not hold a seat: they are not learners yet. */
const SEATED = ['STUDENT', 'BLOCKED'] as const;
const CHUNK = 1000;
const DAY_MS = 86_400_000;

const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));
const key = (email: string) => email.trim().toLowerCase();

/** The store's customers for these e-mails, by lower-cased e-mail (the unique index is on lower(email)). */
async function customersByEmail(tx: Transaction, storeId: string, emails: string[]) {
  const found = new Map<string, CustomerRow>();
  for (const part of chunks(emails)) {
    const rows = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.storeId, storeId), inArray(sql<string>`lower(${customers.email})`, part)));
    for (const row of rows) found.set(key(row.email), row);
  }
  return found;
}

/**
 * Enrols learners BY_TEACHER in one transaction, creating the store's customers that are new. Existing
 * customers keep their own names (the learner's account data wins over a list). The training row is
 * locked first, so two imports into one training cannot both take its last seats. An abandoned cart
 * becomes an enrolment; a learner already enrolled (or blocked) is left alone. Outcomes follow `learners`,
 * whose e-mails must be distinct.
 */
export async function enrolLearners(services: Services, training: TrainingRow, learners: Learner[], options: EnrolOptions): Promise<Outcome[]> {
  const now = services.clock();
  const expiresAt =
    options.expiresAt !== undefined
      ? options.expiresAt
      : training.accessDurationDays
        ? new Date(now.getTime() + training.accessDurationDays * DAY_MS)
        : null;

  return services.db.transaction(async (tx) => {
    await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, training.id)).for('update');

    const emails = learners.map((l) => key(l.email));
    const known = await customersByEmail(tx, training.storeId, emails);
    const fresh = learners.filter((l) => !known.has(key(l.email)));
    const createdKeys = new Set<string>();
    for (const part of chunks(fresh)) {
      const inserted = await tx
        .insert(customers)
        .values(part.map((l) => ({ storeId: training.storeId, email: l.email.trim(), firstname: l.firstname, lastname: l.lastname, createdAt: now })))
        .onConflictDoNothing()
        .returning();
      for (const row of inserted) {
        known.set(key(row.email), row);
        createdKeys.add(key(row.email));
      }
    }
    // A customer created meanwhile by someone else made our insert do nothing: read it back.
    const missing = fresh.map((l) => key(l.email)).filter((email) => !known.has(email));
    if (missing.length) for (const [email, row] of await customersByEmail(tx, training.storeId, missing)) known.set(email, row);

    const customerIds = learners.map((l) => known.get(key(l.email))!.id);
    const existing = new Map<string, CustomerTrainingRow>();
    for (const part of chunks(customerIds)) {
      const rows = await tx
        .select()
        .from(customerTrainings)
        .where(and(eq(customerTrainings.trainingId, training.id), inArray(customerTrainings.customerId, part)));
      for (const row of rows) existing.set(row.customerId, row);
    }

    const [seated] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customerTrainings)
      .where(and(eq(customerTrainings.trainingId, training.id), inArray(customerTrainings.customerType, [...SEATED])));
    let seatsLeft = training.maxCustomers === null ? Infinity : training.maxCustomers - (seated?.n ?? 0);

    const enrolment = { customerType: 'STUDENT' as const, blockedReason: null, enrollmentType: 'BY_TEACHER' as const, bypassDrip: options.bypassDrip, expiresAt, enrolledAt: now };
    const plan: ({ kind: 'insert' | 'convert'; customerId: string } | { kind: 'already' } | { kind: 'full' })[] = customerIds.map((customerId) => {
      const current = existing.get(customerId);
      if (current && current.customerType !== 'ABANDONED_CART') return { kind: 'already' };
      if (seatsLeft <= 0) return { kind: 'full' };
      seatsLeft--;
      return { kind: current ? 'convert' : 'insert', customerId };
    });

    const written = new Map<string, CustomerTrainingRow>();
    const toInsert = plan.flatMap((p) => (p.kind === 'insert' ? [p.customerId] : []));
    for (const part of chunks(toInsert)) {
      const rows = await tx
        .insert(customerTrainings)
        .values(part.map((customerId) => ({ customerId, trainingId: training.id, ...enrolment })))
        .onConflictDoNothing()
        .returning();
      for (const row of rows) written.set(row.customerId, row);
    }
    const toConvert = plan.flatMap((p) => (p.kind === 'convert' ? [p.customerId] : []));
    for (const part of chunks(toConvert)) {
      const rows = await tx
        .update(customerTrainings)
        .set(enrolment)
        .where(and(eq(customerTrainings.trainingId, training.id), inArray(customerTrainings.customerId, part), eq(customerTrainings.customerType, 'ABANDONED_CART')))
        .returning();
      for (const row of rows) written.set(row.customerId, row);
    }

    return plan.map((p, i): Outcome => {
      if (p.kind === 'already' || p.kind === 'full') return p;
      const row = written.get(p.customerId);
      // Not written: someone enrolled this customer between our read and our write.
      if (!row) return { kind: 'already' };
      const email = emails[i]!;
      return { kind: 'enrolled', created: createdKeys.has(email), customer: known.get(email)!, enrolment: row };
    });
  });
}
