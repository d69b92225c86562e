import { beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  createItem,
  deleteItem,
  demoTokens,
  getItem,
  listItems,
  names,
  newTraining,
  percentOwner,
  updateItem,
} from './trainingItemsSupport';

const OTHER_UUID = '00000000-0000-4000-8000-000000000000';

let demo: Awaited<ReturnType<typeof demoTokens>>;
/** A training of a fresh PERCENT store: the "other store" for the demo accounts, and the PERCENT plan's tests. */
let percent: { token: string; training: string; section: number; lesson: number };
beforeAll(async () => {
  demo = await demoTokens();
  const token = await percentOwner();
  const training = await newTraining(token, 'Formation PERCENT');
  const section = await addItem(token, training, { type: 'SECTION', name: 'Chapitre' });
  const lesson = await addItem(token, training, { type: 'GENERIC', name: 'Leçon', parent_id: section });
  percent = { token, training, section, lesson };
});

describe('GET …/training_items (listTrainingItems)', () => {
  it('answers an empty outline for a new training', async () => {
    const training = await newTraining(demo.owner);
    const answer = await listItems(demo.owner, training);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [] });
  });

  it('answers sections in order with their items in order, to every role of the store', async () => {
    const training = await newTraining(demo.owner);
    const first = await addItem(demo.owner, training, { type: 'SECTION', name: 'Introduction' });
    const second = await addItem(demo.owner, training, { type: 'SECTION', name: 'Pratique' });
    await addItem(demo.owner, training, { type: 'GENERIC', name: 'Bienvenue', parent_id: first });
    await addItem(demo.owner, training, { type: 'QUIZ', name: 'Exercice', parent_id: second });
    await addItem(demo.owner, training, { type: 'VIDEO', name: 'Démonstration', parent_id: first });
    for (const token of Object.values(demo)) {
      const answer = await listItems(token, training);
      expect(answer.status).toBe(200);
      expect(names(answer.body.data)).toEqual([
        ['Introduction', ['Bienvenue', 'Démonstration']],
        ['Pratique', ['Exercice']],
      ]);
    }
    const [intro] = (await listItems(demo.owner, training)).body.data;
    expect(intro).toMatchObject({ id: first, type: 'SECTION', draft: true, parent_id: null, position: 0, resources_count: 0, assignments_to_validate_count: 0 });
    expect(intro.children[1]).toMatchObject({ type: 'VIDEO', parent_id: first, position: 1, children: [] });
  });

  it("answers 404 for another store's training and for an unknown one, 401 without a session", async () => {
    expect((await listItems(demo.owner, percent.training)).status).toBe(404);
    expect((await listItems(percent.token, OTHER_UUID)).status).toBe(404);
    expect((await listItems(undefined, percent.training)).status).toBe(401);
  });

  it('answers 422 for a malformed training id', async () => {
    expect((await listItems(demo.owner, 'not-a-uuid')).status).toBe(422);
  });
});

