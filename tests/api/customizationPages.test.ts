import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from './client';
import { checked, freshStore, invalidFields } from './trainingsSupport';

/**
 * Customisation's "Pages" and "Interne" tabs (issue 16): the learner area's home texts (`school_home`, our design)
 * and the store's switches (`feature_options`), saved with updateStore and shown by getSchool.
 */

const subdomainOf = async (token: string) => ((await api('GET', '/users/me', { token })).body.store as { subdomain: string }).subdomain;
const school = async (subdomain: string) => {
  const answer = await checked('getSchool', 'GET', `/school/stores/${subdomain}`, {});
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { home: { title: string | null; welcome: string | null }; registration_open: boolean; analytics_enabled?: boolean };
};
const save = (storeUuid: string, token: string, body: unknown) => checked('updateStore', 'PUT', `/stores/${storeUuid}`, { token, body });

let owner = '';
let teacher = '';
let analyst = '';
let demoUuid = '';
beforeAll(async () => {
  [owner, teacher, analyst] = await Promise.all([login('owner@demo.test'), login('teacher@demo.test'), login('analyst@demo.test')]);
  demoUuid = ((await api('GET', '/users/me', { token: owner })).body.store as { uuid: string }).uuid;
});

describe('the home page texts (updateStore school_home)', () => {
  it('saves trimmed texts field by field, shows them in the learner area, and a blank one gives the default back', async () => {
    const fresh = await freshStore();
    const subdomain = await subdomainOf(fresh.token);
    expect((await school(subdomain)).home).toEqual({ title: null, welcome: null });
    const saved = await save(fresh.storeUuid, fresh.token, { school_home: { title: '  L’atelier de Léa ', welcome: 'Apprenez la poterie\nà votre rythme. <b>Bienvenue</b>' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.school_home).toEqual({ title: 'L’atelier de Léa', welcome: 'Apprenez la poterie\nà votre rythme. <b>Bienvenue</b>' });
    // Only the fields sent change.
    const partial = await save(fresh.storeUuid, fresh.token, { school_home: { welcome: 'Nouveau texte' } });
    expect(partial.body.school_home).toEqual({ title: 'L’atelier de Léa', welcome: 'Nouveau texte' });
    expect((await school(subdomain)).home).toEqual({ title: 'L’atelier de Léa', welcome: 'Nouveau texte' });
    const cleared = await save(fresh.storeUuid, fresh.token, { school_home: { title: '   ', welcome: null } });
    expect(cleared.body.school_home).toEqual({ title: null, welcome: null });
    expect((await school(subdomain)).home).toEqual({ title: null, welcome: null });
  });

  it('refuses a title on two lines, texts too long, unknown or missing fields, other roles and another store', async () => {
    const fresh = await freshStore();
    const twoLines = await save(fresh.storeUuid, fresh.token, { school_home: { title: 'Un\ndeux', welcome: 'gardé ?' } });
    expect(twoLines.status).toBe(422);
    expect(invalidFields(twoLines)).toEqual(['school_home.title']);
    expect((await save(fresh.storeUuid, fresh.token, { school_home: { title: 'x'.repeat(121) } })).status).toBe(422);
    expect((await save(fresh.storeUuid, fresh.token, { school_home: { welcome: 'x'.repeat(1001) } })).status).toBe(422);
    expect((await save(fresh.storeUuid, fresh.token, { school_home: { subtitle: 'x' } })).status).toBe(422);
    expect((await save(fresh.storeUuid, fresh.token, { school_home: {} })).status).toBe(422);
    expect((await save(fresh.storeUuid, fresh.token, { school_home: { title: 42 } })).status).toBe(422);
    // Nothing of a refused request was kept.
    expect((await school(await subdomainOf(fresh.token))).home).toEqual({ title: null, welcome: null });
    const texts = { school_home: { title: 'Titre' } };
    expect((await save(demoUuid, teacher, texts)).status).toBe(403);
    expect((await save(demoUuid, analyst, texts)).status).toBe(403);
    expect((await save(fresh.storeUuid, owner, texts)).status).toBe(404);
  });
});

describe('the internal switches (updateStore feature_options)', () => {
  it('closes and reopens free registration and turns the audience measure on, as the learner area sees them', async () => {
    const fresh = await freshStore();
    const subdomain = await subdomainOf(fresh.token);
    expect(await school(subdomain)).toMatchObject({ registration_open: true, analytics_enabled: false });
    const closed = await save(fresh.storeUuid, fresh.token, { feature_options: { registration_open: false, school_analytics: true } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.feature_options).toEqual({ registration_open: false, school_analytics: true });
    expect(await school(subdomain)).toMatchObject({ registration_open: false, analytics_enabled: true });
    const reopened = await save(fresh.storeUuid, fresh.token, { feature_options: { registration_open: true } });
    expect(reopened.body.feature_options).toEqual({ registration_open: true, school_analytics: true });
    expect((await school(subdomain)).registration_open).toBe(true);
  });
});
