import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './client';
import { checked, createTraining, freshStore, invalidFields, UNKNOWN_UUID } from './trainingsSupport';

type Summary = { uuid: string; name: string; slug: string; status: string; position: number; price: number | null; items_count: number };

describe('POST /trainings', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await freshStore());
  });

  it('creates a DRAFT with a slug from its name, placed last, with an empty outline', async () => {
    const first = await createTraining(token, 'Créer sa 1ʳᵉ formation : l’essentiel !', 'Un résumé court.');
    expect(first).toMatchObject({
      name: 'Créer sa 1ʳᵉ formation : l’essentiel !',
      summary: 'Un résumé court.',
      slug: 'creer-sa-1re-formation-l-essentiel',
      status: 'DRAFT',
      price: null,
      items: [],
      payment_schedules: [],
      authors: [],
      tags: [],
      customers_count: 0,
      seo_data: { title: null, description: null, image: null },
    });
    const second = await createTraining(token, 'Deuxième');
    expect(second.position).toBeGreaterThan(first.position);
    expect(second.summary).toBeNull();
  });

  it('makes the slug unique in the store, and trims the name', async () => {
    const a = await createTraining(token, 'Yoga du matin');
    const b = await createTraining(token, '  Yoga du matin  ');
    const c = await createTraining(token, 'Yoga du matin');
    expect([a.slug, b.slug, c.slug]).toEqual(['yoga-du-matin', 'yoga-du-matin-2', 'yoga-du-matin-3']);
    expect(b.name).toBe('Yoga du matin');
    // Another store has its own slugs.
    const other = await freshStore();
    expect((await createTraining(other.token, 'Yoga du matin')).slug).toBe('yoga-du-matin');
  });

  it('gives trainings created at the same moment distinct positions and slugs (creations in a store take turns)', async () => {
    const { token: own } = await freshStore();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => checked('createTraining', 'POST', '/trainings', { token: own, body: { name: 'Simultanée' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.body.position as number).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(new Set(answers.map((a) => a.body.slug)).size).toBe(12);
  });

  it('accepts a name of 128 characters and a summary of 200', async () => {
    const created = await createTraining(token, 'n'.repeat(128), 's'.repeat(200));
    expect(created.name).toHaveLength(128);
  });

  it.each([
    ['no name', {}, ['name']],
    ['an empty name', { name: '' }, ['name']],
    ['a name of blanks', { name: '   ' }, ['name']],
    ['a name of 129 characters', { name: 'n'.repeat(129) }, ['name']],
    ['a summary of 201 characters', { name: 'Ok', summary: 's'.repeat(201) }, ['summary']],
    ['a name that is not text', { name: 12 }, ['name']],
    ['an unknown field', { name: 'Ok', status: 'PUBLISHED' }, ['status']],
  ])('refuses %s with 422 naming the field', async (_label, body, fields) => {
    const answer = await checked('createTraining', 'POST', '/trainings', { token, body });
    expect(invalidFields(answer)).toEqual(fields);
  });
});