describe('POST …/training_items (createTrainingItem)', () => {
  let training: string;
  let section: number;
  beforeAll(async () => {
    training = await newTraining(demo.owner);
    section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre 1' });
  });

  it('creates a draft section at the top level, last, and answers the whole item', async () => {
    const answer = await createItem(demo.owner, training, { type: 'SECTION', name: '  Chapitre 2  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      training_uuid: training,
      type: 'SECTION',
      name: 'Chapitre 2',
      draft: true,
      description: null,
      parent_id: null,
      position: 1,
      content: null,
      specific_content: null,
      resources: [],
      resources_count: 0,
      unlock_mode: 'NONE',
      blocking: false,
      scorm_url: null,
      children: [],
    });
  });

  it('adds items last in their section, published when draft is false, with a description', async () => {
    const a = await createItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon A', parent_id: section });
    const b = await createItem(demo.teacher, training, { type: 'VIDEO', name: 'Vidéo B', parent_id: section, draft: false, description: 'Résumé' });
    expect(a.body).toMatchObject({ parent_id: section, position: 0, draft: true });
    expect(b.body).toMatchObject({ parent_id: section, position: 1, draft: false, description: 'Résumé' });
  });

  it('gives items created at the same moment distinct positions (the outline is locked while one is added)', async () => {
    const crowded = await addItem(demo.owner, training, { type: 'SECTION', name: 'Affluence' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createItem(i % 2 ? demo.owner : demo.teacher, training, { type: 'GENERIC', name: `L${i}`, parent_id: crowded })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.body.position as number).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it('lets every writing role create: OWNER, ADMIN, TEACHER and the platform admin', async () => {
    for (const token of [demo.owner, demo.admin, demo.teacher, demo.platform]) {
      expect((await createItem(token, training, { type: 'QUIZ', name: 'Quiz', parent_id: section })).status).toBe(201);
    }
  });

  it('refuses the ANALYST (403) and anonymous callers (401)', async () => {
    const analyst = await createItem(demo.analyst, training, { type: 'GENERIC', name: 'Leçon', parent_id: section });
    expect(analyst.status).toBe(403);
    expect(analyst.body.code).toBe('FORBIDDEN');
    expect((await createItem(undefined, training, { type: 'GENERIC', name: 'Leçon' })).status).toBe(401);
  });

  it('accepts a lesson at the top level (the contract lets items sit outside sections)', async () => {
    const answer = await createItem(demo.owner, training, { type: 'GENERIC', name: 'Hors chapitre' });
    expect(answer.status).toBe(201);
    expect(answer.body.parent_id).toBeNull();
  });

  it.each([
    ['no name', { type: 'GENERIC' }, 'name'],
    ['an empty name', { type: 'GENERIC', name: '' }, 'name'],
    ['a blank name', { type: 'GENERIC', name: '   ' }, 'name'],
    ['a name of 129 characters', { type: 'GENERIC', name: 'é'.repeat(129) }, 'name'],
    ['no type', { name: 'Leçon' }, 'type'],
    ['an unknown type', { type: 'PODCAST', name: 'Leçon' }, 'type'],
    ['SCORM (uploaded through the multipart operation)', { type: 'SCORM', name: 'Paquet' }, 'type'],
    ['an unknown field', { type: 'GENERIC', name: 'Leçon', content: '[]' }, 'content'],
    ['a description over 5000 characters', { type: 'GENERIC', name: 'Leçon', description: 'x'.repeat(5001) }, 'description'],
    ['a parent id of 0', { type: 'GENERIC', name: 'Leçon', parent_id: 0 }, 'parent_id'],
  ])('answers 422 for %s', async (_label, body, field) => {
    const answer = await createItem(demo.owner, training, body);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });

  it('keeps sections at the top level and items in sections of the same training (422 on parent_id)', async () => {
    const lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon', parent_id: section });
    const elsewhere = await newTraining(demo.owner);
    const foreignSection = await addItem(demo.owner, elsewhere, { type: 'SECTION', name: 'Ailleurs' });
    for (const body of [
      { type: 'SECTION', name: 'Sous-chapitre', parent_id: section },
      { type: 'GENERIC', name: 'Dans une leçon', parent_id: lesson },
      { type: 'GENERIC', name: 'Ailleurs', parent_id: foreignSection },
      { type: 'GENERIC', name: "Chapitre d'un autre espace", parent_id: percent.section },
      { type: 'GENERIC', name: 'Inconnu', parent_id: 2_147_483_647 },
      { type: 'GENERIC', name: 'Trop grand', parent_id: 99_999_999_999 },
    ]) {
      const answer = await createItem(demo.owner, training, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['parent_id']);
    }
  });

  it("answers 404 for another store's training and an unknown one", async () => {
    expect((await createItem(demo.owner, percent.training, { type: 'SECTION', name: 'Intrus' })).status).toBe(404);
    expect((await createItem(demo.owner, OTHER_UUID, { type: 'SECTION', name: 'Intrus' })).status).toBe(404);
  });

  describe('plan gating (spec section 6)', () => {
    it.each(['SECTION', 'GENERIC', 'VIDEO', 'QUIZ'])('PERCENT may create %s', async (type) => {
      const body = { type, name: 'Ouvert à tous', ...(type === 'SECTION' ? {} : { parent_id: percent.section }) };
      expect((await createItem(percent.token, percent.training, body)).status).toBe(201);
    });

    it.each(['TASKS', 'ASSIGNMENT'])('PERCENT may not create %s: 403 PLAN_REQUIRED', async (type) => {
      const answer = await createItem(percent.token, percent.training, { type, name: 'Réservé', parent_id: percent.section });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('PLAN_REQUIRED');
      expect(names((await listItems(percent.token, percent.training)).body.data).flat(2)).not.toContain('Réservé');
    });

    it.each(['TASKS', 'ASSIGNMENT'])('PRO (the demo store) may create %s', async (type) => {
      const answer = await createItem(demo.teacher, training, { type, name: 'Avec PRO', parent_id: section });
      expect(answer.status).toBe(201);
      expect(answer.body.type).toBe(type);
    });

    it('checks the plan before the parent: a locked type answers 403 whatever its parent', async () => {
      const answer = await createItem(percent.token, percent.training, { type: 'TASKS', name: 'Réservé', parent_id: 2_147_483_647 });
      expect(answer.status).toBe(403);
    });
  });
});

describe('GET …/training_items/{id} (getTrainingItem)', () => {
  let training: string;
  let section: number;
  let lesson: number;
  beforeAll(async () => {
    training = await newTraining(demo.owner);
    section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
    lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon', parent_id: section });
    await addItem(demo.owner, training, { type: 'QUIZ', name: 'Quiz', parent_id: section });
  });

  it('answers the item with its content to every role', async () => {
    for (const token of Object.values(demo)) {
      const answer = await getItem(token, training, lesson);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: lesson, training_uuid: training, type: 'GENERIC', name: 'Leçon', parent_id: section, children: [] });
    }
  });

  it("answers a section with its items as outline nodes", async () => {
    const answer = await getItem(demo.owner, training, section);
    expect(answer.body.children.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['Leçon', 0],
      ['Quiz', 1],
    ]);
  });

  it("answers 404 for an item of another training, of another store, unknown or too large, and another store's training", async () => {
    const other = await newTraining(demo.owner);
    const otherItem = await addItem(demo.owner, other, { type: 'SECTION', name: 'Ailleurs' });
    expect((await getItem(demo.owner, training, otherItem)).status).toBe(404);
    expect((await getItem(demo.owner, training, percent.lesson)).status).toBe(404);
    expect((await getItem(demo.owner, percent.training, percent.lesson)).status).toBe(404);
    expect((await getItem(demo.owner, training, 2_147_483_647)).status).toBe(404);
    expect((await getItem(demo.owner, training, 99_999_999_999)).status).toBe(404);
  });

  it('answers 422 for an id that is not a positive integer', async () => {
    expect((await getItem(demo.owner, training, 'abc')).status).toBe(422);
    expect((await getItem(demo.owner, training, 0)).status).toBe(422);
  });
});

