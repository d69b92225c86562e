import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, register } from './client';
import { checked, freshStore } from './trainingsSupport';

/** The settings tabs of issue 15: subdomain, SEO, social links, legal links and GDPR, store uploads, API keys. */

const DEMO_STORE = async (token: string) => (await api('GET', '/users/me', { token })).body.store as { uuid: string; subdomain: string };
const milestones = async (token: string, storeUuid: string) => {
  const answer = await checked('listOnboardingMilestones', 'GET', `/stores/${storeUuid}/onboarding`, { token });
  expect(answer.status, answer.text).toBe(200);
  return Object.fromEntries((answer.body.data as { key: string; completed: boolean }[]).map((m) => [m.key, m.completed]));
};

let owner = '';
let admin = '';
let teacher = '';
let analyst = '';
let demoUuid = '';
beforeAll(async () => {
  [owner, admin, teacher, analyst] = await Promise.all([login('owner@demo.test'), login('admin@demo.test'), login('teacher@demo.test'), login('analyst@demo.test')]);
  demoUuid = (await DEMO_STORE(owner)).uuid;
});

describe('checkSubdomainAvailability', () => {
  const check = (slug: string, token = owner) => checked('checkSubdomainAvailability', 'GET', `/stores/slugs/availabilities?slug=${encodeURIComponent(slug)}`, { token });

  it('answers free for an unused slug and for the caller’s own, taken for another store’s or a reserved one', async () => {
    const other = await freshStore();
    const otherSub = (await DEMO_STORE(other.token)).subdomain;
    const own = (await DEMO_STORE(owner)).subdomain;
    expect((await check(`libre-${Date.now()}`)).body.available).toBe(true);
    expect((await check(own)).body).toEqual({ slug: own, available: true });
    expect((await check(otherSub)).body).toEqual({ slug: otherSub, available: false });
    expect((await check('admin')).body.available).toBe(false);
  });

  it('refuses a slug outside the rule (422) and needs OWNER or ADMIN', async () => {
    for (const bad of ['ab', 'Ma Formation', '-abc', 'abc-', 'été-2026']) {
      const refused = await check(bad);
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors.slug, bad).toBeDefined();
    }
    expect((await check('correct-slug', admin)).status).toBe(200);
    expect((await check('correct-slug', teacher)).status).toBe(403);
    expect((await check('correct-slug', analyst)).status).toBe(403);
    expect((await api('GET', '/stores/slugs/availabilities?slug=abc')).status).toBe(401);
  });

  it('saving a new subdomain completes the SUBDOMAIN step of the home checklist', async () => {
    const fresh = await freshStore();
    expect((await milestones(fresh.token, fresh.storeUuid)).SUBDOMAIN).toBe(false);
    const slug = `mon-ecole-${Date.now()}`;
    const saved = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { subdomain: slug } });
    expect(saved.status, saved.text).toBe(200);
    expect((await milestones(fresh.token, fresh.storeUuid)).SUBDOMAIN).toBe(true);
    expect((await check(slug)).body.available).toBe(false);
  });
});

