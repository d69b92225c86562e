import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import { buildBigTraining, moveIntoSection, outlineEntries, type OutlineNode } from '../bench/itemsReorder';
import {
  addItem,
  demoTokens,
  duplicateItem,
  getItem,
  itemCall,
  listItems,
  names,
  newTraining,
  percentOwner,
  reorderItems,
  updateItem,
} from './trainingItemsSupport';

let demo: Awaited<ReturnType<typeof demoTokens>>;
let percent: { token: string; training: string; lesson: number };
beforeAll(async () => {
  demo = await demoTokens();
  const token = await percentOwner();
  const training = await newTraining(token, 'Formation PERCENT');
  const section = await addItem(token, training, { type: 'SECTION', name: 'Chapitre' });
  percent = { token, training, lesson: await addItem(token, training, { type: 'GENERIC', name: 'Leçon', parent_id: section }) };
});

/** Two sections of three lessons: S1 [a1 a2 a3], S2 [b1 b2 b3]. */
async function twoSections(token = demo.owner) {
  const training = await newTraining(token);
  const ids: Record<string, number> = {};
  for (const section of ['S1', 'S2']) {
    ids[section] = await addItem(token, training, { type: 'SECTION', name: section });
    for (const n of [1, 2, 3]) {
      const name = `${section === 'S1' ? 'a' : 'b'}${n}`;
      ids[name] = await addItem(token, training, { type: 'GENERIC', name, parent_id: ids[section] });
    }
  }
  const outline = (await listItems(token, training)).body.data as OutlineNode[];
  return { training, ids, outline };
}