describe('GET /trainings and GET /trainings/count', () => {
  let token: string;
  let created: Summary[];
  const names = Array.from({ length: 23 }, (_, i) => `Formation ${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    ({ token } = await freshStore());
    created = [];
    for (const name of names) created.push((await createTraining(token, name)) as unknown as Summary);
    await createTraining(token, 'Généralités sur la pâtisserie');
    await createTraining(token, 'Remise à 100% garantie');
    const published = await createTraining(token, 'Atelier publié');
    await checked('updateTraining', 'PUT', `/trainings/${published.uuid}`, { token, body: { status: 'PUBLISHED' } });
  });

  const list = async (query = '') => {
    const answer = await checked('listTrainings', 'GET', `/trainings${query}`, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { data: Summary[]; meta: Record<string, number>; links: { next: string | null; prev: string | null } };
  };

  it('pages 20 at a time in the trainer order, with full links built from the URL called', async () => {
    const first = await list();
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, total: 26, last_page: 2 });
    expect(first.data.map((t) => t.name)).toEqual(names.slice(0, 20));
    expect(first.links).toEqual({ next: `${baseUrl()}/api/v1/trainings?page=2`, prev: null });
    const second = await list('?page=2&q=');
    expect(second.data).toHaveLength(6);
    expect(second.links).toEqual({ next: null, prev: `${baseUrl()}/api/v1/trainings?page=1&q=` });
    expect(second.data[0]).toMatchObject({ price: null, items_count: 0, customers_count: 0, status: 'DRAFT' });
  });

  it('honours per_page, and answers an empty page past the end whose "prev" leads to the last page', async () => {
    const small = await list('?per_page=5&page=3');
    expect(small.meta).toEqual({ current_page: 3, per_page: 5, total: 26, last_page: 6 });
    expect(small.data.map((t) => t.name)).toEqual(names.slice(10, 15));
    const beyond = await list('?per_page=100&page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.last_page).toBe(1);
    expect(beyond.links).toEqual({ next: null, prev: `${baseUrl()}/api/v1/trainings?per_page=100&page=1` });
  });

  it('searches names ignoring case and accents, and treats % and _ as plain characters', async () => {
    expect((await list('?q=GENERALITES')).data.map((t) => t.name)).toEqual(['Généralités sur la pâtisserie']);
    expect((await list('?q=p%C3%A2tisserie')).data).toHaveLength(1);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).data.map((t) => t.name)).toEqual(['Remise à 100% garantie']);
    expect((await list('?q=_')).data).toEqual([]);
    const search = await list('?q=formation%202&per_page=2');
    expect(search.meta.total).toBe(4);
    expect(search.data.map((t) => t.name)).toEqual(['Formation 20', 'Formation 21']);
    expect(search.links.next).toBe(`${baseUrl()}/api/v1/trainings?q=formation+2&per_page=2&page=2`);
  });

  it('filters by status, and counts with the same filter', async () => {
    expect((await list('?status=PUBLISHED')).data.map((t) => t.name)).toEqual(['Atelier publié']);
    expect((await list('?status=CLOSED')).meta).toMatchObject({ total: 0, last_page: 1 });
    const all = await checked('countTrainings', 'GET', '/trainings/count', { token });
    expect(all.body).toEqual({ count: 26 });
    const drafts = await checked('countTrainings', 'GET', '/trainings/count?status=DRAFT', { token });
    expect(drafts.body).toEqual({ count: 25 });
  });

  it.each([
    ['page 0', '?page=0', ['page']],
    ['per_page 0', '?per_page=0', ['per_page']],
    ['per_page 101', '?per_page=101', ['per_page']],
    ['a page that is not a number', '?page=deux', ['page']],
    ['an unknown status', '?status=ARCHIVED', ['status']],
    ['a search of 129 characters', `?q=${'x'.repeat(129)}`, ['q']],
  ])('refuses %s with 422', async (_label, query, fields) => {
    expect(invalidFields(await checked('listTrainings', 'GET', `/trainings${query}`, { token }))).toEqual(fields);
  });

  it('refuses an unknown status on the count with 422', async () => {
    expect(invalidFields(await checked('countTrainings', 'GET', '/trainings/count?status=draft', { token }))).toEqual(['status']);
  });

  it('lists only the caller’s store', async () => {
    const other = await freshStore();
    const answer = await checked('listTrainings', 'GET', '/trainings', { token: other.token });
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta).toEqual({ current_page: 1, per_page: 20, total: 0, last_page: 1 });
    expect((await checked('countTrainings', 'GET', '/trainings/count', { token: other.token })).body).toEqual({ count: 0 });
  });
});

describe('GET /trainings rows: certificate switch and access rules', () => {
  const RULES = ['max_customers', 'enrollment_ends_at', 'access_duration_days', 'drip_frequency', 'certificate_enabled'] as const;

  it('carry the stored values, as the training itself answers them, in the list and in the reordering answer', async () => {
    const { token } = await freshStore();
    const ruled = await createTraining(token, 'Avec règles');
    const plain = await createTraining(token, 'Sans règles');
    const stored = { max_customers: 12, enrollment_ends_at: '2031-05-01T08:30:00.000Z', access_duration_days: 30, drip_frequency: 'BIWEEKLY', certificate_enabled: true };
    const update = await checked('updateTraining', 'PUT', `/trainings/${ruled.uuid}`, { token, body: stored });
    expect(update.status, update.text).toBe(200);

    const answer = await checked('listTrainings', 'GET', '/trainings', { token });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.body.data as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.name)).toEqual(['Avec règles', 'Sans règles']);
    expect(rows[0]).toMatchObject(stored);
    expect(rows[1]).toMatchObject({ max_customers: null, enrollment_ends_at: null, access_duration_days: null, drip_frequency: null, certificate_enabled: false });
    // The same definitions as the full record: a table reading the list shows what the training's page shows.
    const detail = (await checked('getTraining', 'GET', `/trainings/${ruled.uuid}`, { token })).body;
    for (const field of RULES) expect(rows[0]![field], field).toEqual(detail[field]);

    const reordered = await checked('reorderTrainings', 'PUT', '/trainings/reordering', { token, body: { trainings: [{ uuid: plain.uuid, order: 0 }, { uuid: ruled.uuid, order: 1 }] } });
    expect(reordered.status, reordered.text).toBe(200);
    expect((reordered.body.data as Array<Record<string, unknown>>)[1]).toMatchObject({ uuid: ruled.uuid, ...stored });
  });
});

describe('GET /trainings?q=', () => {
  it('finds ligatures written out, and takes the characters of regular expressions literally', async () => {
    const { token } = await freshStore();
    for (const name of ['Le cœur du sujet (niveau 1)', 'ÉTÉ À LA CAMPAGNE', 'Dessin.Pro', 'Dessin pro']) await createTraining(token, name);
    const names = async (q: string) =>
      (await checked('listTrainings', 'GET', `/trainings?q=${encodeURIComponent(q)}`, { token })).body.data.map((t: Summary) => t.name);
    expect(await names('coeur')).toEqual(['Le cœur du sujet (niveau 1)']);
    expect(await names('CŒUR')).toEqual(['Le cœur du sujet (niveau 1)']);
    expect(await names('(niveau 1)')).toEqual(['Le cœur du sujet (niveau 1)']);
    expect(await names('été à la')).toEqual(['ÉTÉ À LA CAMPAGNE']);
    expect(await names('dessin.')).toEqual(['Dessin.Pro']);
    expect(await names('.*')).toEqual([]);
    expect(await names('[a-z]')).toEqual([]);
    expect(await names('  ')).toHaveLength(4);
  });
});

describe('PUT /trainings/reordering', () => {
  let token: string;
  let uuids: string[];
  beforeAll(async () => {
    ({ token } = await freshStore());
    uuids = [];
    for (const name of ['A', 'B', 'C', 'D']) uuids.push((await createTraining(token, name)).uuid);
  });

  const reorder = (body: unknown, as = token) => checked('reorderTrainings', 'PUT', '/trainings/reordering', { token: as, body });

  it('gives each training sent its order number and answers the whole list in the new order', async () => {
    const [a, b, c, d] = uuids as [string, string, string, string];
    const answer = await reorder({ trainings: [{ uuid: d, order: 0 }, { uuid: a, order: 1 }, { uuid: c, order: 2 }, { uuid: b, order: 3 }] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((t: Summary) => [t.name, t.position])).toEqual([
      ['D', 0],
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ]);
    const listed = await checked('listTrainings', 'GET', '/trainings', { token });
    expect(listed.body.data.map((t: Summary) => t.name)).toEqual(['D', 'A', 'C', 'B']);
  });

  it('moves only the trainings sent (a drag of one row)', async () => {
    const [a] = uuids as [string];
    const answer = await reorder({ trainings: [{ uuid: a, order: 10 }] });
    expect(answer.body.data.map((t: Summary) => t.name)).toEqual(['D', 'C', 'B', 'A']);
  });

  it('accepts the highest order, and a training created afterwards still finds its place after it', async () => {
    const { token: own } = await freshStore();
    const first = await createTraining(own, 'Tout au bout');
    expect((await reorder({ trainings: [{ uuid: first.uuid, order: 1_000_000 }] }, own)).status).toBe(200);
    expect((await createTraining(own, 'Après')).position).toBe(1_000_001);
  });

  it("refuses another store's training, an unknown uuid or a training sent twice with 422, and moves nothing", async () => {
    const other = await freshStore();
    const foreign = (await createTraining(other.token, 'Ailleurs')).uuid;
    const [a, b] = uuids as [string, string];
    const before = (await checked('listTrainings', 'GET', '/trainings', { token })).body.data.map((t: Summary) => t.uuid);
    const cases: [unknown, string[]][] = [
      [{ trainings: [{ uuid: b, order: 0 }, { uuid: foreign, order: 1 }] }, ['trainings.1.uuid']],
      [{ trainings: [{ uuid: UNKNOWN_UUID, order: 0 }] }, ['trainings.0.uuid']],
      [{ trainings: [{ uuid: a, order: 0 }, { uuid: a, order: 1 }] }, ['trainings.1.uuid']],
      [{ trainings: [] }, ['trainings']],
      [{ trainings: [{ uuid: a, order: -1 }] }, ['trainings.0.order']],
      // Past the int column (a 500 before the contract said so), and past the room left for creations after it.
      [{ trainings: [{ uuid: a, order: 3_000_000_000 }] }, ['trainings.0.order']],
      [{ trainings: [{ uuid: a, order: 1_000_001 }] }, ['trainings.0.order']],
      [{ trainings: [{ uuid: 'pas-un-uuid', order: 0 }] }, ['trainings.0.uuid']],
      [{ trainings: [{ uuid: a }] }, ['trainings.0.order']],
      [{}, ['trainings']],
    ];
    for (const [body, fields] of cases) expect(invalidFields(await reorder(body)), JSON.stringify(body)).toEqual(fields);
    const after = (await checked('listTrainings', 'GET', '/trainings', { token })).body.data.map((t: Summary) => t.uuid);
    expect(after).toEqual(before);
    // The other store's training did not move either.
    const theirs = await checked('getTraining', 'GET', `/trainings/${foreign}`, { token: other.token });
    expect(theirs.body.position).toBe(0);
  });
});
