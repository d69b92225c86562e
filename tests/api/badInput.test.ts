import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, register, type Answer } from './client';
import { createTraining, freshStore } from './trainingsSupport';

/**
 * The bad inputs a probe of the server found ending in a 500 (with a stack in the log): each is now refused by
 * the binder, as 422 with the field named, in the caller's language (see badInputGenerated.test.ts for all fields).
 */
const NUL_FR = 'Ce texte contient un caractère non admis (caractère nul ou caractère Unicode incomplet).';
const NUL_EN = 'This text holds a character that is not allowed (a null character or an incomplete Unicode character).';
const DATE_FR = "La date n'est pas valide.";

/** The 422 envelope's errors, which must name exactly `fields`. */
function refused(answer: Answer, fields: string[]) {
  expect(answer.status, answer.text).toBe(422);
  expect(answer.body.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(answer.body.errors).sort()).toEqual([...fields].sort());
  return answer.body.errors as Record<string, string[]>;
}

let owner: Awaited<ReturnType<typeof freshStore>>;
let training: string;
beforeAll(async () => {
  owner = await freshStore();
  training = (await createTraining(owner.token, 'Formation à éprouver')).uuid;
});

describe('a NUL character', () => {
  it('is refused in the anonymous sign-up, in French and in English', async () => {
    const body = { email: `nul-${randomUUID().slice(0, 8)}@example.test`, password: 'correct-horse-battery', firstname: 'Élo\u0000die' };
    expect(refused(await api('POST', '/register', { body }), ['firstname'])).toEqual({ firstname: [NUL_FR] });
    const english = await api('POST', '/register', { body, headers: { 'accept-language': 'en' } });
    expect(refused(english, ['firstname'])).toEqual({ firstname: [NUL_EN] });
    expect(english.body.message).toBe(NUL_EN);
  });

  it('is refused in an anonymous affiliation visit', async () => {
    expect(refused(await api('PUT', '/affiliations/visits', { body: { code: 'demo\u0000' } }), ['code'])).toEqual({ code: [NUL_FR] });
  });

  it('is refused in nested and free-form fields, their keys included', async () => {
    const attribution = { utm_source: 'news\u0000letter' };
    const body = { email: `nul-${randomUUID().slice(0, 8)}@example.test`, password: 'correct-horse-battery', firstname: 'Élodie', attribution };
    expect(refused(await api('POST', '/register', { body }), ['attribution.utm_source'])).toEqual({ 'attribution.utm_source': [NUL_FR] });
    const keyed = await api('PUT', `/stores/${owner.storeUuid}`, { token: owner.token, body: { feature_options: { 'x\u0000': true } } });
    expect(refused(keyed, ['feature_options'])).toEqual({ feature_options: [NUL_FR] });
  });

  it.each([
    ['listTrainings', () => '/trainings?q=%00'],
    ['listBundles', () => '/bundles?q=a%00b'],
    ['listTrainingCustomers', () => `/trainings/${training}/customers?q=%00`],
  ])('is refused in the search of %s', async (_id, url) => {
    expect(refused(await api('GET', url(), { token: owner.token }), ['q'])).toEqual({ q: [NUL_FR] });
  });

  it('is refused in a write of a signed-in trainer (a training name)', async () => {
    refused(await api('PUT', `/trainings/${training}`, { token: owner.token, body: { name: 'Photo\u0000' } }), ['name']);
  });
});

describe('half a UTF-16 surrogate pair', () => {
  it.each(['\ud800', 'x\udfff', '\udc00\ud800'])('is refused (%j)', async (text) => {
    const answer = await api('PUT', '/users/me', { token: owner.token, body: { firstname: text } });
    expect(refused(answer, ['firstname'])).toEqual({ firstname: [NUL_FR] });
  });

  it('is accepted when whole: an emoji is a full pair', async () => {
    const answer = await api('PUT', '/users/me', { token: owner.token, body: { firstname: 'Élodie 📷' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.firstname).toBe('Élodie 📷');
  });
});

describe('dates no database or date reader takes', () => {
  const addCustomer = (expires_at: string) =>
    api('POST', `/trainings/${training}/customers`, { token: owner.token, body: { email: `learner-${randomUUID().slice(0, 8)}@example.test`, expires_at } });

  it.each(['0000-01-01T00:00:00Z', '2026-06-30T23:59:60Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-05:00'])(
    'refuses %s as a date-time',
    async (date) => {
      expect(refused(await addCustomer(date), ['expires_at'])).toEqual({ expires_at: [DATE_FR] });
    },
  );

  it('refuses the year 0000 as a date and in a query', async () => {
    const answer = await api('GET', `/trainings/${training}/stats?begin=0000-01-01&end=2026-01-01`, { token: owner.token });
    expect(refused(answer, ['begin'])).toEqual({ begin: [DATE_FR] });
  });

  it('still takes the dates around them', async () => {
    expect((await addCustomer('2099-12-31T23:59:59+01:00')).status).toBe(201);
  });
});

describe('integers past PostgreSQL int4', () => {
  it('answers 422 in a body and 404 as an id in the path (no row has it), as it does for any unknown id', async () => {
    const companies = await api('GET', `/stores/${owner.storeUuid}/companies`, { token: owner.token });
    const path = (id: number) => `/stores/${owner.storeUuid}/companies/${id}`;
    expect((await api('PUT', path(2 ** 31), { token: owner.token, body: { name: 'Studio' } })).status).toBe(404);
    expect((await api('PUT', path(companies.body.data[0].id), { token: owner.token, body: { name: 'Studio' } })).status).toBe(200);
    const item = await api('POST', `/trainings/${training}/training_items`, { token: owner.token, body: { type: 'GENERIC', name: 'Leçon', parent_id: 2 ** 31 } });
    expect(refused(item, ['parent_id'])).toEqual({ parent_id: ['Doit être inférieur ou égal à 2147483647.'] });
    const page = await api('GET', `/trainings?page=${2 ** 31}`, { token: owner.token });
    refused(page, ['page']);
  });

  it('lets an upload declare a size past int4 (the contract says int64) and refuses one past exact integers', async () => {
    const presign = (size: number) =>
      api('POST', `/trainings/${training}/urls/presigned`, { token: owner.token, body: { type: 'VIDEO', filename: 'cours.mp4', size } });
    const large = await presign(2 ** 31);
    expect(large.status, large.text).toBeLessThan(500);
    expect(large.body.errors?.size ?? []).not.toContain('Doit être inférieur ou égal à 2147483647.');
    refused(await presign(2 ** 53 + 2), ['size']);
  });
});

describe('a platform admin naming a store that does not exist', () => {
  it('reads no companies there: 404, and no company is made up', async () => {
    const platform = await login('platform@demo.test');
    const missing = randomUUID();
    const answer = await api('GET', `/stores/${missing}/companies`, { token: platform });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
    expect((await api('PUT', `/stores/${missing}/companies/1`, { token: platform, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('a sign-up still works with every kind of text', () => {
  it('keeps accents, emoji and scripts', async () => {
    const { user } = await register({ firstname: 'Zoë 🎓 李' });
    expect(user.firstname).toBe('Zoë 🎓 李');
  });
});
