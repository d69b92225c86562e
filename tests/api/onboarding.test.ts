import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectContract, login, register } from './client';

const milestones = async (storeUuid: string, token: string) => {
  const answer = await api('GET', `/stores/${storeUuid}/onboarding`, { token });
  expectContract('listOnboardingMilestones', answer);
  expect(answer.status, answer.text).toBe(200);
  return Object.fromEntries((answer.body.data as { key: string; completed: boolean }[]).map((m) => [m.key, m.completed]));
};

const companyOf = async (storeUuid: string, token: string) => {
  const answer = await api('GET', `/stores/${storeUuid}/companies`, { token });
  expectContract('listCompanies', answer);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.data).toHaveLength(1);
  return answer.body.data[0];
};

describe('GET /stores/{storeUuid}/onboarding', () => {
  let token: string;
  let storeUuid: string;
  beforeAll(async () => {
    const owner = await register();
    token = owner.token;
    storeUuid = owner.user.store.uuid;
  });

  it('lists the five milestones in order, none done for a new store', async () => {
    const answer = await api('GET', `/stores/${storeUuid}/onboarding`, { token });
    expect(answer.body.data).toEqual([
      { key: 'SUBDOMAIN', completed: false },
      { key: 'CUSTOMIZE', completed: false },
      { key: 'FIRST_TRAINING', completed: false },
      { key: 'COMPANY', completed: false },
      { key: 'STRIPE', completed: false },
    ]);
  });

  it('ticks SUBDOMAIN once the owner saves a subdomain, even the one made up at sign-up', async () => {
    const me = await api('GET', '/users/me', { token });
    expect((await api('PUT', `/stores/${storeUuid}`, { token, body: { subdomain: me.body.store.subdomain } })).status).toBe(200);
    expect((await milestones(storeUuid, token)).SUBDOMAIN).toBe(true);
  });

  it('ticks CUSTOMIZE when a logo is set', async () => {
    expect((await api('PUT', `/stores/${storeUuid}`, { token, body: { logo: 'https://cdn.example.test/logo.png' } })).status).toBe(200);
    expect((await milestones(storeUuid, token)).CUSTOMIZE).toBe(true);
    expect((await api('PUT', `/stores/${storeUuid}`, { token, body: { logo: null } })).status).toBe(200);
    expect((await milestones(storeUuid, token)).CUSTOMIZE).toBe(false);
  });

  it('ticks FIRST_TRAINING when the store has a training, and unticks it when it is deleted', async () => {
    const created = await api('POST', '/trainings', { token, body: { name: 'Ma première formation' } });
    expect(created.status, created.text).toBe(201);
    expect((await milestones(storeUuid, token)).FIRST_TRAINING).toBe(true);
    expect((await api('DELETE', `/trainings/${created.body.uuid}`, { token })).status).toBe(204);
    expect((await milestones(storeUuid, token)).FIRST_TRAINING).toBe(false);
  });

  it('ticks COMPANY only once name and postal address are all filled in', async () => {
    const company = await companyOf(storeUuid, token);
    const put = (body: unknown) => api('PUT', `/stores/${storeUuid}/companies/${company.id}`, { token, body });
    expect((await put({ name: 'Studio Élodie', city: 'Nantes' })).status).toBe(200);
    expect((await milestones(storeUuid, token)).COMPANY).toBe(false);
    const filled = await put({ address_line1: '3 quai de la Fosse', postal_code: '44000' });
    expectContract('updateCompany', filled);
    expect(filled.body).toMatchObject({ name: 'Studio Élodie', city: 'Nantes', address_line1: '3 quai de la Fosse', postal_code: '44000' });
    expect((await milestones(storeUuid, token)).COMPANY).toBe(true);
    // A blank name is no name: the step is open again.
    expect((await put({ name: '   ' })).body.name).toBeNull();
    expect((await milestones(storeUuid, token)).COMPANY).toBe(false);
  });

  it('leaves STRIPE open while no payment account is connected', async () => {
    expect((await milestones(storeUuid, token)).STRIPE).toBe(false);
  });

  it('shows the demo store half set up, to every role', async () => {
    for (const email of ['owner@demo.test', 'teacher@demo.test', 'analyst@demo.test']) {
      const demoToken = await login(email);
      const me = await api('GET', '/users/me', { token: demoToken });
      const done = await milestones(me.body.store.uuid, demoToken);
      expect(done).toMatchObject({ SUBDOMAIN: true, COMPANY: true, CUSTOMIZE: false, STRIPE: false });
    }
  });

  it("answers 404 for another store's checklist", async () => {
    const other = await register();
    const answer = await api('GET', `/stores/${other.user.store.uuid}/onboarding`, { token });
    expect(answer.status).toBe(404);
  });
});

describe('company details', () => {
  it('refuses bad values with field errors and keeps the company unchanged', async () => {
    const owner = await register();
    const storeUuid = owner.user.store.uuid;
    const company = await companyOf(storeUuid, owner.token);
    const answer = await api('PUT', `/stores/${storeUuid}/companies/${company.id}`, {
      token: owner.token,
      body: { siret: '1234', country: 'france', phone: 'abc', email: 'nope' },
    });
    expectContract('updateCompany', answer);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['country', 'email', 'phone', 'siret']);
    expect(await companyOf(storeUuid, owner.token)).toEqual(company);
    const empty = await api('PUT', `/stores/${storeUuid}/companies/${company.id}`, { token: owner.token, body: {} });
    expect(empty.status).toBe(422);
  });

  it("answers 404 for another store's company id and to teachers 403", async () => {
    const owner = await register();
    const other = await register();
    const otherCompany = await companyOf(other.user.store.uuid, other.token);
    const answer = await api('PUT', `/stores/${owner.user.store.uuid}/companies/${otherCompany.id}`, { token: owner.token, body: { name: 'Pirate' } });
    expect(answer.status).toBe(404);
    expect((await companyOf(other.user.store.uuid, other.token)).name).toBeNull();
    const teacher = await login('teacher@demo.test');
    const me = await api('GET', '/users/me', { token: teacher });
    expect((await api('GET', `/stores/${me.body.store.uuid}/companies`, { token: teacher })).status).toBe(403);
  });
});

describe('sign-up attribution and sponsor visits', () => {
  it('accepts utm parameters and REF- codes with the registration', async () => {
    const answer = await register({
      attribution: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'rentree', affiliate_codes: ['REF-ABC123'], last_affiliate_visit: '2026-11-20T10:00:00Z' },
    });
    expect(answer.user.store.plan).toBe('PERCENT');
  });

  it('refuses affiliate codes without the REF- prefix', async () => {
    const answer = await api('POST', '/register', {
      body: { email: `x-${Date.now()}@example.test`, password: 'correct-horse-battery', firstname: 'Léa', attribution: { affiliate_codes: ['ABC'] } },
    });
    expectContract('register', answer);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)[0]).toMatch(/attribution/);
  });

  it('counts a visit for a known sponsor code and answers the same for an unknown one', async () => {
    for (const code of ['demo', 'personne-ne-porte-ce-code']) {
      const answer = await api('PUT', '/affiliations/visits', { body: { code } });
      expectContract('recordAffiliationVisit', answer);
      expect(answer.status).toBe(204);
    }
    const bad = await api('PUT', '/affiliations/visits', { body: { code: '' } });
    expect(bad.status).toBe(422);
  });
});
