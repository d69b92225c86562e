import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, call, login } from './client';
import { checked, freshStore } from './trainingsSupport';

/** Customisation and widgets (issue 16): the theme, store resources, and the embeddable widgets' framing. */

const me = async (token: string) => (await api('GET', '/users/me', { token })).body.store as { uuid: string; subdomain: string };
const milestones = async (token: string, storeUuid: string) => {
  const answer = await checked('listOnboardingMilestones', 'GET', `/stores/${storeUuid}/onboarding`, { token });
  expect(answer.status, answer.text).toBe(200);
  return Object.fromEntries((answer.body.data as { key: string; completed: boolean }[]).map((m) => [m.key, m.completed]));
};
const school = async (subdomain: string) => {
  const answer = await checked('getSchool', 'GET', `/school/stores/${subdomain}`, {});
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { theme: { primary_color: string | null; header_color: string | null }; resources: { id: number; name: string }[] };
};

let owner = '';
let admin = '';
let teacher = '';
let analyst = '';
let demo = { uuid: '', subdomain: '' };
beforeAll(async () => {
  [owner, admin, teacher, analyst] = await Promise.all([login('owner@demo.test'), login('admin@demo.test'), login('teacher@demo.test'), login('analyst@demo.test')]);
  demo = await me(owner);
});

describe('the theme (updateStore theme)', () => {
  const save = (storeUuid: string, token: string, theme: unknown) => checked('updateStore', 'PUT', `/stores/${storeUuid}`, { token, body: { theme } });

  it('saves both colours (lower-cased), completes CUSTOMIZE and reaches the learner area', async () => {
    const fresh = await freshStore();
    const { subdomain } = await me(fresh.token);
    expect((await school(subdomain)).theme).toEqual({ primary_color: null, header_color: null });
    expect((await milestones(fresh.token, fresh.storeUuid)).CUSTOMIZE).toBe(false);
    const saved = await save(fresh.storeUuid, fresh.token, { primary_color: '#AA3366', header_color: null });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.theme).toEqual({ primary_color: '#aa3366', header_color: null });
    expect((await milestones(fresh.token, fresh.storeUuid)).CUSTOMIZE).toBe(true);
    expect((await school(subdomain)).theme).toEqual({ primary_color: '#aa3366', header_color: null });
    expect((await me(fresh.token) as unknown as { theme: unknown }).theme).toEqual({ primary_color: '#aa3366', header_color: null });
  });

  it('refuses what is not a #rrggbb colour, a partial theme, other roles and another store', async () => {
    const fresh = await freshStore();
    for (const bad of ['red', '#abc', 'url(javascript:x)', '#12345g', '#1234567']) {
      const refused = await save(fresh.storeUuid, fresh.token, { primary_color: bad, header_color: null });
      expect(refused.status, bad).toBe(422);
    }
    expect((await save(fresh.storeUuid, fresh.token, { primary_color: '#112233' })).status).toBe(422);
    expect((await save(fresh.storeUuid, fresh.token, { primary_color: '#112233', header_color: null, font: 'x' })).status).toBe(422);
    const colours = { primary_color: '#112233', header_color: '#445566' };
    expect((await save(demo.uuid, teacher, colours)).status).toBe(403);
    expect((await save(demo.uuid, analyst, colours)).status).toBe(403);
    expect((await save(fresh.storeUuid, owner, colours)).status).toBe(404);
    expect((await save(fresh.storeUuid, fresh.token, colours)).status).toBe(200);
  });
});