describe('PUT …/training_items/{id} (updateTrainingItem)', () => {
  let training: string;
  let section: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    training = await newTraining(demo.owner);
    section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
    for (const type of ['GENERIC', 'VIDEO', 'QUIZ', 'TASKS', 'ASSIGNMENT']) ids[type] = await addItem(demo.owner, training, { type, name: type, parent_id: section });
  });

  it('changes only the fields sent', async () => {
    const before = (await getItem(demo.owner, training, ids.GENERIC!)).body;
    const answer = await updateItem(demo.teacher, training, ids.GENERIC!, { name: ' Leçon renommée ', draft: false, description: 'Résumé' });
    expect(answer.status).toBe(200);
    const { updated_at: _u, ...rest } = answer.body;
    const { updated_at: _b, ...restBefore } = before;
    expect(rest).toEqual({ ...restBefore, name: 'Leçon renommée', draft: false, description: 'Résumé', version: before.version + 1 });
    expect((await getItem(demo.owner, training, ids.GENERIC!)).body).toEqual(answer.body);
  });

  it('renames a section and flips its draft switch', async () => {
    const answer = await updateItem(demo.admin, training, section, { name: 'Chapitre 1', draft: false });
    expect(answer.body).toMatchObject({ name: 'Chapitre 1', draft: false });
  });

  it('stores a lesson content of valid blocks, and clears it with null', async () => {
    const content = JSON.stringify([
      { id: 'b1', type: 'heading', data: { text: 'Titre', level: 2 } },
      { id: 'b2', type: 'text', data: { html: '<p>Bonjour</p>' } },
      { id: 'b3', type: 'markdown', data: { markdown: '**gras** et 2 < 3' } },
    ]);
    expect((await updateItem(demo.owner, training, ids.GENERIC!, { content })).body.content).toBe(content);
    expect((await updateItem(demo.owner, training, ids.GENERIC!, { content: null })).body.content).toBeNull();
  });

  it('stores lesson content cleaned: text HTML to the allow-list, addresses http(s) only, unknown blocks as sent', async () => {
    const sent = [
      { id: 'b1', type: 'text', data: { html: '<p onclick="steal()">Bonjour<script>alert(1)</script> <a href="javascript:alert(1)">ici</a> <a href="https://example.test/">là</a></p><iframe src="https://evil.test"></iframe><img src=x onerror=alert(1)>' } },
      { id: 'b2', type: 'embed', data: { url: 'javascript:alert(document.cookie)', provider: 'youtube', src: 'javascript:alert(1)' } },
      { id: 'b3', type: 'video', data: { source: 'url', url: 'https://videos.example.test/intro.mp4', duration: 12 } },
      { id: 'b4', type: 'link', data: { href: 'data:text/html,<script>alert(1)</script>', label: 'Lien' } },
      { id: 'b5', type: 'image', data: { url: '//evil.test/x.png', alt: '' } },
    ];
    const answer = await updateItem(demo.owner, training, ids.GENERIC!, { content: JSON.stringify(sent) });
    expect(answer.status, answer.text).toBe(200);
    const stored = JSON.parse(answer.body.content as string);
    expect(stored[0].data.html).toBe('<p>Bonjour <a>ici</a> <a href="https://example.test/">là</a></p>');
    expect(stored[1].data).toEqual({ url: '', provider: null, src: null });
    expect(stored[2].data).toEqual(sent[2]!.data);
    // A type the server does not know is kept exactly as sent (never rendered as HTML by the clients).
    expect(stored[3]).toEqual(sent[3]);
    expect(stored[4].data).toEqual({ url: '', alt: '' });
    expect(answer.body.blocks).toEqual(stored);
    expect((await getItem(demo.owner, training, ids.GENERIC!)).body.content).toBe(answer.body.content);
  });

  it.each([
    ['text that is not JSON', '{"blocks": [', 'content'],
    ['JSON that is not a list', '{"id":"b1"}', 'content'],
    ['a block without type', '[{"id":"b1","data":{}}]', 'content.0.type'],
    ['a block with an unknown key', '[{"id":"b1","type":"text","data":{"html":""},"style":"x"}]', 'content.0.style'],
    ['a block whose data is not an object', '[{"id":"b1","type":"text","data":"x"}]', 'content.0.data'],
    ['a Markdown block holding HTML', '[{"id":"b1","type":"markdown","data":{"markdown":"<script>alert(1)</script>"}}]', 'content.0.data.markdown'],
  ])('refuses content with %s (422 on the block)', async (_label, content, field) => {
    const answer = await updateItem(demo.owner, training, ids.GENERIC!, { content });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it.each([
    ['TASKS', { tasks: [{ id: 't1', label: 'Lire le guide' }, { id: 't2', label: 'Remplir la fiche' }] }],
    ['TASKS', { tasks: [] }],
    ['ASSIGNMENT', { instructions: 'Rendez un PDF.', max_files: 3 }],
    ['ASSIGNMENT', { instructions: null, max_files: 0 }],
    ['VIDEO', { video_url: 'https://videos.example.test/intro.mp4', duration: 312 }],
    ['VIDEO', { video_url: null, duration: null }],
  ])('stores the specific settings of a %s item', async (type, settings) => {
    const answer = await updateItem(demo.owner, training, ids[type]!, { specific_content: JSON.stringify(settings) });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.body.specific_content)).toEqual(settings);
  });

  it.each([
    ['TASKS', 'not JSON', 'specific_content'],
    ['TASKS', JSON.stringify({}), 'specific_content.tasks'],
    ['TASKS', JSON.stringify({ tasks: [{ id: 't1' }] }), 'specific_content.tasks.0.label'],
    ['TASKS', JSON.stringify({ tasks: [{ id: 't1', label: 'a' }, { id: 't2', label: '   ' }] }), 'specific_content.tasks.1.label'],
    ['TASKS', JSON.stringify({ tasks: [{ id: 't1', label: 'x'.repeat(501) }] }), 'specific_content.tasks.0.label'],
    ['TASKS', JSON.stringify({ tasks: Array.from({ length: 201 }, (_, i) => ({ id: `t${i}`, label: 'a' })) }), 'specific_content.tasks'],
    ['TASKS', JSON.stringify({ tasks: [{ id: 't1', label: 'a' }, { id: 't1', label: 'b' }] }), 'specific_content.tasks'],
    ['TASKS', JSON.stringify({ tasks: [], extra: 1 }), 'specific_content.extra'],
    ['ASSIGNMENT', JSON.stringify({ instructions: 'x', max_files: 21 }), 'specific_content.max_files'],
    ['ASSIGNMENT', JSON.stringify({ instructions: 'x' }), 'specific_content.max_files'],
    ['VIDEO', JSON.stringify({ video_url: 'javascript:alert(1)', duration: 3 }), 'specific_content.video_url'],
    ['VIDEO', JSON.stringify({ video_url: null, duration: -1 }), 'specific_content.duration'],
    ['VIDEO', JSON.stringify([]), 'specific_content'],
    ['GENERIC', JSON.stringify({ tasks: [] }), 'specific_content'],
    ['QUIZ', JSON.stringify({}), 'specific_content'],
  ])('refuses specific settings of a %s item: %s', async (type, text, field) => {
    const answer = await updateItem(demo.owner, training, ids[type]!, { specific_content: text });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });

  it('refuses lesson settings on a section', async () => {
    const answer = await updateItem(demo.owner, training, section, { content: '[]', min_complete_duration: 60, specific_content: '{}' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['content', 'min_complete_duration', 'specific_content']);
  });

  it('stores the minimum time and the blocking flag of a quiz', async () => {
    const answer = await updateItem(demo.owner, training, ids.QUIZ!, { min_complete_duration: 120, blocking: true });
    expect(answer.body).toMatchObject({ min_complete_duration: 120, blocking: true });
  });

  it('lets only a quiz, tasks or an assignment block what follows', async () => {
    for (const id of [ids.GENERIC!, ids.VIDEO!, section]) {
      const answer = await updateItem(demo.owner, training, id, { blocking: true });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['blocking']);
    }
    expect((await updateItem(demo.owner, training, ids.TASKS!, { blocking: true })).status).toBe(200);
    expect((await updateItem(demo.owner, training, ids.GENERIC!, { blocking: false })).status).toBe(200);
  });

  it('keeps the unlock settings coherent: a date for DATE, days for DELAY, nothing left over', async () => {
    const id = ids.VIDEO!;
    const onDate = await updateItem(demo.owner, training, id, { unlock_mode: 'DATE', unlock_at: '2027-01-15T09:00:00.000Z' });
    expect(onDate.body).toMatchObject({ unlock_mode: 'DATE', unlock_at: '2027-01-15T09:00:00.000Z', unlock_delay_days: null });
    const afterDelay = await updateItem(demo.owner, training, id, { unlock_mode: 'DELAY', unlock_delay_days: 7 });
    expect(afterDelay.body).toMatchObject({ unlock_mode: 'DELAY', unlock_at: null, unlock_delay_days: 7 });
    const previous = await updateItem(demo.owner, training, id, { unlock_mode: 'PREVIOUS' });
    expect(previous.body).toMatchObject({ unlock_mode: 'PREVIOUS', unlock_at: null, unlock_delay_days: null });
    for (const [body, field] of [
      [{ unlock_mode: 'DATE' }, 'unlock_at'],
      [{ unlock_mode: 'DELAY', unlock_delay_days: null }, 'unlock_delay_days'],
      [{ unlock_mode: 'NONE', unlock_at: '2027-01-15T09:00:00.000Z' }, 'unlock_at'],
      [{ unlock_delay_days: 3 }, 'unlock_delay_days'],
      [{ unlock_mode: 'SOMEDAY' }, 'unlock_mode'],
      [{ unlock_mode: 'DATE', unlock_at: 'demain' }, 'unlock_at'],
    ] as const) {
      const answer = await updateItem(demo.owner, training, id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors)).toContain(field);
    }
    expect((await getItem(demo.owner, training, id)).body.unlock_mode).toBe('PREVIOUS');
  });

  it('accepts the current parent back but leaves moves to the reordering', async () => {
    expect((await updateItem(demo.owner, training, ids.QUIZ!, { parent_id: section, name: 'Quiz final' })).status).toBe(200);
    const other = await addItem(demo.owner, training, { type: 'SECTION', name: 'Autre chapitre' });
    const moved = await updateItem(demo.owner, training, ids.QUIZ!, { parent_id: other });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors)).toEqual(['parent_id']);
  });

  it.each([
    ['an empty body', {}],
    ['a blank name', { name: '  ' }],
    ['a name of 129 characters', { name: 'x'.repeat(129) }],
    ['a negative minimum time', { min_complete_duration: -1 }],
    ['an unknown field', { type: 'VIDEO' }],
  ])('answers 422 for %s', async (_label, body) => {
    expect((await updateItem(demo.owner, training, ids.GENERIC!, body)).status).toBe(422);
  });

  it('refuses the ANALYST (403) and answers 404 across trainings and stores', async () => {
    expect((await updateItem(demo.analyst, training, ids.GENERIC!, { name: 'Non' })).status).toBe(403);
    expect((await updateItem(demo.owner, training, percent.lesson, { name: 'Non' })).status).toBe(404);
    expect((await updateItem(demo.owner, percent.training, percent.lesson, { name: 'Non' })).status).toBe(404);
    expect((await getItem(percent.token, percent.training, percent.lesson)).body.name).toBe('Leçon');
  });
});

