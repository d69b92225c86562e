import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

/**
 * Bundles (packs) through the real server. Most tests run in a fresh store of their own (its owner is the
 * only member), so that nothing else creates bundles there meanwhile; the role tests use the demo store.
 */

/** One call, checked against the contract whatever its status. */
async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}

const createBundle = (token: string, body: unknown) => op('createBundle', 'POST', '/bundles', token, body);
const getBundle = (token: string, uuid: string) => op('getBundle', 'GET', `/bundles/${uuid}`, token);
const updateBundle = (token: string, uuid: string, body: unknown) => op('updateBundle', 'PUT', `/bundles/${uuid}`, token, body);
const deleteBundle = (token: string, uuid: string) => op('deleteBundle', 'DELETE', `/bundles/${uuid}`, token);
const listBundles = (token: string, query = '') => op('listBundles', 'GET', `/bundles${query}`, token);
const countBundles = (token: string, query = '') => op('countBundles', 'GET', `/bundles/count${query}`, token);
const reorderBundles = (token: string, body: unknown) => op('reorderBundles', 'POST', '/bundles/order', token, body);
const addTraining = (token: string, bundle: string, training: string) =>
  op('addBundleTraining', 'POST', `/bundles/${bundle}/trainings/${training}`, token);
const removeTraining = (token: string, bundle: string, training: string) =>
  op('removeBundleTraining', 'DELETE', `/bundles/${bundle}/trainings/${training}`, token);
const reorderTrainings = (token: string, bundle: string, body: unknown) =>
  op('reorderBundleTrainings', 'POST', `/bundles/${bundle}/items/order`, token, body);
const addSchedule = (token: string, bundle: string, body: unknown) =>
  op('createBundlePaymentSchedule', 'POST', `/bundles/${bundle}/payment_schedules`, token, body);
const deleteSchedule = (token: string, bundle: string, id: number | string) =>
  op('deleteBundlePaymentSchedule', 'DELETE', `/bundles/${bundle}/payment_schedules/${id}`, token);

