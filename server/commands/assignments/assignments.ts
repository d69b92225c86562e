import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { assignmentComments, assignmentEvents, assignmentSubmissions, customers, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { presentAssignment, type AssignmentRow, type AssignmentWithDetail } from '../../presenters/assignment.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemOf, MAX_SERIAL } from '../trainingItems/items.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type AssignmentStatus = components['schemas']['AssignmentStatus'];

/** What the learner-side and seed commands need: the database (or a transaction) and the clock. */
export type AssignmentDeps = Pick<Services, 'db' | 'clock'>;

export const customerColumns = {
  id: customers.id,
  email: customers.email,
  firstname: customers.firstname,
  lastname: customers.lastname,
  picture: customers.picture,
};
export const userColumns = { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture };

/** Drizzle gives a left-joined object with every field null when nothing joined; the presenters want null. */
export const joined = <T extends { id: string | null }>(part: T | null): (T & { id: string }) | null => (part?.id ? (part as T & { id: string }) : null);

/**
 * The ASSIGNMENT item `itemId` of the caller's training: another store's training, an item of another training
 * or an item of another type answer 404 alike.
 */
export async function assignmentItemOf(services: Pick<Services, 'db'>, storeId: string, trainingUuid: string, itemId: number) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  if (item.type !== 'ASSIGNMENT') throw notFound();
  return { training, item };
}

/** The assignment `assignmentId` of the item, or 404 (another item's, another store's, or none). */
export async function assignmentOf(db: Database, itemId: number, assignmentId: number): Promise<AssignmentRow> {
  if (!Number.isSafeInteger(assignmentId) || assignmentId > MAX_SERIAL) throw notFound();
  const [row] = await db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.id, assignmentId), eq(assignmentSubmissions.trainingItemId, itemId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Assignments with their learner, history and comment count, in the order given (three queries for any number). */
export async function withDetail(db: Database, trainingUuid: string, rows: AssignmentRow[]): Promise<AssignmentWithDetail[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [people, events, counts] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .where(inArray(customers.id, rows.map((row) => row.customerId))),
    db
      .select({ event: assignmentEvents, customer: customerColumns, user: userColumns })
      .from(assignmentEvents)
      .leftJoin(customers, eq(customers.id, assignmentEvents.customerId))
      .leftJoin(users, eq(users.id, assignmentEvents.userId))
      .where(inArray(assignmentEvents.assignmentId, ids))
      .orderBy(asc(assignmentEvents.createdAt), asc(assignmentEvents.id)),
    db
      .select({ id: assignmentComments.assignmentId, n: count() })
      .from(assignmentComments)
      .where(inArray(assignmentComments.assignmentId, ids))
      .groupBy(assignmentComments.assignmentId),
  ]);
  return rows.map((assignment) => ({
    assignment,
    trainingUuid,
    customer: people.find((p) => p.id === assignment.customerId)!,
    events: events
      .filter((e) => e.event.assignmentId === assignment.id)
      .map((e) => ({ event: e.event, customer: joined(e.customer), user: joined(e.user) })),
    commentsCount: counts.find((c) => c.id === assignment.id)?.n ?? 0,
  }));
}

export async function presentOne(db: Database, trainingUuid: string, row: AssignmentRow) {
  const [detail] = await withDetail(db, trainingUuid, [row]);
  return presentAssignment(detail!);
}

/** GET …/assignments: waiting for a correction first, then the most recently changed; optionally one status. */
export async function listAssignments(
  services: Services,
  storeId: string,
  trainingUuid: string,
  itemId: number,
  status: AssignmentStatus | undefined,
  page: PageRequest,
) {
  const { training, item } = await assignmentItemOf(services, storeId, trainingUuid, itemId);
  const where = and(eq(assignmentSubmissions.trainingItemId, item.id), status ? eq(assignmentSubmissions.status, status) : undefined);
  const [counted] = await services.db.select({ n: count() }).from(assignmentSubmissions).where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await services.db
          .select()
          .from(assignmentSubmissions)
          .where(where)
          .orderBy(
            desc(sql`(${assignmentSubmissions.status} = 'PENDING_TEACHER')`),
            desc(assignmentSubmissions.updatedAt),
            desc(assignmentSubmissions.id),
          )
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  const details = await withDetail(services.db, training.id, rows);
  return pageEnvelope(page, total, details.map(presentAssignment));
}

export async function getAssignment(services: Services, storeId: string, trainingUuid: string, itemId: number, assignmentId: number) {
  const { training, item } = await assignmentItemOf(services, storeId, trainingUuid, itemId);
  return presentOne(services.db, training.id, await assignmentOf(services.db, item.id, assignmentId));
}