describe('custom domain', () => {
  it('is refused on Découverte (PERCENT) with PLAN_REQUIRED, follows the domain rule, and can be switched on on PRO', async () => {
    const fresh = await freshStore();
    const refused = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { custom_domain: 'formation.example.com' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_REQUIRED');
    const bad = await checked('updateStore', 'PUT', `/stores/${demoUuid}`, { token: owner, body: { custom_domain: 'école.example.com' } });
    expect(bad.status).toBe(422);
    const set = await checked('updateStore', 'PUT', `/stores/${demoUuid}`, { token: owner, body: { custom_domain: 'Cours.Example.com', custom_domain_enabled: true } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ custom_domain: 'cours.example.com', custom_domain_enabled: true });
    const off = await checked('updateStore', 'PUT', `/stores/${demoUuid}`, { token: owner, body: { custom_domain: null } });
    expect(off.body).toMatchObject({ custom_domain: null, custom_domain_enabled: false });
  });
});

describe('updateStoreSeo', () => {
  it('changes the fields sent, trims texts, refuses a non-web image, and is for OWNER and ADMIN of the store only', async () => {
    const fresh = await freshStore();
    const path = `/stores/${fresh.storeUuid}/seo`;
    const saved = await checked('updateStoreSeo', 'PUT', path, { token: fresh.token, body: { title: '  Mon école  ', image: 'https://images.test/seo.png' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.seo_data).toEqual({ title: 'Mon école', description: null, image: 'https://images.test/seo.png' });
    const described = await checked('updateStoreSeo', 'PUT', path, { token: fresh.token, body: { description: 'Des formations.' } });
    expect(described.body.seo_data).toEqual({ title: 'Mon école', description: 'Des formations.', image: 'https://images.test/seo.png' });
    expect((await checked('updateStoreSeo', 'PUT', path, { token: fresh.token, body: { image: 'javascript:alert(1)' } })).status).toBe(422);
    expect((await checked('updateStoreSeo', 'PUT', path, { token: fresh.token, body: { title: 'x'.repeat(129) } })).status).toBe(422);
    expect((await checked('updateStoreSeo', 'PUT', path, { token: fresh.token, body: {} })).status).toBe(422);
    // Another store's uuid does not exist for the caller; teachers may not.
    expect((await checked('updateStoreSeo', 'PUT', path, { token: owner, body: { title: 'Pirate' } })).status).toBe(404);
    expect((await checked('updateStoreSeo', 'PUT', `/stores/${demoUuid}/seo`, { token: teacher, body: { title: 'Non' } })).status).toBe(403);
    expect((await checked('updateStoreSeo', 'PUT', `/stores/${demoUuid}/seo`, { token: analyst, body: { title: 'Non' } })).status).toBe(403);
  });
});

describe('social links', () => {
  it('adds links last, lists them in order, deletes one, and keeps them out of other stores’ reach', async () => {
    const fresh = await freshStore();
    const path = `/stores/${fresh.storeUuid}/social_links`;
    const first = await checked('createSocialLink', 'POST', path, { token: fresh.token, body: { network: 'INSTAGRAM', url: 'https://instagram.test/ecole' } });
    expect(first.status, first.text).toBe(201);
    const second = await checked('createSocialLink', 'POST', path, { token: fresh.token, body: { network: 'WEBSITE', url: 'https://ecole.test' } });
    expect(second.body.position).toBeGreaterThan(first.body.position);
    const listed = await checked('listSocialLinks', 'GET', path, { token: fresh.token });
    expect(listed.body.data.map((l: { id: number }) => l.id)).toEqual([first.body.id, second.body.id]);
    expect((await checked('createSocialLink', 'POST', path, { token: fresh.token, body: { network: 'X', url: 'ftp://x.test' } })).status).toBe(422);
    expect((await checked('createSocialLink', 'POST', path, { token: fresh.token, body: { network: 'MYSPACE', url: 'https://x.test' } })).status).toBe(422);
    // The demo owner reaches neither the list nor the link of another store.
    expect((await checked('listSocialLinks', 'GET', path, { token: owner })).status).toBe(404);
    expect((await checked('deleteSocialLink', 'DELETE', `/stores/${demoUuid}/social_links/${first.body.id}`, { token: owner })).status).toBe(404);
    expect((await checked('deleteSocialLink', 'DELETE', `${path}/${first.body.id}`, { token: fresh.token })).status).toBe(204);
    expect((await checked('deleteSocialLink', 'DELETE', `${path}/${first.body.id}`, { token: fresh.token })).status).toBe(404);
    expect((await checked('listSocialLinks', 'GET', `/stores/${demoUuid}/social_links`, { token: teacher })).status).toBe(403);
  });
});

describe('legal links and GDPR contact (communications)', () => {
  it('are saved with the store and shown by the learner area', async () => {
    const fresh = await freshStore();
    const subdomain = (await DEMO_STORE(fresh.token)).subdomain;
    const saved = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, {
      token: fresh.token,
      body: { legal_links: { terms_url: 'https://ecole.test/cgv', privacy_email: 'DPO@Ecole.test' } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.legal_links).toEqual({ terms_url: 'https://ecole.test/cgv', privacy_url: null, legal_notice_url: null, privacy_email: 'dpo@ecole.test' });
    const partial = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { legal_links: { privacy_url: 'https://ecole.test/rgpd' } } });
    expect(partial.body.legal_links).toMatchObject({ terms_url: 'https://ecole.test/cgv', privacy_url: 'https://ecole.test/rgpd' });
    const school = await checked('getSchool', 'GET', `/school/stores/${subdomain}`);
    expect(school.body.legal_links).toEqual({ terms_url: 'https://ecole.test/cgv', privacy_url: 'https://ecole.test/rgpd', legal_notice_url: null, privacy_email: 'dpo@ecole.test' });
    const bad = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { legal_links: { legal_notice_url: 'javascript:alert(1)' } } });
    expect(bad.status).toBe(422);
    const badMail = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { legal_links: { privacy_email: 'pas-un-mail' } } });
    expect(badMail.status).toBe(422);
  });
});