async function newBundle(token: string, body: Record<string, unknown> = {}) {
  const answer = await createBundle(token, { name: `Pack ${randomUUID().slice(0, 8)}`, ...body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; slug: string; name: string; order: number; trainings: { uuid: string }[] };
}

async function newTraining(token: string, name = `Formation ${randomUUID().slice(0, 8)}`) {
  const answer = await api('POST', '/trainings', { token, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; slug: string; name: string };
}

const SOME_UUID = '7b0e7a3c-4f7e-4a55-9a34-0d1c8f3b2a10';

/** The field names of a 422 envelope. */
const fieldsOf = (answer: Answer) => Object.keys(answer.body.errors ?? {});
const uuidsOf = (list: { uuid: string }[]) => list.map((item) => item.uuid);

/** The OWNER of a new store of their own. */
async function freshOwner() {
  return (await register()).token;
}

describe('POST /bundles (createBundle)', () => {
  let token: string;
  beforeAll(async () => {
    token = await freshOwner();
  });

  it('creates a DRAFT placed last, its slug made from the name, with the given trainings in the given order', async () => {
    const first = await newBundle(token);
    const a = await newTraining(token);
    const b = await newTraining(token);
    const answer = await createBundle(token, {
      name: '  Pack Été : l’essentiel !  ',
      summary: 'Deux formations',
      training_uuids: [b.uuid, a.uuid],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Pack Été : l’essentiel !',
      slug: 'pack-ete-l-essentiel',
      summary: 'Deux formations',
      description: null,
      status: 'DRAFT',
      order: first.order + 1,
      price: null,
      payment_schedules: [],
      customers_count: 0,
      seo_data: { title: null, description: null, image: null },
    });
    expect(answer.body.trainings).toEqual([
      { uuid: b.uuid, slug: b.slug, name: b.name, picture: null },
      { uuid: a.uuid, slug: a.slug, name: a.name, picture: null },
    ]);
  });

  it('gives a second bundle of the same name the next free slug', async () => {
    const one = await newBundle(token, { name: 'Pack jumeau' });
    const two = await newBundle(token, { name: 'Pack jumeau' });
    expect([one.slug, two.slug]).toEqual(['pack-jumeau', 'pack-jumeau-2']);
  });

  it('gives bundles created at the same moment distinct orders and slugs (creations in a store take turns)', async () => {
    const own = await freshOwner();
    const answers = await Promise.all(Array.from({ length: 12 }, () => createBundle(own, { name: 'Pack simultané' })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.body.order as number).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(new Set(answers.map((a) => a.body.slug)).size).toBe(12);
  });

  it.each([
    ['no name', {}, 'name'],
    ['a name of blanks', { name: '   ' }, 'name'],
    ['a name over 128 characters', { name: 'x'.repeat(129) }, 'name'],
    ['a summary over 200 characters', { name: 'Pack', summary: 'x'.repeat(201) }, 'summary'],
    ['an unknown field', { name: 'Pack', price: 10 }, 'price'],
    ['a malformed training uuid', { name: 'Pack', training_uuids: ['nope'] }, 'training_uuids.0'],
    ['the same training twice', { name: 'Pack', training_uuids: [SOME_UUID, SOME_UUID] }, 'training_uuids'],
  ])('answers 422 to %s', async (_label, body, field) => {
    const answer = await createBundle(token, body);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(answer)).toContain(field);
  });

  it("answers 422 to a training of another store or one that does not exist, and creates nothing", async () => {
    const other = await newTraining(await freshOwner());
    const mine = await newTraining(token);
    const before = (await countBundles(token)).body.count;
    for (const foreign of [other.uuid, randomUUID()]) {
      const answer = await createBundle(token, { name: 'Pack volé', training_uuids: [mine.uuid, foreign] });
      expect(answer.status).toBe(422);
      expect(fieldsOf(answer)).toEqual(['training_uuids']);
    }
    expect((await countBundles(token)).body.count).toBe(before);
  });
});

describe('GET /bundles (listBundles) and GET /bundles/count (countBundles)', () => {
  let token: string;
  const names = ['Pack Yoga', 'Pack Méditation', 'Pack yoga avancé', 'Pack 100% cuisine', 'Pack Organisation'];
  const uuids: string[] = [];
  beforeAll(async () => {
    token = await freshOwner();
    for (const name of names) uuids.push((await newBundle(token, { name })).uuid);
    await updateBundle(token, uuids[1]!, { status: 'PUBLISHED' });
    await updateBundle(token, uuids[4]!, { status: 'PUBLISHED' });
  });

  it('lists in the store order, paged, with links that keep the other parameters', async () => {
    const page1 = await listBundles(token, '?per_page=2&status=DRAFT');
    expect(page1.status).toBe(200);
    expect(uuidsOf(page1.body.data)).toEqual([uuids[0], uuids[2]]);
    expect(page1.body.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page1.body.links.prev).toBeNull();
    const next = new URL(page1.body.links.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: '2', status: 'DRAFT', page: '2' });

    const page2 = await listBundles(token, `${next.pathname.replace('/api/v1/bundles', '')}${next.search}`);
    expect(uuidsOf(page2.body.data)).toEqual([uuids[3]]);
    expect(page2.body.links.next).toBeNull();
    expect(new URL(page2.body.links.prev).searchParams.get('page')).toBe('1');
  });

  it('answers an empty page past the end, its "previous" link leading to the last page', async () => {
    const answer = await listBundles(token, '?per_page=2&page=9');
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta).toMatchObject({ total: 5, last_page: 3 });
    expect(new URL(answer.body.links.prev).searchParams.get('page')).toBe('3');
  });

  it('searches names without minding case or accents, and takes % and _ literally', async () => {
    expect(uuidsOf((await listBundles(token, '?q=YOGA')).body.data)).toEqual([uuids[0], uuids[2]]);
    expect(uuidsOf((await listBundles(token, '?q=meditation')).body.data)).toEqual([uuids[1]]);
    expect(uuidsOf((await listBundles(token, `?q=${encodeURIComponent(' MÉDITATION ')}`)).body.data)).toEqual([uuids[1]]);
    expect(uuidsOf((await listBundles(token, `?q=${encodeURIComponent('100%')}`)).body.data)).toEqual([uuids[3]]);
    expect((await listBundles(token, `?q=${encodeURIComponent('%')}`)).body.data).toHaveLength(1);
    expect((await listBundles(token, '?q=_')).body.data).toHaveLength(0);
    expect((await listBundles(token, '?q=yoga&status=PUBLISHED')).body.data).toHaveLength(0);
    expect((await listBundles(token, '?q=.*')).body.data).toHaveLength(0);
  });

  it('searches as the trainings list does: a ligature written out finds it, and the other way round', async () => {
    const own = await freshOwner();
    const heart = await newBundle(own, { name: 'Pack Cœur de chef' });
    const sister = await newBundle(own, { name: 'Pack Soeur' });
    expect(uuidsOf((await listBundles(own, '?q=coeur')).body.data)).toEqual([heart.uuid]);
    expect(uuidsOf((await listBundles(own, `?q=${encodeURIComponent('SŒUR')}`)).body.data)).toEqual([sister.uuid]);
  });

  it('counts every bundle or those of one status', async () => {
    expect((await countBundles(token)).body).toEqual({ count: 5 });
    expect((await countBundles(token, '?status=PUBLISHED')).body).toEqual({ count: 2 });
    expect((await countBundles(token, '?status=HIDDEN')).body).toEqual({ count: 0 });
  });

  it.each([
    ['?per_page=0', 'per_page'],
    ['?per_page=101', 'per_page'],
    ['?page=0', 'page'],
    ['?status=ARCHIVED', 'status'],
    [`?q=${'x'.repeat(129)}`, 'q'],
  ])('answers 422 to %s', async (query, field) => {
    const answer = await listBundles(token, query);
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
  });

  it('answers 422 to a count of an unknown status', async () => {
    const answer = await countBundles(token, '?status=ARCHIVED');
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toContain('status');
  });

  it("never lists or counts another store's bundles", async () => {
    const other = await freshOwner();
    await newBundle(other, { name: 'Pack Yoga' });
    expect(uuidsOf((await listBundles(token, '?q=yoga')).body.data)).toEqual([uuids[0], uuids[2]]);
    expect((await countBundles(other)).body.count).toBe(1);
    expect((await listBundles(other)).body.meta.total).toBe(1);
  });
});

