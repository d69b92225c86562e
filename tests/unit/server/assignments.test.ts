import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAssignment, listAssignments } from '../../../server/commands/assignments/assignments';
import { validateAssignment } from '../../../server/commands/assignments/review';
import { startAssignment, submitAssignment } from '../../../server/commands/assignments/submit';
import { DEMO_IDS, seedDemo } from '../../../server/db/seed';
import { assignmentEvents, assignmentSubmissions, customers, notifications, stores, trainingAuthors, trainingItems, trainings, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

/**
 * The learner-side assignment commands (the learner area calls them in a later issue), the notifications they
 * produce, the store scope across two PRO stores, and the demo seed's submissions.
 */
let env: Awaited<ReturnType<typeof testServices>>;
let demoStore: string;
let other: { storeId: string; trainingId: string; itemId: number; customerId: string; ownerId: string; adminId: string };
beforeAll(async () => {
  env = await testServices();
  await seedDemo(env.services.db);
  const db = env.services.db;
  demoStore = (await db.select().from(stores).where(eq(stores.subdomain, 'demo')))[0]!.id;
  const [store] = await db.insert(stores).values({ subdomain: 'autre-ecole', plan: 'PRO' }).returning();
  const [owner] = await db.insert(users).values({ storeId: store!.id, email: 'o@autre.test', passwordHash: 'x', role: 'OWNER', firstname: 'Odile' }).returning();
  const [admin] = await db.insert(users).values({ storeId: store!.id, email: 'a@autre.test', passwordHash: 'x', role: 'ADMIN', firstname: 'Alain' }).returning();
  await db.insert(users).values({ storeId: store!.id, email: 't@autre.test', passwordHash: 'x', role: 'TEACHER', firstname: 'Tina' });
  const [training] = await db.insert(trainings).values({ storeId: store!.id, slug: 'autre', name: 'Autre', position: 0 }).returning();
  const [item] = await db.insert(trainingItems).values({ trainingId: training!.id, type: 'ASSIGNMENT', name: 'Devoir', position: 0 }).returning();
  const [customer] = await db.insert(customers).values({ storeId: store!.id, email: 'eleve@autre.test', firstname: 'Élise', lastname: 'Roy' }).returning();
  other = { storeId: store!.id, trainingId: training!.id, itemId: item!.id, customerId: customer!.id, ownerId: owner!.id, adminId: admin!.id };
}, 60_000);
afterAll(() => env.close());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};
const page = { page: 1, perPage: 20, url: new URL('http://app.test/x') };

describe('the demo seed', () => {
  it('writes every status through the commands, and each ASSIGNMENT_SUBMITTED notification leads to a real assignment', async () => {
    const db = env.services.db;
    const rows = await db.select().from(assignmentSubmissions);
    expect(rows.map((r) => r.status).sort()).toEqual(['COMPLETED', 'PENDING_CUSTOMER', 'PENDING_TEACHER', 'PENDING_TEACHER']);
    const notes = await db.select().from(notifications).where(eq(notifications.type, 'ASSIGNMENT_SUBMITTED'));
    expect(notes.length).toBe(8); // four submissions, two authors (owner and teacher)
    for (const note of notes) {
      const row = rows.find((r) => r.id === note.data.assignment_id)!;
      expect(row.trainingItemId).toBe(note.data.training_item_id);
      expect(note.data.training_uuid).toBe(DEMO_IDS.trainings.photo);
    }
    expect(notes.filter((n) => n.readAt === null)).toHaveLength(4);
  });
});

describe('store scope', () => {
  it("answers 404 to another PRO store for the demo training's assignments, and for ids of another item", async () => {
    const [demoRow] = await env.services.db.select().from(assignmentSubmissions).limit(1);
    expect((await failure(listAssignments(env.services, other.storeId, DEMO_IDS.trainings.photo, demoRow!.trainingItemId, undefined, page))).status).toBe(404);
    expect((await failure(getAssignment(env.services, other.storeId, DEMO_IDS.trainings.photo, demoRow!.trainingItemId, demoRow!.id))).status).toBe(404);
    expect((await failure(getAssignment(env.services, other.storeId, other.trainingId, other.itemId, demoRow!.id))).status).toBe(404);
    const refusal = await failure(validateAssignment(env.services, other.storeId, other.ownerId, DEMO_IDS.trainings.photo, demoRow!.trainingItemId, demoRow!.id, { decision: 'ACCEPTED' }));
    expect(refusal.status).toBe(404);
  });
});

describe('submitAssignment', () => {
  it('refuses an empty hand-in (422), a learner or item of another store (404)', async () => {
    const input = { storeId: other.storeId, customerId: other.customerId, trainingItemId: other.itemId };
    expect((await failure(submitAssignment(env.services, { ...input, content: '  ', files: [] }))).status).toBe(422);
    expect((await failure(submitAssignment(env.services, { ...input, storeId: demoStore, content: 'x' }))).status).toBe(404);
    expect((await failure(submitAssignment(env.services, { ...input, trainingItemId: 4, content: 'x' }))).status).toBe(404);
  });

  it('starts once, hands in once of two at once (409 for the other), and notifies owners and admins when the training has no author', async () => {
    const input = { storeId: other.storeId, customerId: other.customerId, trainingItemId: other.itemId };
    const started = await startAssignment(env.services, input);
    expect((await startAssignment(env.services, input)).id).toBe(started.id);
    env.advance(60_000);
    const results = await Promise.allSettled([
      submitAssignment(env.services, { ...input, content: 'Ma réponse' }),
      submitAssignment(env.services, { ...input, files: [{ name: 'a.pdf', url: 'https://f.test/a.pdf', size: 10 }] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect((rejected.reason as HttpError).status).toBe(409);
    const events = await env.services.db.select().from(assignmentEvents).where(eq(assignmentEvents.assignmentId, started.id));
    expect(events.map((e) => e.type)).toEqual(['assignment_started', 'customer_submission']);
    const notes = await env.services.db.select().from(notifications).where(and(eq(notifications.type, 'ASSIGNMENT_SUBMITTED')));
    const mine = notes.filter((n) => n.data.assignment_id === started.id);
    expect(mine.map((n) => n.userId).sort()).toEqual([other.ownerId, other.adminId].sort());
    expect(mine[0]!.template).toBe('Élise Roy a rendu le devoir « Devoir »');
  });

  it('after a rejection the learner hands in again, notifying the authors only once there are some', async () => {
    const [teacher] = await env.services.db.select().from(users).where(eq(users.email, 't@autre.test'));
    await env.services.db.insert(trainingAuthors).values({ trainingId: other.trainingId, userId: teacher!.id });
    const input = { storeId: other.storeId, customerId: other.customerId, trainingItemId: other.itemId };
    const [row] = await env.services.db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.customerId, other.customerId));
    await validateAssignment(env.services, other.storeId, other.ownerId, other.trainingId, other.itemId, row!.id, { decision: 'REJECTED', correction: 'Reprenez.' });
    env.advance(60_000);
    const again = await submitAssignment(env.services, { ...input, content: 'Deuxième essai' });
    expect(again).toMatchObject({ status: 'PENDING_TEACHER', decision: null });
    const notes = await env.services.db.select().from(notifications).where(eq(notifications.userId, teacher!.id));
    expect(notes).toHaveLength(1);
    const assignment = await getAssignment(env.services, other.storeId, other.trainingId, other.itemId, row!.id);
    expect(assignment.submissions.map((s) => [s.content, s.decision])).toEqual([
      ['Deuxième essai', null],
      [assignment.submissions[1]!.content, 'REJECTED'],
    ]);
  });
});