describe('store resources', () => {
  const path = (storeUuid: string) => `/stores/${storeUuid}/resources`;
  const add = (storeUuid: string, token: string, body: unknown) => checked('createStoreResource', 'POST', path(storeUuid), { token, body });
  const list = (storeUuid: string, token: string) => checked('listStoreResources', 'GET', path(storeUuid), { token });
  const reorder = (storeUuid: string, token: string, ids: unknown) => checked('reorderStoreResources', 'PUT', `${path(storeUuid)}/reordering`, { token, body: { ids } });
  const remove = (storeUuid: string, token: string, id: number | string) => checked('deleteStoreResource', 'DELETE', `${path(storeUuid)}/${id}`, { token });

  /** A RESOURCE upload of the store, sent (or not): answers its file_url. */
  async function uploaded(storeUuid: string, token: string, send = true) {
    const bytes = new TextEncoder().encode('%PDF-1.7 programme');
    const presigned = await checked('createStoreUploadUrl', 'POST', `/stores/${storeUuid}/urls/presigned`, { token, body: { purpose: 'RESOURCE', filename: 'programme.pdf', size: bytes.length } });
    expect(presigned.status, presigned.text).toBe(200);
    if (send) {
      const address = new URL(presigned.body.upload_url as string);
      const put = await fetch(`${baseUrl()}${address.pathname}${address.search}`, { method: 'PUT', body: bytes, headers: presigned.body.headers });
      expect(put.status).toBe(204);
    }
    return presigned.body.file_url as string;
  }

  it('adds links and uploaded files last, reorders them, removes one; the school lists them in order', async () => {
    const fresh = await freshStore();
    const { subdomain } = await me(fresh.token);
    expect((await list(fresh.storeUuid, fresh.token)).body.data).toEqual([]);
    const link = await add(fresh.storeUuid, fresh.token, { name: ' Guide ', type: 'LINK', url: 'https://example.test/guide' });
    expect(link.status, link.text).toBe(201);
    expect(link.body).toMatchObject({ name: 'Guide', type: 'LINK', size: null, mime_type: null, position: 0 });
    const fileUrl = await uploaded(fresh.storeUuid, fresh.token);
    // The client's size and type are not believed: the upload's are.
    const file = await add(fresh.storeUuid, fresh.token, { name: 'Programme', type: 'FILE', url: fileUrl, size: 1, mime_type: 'text/html' });
    expect(file.status, file.text).toBe(201);
    expect(file.body).toMatchObject({ type: 'FILE', size: 18, mime_type: 'application/pdf', position: 1 });
    const third = await add(fresh.storeUuid, fresh.token, { name: 'Charte', type: 'LINK', url: 'http://example.test/charte' });

    const reordered = await reorder(fresh.storeUuid, fresh.token, [third.body.id, link.body.id, file.body.id]);
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body.data.map((r: { name: string }) => r.name)).toEqual(['Charte', 'Guide', 'Programme']);
    expect((await school(subdomain)).resources.map((r) => r.name)).toEqual(['Charte', 'Guide', 'Programme']);

    expect((await remove(fresh.storeUuid, fresh.token, link.body.id)).status).toBe(204);
    expect((await remove(fresh.storeUuid, fresh.token, link.body.id)).status).toBe(404);
    const after = (await list(fresh.storeUuid, fresh.token)).body.data as { name: string; position: number }[];
    expect(after.map((r) => [r.name, r.position])).toEqual([
      ['Charte', 0],
      ['Programme', 1],
    ]);
  });

  it('refuses bad input: a non-web link, a file never sent or of another store, an empty name, partial or foreign orders', async () => {
    const fresh = await freshStore();
    const other = await freshStore();
    for (const url of ['javascript:alert(1)', 'ftp://example.test/x', 'data:text/html,x']) {
      const refused = await add(fresh.storeUuid, fresh.token, { name: 'X', type: 'LINK', url });
      expect(refused.status, url).toBe(422);
      expect(refused.body.errors.url, url).toBeDefined();
    }
    expect((await add(fresh.storeUuid, fresh.token, { name: '   ', type: 'LINK', url: 'https://example.test' })).status).toBe(422);
    expect((await add(fresh.storeUuid, fresh.token, { name: 'X', type: 'PDF', url: 'https://example.test' })).status).toBe(422);
    const notSent = await uploaded(fresh.storeUuid, fresh.token, false);
    expect((await add(fresh.storeUuid, fresh.token, { name: 'X', type: 'FILE', url: notSent })).status).toBe(422);
    const foreign = await uploaded(other.storeUuid, other.token);
    expect((await add(fresh.storeUuid, fresh.token, { name: 'X', type: 'FILE', url: foreign })).status).toBe(422);
    expect((await add(fresh.storeUuid, fresh.token, { name: 'X', type: 'FILE', url: 'https://example.test/a.pdf' })).status).toBe(422);

    const mine = await add(fresh.storeUuid, fresh.token, { name: 'A', type: 'LINK', url: 'https://example.test/a' });
    const theirs = await add(other.storeUuid, other.token, { name: 'B', type: 'LINK', url: 'https://example.test/b' });
    expect((await reorder(fresh.storeUuid, fresh.token, [mine.body.id, theirs.body.id])).status).toBe(422);
    expect((await reorder(fresh.storeUuid, fresh.token, [theirs.body.id])).status).toBe(422);
    expect((await reorder(fresh.storeUuid, fresh.token, [])).status).toBe(422);
    expect((await reorder(fresh.storeUuid, fresh.token, [mine.body.id, mine.body.id])).status).toBe(422);
    expect((await remove(fresh.storeUuid, fresh.token, theirs.body.id)).status).toBe(404);
    expect((await remove(fresh.storeUuid, fresh.token, 'abc')).status).toBe(422);
    expect((await remove(fresh.storeUuid, fresh.token, 99_999_999_999)).status).toBeLessThan(500);
    expect((await list(other.storeUuid, other.token)).body.data).toHaveLength(1);
  });

  it('belongs to OWNER and ADMIN of the store; another store answers 404', async () => {
    const body = { name: 'Lien', type: 'LINK', url: 'https://example.test/roles' };
    const added = await add(demo.uuid, admin, body);
    expect(added.status, added.text).toBe(201);
    expect((await list(demo.uuid, admin)).status).toBe(200);
    for (const token of [teacher, analyst]) {
      expect((await list(demo.uuid, token)).status).toBe(403);
      expect((await add(demo.uuid, token, body)).status).toBe(403);
      expect((await reorder(demo.uuid, token, [added.body.id])).status).toBe(403);
      expect((await remove(demo.uuid, token, added.body.id)).status).toBe(403);
    }
    const presign = await checked('createStoreUploadUrl', 'POST', `/stores/${demo.uuid}/urls/presigned`, { token: teacher, body: { purpose: 'RESOURCE', filename: 'a.pdf' } });
    expect(presign.status).toBe(403);
    const fresh = await freshStore();
    expect((await list(demo.uuid, fresh.token)).status).toBe(404);
    expect((await add(demo.uuid, fresh.token, body)).status).toBe(404);
    expect((await remove(demo.uuid, fresh.token, added.body.id)).status).toBe(404);
    expect((await api('GET', path(demo.uuid))).status).toBe(401);
    expect((await remove(demo.uuid, owner, added.body.id)).status).toBe(204);
  });

  it('twelve resources added at once take twelve distinct positions', async () => {
    const fresh = await freshStore();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(fresh.storeUuid, fresh.token, { name: `R${i}`, type: 'LINK', url: `https://example.test/${i}` })),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const positions = ((await list(fresh.storeUuid, fresh.token)).body.data as { position: number }[]).map((r) => r.position);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});

