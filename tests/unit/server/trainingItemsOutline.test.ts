import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { copyItems, copyOutline } from '../../../server/commands/trainingItems/copyItems';
import { loadOutline } from '../../../server/commands/trainingItems/outline';
import { assignmentSubmissions, customers, stores, trainingItemResources, trainingItems, trainings } from '../../../server/db/schema';
import { testServices } from './testServices';

let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'outline-test' }).returning();
  storeId = store!.id;
}, 60_000);
afterAll(() => env.close());

// Positions are unique per store (trainings_store_position_unique).
let position = 0;
async function newTraining(slug: string) {
  const [row] = await env.services.db.insert(trainings).values({ storeId, slug, name: slug, position: position++ }).returning();
  return row!.id;
}

type ItemInput = Omit<typeof trainingItems.$inferInsert, 'trainingId'>;
async function addItem(trainingId: string, item: ItemInput) {
  const [row] = await env.services.db
    .insert(trainingItems)
    .values({ ...item, trainingId })
    .returning();
  return row!.id;
}

/** Two sections inserted out of order, a lesson with resources, an assignment with submissions in every status. */
async function sampleTraining(slug: string) {
  const db = env.services.db;
  const trainingId = await newTraining(slug);
  const second = await addItem(trainingId, { type: 'SECTION', name: 'Chapitre 2', position: 1 });
  const first = await addItem(trainingId, { type: 'SECTION', name: 'Chapitre 1', position: 0, draft: false });
  const quiz = await addItem(trainingId, { type: 'QUIZ', name: 'Quiz', parentId: first, position: 1 });
  const lesson = await addItem(trainingId, { type: 'GENERIC', name: 'Leçon', parentId: first, position: 0, content: '[{"id":"a","type":"text","data":{"html":"x"}}]' });
  const assignment = await addItem(trainingId, { type: 'ASSIGNMENT', name: 'Devoir', parentId: second, position: 0 });
  await db.insert(trainingItemResources).values([
    { trainingItemId: lesson, name: 'Fiche', type: 'LINK', url: 'https://example.test/fiche', position: 0 },
    { trainingItemId: lesson, name: 'PDF', type: 'FILE', url: 'https://example.test/a.pdf', size: 1200, position: 1 },
  ]);
  // One submission per learner and assignment: four learners at four points of the review.
  const statuses = ['PENDING_TEACHER', 'PENDING_TEACHER', 'PENDING_CUSTOMER', 'COMPLETED'] as const;
  const learners = await db
    .insert(customers)
    .values(statuses.map((_, i) => ({ storeId, email: `${slug}-${i}@learner.test` })))
    .returning();
  await db.insert(assignmentSubmissions).values(statuses.map((status, i) => ({ trainingItemId: assignment, customerId: learners[i]!.id, status })));
  return { trainingId, first, second, lesson, quiz, assignment };
}

const shape = (nodes: Awaited<ReturnType<typeof loadOutline>>): unknown =>
  nodes.map((n) => ({ type: n.type, name: n.name, position: n.position, resources: n.resources_count, pending: n.assignments_to_validate_count, children: shape(n.children) }));

describe('loadOutline', () => {
  it('answers sections in position order with their children in order, and the two counters', async () => {
    const t = await sampleTraining('outline-a');
    const outline = await loadOutline(env.services, t.trainingId);
    expect(shape(outline)).toEqual([
      {
        type: 'SECTION', name: 'Chapitre 1', position: 0, resources: 0, pending: 0,
        children: [
          { type: 'GENERIC', name: 'Leçon', position: 0, resources: 2, pending: 0, children: [] },
          { type: 'QUIZ', name: 'Quiz', position: 1, resources: 0, pending: 0, children: [] },
        ],
      },
      {
        type: 'SECTION', name: 'Chapitre 2', position: 1, resources: 0, pending: 0,
        children: [{ type: 'ASSIGNMENT', name: 'Devoir', position: 0, resources: 0, pending: 2, children: [] }],
      },
    ]);
    expect(outline[0]).toMatchObject({ id: t.first, parent_id: null, draft: false });
    expect(outline[0]!.children[0]).toMatchObject({ id: t.lesson, parent_id: t.first, draft: true });
  });

  it('answers an empty list for a training without items', async () => {
    expect(await loadOutline(env.services, await newTraining('outline-empty'))).toEqual([]);
  });
});

describe('copyOutline / copyItems', () => {
  it('copies the whole tree with new ids, the same parents, positions, contents and resources', async () => {
    const t = await sampleTraining('copy-from');
    const target = await newTraining('copy-to');
    const ids = await env.services.db.transaction((tx) => copyOutline(tx, t.trainingId, target));
    expect(ids.size).toBe(5);
    const source = await loadOutline(env.services, t.trainingId);
    const copy = await loadOutline(env.services, target);
    // Submissions are learners' data: the copy has none waiting.
    const withoutPending = (nodes: unknown): unknown => JSON.parse(JSON.stringify(shape(nodes as never)).replace(/"pending":\d+/g, '"pending":0'));
    expect(shape(copy)).toEqual(withoutPending(source));
    expect(copy[0]!.id).toBe(ids.get(t.first));
    expect(copy[0]!.children[0]).toMatchObject({ id: ids.get(t.lesson), parent_id: ids.get(t.first) });
    const [lessonCopy] = await env.services.db.select().from(trainingItems).where(eq(trainingItems.id, ids.get(t.lesson)!));
    expect(lessonCopy!.content).toBe('[{"id":"a","type":"text","data":{"html":"x"}}]');
    expect(lessonCopy!.trainingId).toBe(target);
    // The source is untouched.
    expect(source.map((n) => n.id)).toEqual([t.first, t.second]);
  });

  it('copies one section with its children to a given place under a new name', async () => {
    const t = await sampleTraining('copy-one');
    const ids = await copyItems(env.services.db, t.trainingId, t.trainingId, { id: t.first, parentId: null, position: 7, name: 'Chapitre 1 (copie)', draft: true });
    expect(ids.size).toBe(3);
    const outline = await loadOutline(env.services, t.trainingId);
    const copy = outline.find((n) => n.id === ids.get(t.first))!;
    expect(copy).toMatchObject({ name: 'Chapitre 1 (copie)', position: 7, parent_id: null, draft: true });
    expect(copy.children.map((c) => [c.name, c.position, c.resources_count])).toEqual([
      ['Leçon', 0, 2],
      ['Quiz', 1, 0],
    ]);
  });

  it('copies nothing from an empty training', async () => {
    expect((await copyOutline(env.services.db, await newTraining('copy-empty'), await newTraining('copy-empty-2'))).size).toBe(0);
  });
});
