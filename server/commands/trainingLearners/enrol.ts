import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerTrainings, customers, trainings } from '../../db/schema.js';
import type { CustomerRow, CustomerTrainingRow } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { autoJoinLearners } from '../community/autoJoin.js';
import { queueListSubscriptions } from '../emailProviders/emailProviders.js';
import { emitCustomersCreated, emitEnrolments } from '../webhooks/webhooks.js';

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
const DAY_MS = 86_400_000;

const key = (email: string) => email.trim().toLowerCase();
/**
 * A list bound as ONE array parameter: a 5 MB import holds ~100,000 lines, far past the 65,535 parameters
 * of a statement, and one array beats thousands of bound values (5x faster on PGlite).
 */
const list = (values: string[], type: 'text' | 'uuid') => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The store's customers for these e-mails, by lower-cased e-mail (the unique index is on lower(email)). */
async function customersByEmail(tx: Transaction, storeId: string, emails: string[]) {
  const rows = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), sql`lower(${customers.email}) = any(${list(emails, 'text')})`));
  return new Map(rows.map((row): [string, CustomerRow] => [key(row.email), row]));
}

/** Inserts the new customers in one statement; answers the (lower-cased) e-mails it created. */
async function createCustomers(tx: Transaction, storeId: string, fresh: Learner[], now: Date) {
  if (!fresh.length) return new Set<string>();
  const column = (pick: (l: Learner) => string | null) => sql`${sql.param(fresh.map(pick))}::text[]`;
  const result = await tx.execute(sql`
    insert into ${customers} (store_id, email, firstname, lastname, created_at)
    select ${storeId}::uuid, e, f, l, ${now}::timestamptz
    from unnest(${column((l) => l.email.trim())}, ${column((l) => l.firstname)}, ${column((l) => l.lastname)}) as t(e, f, l)
    on conflict do nothing
    returning email`);
  return new Set((result as unknown as { rows: { email: string }[] }).rows.map((row) => key(row.email)));
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
    const createdKeys = await createCustomers(tx, training.storeId, fresh, now);
    // Ours, and any created meanwhile by someone else (our insert then did nothing for them).
    if (fresh.length) for (const [email, row] of await customersByEmail(tx, training.storeId, fresh.map((l) => key(l.email)))) known.set(email, row);

    const customerIds = learners.map((l) => known.get(key(l.email))!.id);
    const existing = new Map(
      (
        await tx
          .select()
          .from(customerTrainings)
          .where(and(eq(customerTrainings.trainingId, training.id), sql`${customerTrainings.customerId} = any(${list(customerIds, 'uuid')})`))
      ).map((row) => [row.customerId, row]),
    );

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

    const toInsert = plan.flatMap((p) => (p.kind === 'insert' ? [p.customerId] : []));
    const toConvert = plan.flatMap((p) => (p.kind === 'convert' ? [p.customerId] : []));
    // Conflicts (someone enrolled them meanwhile) insert nothing: only what RETURNING names is ours.
    const mine: string[] = [];
    if (toInsert.length) {
      const inserted = await tx.execute(sql`
        insert into ${customerTrainings} (customer_id, store_id, customer_created_at, training_id, customer_type, enrollment_type, bypass_drip, expires_at, enrolled_at)
        select c.id, c.store_id, c.created_at, ${training.id}::uuid, 'STUDENT', 'BY_TEACHER', ${options.bypassDrip}, ${expiresAt}::timestamptz, ${now}::timestamptz
        from ${customers} c where c.id = any(${list(toInsert, 'uuid')})
        on conflict do nothing
        returning customer_id`);
      mine.push(...(inserted as unknown as { rows: { customer_id: string }[] }).rows.map((row) => row.customer_id));
    }
    if (toConvert.length) {
      const converted = await tx
        .update(customerTrainings)
        .set(enrolment)
        .where(
          and(
            eq(customerTrainings.trainingId, training.id),
            sql`${customerTrainings.customerId} = any(${list(toConvert, 'uuid')})`,
            eq(customerTrainings.customerType, 'ABANDONED_CART'),
          ),
        )
        .returning({ customerId: customerTrainings.customerId });
      mine.push(...converted.map((row) => row.customerId));
    }
    // The community's auto-add spaces (ALL, and TRAININGS naming this training) take the new learners in.
    await autoJoinLearners(tx, mine);
    const written = new Map(
      mine.length
        ? (
            await tx
              .select()
              .from(customerTrainings)
              .where(and(eq(customerTrainings.trainingId, training.id), sql`${customerTrainings.customerId} = any(${list(mine, 'uuid')})`))
          ).map((row) => [row.customerId, row])
        : [],
    );

    // What the store's webhooks and e-mail service hear of, in this transaction (nothing if it rolls back).
    const byId = new Map([...known.values()].map((row) => [row.id, row]));
    const newcomers = [...written.values()];
    const createdRows = [...createdKeys].flatMap((email) => known.get(email) ?? []);
    await emitCustomersCreated(tx, services.jobs, training.storeId, createdRows, 'TEAM', now);
    await emitEnrolments(tx, services.jobs, training.storeId, { id: training.id, name: training.name }, newcomers.flatMap((row) => byId.get(row.customerId) ?? []), now);
    await queueListSubscriptions(tx, services.jobs, training.storeId, newcomers.map((row) => row.id));

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