describe('widgets (embeddable pages)', () => {
  const page = (path: string, headers: Record<string, string> = {}) => call('GET', path, { headers });

  it('the catalogue widget lists the school’s trainings and may be framed by any site', async () => {
    const catalogue = await checked('listCatalogueTrainings', 'GET', `/school/stores/${demo.subdomain}/trainings`, {});
    const first = (catalogue.body.data as { name: string }[])[0]!;
    const answer = await page(`/widget/${demo.subdomain}/formations`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('x-frame-options')).toBeNull();
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(answer.text).toContain(first.name.replace(/'/g, '&#39;'));
    expect(answer.text).toContain(`/ecole/${demo.subdomain}/formations/`);
    expect(answer.text).toContain('target="_blank"');
  });

  it('the buy-button widget links to the school’s checkout; English on ?lang=en; unknown ones answer 404', async () => {
    const catalogue = await checked('listCatalogueTrainings', 'GET', `/school/stores/${demo.subdomain}/trainings`, {});
    const open = (catalogue.body.data as { slug: string; uuid: string; enrollment_open: boolean }[]).find((t) => t.enrollment_open)!;
    const answer = await page(`/widget/${demo.subdomain}/formations/${open.slug}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`/ecole/${demo.subdomain}/paiement/formation/${open.uuid}`);
    expect(answer.text).toContain('>Acheter<');
    expect((await page(`/widget/${demo.subdomain}/formations/${open.slug}?lang=en`)).text).toContain('>Buy<');
    const missing = await page(`/widget/${demo.subdomain}/formations/nope-${Date.now()}`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('n’est pas disponible');
    expect((await page(`/widget/pas-une-ecole-${Date.now()}/formations`)).status).toBe(404);
    expect((await page('/widget/%E0%A4%A/formations')).status).toBeLessThan(500);
  });

  it('nothing else may be framed: the API and the other pages keep DENY and frame-ancestors none', async () => {
    const apiAnswer = await api('GET', `/school/stores/${demo.subdomain}`);
    expect(apiAnswer.headers.get('x-frame-options')).toBe('DENY');
    const other = await page(`/ecole/${demo.subdomain}`);
    expect(other.headers.get('x-frame-options')).toBe('DENY');
    if (other.headers.get('content-type')?.includes('text/html')) {
      expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