describe('PUT …/training_items/reordering (reorderTrainingItems)', () => {
  it('moves an item across sections and answers the new outline, which a reload confirms', async () => {
    const { training, ids, outline } = await twoSections();
    const next = moveIntoSection(outline, ids.a2!, ids.S2!, 1);
    const answer = await reorderItems(demo.teacher, training, { items: outlineEntries(next) });
    expect(answer.status).toBe(200);
    const expected = [
      ['S1', ['a1', 'a3']],
      ['S2', ['b1', 'a2', 'b2', 'b3']],
    ];
    expect(names(answer.body.data)).toEqual(expected);
    expect(answer.body.data[1].children[1]).toMatchObject({ id: ids.a2, parent_id: ids.S2, position: 1 });
    expect(names((await listItems(demo.analyst, training)).body.data)).toEqual(expected);
  });

  it('swaps sections (their items follow) and takes an item out to the top level', async () => {
    const { training, ids } = await twoSections();
    const items = [
      { id: ids.S2!, parent_id: null, position: 0 },
      { id: ids.b1!, parent_id: ids.S2!, position: 0 },
      { id: ids.b2!, parent_id: ids.S2!, position: 1 },
      { id: ids.b3!, parent_id: ids.S2!, position: 2 },
      { id: ids.a3!, parent_id: null, position: 1 },
      { id: ids.S1!, parent_id: null, position: 2 },
      { id: ids.a1!, parent_id: ids.S1!, position: 0 },
      { id: ids.a2!, parent_id: ids.S1!, position: 1 },
    ];
    const answer = await reorderItems(demo.admin, training, { items });
    expect(answer.status).toBe(200);
    expect(names(answer.body.data)).toEqual([
      ['S2', ['b1', 'b2', 'b3']],
      ['a3', []],
      ['S1', ['a1', 'a2']],
    ]);
  });

  it('answers the same outline when nothing moves', async () => {
    const { training, outline } = await twoSections();
    const answer = await reorderItems(demo.owner, training, { items: outlineEntries(outline) });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(outline);
  });

  it('refuses an outline that lacks an item, repeats one, or names one of another training or store', async () => {
    const { training, outline } = await twoSections();
    const other = await twoSections();
    const entries = outlineEntries(outline);
    const last = entries.at(-1)!;
    for (const items of [
      entries.slice(0, -1),
      [...entries, last],
      [...entries.slice(0, -1), { ...last, id: other.ids.b3! }],
      [...entries, { id: other.ids.S1!, parent_id: null, position: 2 }],
      [...entries, { id: percent.lesson, parent_id: null, position: 2 }],
      [...entries, { id: 2_147_483_647, parent_id: null, position: 2 }],
    ]) {
      const answer = await reorderItems(demo.owner, training, { items });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['items']);
    }
    expect((await listItems(demo.owner, training)).body.data).toEqual(outline);
  });

  it('keeps sections at the top level and items under sections of this outline', async () => {
    const { training, ids, outline } = await twoSections();
    const other = await twoSections();
    const entries = outlineEntries(outline);
    const at = (id: number) => entries.findIndex((e) => e.id === id);
    const cases: [number, number, string][] = [
      [ids.S2!, ids.S1!, 'a section inside a section'],
      [ids.b1!, ids.a1!, 'an item under a lesson'],
      [ids.b1!, other.ids.S1!, "an item under another training's section"],
      [ids.b1!, 99_999_999_999, 'an item under an unknown id'],
    ];
    for (const [id, parent, label] of cases) {
      const items = entries.map((e) => (e.id === id ? { ...e, parent_id: parent } : e));
      const answer = await reorderItems(demo.owner, training, { items });
      expect(answer.status, label).toBe(422);
      expect(answer.body.errors, label).toHaveProperty([`items.${at(id)}.parent_id`]);
    }
    expect((await listItems(demo.owner, training)).body.data).toEqual(outline);
  });

  it('wants positions 0..n-1 in each parent: no gap, no duplicate', async () => {
    const { training, ids, outline } = await twoSections();
    const entries = outlineEntries(outline);
    for (const change of [{ position: 5 }, { position: 0 }]) {
      const items = entries.map((e) => (e.id === ids.a3 ? { ...e, ...change } : e));
      const answer = await reorderItems(demo.owner, training, { items });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.items).toHaveLength(1);
    }
  });

  it.each([
    ['no body', undefined],
    ['no items', {}],
    ['an empty list', { items: [] }],
    ['an entry without position', { items: [{ id: 1, parent_id: null }] }],
    ['a negative position', { items: [{ id: 1, parent_id: null, position: -1 }] }],
    ['an unknown field', { items: [{ id: 1, parent_id: null, position: 0, name: 'x' }] }],
  ])('answers 422 for %s', async (_label, body) => {
    const { training } = await twoSections();
    expect((await reorderItems(demo.owner, training, body)).status).toBe(422);
  });

  it("refuses the ANALYST (403) and answers 404 for another store's training", async () => {
    const { training, outline } = await twoSections();
    expect((await reorderItems(demo.analyst, training, { items: outlineEntries(outline) })).status).toBe(403);
    const theirs = (await listItems(percent.token, percent.training)).body.data as OutlineNode[];
    expect((await reorderItems(demo.owner, percent.training, { items: outlineEntries(theirs) })).status).toBe(404);
    expect((await reorderItems(undefined, training, { items: outlineEntries(outline) })).status).toBe(401);
  });

  it('reorders an outline of 500 items in 25 sections in one request', async () => {
    const send = async (method: string, path: string, body?: unknown) => {
      const answer = await api(method, path, { token: demo.owner, body });
      return { status: answer.status, body: answer.body as unknown };
    };
    const training = await buildBigTraining(send);
    const outline = (await listItems(demo.owner, training)).body.data as OutlineNode[];
    expect(outline).toHaveLength(25);
    expect(outline.every((section) => section.children.length === 20)).toBe(true);
    // Every section's items reversed, the sections reversed, and one item carried from the first to the last section.
    const reversed = [...outline].reverse().map((section) => ({ ...section, children: [...section.children].reverse() }));
    const carried = outline[0]!.children[5]!.id;
    const next = moveIntoSection(reversed, carried, outline[24]!.id, 3);
    const startedAt = performance.now();
    const answer = await reorderItems(demo.owner, training, { items: outlineEntries(next) });
    const elapsed = performance.now() - startedAt;
    expect(answer.status).toBe(200);
    expect(outlineEntries(answer.body.data)).toEqual(outlineEntries(next));
    expect(answer.body.data[0].children[3].id).toBe(carried);
    // A generous bound for a shared test machine; `npm run bench` measures the real figure.
    expect(elapsed).toBeLessThan(5_000);
  }, 120_000);
});