describe('DELETE …/training_items/{id} (deleteTrainingItem)', () => {
  it('deletes an item and closes up the positions after it', async () => {
    const training = await newTraining(demo.owner);
    const section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
    const [a, b] = [
      await addItem(demo.owner, training, { type: 'GENERIC', name: 'A', parent_id: section }),
      await addItem(demo.owner, training, { type: 'GENERIC', name: 'B', parent_id: section }),
    ];
    await addItem(demo.owner, training, { type: 'GENERIC', name: 'C', parent_id: section });
    expect((await deleteItem(demo.teacher, training, b!)).status).toBe(204);
    const children = (await listItems(demo.owner, training)).body.data[0].children;
    expect(children.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['A', 0],
      ['C', 1],
    ]);
    expect((await getItem(demo.owner, training, b!)).status).toBe(404);
    expect((await deleteItem(demo.owner, training, b!)).status).toBe(404);
    expect((await getItem(demo.owner, training, a!)).status).toBe(200);
  });

  it('deletes a section with its items and moves the next sections up', async () => {
    const training = await newTraining(demo.owner);
    const first = await addItem(demo.owner, training, { type: 'SECTION', name: 'Premier' });
    const inside = await addItem(demo.owner, training, { type: 'QUIZ', name: 'Dedans', parent_id: first });
    await addItem(demo.owner, training, { type: 'SECTION', name: 'Second' });
    expect((await deleteItem(demo.admin, training, first)).status).toBe(204);
    expect((await getItem(demo.owner, training, inside)).status).toBe(404);
    const outline = (await listItems(demo.owner, training)).body.data;
    expect(outline.map((n: { name: string; position: number }) => [n.name, n.position])).toEqual([['Second', 0]]);
  });

  it('refuses the ANALYST (403) and answers 404 for other trainings and stores', async () => {
    const training = await newTraining(demo.owner);
    const section = await addItem(demo.owner, training, { type: 'SECTION', name: 'Chapitre' });
    expect((await deleteItem(demo.analyst, training, section)).status).toBe(403);
    expect((await deleteItem(demo.owner, training, percent.lesson)).status).toBe(404);
    expect((await deleteItem(demo.owner, percent.training, percent.lesson)).status).toBe(404);
    expect((await getItem(demo.owner, training, section)).status).toBe(200);
    expect((await getItem(percent.token, percent.training, percent.lesson)).status).toBe(200);
  });
});