describe('createStoreUploadUrl', () => {
  const presign = (storeUuid: string, token: string, body: unknown) => checked('createStoreUploadUrl', 'POST', `/stores/${storeUuid}/urls/presigned`, { token, body });

  it('gives an image address for a logo; the saved logo completes the CUSTOMIZE step', async () => {
    const fresh = await freshStore();
    const answer = await presign(fresh.storeUuid, fresh.token, { purpose: 'LOGO', filename: 'logo.png', size: 1000 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, max_size: 5 * 1024 * 1024 });
    expect(answer.body.file_url).toContain(`/uploads/${fresh.storeUuid}/store/logo/`);
    expect((await milestones(fresh.token, fresh.storeUuid)).CUSTOMIZE).toBe(false);
    const saved = await checked('updateStore', 'PUT', `/stores/${fresh.storeUuid}`, { token: fresh.token, body: { logo: answer.body.file_url } });
    expect(saved.status, saved.text).toBe(200);
    expect((await milestones(fresh.token, fresh.storeUuid)).CUSTOMIZE).toBe(true);
  });

  it('refuses what is not an image, too large a file, roles per purpose, and another store', async () => {
    expect((await presign(demoUuid, owner, { purpose: 'FAVICON', filename: 'site.pdf' })).status).toBe(422);
    expect((await presign(demoUuid, owner, { purpose: 'SEO_IMAGE', filename: 'big.png', size: 6 * 1024 * 1024 })).status).toBe(422);
    expect((await presign(demoUuid, owner, { purpose: 'BANNER', filename: 'a.png' })).status).toBe(422);
    expect((await presign(demoUuid, teacher, { purpose: 'LOGO', filename: 'logo.png' })).status).toBe(403);
    expect((await presign(demoUuid, teacher, { purpose: 'BUNDLE_PICTURE', filename: 'pack.png' })).status).toBe(200);
    expect((await presign(demoUuid, analyst, { purpose: 'BUNDLE_PICTURE', filename: 'pack.png' })).status).toBe(403);
    expect((await presign(demoUuid, analyst, { purpose: 'AVATAR', filename: 'me.jpg' })).status).toBe(200);
    const other = await freshStore();
    expect((await presign(other.storeUuid, owner, { purpose: 'LOGO', filename: 'logo.png' })).status).toBe(404);
  });
});

describe('personal API keys', () => {
  it('are shown once, stored hashed, really authenticate with the holder’s role, and stop working once revoked', async () => {
    const trainer = await register();
    const created = await checked('createMyApiKey', 'POST', '/users/me/keys', { token: trainer.token });
    expect(created.status, created.text).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^cpk_[\w-]{43}$/);
    expect(created.body).toMatchObject({ type: 'PERSONAL', last_four: key.slice(-4) });

    const listed = await checked('listMyApiKeys', 'GET', '/users/me/keys', { token: trainer.token });
    expect(listed.body.data).toEqual([{ type: 'PERSONAL', key: null, last_four: key.slice(-4), created_at: created.body.created_at }]);
    expect(listed.text).not.toContain(key);

    // The key is a bearer credential for the API, acting as its holder in their store.
    const me = await checked('getMe', 'GET', '/users/me', { token: key });
    expect(me.status, me.text).toBe(200);
    expect(me.body.email).toBe(trainer.email);
    expect(me.text).not.toContain(key);
    const made = await checked('createTraining', 'POST', '/trainings', { token: key, body: { name: 'Par API' } });
    expect(made.status, made.text).toBe(201);
    // …but it cannot manage keys.
    expect((await checked('createMyApiKey', 'POST', '/users/me/keys', { token: key })).status).toBe(403);
    expect((await checked('deleteMyApiKey', 'DELETE', '/users/me/keys', { token: key })).status).toBe(403);

    // A new key replaces the old one; revoking ends the new one.
    const replaced = await checked('createMyApiKey', 'POST', '/users/me/keys', { token: trainer.token });
    expect((await api('GET', '/users/me', { token: key })).status).toBe(401);
    expect((await checked('deleteMyApiKey', 'DELETE', '/users/me/keys', { token: trainer.token })).status).toBe(204);
    expect((await api('GET', '/users/me', { token: replaced.body.key })).status).toBe(401);
    expect((await checked('listMyApiKeys', 'GET', '/users/me/keys', { token: trainer.token })).body.data).toEqual([]);
  });

  it('a key of store A cannot touch store B, and carries the holder’s role', async () => {
    const a = await register();
    const b = await freshStore();
    const key = (await checked('createMyApiKey', 'POST', '/users/me/keys', { token: a.token })).body.key as string;
    expect((await checked('updateStore', 'PUT', `/stores/${b.storeUuid}`, { token: key, body: { owner_phone: '+33612345678' } })).status).toBe(404);
    expect((await checked('listSocialLinks', 'GET', `/stores/${b.storeUuid}/social_links`, { token: key })).status).toBe(404);
    const own = await checked('updateStore', 'PUT', `/stores/${a.user.store.uuid}`, { token: key, body: { owner_phone: '+33612345678' } });
    expect(own.status, own.text).toBe(200);
    await checked('deleteMyApiKey', 'DELETE', '/users/me/keys', { token: a.token });
  });

  it('are for OWNER and ADMIN; teachers and analysts are refused, anonymous callers 401, a made-up key 401', async () => {
    expect((await checked('createMyApiKey', 'POST', '/users/me/keys', { token: teacher })).status).toBe(403);
    expect((await checked('listMyApiKeys', 'GET', '/users/me/keys', { token: analyst })).status).toBe(403);
    expect((await api('POST', '/users/me/keys')).status).toBe(401);
    expect((await api('GET', '/users/me', { token: `cpk_${'a'.repeat(43)}` })).status).toBe(401);
  });
});