describe('POST …/training_items/{id}/duplication (duplicateTrainingItem)', () => {
  it('copies a lesson right after the original, as a draft named "(copie)", with its content', async () => {
    const { training, ids } = await twoSections();
    const content = JSON.stringify([{ id: 'b1', type: 'text', data: { html: '<p>Contenu</p>' } }]);
    await updateItem(demo.owner, training, ids.a2!, { content, draft: false, min_complete_duration: 90 });
    const answer = await duplicateItem(demo.teacher, training, ids.a2!);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'a2 (copie)', draft: true, parent_id: ids.S1, position: 2, content, min_complete_duration: 90, training_uuid: training });
    expect(answer.body.id).not.toBe(ids.a2);
    expect(names((await listItems(demo.owner, training)).body.data)[0]).toEqual(['S1', ['a1', 'a2', 'a2 (copie)', 'a3']]);
    const positions = (await listItems(demo.owner, training)).body.data[0].children.map((c: { position: number }) => c.position);
    expect(positions).toEqual([0, 1, 2, 3]);
  });

  it('copies a section with its items, right after it', async () => {
    const { training, ids } = await twoSections();
    const answer = await duplicateItem(demo.owner, training, ids.S1!, {});
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ type: 'SECTION', name: 'S1 (copie)', parent_id: null, position: 1 });
    expect(answer.body.children.map((c: { name: string }) => c.name)).toEqual(['a1', 'a2', 'a3']);
    expect(names((await listItems(demo.owner, training)).body.data)).toEqual([
      ['S1', ['a1', 'a2', 'a3']],
      ['S1 (copie)', ['a1', 'a2', 'a3']],
      ['S2', ['b1', 'b2', 'b3']],
    ]);
    const copiedChild = answer.body.children[0].id;
    expect(copiedChild).not.toBe(ids.a1);
    expect((await getItem(demo.owner, training, copiedChild)).body.parent_id).toBe(answer.body.id);
  });

  it('copies into another training of the store, last at its top level, leaving the source as it was', async () => {
    const source = await twoSections();
    const target = await twoSections();
    const lesson = await duplicateItem(demo.owner, source.training, source.ids.b2!, { target_training_uuid: target.training });
    expect(lesson.status).toBe(201);
    expect(lesson.body).toMatchObject({ training_uuid: target.training, parent_id: null, position: 2, name: 'b2 (copie)' });
    const section = await duplicateItem(demo.owner, source.training, source.ids.S2!, { target_training_uuid: target.training });
    expect(section.body).toMatchObject({ training_uuid: target.training, parent_id: null, position: 3 });
    expect(names((await listItems(demo.owner, target.training)).body.data)).toEqual([
      ['S1', ['a1', 'a2', 'a3']],
      ['S2', ['b1', 'b2', 'b3']],
      ['b2 (copie)', []],
      ['S2 (copie)', ['b1', 'b2', 'b3']],
    ]);
    expect((await listItems(demo.owner, source.training)).body.data).toEqual(source.outline);
  });

  it('keeps the name of a copy within 128 characters', async () => {
    const training = await newTraining(demo.owner);
    const long = 'é'.repeat(128);
    const id = await addItem(demo.owner, training, { type: 'SECTION', name: long });
    const answer = await duplicateItem(demo.owner, training, id);
    expect(answer.body.name).toBe(`${'é'.repeat(120)} (copie)`);
  });

  it("answers 404 for another store's target, an unknown target, and items or trainings of other stores", async () => {
    const { training, ids } = await twoSections();
    expect((await duplicateItem(demo.owner, training, ids.a1!, { target_training_uuid: percent.training })).status).toBe(404);
    expect((await duplicateItem(demo.owner, training, ids.a1!, { target_training_uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await duplicateItem(demo.owner, training, percent.lesson)).status).toBe(404);
    expect((await duplicateItem(demo.owner, percent.training, percent.lesson)).status).toBe(404);
    expect((await duplicateItem(percent.token, percent.training, percent.lesson, { target_training_uuid: training })).status).toBe(404);
    expect(names((await listItems(percent.token, percent.training)).body.data)).toEqual([['Chapitre', ['Leçon']]]);
  });

  it('answers 422 for a malformed target and unknown fields, 403 to the ANALYST', async () => {
    const { training, ids } = await twoSections();
    expect((await duplicateItem(demo.owner, training, ids.a1!, { target_training_uuid: 'pas-un-uuid' })).status).toBe(422);
    expect((await duplicateItem(demo.owner, training, ids.a1!, { name: 'Autre' })).status).toBe(422);
    expect((await duplicateItem(demo.analyst, training, ids.a1!)).status).toBe(403);
  });

  it('copies a PRO-only type on a PRO store (plan rules apply to copies; the refusals are unit-tested)', async () => {
    const training = await newTraining(demo.owner);
    const section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
    await addItem(demo.owner, training, { type: 'ASSIGNMENT', name: 'Devoir', parent_id: section });
    const answer = await itemCall('duplicateTrainingItem', 'POST', `/trainings/${training}/training_items/${section}/duplication`, demo.owner);
    expect(answer.status).toBe(201);
    expect(answer.body.children.map((c: { type: string }) => c.type)).toEqual(['ASSIGNMENT']);
  });
});
