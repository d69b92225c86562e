import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register, type Answer } from './client';

/** A complete questionnaire, as the client stores it; the server trims the details. */
const fullQuestionnaire = [
  { name: 'HOW_FOUND_US', type: 'radio', value: 'OTHER', other: '  Un salon  ' },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'COACH', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'SOON', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'SPORT', other: null },
  { name: 'WHAT_TOOL', type: 'radio', value: 'NOTHING', other: null },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['SIMPLE', 'PRICE'], other: null },
];

const put = (storeUuid: string, token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  api('PUT', `/stores/${storeUuid}`, { token, body, headers });

/** Every answer is one the contract declares, with a body of its shape. */
async function update(storeUuid: string, token: string | undefined, body: unknown, headers?: Record<string, string>): Promise<Answer> {
  const answer = await put(storeUuid, token, body, headers);
  expectContract('updateStore', answer);
  return answer;
}

/** A new trainer: OWNER of a fresh PERCENT store. */
async function freshOwner() {
  const { token, user } = await register();
  return { token, store: user.store as { uuid: string; subdomain: string } & Record<string, unknown> };
}

describe('PUT /stores/{storeUuid} as the owner of a new PERCENT store', () => {
  let token: string;
  let storeUuid: string;
  beforeAll(async () => {
    const owner = await freshOwner();
    token = owner.token;
    storeUuid = owner.store.uuid;
  });

  it('answers the store with the default affiliate terms before any change', async () => {
    const me = await api('GET', '/users/me', { token });
    expectContract('getMe', me);
    expect(me.body.store.affiliation_options).toEqual({
      status: 'CLOSED',
      commission_rate: 20,
      link_validity_days: 30,
      min_payout_delay_days: 30,
      min_payout_amount: 50,
      attribution: 'LAST',
    });
  });

  it('changes only the fields sent', async () => {
    const before = (await api('GET', '/users/me', { token })).body.store;
    const answer = await update(storeUuid, token, { owner_phone: '+33612345678' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...before, owner_phone: '+33612345678' });
  });

  it.each([
    ['subdomain', { subdomain: 'ma-formation-42' }, { subdomain: 'ma-formation-42' }],
    ['logo', { logo: 'https://cdn.example.test/logo.png' }, { logo: 'https://cdn.example.test/logo.png' }],
    ['favicon', { favicon: 'https://cdn.example.test/favicon.ico' }, { favicon: 'https://cdn.example.test/favicon.ico' }],
    ['logo and favicon cleared', { logo: null, favicon: null }, { logo: null, favicon: null }],
    ['owner_phone', { owner_phone: '+14155550123' }, { owner_phone: '+14155550123' }],
    ['custom_domain cleared (allowed on every plan)', { custom_domain: null }, { custom_domain: null, custom_domain_enabled: false }],
    ['custom_domain_enabled off', { custom_domain_enabled: false }, { custom_domain_enabled: false }],
    ['community off', { community_options: { enabled: false } }, { community_options: { enabled: false } }],
    ['no feature option', { feature_options: {} }, { feature_options: {} }],
    [
      'affiliation_options',
      {
        affiliation_options: {
          status: 'PUBLIC',
          commission_rate: 12.5,
          link_validity_days: 60,
          min_payout_delay_days: 0,
          min_payout_amount: 20.25,
          attribution: 'FIRST',
        },
      },
      {
        affiliation_options: {
          status: 'PUBLIC',
          commission_rate: 12.5,
          link_validity_days: 60,
          min_payout_delay_days: 0,
          min_payout_amount: 20.25,
          attribution: 'FIRST',
        },
      },
    ],
  ])('accepts %s', async (_label, body, expected) => {
    const answer = await update(storeUuid, token, body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject(expected);
    const me = await api('GET', '/users/me', { token });
    expect(me.body.store).toMatchObject(expected);
  });

  it('changes one affiliate term and keeps the others', async () => {
    const before = (await api('GET', '/users/me', { token })).body.store.affiliation_options;
    const answer = await update(storeUuid, token, { affiliation_options: { min_payout_amount: 100 } });
    expect(answer.status).toBe(200);
    expect(answer.body.affiliation_options).toEqual({ ...before, min_payout_amount: 100 });
  });

  it('keeps its own subdomain when it sends it again', async () => {
    const current = (await api('GET', '/users/me', { token })).body.store.subdomain;
    const answer = await update(storeUuid, token, { subdomain: current });
    expect(answer.status).toBe(200);
    expect(answer.body.subdomain).toBe(current);
  });

  it("answers 409 with errors.subdomain for another store's subdomain", async () => {
    const answer = await update(storeUuid, token, { subdomain: 'demo' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('CONFLICT');
    expect(answer.body.errors.subdomain).toHaveLength(1);
    expect(answer.body.errors.subdomain[0]).toMatch(/sous-domaine/);
    const english = await update(storeUuid, token, { subdomain: 'demo' }, { 'accept-language': 'en' });
    expect(english.body.errors.subdomain[0]).toMatch(/subdomain is already used/);
    expect((await api('GET', '/users/me', { token })).body.store.subdomain).not.toBe('demo');
  });

  it.each([
    ['a custom domain', { custom_domain: 'formation.example.test' }],
    ['switching the custom domain on', { custom_domain_enabled: true }],
    ['turning the community on', { community_options: { enabled: true } }],
  ])('answers 403 PLAN_REQUIRED for %s', async (_label, body) => {
    const answer = await update(storeUuid, token, body);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PLAN_REQUIRED');
    const store = (await api('GET', '/users/me', { token })).body.store;
    expect(store).toMatchObject({ custom_domain: null, custom_domain_enabled: false, community_options: { enabled: false } });
  });

  it('refuses every feature option name with 422: the server knows none yet', async () => {
    const answer = await update(storeUuid, token, { feature_options: { dark_mode: true, beta: false } });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.errors.feature_options).toHaveLength(2);
    expect(answer.body.errors.feature_options[0]).toContain('dark_mode');
  });

  it('stores a full questionnaire, normalised, and GET /users/me shows it', async () => {
    const answer = await update(storeUuid, token, { onboarding_questions: JSON.stringify(fullQuestionnaire) });
    expect(answer.status, answer.text).toBe(200);
    const expected = fullQuestionnaire.map((a) => (a.name === 'HOW_FOUND_US' ? { ...a, other: 'Un salon' } : a));
    expect(JSON.parse(answer.body.onboarding_questions)).toEqual(expected);
    const me = await api('GET', '/users/me', { token });
    expectContract('getMe', me);
    expect(JSON.parse(me.body.store.onboarding_questions)).toEqual(expected);
  });

  it.each([
    ['text that is not JSON', '{"name":', /JSON/],
    ['a JSON object instead of the list', '{}', /six questions/],
    ['five answers', JSON.stringify(fullQuestionnaire.slice(0, 5)), /six questions/],
    ['a question left empty', JSON.stringify(fullQuestionnaire.map((a) => (a.name === 'WHO_ARE_YOU' ? { ...a, value: '' } : a))), /oublié.*WHO_ARE_YOU/],
    ['OTHER without its detail', JSON.stringify(fullQuestionnaire.map((a) => (a.name === 'HOW_FOUND_US' ? { ...a, other: ' ' } : a))), /Précisez.*HOW_FOUND_US/],
    ['an unknown option', JSON.stringify(fullQuestionnaire.map((a) => (a.name === 'WHAT_TOOL' ? { ...a, value: 'EXCEL' } : a))), /WHAT_TOOL.*pas valide/],
    ['answers out of order', JSON.stringify([...fullQuestionnaire].reverse()), /pas valide/],
  ])('answers 422 with errors.onboarding_questions for %s', async (_label, onboarding_questions, message) => {
    const answer = await update(storeUuid, token, { onboarding_questions });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.errors.onboarding_questions.length).toBeGreaterThan(0);
    expect(answer.body.errors.onboarding_questions.join(' ')).toMatch(message);
  });

  it('answers the questionnaire problems in English when asked', async () => {
    const answer = await update(storeUuid, token, { onboarding_questions: 'nope' }, { 'accept-language': 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.onboarding_questions).toEqual(['The questionnaire answers cannot be read (JSON expected).']);
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['a subdomain of the wrong type', { subdomain: 42 }, 'subdomain'],
    ['a subdomain with capitals', { subdomain: 'MaFormation' }, 'subdomain'],
    ['a subdomain with a dot', { subdomain: 'ma.formation' }, 'subdomain'],
    ['a subdomain ending with a hyphen', { subdomain: 'formation-' }, 'subdomain'],
    ['a too short subdomain', { subdomain: 'ab' }, 'subdomain'],
    ['an oversize subdomain', { subdomain: 'a'.repeat(64) }, 'subdomain'],
    ['a custom domain with a space', { custom_domain: 'ma formation.fr' }, 'custom_domain'],
    ['an oversize custom domain', { custom_domain: `${'a'.repeat(251)}.fr` }, 'custom_domain'],
    ['custom_domain_enabled as text', { custom_domain_enabled: 'yes' }, 'custom_domain_enabled'],
    ['a logo that is not a URL', { logo: 'logo.png' }, 'logo'],
    ['an oversize favicon', { favicon: `https://cdn.example.test/${'a'.repeat(2048)}` }, 'favicon'],
    ['a phone without +', { owner_phone: '0612345678' }, 'owner_phone'],
    ['a too short phone', { owner_phone: '+123456' }, 'owner_phone'],
    ['a phone of zeros', { owner_phone: '+0000000000' }, 'owner_phone'],
    ['a phone with letters', { owner_phone: '+33 6 12 34 56' }, 'owner_phone'],
    ['a null phone', { owner_phone: null }, 'owner_phone'],
    ['a questionnaire that is not text', { onboarding_questions: fullQuestionnaire }, 'onboarding_questions'],
    ['an oversize questionnaire', { onboarding_questions: 'x'.repeat(10_001) }, 'onboarding_questions'],
    ['a feature switch that is not a boolean', { feature_options: { dark_mode: 'on' } }, 'feature_options.dark_mode'],
    ['community without enabled', { community_options: {} }, 'community_options.enabled'],
    ['community with an unknown field', { community_options: { enabled: false, moderated: true } }, 'community_options.moderated'],
    ['a commission rate over 100', { affiliation_options: { commission_rate: 101 } }, 'affiliation_options.commission_rate'],
    ['link validity of 0 days', { affiliation_options: { link_validity_days: 0 } }, 'affiliation_options.link_validity_days'],
    ['fractional payout delay days', { affiliation_options: { min_payout_delay_days: 1.5 } }, 'affiliation_options.min_payout_delay_days'],
    ['a negative payout amount', { affiliation_options: { min_payout_amount: -1 } }, 'affiliation_options.min_payout_amount'],
    ['an unknown attribution', { affiliation_options: { attribution: 'MIDDLE' } }, 'affiliation_options.attribution'],
    ['an unknown program status', { affiliation_options: { status: 'OPEN' } }, 'affiliation_options.status'],
    ['an unknown field', { plan: 'EXPERT' }, 'plan'],
    ['a field only the platform sets', { ai_credits: { pack_credits: 1000, paid_credits: 0 } }, 'ai_credits'],
  ])('answers 422 with errors for %s', async (_label, body, field) => {
    const answer = await update(storeUuid, token, body);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    const fields = Object.keys(answer.body.errors);
    expect(fields.some((f) => f === field || f.startsWith(`${field}.`) || field.startsWith(`${f}.`)), `errors on ${fields.join(', ')}`).toBe(true);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const answer = await update(storeUuid, token, '{"subdomain":');
    expect(answer.status).toBe(422);
  });

  it('leaves the store unchanged after refused requests', async () => {
    const me = await api('GET', '/users/me', { token });
    expect(me.body.store.plan).toBe('PERCENT');
    expect(me.body.store.feature_options).toEqual({});
    expect(me.body.store.ai_credits).toEqual({ pack_credits: 0, paid_credits: 0 });
  });
});

describe('PUT /stores/{storeUuid} on the demo store (PRO)', () => {
  let ownerToken: string;
  let demo: Record<string, unknown> & { uuid: string };
  beforeAll(async () => {
    ownerToken = await login('owner@demo.test');
    demo = (await api('GET', '/users/me', { token: ownerToken })).body.store;
  });
  afterAll(async () => {
    // Other tests read the demo store: put back what these tests changed.
    const answer = await put(demo.uuid, ownerToken, {
      custom_domain: demo.custom_domain,
      custom_domain_enabled: demo.custom_domain_enabled,
      community_options: demo.community_options,
      logo: demo.logo,
      affiliation_options: demo.affiliation_options,
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('lets the owner set and switch on a custom domain, lower-cased', async () => {
    const answer = await update(demo.uuid, ownerToken, { custom_domain: 'Formation.Demo.test', custom_domain_enabled: true });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ custom_domain: 'formation.demo.test', custom_domain_enabled: true, subdomain: 'demo', plan: 'PRO' });
    expect(answer.body.user_account_count).toBe(demo.user_account_count);
    expect(answer.body.user_account_count).toBeGreaterThan(1);
  });

  it('switches the custom domain off when it is cleared, and refuses to switch it on without one', async () => {
    const cleared = await update(demo.uuid, ownerToken, { custom_domain: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ custom_domain: null, custom_domain_enabled: false });
    const refused = await update(demo.uuid, ownerToken, { custom_domain_enabled: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.custom_domain_enabled).toHaveLength(1);
  });

  it('lets a PRO store turn its community off and on again', async () => {
    const off = await update(demo.uuid, ownerToken, { community_options: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.community_options).toEqual({ enabled: false });
    const on = await update(demo.uuid, ownerToken, { community_options: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body.community_options).toEqual({ enabled: true });
  });

  it('lets an ADMIN of the store update it too', async () => {
    const answer = await update(demo.uuid, await login('admin@demo.test'), {
      logo: 'https://cdn.example.test/demo.png',
      affiliation_options: { status: 'PRIVATE', attribution: 'FIRST' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.logo).toBe('https://cdn.example.test/demo.png');
    expect(answer.body.affiliation_options).toMatchObject({ status: 'PRIVATE', attribution: 'FIRST' });
  });

  it.each(['teacher@demo.test', 'analyst@demo.test'])('answers 403 to %s', async (email) => {
    const answer = await update(demo.uuid, await login(email), { logo: null });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
  });

  it("answers 404 for another store's uuid, both ways, and changes nothing", async () => {
    const other = await freshOwner();
    const intoFresh = await update(other.store.uuid, ownerToken, { owner_phone: '+33611111111' });
    expect(intoFresh.status).toBe(404);
    expect(intoFresh.body.code).toBe('NOT_FOUND');
    const intoDemo = await update(demo.uuid, other.token, { subdomain: 'pris-par-un-autre' });
    expect(intoDemo.status).toBe(404);
    expect((await api('GET', '/users/me', { token: other.token })).body.store.owner_phone).toBeNull();
    expect((await api('GET', '/users/me', { token: ownerToken })).body.store.subdomain).toBe('demo');
  });

  it('answers 401 without a session', async () => {
    const answer = await update(demo.uuid, undefined, { logo: null });
    expect(answer.status).toBe(401);
  });
});

describe('store scope of {storeUuid} paths (resolved once by the binder)', () => {
  it("lets a platform admin reach another existing store's settings, and answers 404 for a store that does not exist", async () => {
    const platform = await login('platform@demo.test');
    const other = await freshOwner();
    const companies = await api('GET', `/stores/${other.store.uuid}/companies`, { token: platform });
    expectContract('listCompanies', companies);
    expect(companies.status, companies.text).toBe(200);
    const milestones = await api('GET', `/stores/${other.store.uuid}/onboarding`, { token: platform });
    expect(milestones.status, milestones.text).toBe(200);
    for (const missing of ['0d2e6a1c-9b7f-4c3e-8a55-3f0e1b2c4d5e', 'pas-un-uuid']) {
      for (const [method, path, body] of [
        ['GET', `/stores/${missing}/companies`, undefined],
        ['GET', `/stores/${missing}/onboarding`, undefined],
        ['PUT', `/stores/${missing}`, { logo: null }],
        ['POST', `/stores/${missing}/token`, undefined],
      ] as const) {
        const answer = await api(method, path, { token: platform, body });
        expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(404);
        expect(answer.body.code).toBe('NOT_FOUND');
      }
    }
  });
});