describe('store secrets (SSO, WEBHOOK)', () => {
  it('SSO needs EXPERT; a secret is shown once and revoked with the password', async () => {
    const trainer = await register();
    const sso = await checked('createStoreKey', 'POST', '/keys', { token: trainer.token, body: { type: 'SSO' } });
    expect(sso.status).toBe(403);
    expect(sso.body.code).toBe('PLAN_REQUIRED');
    const hook = await checked('createStoreKey', 'POST', '/keys', { token: trainer.token, body: { type: 'WEBHOOK' } });
    expect(hook.status, hook.text).toBe(201);
    expect(hook.body.key).toMatch(/^whk_/);
    const listed = await checked('listStoreKeys', 'GET', '/keys', { token: trainer.token });
    expect(listed.body.data).toEqual([{ type: 'WEBHOOK', key: null, last_four: (hook.body.key as string).slice(-4), created_at: hook.body.created_at }]);
    // A store secret is no API credential.
    expect((await api('GET', '/users/me', { token: hook.body.key })).status).toBe(401);
    const wrong = await checked('deleteStoreKey', 'DELETE', '/keys', { token: trainer.token, body: { type: 'WEBHOOK', password: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toBeDefined();
    expect((await checked('deleteStoreKey', 'DELETE', '/keys', { token: trainer.token, body: { type: 'WEBHOOK', password: trainer.password } })).status).toBe(204);
    expect((await checked('deleteStoreKey', 'DELETE', '/keys', { token: trainer.token, body: { type: 'WEBHOOK', password: trainer.password } })).status).toBe(404);
    expect((await checked('createStoreKey', 'POST', '/keys', { token: trainer.token, body: { type: 'OTHER' } })).status).toBe(422);
  });

  it('a platform admin passes the plan; teachers are refused; another store’s secret is not touched', async () => {
    const platform = await login('platform@demo.test');
    const sso = await checked('createStoreKey', 'POST', '/keys', { token: platform, body: { type: 'SSO' } });
    expect(sso.status, sso.text).toBe(201);
    expect(sso.body.key).toMatch(/^sso_/);
    const stranger = await register();
    // The stranger's revocation acts on their own store: nothing to revoke there.
    expect((await checked('deleteStoreKey', 'DELETE', '/keys', { token: stranger.token, body: { type: 'SSO', password: stranger.password } })).status).toBe(404);
    expect((await checked('listStoreKeys', 'GET', '/keys', { token: owner })).body.data.map((k: { type: string }) => k.type)).toContain('SSO');
    expect((await checked('createStoreKey', 'POST', '/keys', { token: teacher, body: { type: 'WEBHOOK' } })).status).toBe(403);
    expect((await checked('deleteStoreKey', 'DELETE', '/keys', { token: owner, body: { type: 'SSO', password: 'demo-password' } })).status).toBe(204);
  });
});