describe('GET, PUT and DELETE /bundles/{uuid}', () => {
  let token: string;
  beforeAll(async () => {
    token = await freshOwner();
  });

  it('answers one bundle with its trainings in item order and its payment schedules', async () => {
    const t1 = await newTraining(token);
    const t2 = await newTraining(token);
    const bundle = await newBundle(token, { training_uuids: [t2.uuid, t1.uuid] });
    await addSchedule(token, bundle.uuid, { type: 'ONE_TIME', price: 149 });
    const answer = await getBundle(token, bundle.uuid);
    expect(answer.status).toBe(200);
    expect(uuidsOf(answer.body.trainings)).toEqual([t2.uuid, t1.uuid]);
    expect(answer.body.price).toBe(149);
    expect(answer.body.payment_schedules).toMatchObject([{ type: 'ONE_TIME', price: 149, total_price: 149 }]);
  });

  it('changes only the fields sent, seo_data key by key, and keeps the slug when renamed', async () => {
    const bundle = await newBundle(token, { name: 'Pack avant' });
    await updateBundle(token, bundle.uuid, { seo_data: { title: 'Titre SEO', description: 'Description SEO' } });
    const answer = await updateBundle(token, bundle.uuid, {
      name: 'Pack après',
      summary: 'Résumé',
      description: '<p>Tout le programme</p>',
      picture: 'https://cdn.example.test/pack.png',
      status: 'UNLISTED',
      seo_data: { description: null, image: 'https://cdn.example.test/seo.png' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Pack après',
      slug: bundle.slug,
      summary: 'Résumé',
      description: '<p>Tout le programme</p>',
      picture: 'https://cdn.example.test/pack.png',
      status: 'UNLISTED',
      seo_data: { title: 'Titre SEO', description: null, image: 'https://cdn.example.test/seo.png' },
    });
    const cleaned = await updateBundle(token, bundle.uuid, { description: '<p>Tout<iframe src="https://x.example"></iframe> <b>compris</b></p><svg onload="alert(1)"></svg>' });
    expect(cleaned.body.description).toBe('<p>Tout <strong>compris</strong></p>');
    const cleared = await updateBundle(token, bundle.uuid, { summary: null, description: '', picture: null, slug: 'pack-apres' });
    expect(cleared.body).toMatchObject({ summary: null, description: null, picture: null, slug: 'pack-apres', name: 'Pack après' });
    expect(Date.parse(cleared.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(answer.body.updated_at));
  });

  it('keeps every seo_data field changed at the same moment by different editors', async () => {
    const bundle = await newBundle(token);
    for (let round = 0; round < 6; round++) {
      const seo = { title: `Titre ${round}`, description: `Description ${round}`, image: `https://cdn.example.test/${round}.png` };
      const answers = await Promise.all(Object.entries(seo).map(([key, value]) => updateBundle(token, bundle.uuid, { seo_data: { [key]: value } })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((await getBundle(token, bundle.uuid)).body.seo_data, `round ${round}`).toEqual(seo);
    }
  });

  it.each(['DRAFT', 'PUBLISHED', 'UNLISTED', 'HIDDEN'])('takes the status %s', async (status) => {
    const bundle = await newBundle(token);
    expect((await updateBundle(token, bundle.uuid, { status })).body.status).toBe(status);
  });

  it('answers 409 to a slug another bundle of the store uses, and not to one of another store', async () => {
    const taken = await newBundle(token, { name: 'Pack pris' });
    const bundle = await newBundle(token);
    const answer = await updateBundle(token, bundle.uuid, { slug: taken.slug });
    expect(answer.status).toBe(409);
    expect(fieldsOf(answer)).toEqual(['slug']);
    expect((await updateBundle(token, bundle.uuid, { slug: bundle.slug })).status).toBe(200);

    const other = await freshOwner();
    const elsewhere = await newBundle(other, { name: 'Pack ailleurs' });
    expect((await updateBundle(token, bundle.uuid, { slug: elsewhere.slug })).body.slug).toBe(elsewhere.slug);
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['a blank name', { name: ' ' }, 'name'],
    ['a slug with capitals', { slug: 'Pack-Yoga' }, 'slug'],
    ['a slug with a trailing dash', { slug: 'pack-' }, 'slug'],
    ['an unknown status', { status: 'CLOSED' }, 'status'],
    ['a picture that is no URL', { picture: 'pack.png' }, 'picture'],
    ['a picture that is no web address', { picture: 'javascript:alert(1)' }, 'picture'],
    ['an SEO image that is no web address', { seo_data: { image: 'data:image/png;base64,AAAA' } }, 'seo_data.image'],
    ['an SEO title over 128 characters', { seo_data: { title: 'x'.repeat(129) } }, 'seo_data.title'],
    ['a description over 20000 characters', { description: 'x'.repeat(20_001) }, 'description'],
    ['an unknown field', { order: 3 }, 'order'],
  ])('answers 422 to %s', async (_label, body, field) => {
    const bundle = await newBundle(token);
    const answer = await updateBundle(token, bundle.uuid, body);
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
  });

  it('deletes a bundle, the bundles after it moving up; its trainings stay', async () => {
    const store = await freshOwner();
    const training = await newTraining(store);
    const [a, b, c] = [await newBundle(store), await newBundle(store, { training_uuids: [training.uuid] }), await newBundle(store)];
    const answer = await deleteBundle(store, b.uuid);
    expect(answer.status).toBe(204);
    expect((await getBundle(store, b.uuid)).status).toBe(404);
    const list = (await listBundles(store)).body.data as { uuid: string; order: number }[];
    expect(list.map((x) => [x.uuid, x.order])).toEqual([
      [a.uuid, 0],
      [c.uuid, 1],
    ]);
    expect((await api('GET', `/trainings/${training.uuid}`, { token: store })).status).toBe(200);
    expect((await deleteBundle(store, b.uuid)).status).toBe(404);
  });

  it.each([
    ['an unknown uuid', () => randomUUID(), 404],
    ['a malformed uuid', () => 'not-a-uuid', 422],
  ])('answers %s with %i', async (_label, uuid, status) => {
    const id = uuid();
    expect((await getBundle(token, id)).status).toBe(status);
    expect((await updateBundle(token, id, { name: 'x' })).status).toBe(status);
    expect((await deleteBundle(token, id)).status).toBe(status);
  });
});

describe('POST /bundles/order (reorderBundles)', () => {
  let token: string;
  let uuids: string[];
  beforeAll(async () => {
    token = await freshOwner();
    uuids = [];
    for (let i = 0; i < 4; i++) uuids.push((await newBundle(token)).uuid);
  });

  it("sets each bundle's order to its place in the list and answers them all in that order", async () => {
    const wanted = [uuids[2]!, uuids[0]!, uuids[3]!, uuids[1]!];
    const answer = await reorderBundles(token, { bundle_uuids: wanted });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((b: { uuid: string; order: number }) => [b.uuid, b.order])).toEqual(wanted.map((uuid, i) => [uuid, i]));
    expect(uuidsOf((await listBundles(token)).body.data)).toEqual(wanted);
    // A bundle created afterwards goes last.
    expect((await newBundle(token)).order).toBe(4);
    uuids = uuidsOf((await listBundles(token)).body.data);
  });

  it('refuses a partial list, a foreign or unknown uuid, and a repeated one (422), changing nothing', async () => {
    const before = uuidsOf((await listBundles(token)).body.data);
    const foreign = (await newBundle(await freshOwner())).uuid;
    const cases: [unknown[], string][] = [
      [before.slice(1), 'bundle_uuids'],
      [[...before.slice(1), foreign], 'bundle_uuids'],
      [[...before.slice(1), randomUUID()], 'bundle_uuids'],
      [[...before, foreign], 'bundle_uuids'],
      [[...before, before[0]], 'bundle_uuids'],
      [[], 'bundle_uuids'],
      [['nope'], 'bundle_uuids.0'],
    ];
    for (const [list, field] of cases) {
      const answer = await reorderBundles(token, { bundle_uuids: list });
      expect(answer.status, JSON.stringify(list)).toBe(422);
      expect(fieldsOf(answer)).toContain(field);
    }
    expect((await reorderBundles(token, {})).status).toBe(422);
    expect(uuidsOf((await listBundles(token)).body.data)).toEqual(before);
  });
});

describe('trainings of a bundle', () => {
  let token: string;
  let trainings: { uuid: string }[];
  beforeAll(async () => {
    token = await freshOwner();
    trainings = [];
    for (let i = 0; i < 4; i++) trainings.push(await newTraining(token));
  });
  const t = (i: number) => trainings[i]!.uuid;

  it('adds each training last, and refuses one already in it (409)', async () => {
    const bundle = await newBundle(token, { training_uuids: [t(0)] });
    const first = await addTraining(token, bundle.uuid, t(2));
    expect(first.status).toBe(200);
    expect(uuidsOf(first.body.trainings)).toEqual([t(0), t(2)]);
    const second = await addTraining(token, bundle.uuid, t(1));
    expect(uuidsOf(second.body.trainings)).toEqual([t(0), t(2), t(1)]);
    expect(Date.parse(second.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.updated_at));

    const again = await addTraining(token, bundle.uuid, t(2));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(uuidsOf((await getBundle(token, bundle.uuid)).body.trainings)).toEqual([t(0), t(2), t(1)]);
  });

  it('removes a training, the others closing up, and answers 404 for one not in it', async () => {
    const bundle = await newBundle(token, { training_uuids: [t(0), t(1), t(2), t(3)] });
    const answer = await removeTraining(token, bundle.uuid, t(1));
    expect(answer.status).toBe(200);
    expect(uuidsOf(answer.body.trainings)).toEqual([t(0), t(2), t(3)]);
    expect((await removeTraining(token, bundle.uuid, t(1))).status).toBe(404);
    // Later changes keep the order (positions are closed up: see the unit tests).
    expect(uuidsOf((await addTraining(token, bundle.uuid, t(1))).body.trainings)).toEqual([t(0), t(2), t(3), t(1)]);
    expect(uuidsOf((await removeTraining(token, bundle.uuid, t(0))).body.trainings)).toEqual([t(2), t(3), t(1)]);
    expect(uuidsOf((await reorderTrainings(token, bundle.uuid, { item_uuids: [t(1), t(2), t(3)] })).body.trainings)).toEqual([t(1), t(2), t(3)]);
  });

  it("reorders the bundle's trainings, given exactly all of them", async () => {
    const bundle = await newBundle(token, { training_uuids: [t(0), t(1), t(2)] });
    const answer = await reorderTrainings(token, bundle.uuid, { item_uuids: [t(2), t(0), t(1)] });
    expect(answer.status).toBe(200);
    expect(uuidsOf(answer.body.trainings)).toEqual([t(2), t(0), t(1)]);
    expect(uuidsOf((await getBundle(token, bundle.uuid)).body.trainings)).toEqual([t(2), t(0), t(1)]);

    for (const list of [[t(2), t(0)], [t(2), t(0), t(1), t(3)], [t(2), t(0), t(3)], [t(2), t(0), randomUUID()], [t(2), t(0), t(1), t(1)], []]) {
      const refused = await reorderTrainings(token, bundle.uuid, { item_uuids: list });
      expect(refused.status, JSON.stringify(list)).toBe(422);
      expect(fieldsOf(refused)).toContain('item_uuids');
    }
    expect(uuidsOf((await getBundle(token, bundle.uuid)).body.trainings)).toEqual([t(2), t(0), t(1)]);
  });

  it('answers 422 to a malformed uuid in the path or the list', async () => {
    const bundle = await newBundle(token);
    expect((await addTraining(token, bundle.uuid, 'nope')).status).toBe(422);
    expect((await removeTraining(token, 'nope', t(0))).status).toBe(422);
    expect((await reorderTrainings(token, bundle.uuid, { item_uuids: ['nope'] })).status).toBe(422);
    expect((await reorderTrainings(token, bundle.uuid, { uuids: [t(0)] })).status).toBe(422);
  });

  it("answers 404 to another store's training or an unknown one, and keeps the bundle as it was", async () => {
    const bundle = await newBundle(token, { training_uuids: [t(0)] });
    const foreign = await newTraining(await freshOwner());
    for (const training of [foreign.uuid, randomUUID()]) {
      expect((await addTraining(token, bundle.uuid, training)).status).toBe(404);
      expect((await removeTraining(token, bundle.uuid, training)).status).toBe(404);
    }
    expect(uuidsOf((await getBundle(token, bundle.uuid)).body.trainings)).toEqual([t(0)]);
  });

  it('a deleted training leaves the bundles it was in', async () => {
    const doomed = await newTraining(token);
    const bundle = await newBundle(token, { training_uuids: [t(0), doomed.uuid, t(1)] });
    expect((await api('DELETE', `/trainings/${doomed.uuid}`, { token })).status).toBe(204);
    expect(uuidsOf((await getBundle(token, bundle.uuid)).body.trainings)).toEqual([t(0), t(1)]);
    expect(uuidsOf((await addTraining(token, bundle.uuid, t(2))).body.trainings)).toEqual([t(0), t(1), t(2)]);
  });
});

describe('payment schedules of a bundle', () => {
  let token: string;
  let bundle: string;
  beforeAll(async () => {
    token = await freshOwner();
    bundle = (await newBundle(token)).uuid;
  });

  it('adds schedules after the others; the bundle price is the first one', async () => {
    const once = await addSchedule(token, bundle, { type: 'ONE_TIME', price: 199.9 });
    expect(once.status).toBe(201);
    expect(once.body).toMatchObject({ type: 'ONE_TIME', price: 199.9, installments_count: null, frequency: null, total_price: 199.9 });
    const split = await addSchedule(token, bundle, { type: 'INSTALLMENTS', price: 66.67, installments_count: 3 });
    expect(split.body).toMatchObject({ type: 'INSTALLMENTS', installments_count: 3, total_price: 200.01 });
    const monthly = await addSchedule(token, bundle, { type: 'SUBSCRIPTION', price: 19, frequency: 'MONTHLY' });
    expect(monthly.body).toMatchObject({ type: 'SUBSCRIPTION', frequency: 'MONTHLY', installments_count: null });

    const read = (await getBundle(token, bundle)).body;
    expect(read.payment_schedules.map((s: { id: number }) => s.id)).toEqual([once.body.id, split.body.id, monthly.body.id]);
    expect(read.price).toBe(199.9);

    expect((await deleteSchedule(token, bundle, once.body.id)).status).toBe(204);
    const after = (await getBundle(token, bundle)).body;
    expect(after.price).toBe(66.67);
    expect((await deleteSchedule(token, bundle, once.body.id)).status).toBe(404);
  });

  it.each([
    ['instalments without their count', { type: 'INSTALLMENTS', price: 50 }, 'installments_count'],
    ['a count on a one-time payment', { type: 'ONE_TIME', price: 50, installments_count: 3 }, 'installments_count'],
    ['a subscription without its frequency', { type: 'SUBSCRIPTION', price: 50 }, 'frequency'],
    ['free instalments', { type: 'INSTALLMENTS', price: 0, installments_count: 2 }, 'price'],
    ['fractions of a cent', { type: 'ONE_TIME', price: 10.005 }, 'price'],
    ['a negative price', { type: 'ONE_TIME', price: -1 }, 'price'],
    ['an unknown type', { type: 'WEEKLY', price: 1 }, 'type'],
    ['25 instalments', { type: 'INSTALLMENTS', price: 10, installments_count: 25 }, 'installments_count'],
  ])('answers 422 to %s', async (_label, body, field) => {
    const answer = await addSchedule(token, bundle, body);
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
  });

  it("answers 404 to a schedule of another bundle or another store's, and to ids no row can have", async () => {
    const sibling = (await newBundle(token)).uuid;
    const mine = (await addSchedule(token, sibling, { type: 'ONE_TIME', price: 10 })).body.id as number;
    expect((await deleteSchedule(token, bundle, mine)).status).toBe(404);
    const other = await freshOwner();
    const foreignBundle = (await newBundle(other)).uuid;
    const foreign = (await addSchedule(other, foreignBundle, { type: 'ONE_TIME', price: 10 })).body.id as number;
    expect((await deleteSchedule(token, bundle, foreign)).status).toBe(404);
    expect((await deleteSchedule(token, foreignBundle, foreign)).status).toBe(404);
    expect((await addSchedule(token, foreignBundle, { type: 'ONE_TIME', price: 10 })).status).toBe(404);
    expect((await deleteSchedule(token, bundle, 2 ** 31)).status).toBe(404);
    expect((await deleteSchedule(token, bundle, 0)).status).toBe(422);
    // Both schedules are still there.
    expect((await getBundle(other, foreignBundle)).body.payment_schedules).toHaveLength(1);
    expect((await getBundle(token, sibling)).body.payment_schedules).toHaveLength(1);
  });
});

describe("another store's bundles do not exist", () => {
  it('answers 404 to every operation on them and leaves them untouched', async () => {
    const token = await freshOwner();
    const mine = await newTraining(token);
    const other = await freshOwner();
    const theirTraining = await newTraining(other);
    const theirs = await newBundle(other, { training_uuids: [theirTraining.uuid] });
    const schedule = (await addSchedule(other, theirs.uuid, { type: 'ONE_TIME', price: 10 })).body.id as number;

    const answers = [
      await getBundle(token, theirs.uuid),
      await updateBundle(token, theirs.uuid, { name: 'Piraté' }),
      await addTraining(token, theirs.uuid, mine.uuid),
      await removeTraining(token, theirs.uuid, theirTraining.uuid),
      await reorderTrainings(token, theirs.uuid, { item_uuids: [theirTraining.uuid] }),
      await addSchedule(token, theirs.uuid, { type: 'ONE_TIME', price: 1 }),
      await deleteSchedule(token, theirs.uuid, schedule),
      await deleteBundle(token, theirs.uuid),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    const after = (await getBundle(other, theirs.uuid)).body;
    expect(after).toMatchObject({ name: theirs.name, trainings: [{ uuid: theirTraining.uuid }] });
    expect(after.payment_schedules).toHaveLength(1);
  });
});

describe('roles in the demo store', () => {
  const writers = ['owner@demo.test', 'admin@demo.test', 'teacher@demo.test'];
  let analyst: string;
  let owner: string;
  let bundle: string;
  let training: string;
  beforeAll(async () => {
    analyst = await login('analyst@demo.test');
    owner = await login('owner@demo.test');
    bundle = (await newBundle(owner)).uuid;
    training = (await newTraining(owner)).uuid;
  });

  it.each(writers)('%s creates, edits, fills, prices and deletes a bundle', async (email) => {
    const token = await login(email);
    const mine = await newBundle(token);
    expect((await updateBundle(token, mine.uuid, { status: 'HIDDEN' })).status).toBe(200);
    expect((await addTraining(token, mine.uuid, training)).status).toBe(200);
    expect((await reorderTrainings(token, mine.uuid, { item_uuids: [training] })).status).toBe(200);
    expect((await removeTraining(token, mine.uuid, training)).status).toBe(200);
    const schedule = await addSchedule(token, mine.uuid, { type: 'ONE_TIME', price: 5 });
    expect(schedule.status).toBe(201);
    expect((await deleteSchedule(token, mine.uuid, schedule.body.id)).status).toBe(204);
    expect((await deleteBundle(token, mine.uuid)).status).toBe(204);
  });

  it('the analyst reads bundles but changes nothing (403)', async () => {
    expect((await listBundles(analyst)).status).toBe(200);
    expect((await countBundles(analyst)).status).toBe(200);
    expect((await getBundle(analyst, bundle)).status).toBe(200);
    const all = uuidsOf((await listBundles(owner, '?per_page=100')).body.data);
    const refused = [
      await createBundle(analyst, { name: 'Pack analyste' }),
      await updateBundle(analyst, bundle, { name: 'Pack analyste' }),
      await reorderBundles(analyst, { bundle_uuids: all }),
      await addTraining(analyst, bundle, training),
      await removeTraining(analyst, bundle, training),
      await reorderTrainings(analyst, bundle, { item_uuids: [training] }),
      await addSchedule(analyst, bundle, { type: 'ONE_TIME', price: 1 }),
      await deleteSchedule(analyst, bundle, 1),
      await deleteBundle(analyst, bundle),
    ];
    expect(refused.map((a) => a.status)).toEqual(refused.map(() => 403));
    expect((await getBundle(owner, bundle)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await op('listBundles', 'GET', '/bundles', undefined)).status).toBe(401);
    expect((await op('createBundle', 'POST', '/bundles', undefined, { name: 'Pack' })).status).toBe(401);
  });
});
