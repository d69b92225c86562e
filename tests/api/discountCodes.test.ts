import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

/**
 * Promo codes (`/reductions`) through the real server. Writes run in fresh stores of their own (the owner is the
 * only member, so counts are exact); the role tests and the seeded codes use the demo store.
 */

async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}

const list = (token: string, store: string, query = '') => op('listDiscountCodes', 'GET', `/stores/${store}/discount_codes${query}`, token);
const create = (token: string, store: string, body: unknown) => op('createDiscountCode', 'POST', `/stores/${store}/discount_codes`, token, body);
const remove = (token: string, store: string, id: number | string) => op('deleteDiscountCode', 'DELETE', `/stores/${store}/discount_codes/${id}`, token);

const fieldsOf = (answer: Answer) => Object.keys(answer.body.errors ?? {});
const code = () => `CODE_${randomUUID().slice(0, 8)}`;

async function storeOf(token: string) {
  const me = await api('GET', '/users/me', { token });
  return me.body.store.uuid as string;
}

async function freshStore() {
  const owner = await register();
  return { token: owner.token, store: owner.user.store.uuid as string };
}

async function newTraining(token: string) {
  const answer = await api('POST', '/trainings', { token, body: { name: `Formation ${randomUUID().slice(0, 8)}` } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; name: string };
}

async function newBundle(token: string) {
  const answer = await api('POST', '/bundles', { token, body: { name: `Pack ${randomUUID().slice(0, 8)}` } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { uuid: string; name: string };
}

describe('POST /stores/{uuid}/discount_codes (createDiscountCode)', () => {
  let token: string;
  let store: string;
  beforeAll(async () => ({ token, store } = await freshStore()));

  it('creates a percentage code on everything, answered as the contract says', async () => {
    const answer = await create(token, store, { code: 'Bienvenue-2026', type: 'PERCENTAGE', value: 15 });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ code: 'Bienvenue-2026', type: 'PERCENTAGE', value: 15, buyables: [], max_uses: null, uses_count: 0, starts_at: null, ends_at: null });
  });

  it('creates an amount code limited to a training and a bundle, with uses and dates', async () => {
    const training = await newTraining(token);
    const bundle = await newBundle(token);
    const answer = await create(token, store, {
      code: 'PRINTEMPS_10',
      type: 'AMOUNT',
      value: 10.5,
      buyables: [
        { type: 'TRAINING', uuid: training.uuid },
        { type: 'BUNDLE', uuid: bundle.uuid.toUpperCase() },
      ],
      max_uses: 10,
      starts_at: '2026-03-01T00:00:00+01:00',
      ends_at: '2026-03-31T23:59:00+02:00',
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      type: 'AMOUNT',
      value: 10.5,
      max_uses: 10,
      starts_at: '2026-02-28T23:00:00.000Z',
      ends_at: '2026-03-31T21:59:00.000Z',
      buyables: [
        { type: 'TRAINING', uuid: training.uuid, name: training.name },
        { type: 'BUNDLE', uuid: bundle.uuid, name: bundle.name },
      ],
    });
  });

  it('refuses a code that exists in the store, whatever its case (409 on the field, in French)', async () => {
    expect((await create(token, store, { code: 'ETE2026', type: 'PERCENTAGE', value: 5 })).status).toBe(201);
    const again = await create(token, store, { code: 'ete2026', type: 'AMOUNT', value: 5 });
    expect(again.status).toBe(409);
    expect(again.body.errors.code[0]).toMatch(/existe déjà/);
    // Another store may have the same code.
    const other = await freshStore();
    expect((await create(other.token, other.store, { code: 'ETE2026', type: 'PERCENTAGE', value: 5 })).status).toBe(201);
  });

  it('of two simultaneous creations of one code, exactly one wins', async () => {
    const same = code();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(token, store, { code: i % 2 ? same.toLowerCase() : same, type: 'PERCENTAGE', value: 10 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it.each([
    ['a code with a space', { code: 'NO EL', type: 'PERCENTAGE', value: 10 }, 'code'],
    ['a code with an accent', { code: 'ÉTÉ', type: 'PERCENTAGE', value: 10 }, 'code'],
    ['a code too short', { code: 'AB', type: 'PERCENTAGE', value: 10 }, 'code'],
    ['a code too long', { code: 'A'.repeat(33), type: 'PERCENTAGE', value: 10 }, 'code'],
    ['a percentage over 100', { code: code(), type: 'PERCENTAGE', value: 101 }, 'value'],
    ['a percentage under 1', { code: code(), type: 'PERCENTAGE', value: 0.5 }, 'value'],
    ['a zero amount', { code: code(), type: 'AMOUNT', value: 0 }, 'value'],
    ['a negative amount', { code: code(), type: 'AMOUNT', value: -5 }, 'value'],
    ['an amount below the cent', { code: code(), type: 'AMOUNT', value: 9.999 }, 'value'],
    ['an unknown type', { code: code(), type: 'FREE', value: 10 }, 'type'],
    ['no value', { code: code(), type: 'AMOUNT' }, 'value'],
    ['zero uses', { code: code(), type: 'AMOUNT', value: 5, max_uses: 0 }, 'max_uses'],
    ['an end before the start', { code: code(), type: 'AMOUNT', value: 5, starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' }, 'ends_at'],
    ['an end equal to the start', { code: code(), type: 'AMOUNT', value: 5, starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-02T00:00:00Z' }, 'ends_at'],
    ['an unknown training', { code: code(), type: 'AMOUNT', value: 5, buyables: [{ type: 'TRAINING', uuid: randomUUID() }] }, 'buyables.0.uuid'],
    ['a bad uuid', { code: code(), type: 'AMOUNT', value: 5, buyables: [{ type: 'TRAINING', uuid: 'nope' }] }, 'buyables.0.uuid'],
    ['an unknown field', { code: code(), type: 'AMOUNT', value: 5, free: true }, 'free'],
  ])('refuses %s (422 on the field)', async (_name, body, field) => {
    const answer = await create(token, store, body);
    expect(answer.status, answer.text).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
  });

  it('refuses a training given as a bundle, and the same training twice', async () => {
    const training = await newTraining(token);
    const asBundle = await create(token, store, { code: code(), type: 'AMOUNT', value: 5, buyables: [{ type: 'BUNDLE', uuid: training.uuid }] });
    expect(asBundle.status).toBe(422);
    expect(fieldsOf(asBundle)).toEqual(['buyables.0.uuid']);
    const twice = await create(token, store, {
      code: code(),
      type: 'AMOUNT',
      value: 5,
      buyables: [
        { type: 'TRAINING', uuid: training.uuid },
        { type: 'TRAINING', uuid: training.uuid },
      ],
    });
    expect(twice.status).toBe(422);
    expect(fieldsOf(twice)).toEqual(['buyables.1.uuid']);
  });

  it("refuses another store's training or bundle like an unknown one, and creates nothing", async () => {
    const other = await freshStore();
    const theirs = await newTraining(other.token);
    const theirBundle = await newBundle(other.token);
    const wanted = code();
    const answer = await create(token, store, {
      code: wanted,
      type: 'AMOUNT',
      value: 5,
      buyables: [
        { type: 'TRAINING', uuid: theirs.uuid },
        { type: 'BUNDLE', uuid: theirBundle.uuid },
      ],
    });
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer).sort()).toEqual(['buyables.0.uuid', 'buyables.1.uuid']);
    expect(answer.body.errors['buyables.0.uuid'][0]).toMatch(/n'existe pas/);
    expect((await list(token, store, `?q=${wanted}`)).body.meta.total).toBe(0);
  });

  it("answers 404 for another store's uuid in the path, and 401 without a session", async () => {
    const other = await freshStore();
    expect((await create(token, other.store, { code: code(), type: 'AMOUNT', value: 5 })).status).toBe(404);
    expect((await api('POST', `/stores/${store}/discount_codes`, { body: { code: code(), type: 'AMOUNT', value: 5 } })).status).toBe(401);
  });
});

describe('GET /stores/{uuid}/discount_codes (listDiscountCodes)', () => {
  let token: string;
  let store: string;
  const made: string[] = [];
  beforeAll(async () => {
    ({ token, store } = await freshStore());
    for (let i = 0; i < 5; i++) {
      const answer = await create(token, store, { code: `LISTE-${i}`, type: 'PERCENTAGE', value: 10 + i, max_uses: i + 1 });
      expect(answer.status).toBe(201);
      made.push(answer.body.code);
    }
  });

  it('pages newest first, with meta and links', async () => {
    const first = await list(token, store, '?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.body.data.map((c: { code: string }) => c.code)).toEqual(['LISTE-4', 'LISTE-3']);
    expect(first.body.links.prev).toBeNull();
    expect(new URL(first.body.links.next).searchParams.get('page')).toBe('2');
    const last = await list(token, store, '?per_page=2&page=3');
    expect(last.body.data.map((c: { code: string }) => c.code)).toEqual(['LISTE-0']);
    expect(last.body.links.next).toBeNull();
    const beyond = await list(token, store, '?per_page=2&page=9');
    expect(beyond.body.data).toEqual([]);
  });

  it('searches codes whatever the case', async () => {
    const found = await list(token, store, '?q=liste-3');
    expect(found.body.data.map((c: { code: string }) => c.code)).toEqual(['LISTE-3']);
    expect((await list(token, store, '?q=%25')).body.meta.total).toBe(0);
  });

  it.each([
    ['page=0', 'page'],
    ['per_page=101', 'per_page'],
    ['page=abc', 'page'],
  ])('refuses %s (422)', async (query, field) => {
    const answer = await list(token, store, `?${query}`);
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toContain(field);
  });

  it("answers 404 for another store's list", async () => {
    const other = await freshStore();
    expect((await list(token, other.store)).status).toBe(404);
  });
});

describe('DELETE /stores/{uuid}/discount_codes/{id} (deleteDiscountCode)', () => {
  it("deletes a code of the store; another store's, an unknown or a deleted one answer 404", async () => {
    const { token, store } = await freshStore();
    const other = await freshStore();
    const mine = (await create(token, store, { code: code(), type: 'AMOUNT', value: 5, buyables: [{ type: 'TRAINING', uuid: (await newTraining(token)).uuid }] })).body;
    const theirs = (await create(other.token, other.store, { code: code(), type: 'AMOUNT', value: 5 })).body;
    // Their code through my store's path, and through theirs.
    expect((await remove(token, store, theirs.id)).status).toBe(404);
    expect((await remove(token, other.store, theirs.id)).status).toBe(404);
    expect((await remove(token, store, mine.id)).status).toBe(204);
    expect((await remove(token, store, mine.id)).status).toBe(404);
    expect((await remove(token, store, 2_147_483_647)).status).toBe(404);
    expect((await list(token, store)).body.meta.total).toBe(0);
    expect((await list(other.token, other.store)).body.meta.total).toBe(1);
    // The code is free again.
    expect((await create(token, store, { code: mine.code, type: 'PERCENTAGE', value: 5 })).status).toBe(201);
  });

  it('of simultaneous deletions of one code, one deletes and the others find nothing (404)', async () => {
    const { token, store } = await freshStore();
    const made = (await create(token, store, { code: code(), type: 'PERCENTAGE', value: 5 })).body;
    const answers = await Promise.all(Array.from({ length: 5 }, () => remove(token, store, made.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404, 404]);
  });

  it('refuses a bad id (422) and answers 404 for an id beyond int4', async () => {
    const { token, store } = await freshStore();
    expect((await remove(token, store, 'abc')).status).toBe(422);
    expect((await remove(token, store, 0)).status).toBe(422);
    expect((await remove(token, store, '99999999999')).status).toBe(404);
  });
});

describe('roles in the demo store, and its seeded codes', () => {
  let store: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const role of ['owner', 'admin', 'teacher', 'analyst']) tokens[role] = await login(`${role}@demo.test`);
    store = await storeOf(tokens.owner!);
  });

  it('lists the demo codes: BIENVENUE10 on everything (used once), LUMIERE20 limited to one training', async () => {
    // Found by search: other files of this shared server may have added more than a page of codes to the demo store.
    const byCode = new Map<string, unknown>();
    for (const wanted of ['BIENVENUE10', 'LUMIERE20']) {
      const answer = await list(tokens.owner!, store, `?q=${wanted}`);
      for (const c of answer.body.data as { code: string }[]) byCode.set(c.code, c);
    }
    expect(byCode.get('BIENVENUE10')).toMatchObject({ type: 'PERCENTAGE', value: 10, buyables: [], max_uses: null, uses_count: 1 });
    expect(byCode.get('LUMIERE20')).toMatchObject({ type: 'AMOUNT', value: 20, max_uses: 5, uses_count: 0, buyables: [{ type: 'TRAINING' }] });
  });

  it('owners and admins create and delete; the analyst reads only; the teacher has no access', async () => {
    for (const role of ['owner', 'admin']) {
      const made = await create(tokens[role]!, store, { code: code(), type: 'PERCENTAGE', value: 5 });
      expect(made.status, `${role} creates`).toBe(201);
      expect((await remove(tokens[role]!, store, made.body.id)).status, `${role} deletes`).toBe(204);
    }
    const kept = (await create(tokens.owner!, store, { code: code(), type: 'PERCENTAGE', value: 5 })).body;
    expect((await list(tokens.analyst!, store)).status).toBe(200);
    expect((await create(tokens.analyst!, store, { code: code(), type: 'PERCENTAGE', value: 5 })).status).toBe(403);
    expect((await remove(tokens.analyst!, store, kept.id)).status).toBe(403);
    expect((await list(tokens.teacher!, store)).status).toBe(403);
    expect((await create(tokens.teacher!, store, { code: code(), type: 'PERCENTAGE', value: 5 })).status).toBe(403);
    expect((await remove(tokens.teacher!, store, kept.id)).status).toBe(403);
    expect((await remove(tokens.owner!, store, kept.id)).status).toBe(204);
  });
});
