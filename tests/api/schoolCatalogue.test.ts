// The storefront of issue 11: the catalogue operations (`/school/stores/{subdomain}/trainings|bundles`), the head
// the server writes into the app's shell for the school's pages, and where a school lives (its subdomain of
// APP_DOMAIN, its custom domain). Built in-process (like delivery.test.ts) over a tiny app directory, so that the
// shell exists and APP_DOMAIN / TRUST_PROXY can be set per server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLearnerSession } from '../../server/auth/learnerSession';
import { buildApp } from '../../server/app';
import {
  bundles,
  bundleTrainings,
  customers,
  customerTrainings,
  paymentSchedules,
  storeResources,
  stores,
  storeSocialLinks,
  trainingAuthors,
  trainingItems,
  trainings,
  users,
} from '../../server/db/schema';
import { testServices } from '../unit/server/testServices';
import { expectContract, type Answer } from './client';
import { learnerKeys } from '../../server/db/learnerKeys';

const shell = `<!doctype html><html lang="fr"><head><meta charset="UTF-8"><title>Plateforme de formation</title></head><body><div id="root"></div></body></html>`;
/** The storefront's own entry (school.html): what the server sends for every page of a school. */
const schoolShell = `<!doctype html><html lang="fr"><head><meta charset="UTF-8"><title>École</title></head><body><div id="root" data-entry="school"></div></body></html>`;

type Status = NonNullable<(typeof trainings.$inferInsert)['status']>;
const STATUSES: Status[] = ['DRAFT', 'PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED', 'HIDDEN'];
const NASTY = `Cuisine "<script>alert(1)</script>" & 'co'`;

let dir: string;
let env: Awaited<ReturnType<typeof testServices>>;
let app: FastifyInstance;
let store: typeof stores.$inferSelect;
let other: typeof stores.$inferSelect;
const ids = {} as Record<Status | 'full' | 'ended' | 'otherStore' | 'nasty', string>;
let bundleIds: Record<'PUBLISHED' | 'UNLISTED' | 'HIDDEN' | 'DRAFT', string>;
let learnerToken: string;

async function serve(config: Partial<typeof env.services.config> = {}) {
  return buildApp({ ...env.services, config: { ...env.services.config, staticDir: dir, ...config } }, { logger: false });
}

async function inject(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}, server = app): Promise<Answer> {
  const answer = await server.inject({ method, url, headers });
  let body: unknown = undefined;
  try {
    body = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    body = answer.body;
  }
  return { status: answer.statusCode, body, text: answer.body, headers: new Headers(answer.headers as Record<string, string>) };
}

async function checked(operationId: string, url: string, headers: Record<string, string> = {}) {
  const answer = await inject('GET', `/api/v1${url}`, headers);
  expectContract(operationId, answer);
  return answer;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cp-storefront-'));
  writeFileSync(path.join(dir, 'index.html'), shell);
  writeFileSync(path.join(dir, 'school.html'), schoolShell);
  env = await testServices();
  const db = env.services.db;
  [store] = await db.insert(stores).values({ subdomain: 'vitrine', seoData: { description: 'Une école de cuisine.' } }).returning() as [typeof store];
  [other] = await db.insert(stores).values({ subdomain: 'ailleurs', customDomain: 'Formations.Ailleurs.test', customDomainEnabled: true }).returning() as [typeof other];
  await db.insert(stores).values({ subdomain: 'eteinte', customDomain: 'eteinte.test', customDomainEnabled: false });
  const [author] = await db
    .insert(users)
    .values({ storeId: store.id, email: 'auteur@vitrine.test', passwordHash: 'x', firstname: 'Léa', lastname: 'Martin', role: 'OWNER', picture: '/api/v1/files/lea.png' })
    .returning();
  const now = env.services.clock();
  const rows = [
    ...STATUSES.map((status, position) => ({ key: status, status, position, name: `Formation ${status}` })),
    { key: 'full', status: 'PUBLISHED' as Status, position: 10, name: 'Formation complète', maxCustomers: 1 },
    { key: 'ended', status: 'PUBLISHED' as Status, position: 11, name: 'Inscriptions terminées', enrollmentEndsAt: new Date(now.getTime() - 1000) },
    { key: 'nasty', status: 'PUBLISHED' as Status, position: 12, name: NASTY, summary: `Résumé "<b>" & co` },
  ];
  for (const row of rows) {
    const [training] = await db
      .insert(trainings)
      .values({
        storeId: store.id,
        slug: `formation-${row.key.toLowerCase()}`,
        name: row.name,
        summary: 'summary' in row ? row.summary : `Le résumé de ${row.name}`,
        description: '<p>Bonjour</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        status: row.status,
        position: row.position,
        tags: row.key === 'PUBLISHED' ? ['Cuisine'] : [],
        maxCustomers: 'maxCustomers' in row ? row.maxCustomers : null,
        enrollmentEndsAt: 'enrollmentEndsAt' in row ? row.enrollmentEndsAt : null,
        seoData: row.key === 'PUBLISHED' ? { title: 'Titre SEO', description: 'Description SEO', image: 'https://cdn.test/seo.png' } : {},
      })
      .returning();
    ids[row.key as keyof typeof ids] = training!.id;
  }
  const [foreign] = await db.insert(trainings).values({ storeId: other.id, slug: 'formation-etrangere', name: 'Étrangère', status: 'PUBLISHED' }).returning();
  ids.otherStore = foreign!.id;
  await db.insert(trainingAuthors).values({ trainingId: ids.PUBLISHED, userId: author!.id });
  await db
    .insert(paymentSchedules)
    .values([
      { trainingId: ids.PUBLISHED, type: 'ONE_TIME', price: 150, position: 0 },
      { trainingId: ids.PUBLISHED, type: 'INSTALLMENTS', price: 52, installmentsCount: 3, position: 1 },
    ]);
  const [section] = await db.insert(trainingItems).values({ trainingId: ids.PUBLISHED, type: 'SECTION', name: 'Chapitre 1', draft: false, position: 0 }).returning();
  await db.insert(trainingItems).values([
    { trainingId: ids.PUBLISHED, parentId: section!.id, type: 'GENERIC', name: 'Leçon publiée', draft: false, position: 0, content: 'SECRET CONTENT' },
    { trainingId: ids.PUBLISHED, parentId: section!.id, type: 'VIDEO', name: 'Leçon en brouillon', draft: true, position: 1 },
  ]);
  // One learner enrolled in PUBLISHED, holding the only seat of the full training.
  const [learner] = await db.insert(customers).values({ storeId: store.id, email: 'eleve@vitrine.test', firstname: 'Élève' }).returning();
  await db.insert(customerTrainings).values([
    { ...learnerKeys(learner!.id), trainingId: ids.PUBLISHED },
    { ...learnerKeys(learner!.id), trainingId: ids.full },
  ]);
  learnerToken = (await openLearnerSession(env.services, learner!.id, false)).token;
  const bundleRows = await db
    .insert(bundles)
    .values((['PUBLISHED', 'UNLISTED', 'HIDDEN', 'DRAFT'] as const).map((status, order) => ({ storeId: store.id, slug: `pack-${status.toLowerCase()}`, name: `Pack ${status}`, status, order })))
    .returning();
  bundleIds = Object.fromEntries(bundleRows.map((b) => [b.status, b.id])) as typeof bundleIds;
  await db.insert(bundleTrainings).values([
    { bundleId: bundleIds.PUBLISHED, trainingId: ids.PUBLISHED, position: 0 },
    { bundleId: bundleIds.PUBLISHED, trainingId: ids.HIDDEN, position: 1 },
    { bundleId: bundleIds.PUBLISHED, trainingId: ids.DRAFT, position: 2 },
  ]);
  await db.insert(paymentSchedules).values({ bundleId: bundleIds.PUBLISHED, type: 'ONE_TIME', price: 199, position: 0 });
  await db.insert(storeSocialLinks).values({ storeId: store.id, network: 'INSTAGRAM', url: 'https://instagram.test/vitrine', position: 0 });
  await db.insert(storeResources).values({ storeId: store.id, name: 'Liste du matériel', type: 'LINK', url: 'https://vitrine.test/materiel', position: 0 });
  await db.update(stores).set({ legalLinks: { terms_url: 'https://vitrine.test/cgv' } }).where(eq(stores.id, store.id));
  app = await serve();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.close();
  rmSync(dir, { recursive: true, force: true });
});


const school = (rest = '', subdomain = 'vitrine') => `/school/stores/${subdomain}${rest}`;

describe('listCatalogueTrainings', () => {
  it('lists PUBLISHED, PRE_SALE, PRE_LAUNCH and CLOSED in the store order; never DRAFT, UNLISTED, HIDDEN or another store’s', async () => {
    const answer = await checked('listCatalogueTrainings', school('/trainings?per_page=100'));
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.data.map((t: { name: string }) => [t.name, t]));
    expect(answer.body.data.map((t: { status: string }) => t.status)).toEqual(['PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'PUBLISHED', 'PUBLISHED', 'PUBLISHED']);
    expect(answer.body.meta.total).toBe(7);
    expect(byName.has('Étrangère')).toBe(false);
    expect(byName.get('Formation PUBLISHED')).toMatchObject({
      price: 150,
      items_count: 1,
      enrollment_open: true,
      places_left: null,
      tags: ['Cuisine'],
      authors: [{ display_name: 'Léa Martin', picture: '/api/v1/files/lea.png' }],
      payment_schedules: [{ type: 'ONE_TIME', price: 150 }, { type: 'INSTALLMENTS', price: 52, installments_count: 3, total_price: 156 }],
    });
    expect(byName.get('Formation PRE_SALE')).toMatchObject({ enrollment_open: true });
    expect(byName.get('Formation PRE_LAUNCH')).toMatchObject({ enrollment_open: false });
    expect(byName.get('Formation CLOSED')).toMatchObject({ enrollment_open: false });
    expect(byName.get('Formation complète')).toMatchObject({ enrollment_open: false, places_left: 0 });
    expect(byName.get('Inscriptions terminées')).toMatchObject({ enrollment_open: false });
  });

  it('pages, searches without accents and filters by tag', async () => {
    const page = await checked('listCatalogueTrainings', school('/trainings?per_page=2&page=2'));
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 2, total: 7, last_page: 4 });
    expect(page.body.data.map((t: { status: string }) => t.status)).toEqual(['PRE_LAUNCH', 'CLOSED']);
    expect((await checked('listCatalogueTrainings', school('/trainings?q=COMPLETE'))).body.data.map((t: { name: string }) => t.name)).toEqual(['Formation complète']);
    expect((await checked('listCatalogueTrainings', school('/trainings?tag=Cuisine'))).body.data.map((t: { name: string }) => t.name)).toEqual(['Formation PUBLISHED']);
    expect((await checked('listCatalogueTrainings', school('/trainings?page=9'))).body.data).toEqual([]);
  });

  it('answers 422 for bad paging and 404 for an unknown school', async () => {
    for (const query of ['?per_page=0', '?per_page=101', '?page=0', '?page=abc', `?q=${'x'.repeat(129)}`, `?tag=${'x'.repeat(65)}`]) {
      expect((await checked('listCatalogueTrainings', school(`/trainings${query}`))).status, query).toBe(422);
    }
    expect((await checked('listCatalogueTrainings', school('/trainings', 'personne'))).status).toBe(404);
  });
});

describe('getCatalogueTraining', () => {
  it('opens every listed status and UNLISTED by its slug; DRAFT and HIDDEN answer "not found or unavailable"', async () => {
    for (const status of STATUSES) {
      const answer = await checked('getCatalogueTraining', school(`/trainings/formation-${status.toLowerCase()}`));
      if (status === 'DRAFT' || status === 'HIDDEN') {
        expect(answer.status, status).toBe(404);
        expect(answer.body.message).toBe("Cette formation ou ce pack n'existe pas ou n'est pas disponible.");
      } else {
        expect(answer.status, status).toBe(200);
        expect(answer.body.status).toBe(status);
      }
    }
    expect((await checked('getCatalogueTraining', school('/trainings/formation-unlisted'))).body.enrollment_open).toBe(true);
  });

  it('shows the cleaned description, the SEO data and the published outline by name only', async () => {
    const answer = await checked('getCatalogueTraining', school('/trainings/formation-published'));
    expect(answer.body.description).toBe('<p>Bonjour</p>');
    expect(answer.body.seo_data).toEqual({ title: 'Titre SEO', description: 'Description SEO', image: 'https://cdn.test/seo.png' });
    expect(answer.body.outline).toEqual([{ id: expect.any(Number), type: 'SECTION', name: 'Chapitre 1', children: [{ id: expect.any(Number), type: 'GENERIC', name: 'Leçon publiée', children: [] }] }]);
    expect(answer.text).not.toContain('SECRET CONTENT');
    expect(answer.body.enrolled).toBe(false);
  });

  it('says whether the signed-in learner already follows it; a token of another kind changes nothing', async () => {
    const mine = await checked('getCatalogueTraining', school('/trainings/formation-published'), { authorization: `Bearer ${learnerToken}` });
    expect(mine.body.enrolled).toBe(true);
    expect((await checked('getCatalogueTraining', school('/trainings/formation-pre_sale'), { authorization: `Bearer ${learnerToken}` })).body.enrolled).toBe(false);
    expect((await checked('getCatalogueTraining', school('/trainings/formation-published'), { authorization: 'Bearer nope' })).body.enrolled).toBe(false);
  });

  it('answers 404 for an unknown slug, another store’s training, an unknown school; 422 for a too long slug', async () => {
    expect((await checked('getCatalogueTraining', school('/trainings/nothing-here'))).status).toBe(404);
    expect((await checked('getCatalogueTraining', school('/trainings/formation-etrangere'))).status).toBe(404);
    expect((await checked('getCatalogueTraining', school(`/trainings/${ids.PUBLISHED}`))).status).toBe(404);
    expect((await checked('getCatalogueTraining', school('/trainings/formation-published', 'personne'))).status).toBe(404);
    expect((await checked('getCatalogueTraining', school(`/trainings/${'x'.repeat(161)}`))).status).toBe(422);
  });
});

describe('listCatalogueBundles and getCatalogueBundle', () => {
  it('lists PUBLISHED bundles only, each with its trainings but drafts (a HIDDEN one is sold in the pack only)', async () => {
    const answer = await checked('listCatalogueBundles', school('/bundles'));
    expect(answer.body.data.map((b: { name: string }) => b.name)).toEqual(['Pack PUBLISHED']);
    const [pack] = answer.body.data;
    expect(pack.price).toBe(199);
    expect(pack.trainings.map((t: { status: string }) => t.status)).toEqual(['PUBLISHED', 'HIDDEN']);
    expect((await checked('listCatalogueBundles', school('/bundles?per_page=500'))).status).toBe(422);
  });

  it('opens PUBLISHED and UNLISTED bundles by slug; DRAFT, HIDDEN, unknown and another school’s answer 404', async () => {
    for (const [status, expected] of [['published', 200], ['unlisted', 200], ['hidden', 404], ['draft', 404]] as const) {
      expect((await checked('getCatalogueBundle', school(`/bundles/pack-${status}`))).status, status).toBe(expected);
    }
    expect((await checked('getCatalogueBundle', school('/bundles/pack-published', 'ailleurs'))).status).toBe(404);
    expect((await checked('getCatalogueBundle', school('/bundles/nope'))).status).toBe(404);
  });
});

describe('getSchool', () => {
  it('shows the store’s social links, resources and legal pages', async () => {
    const answer = await checked('getSchool', school());
    expect(answer.body.social_links).toMatchObject([{ network: 'INSTAGRAM', url: 'https://instagram.test/vitrine' }]);
    expect(answer.body.resources).toMatchObject([{ name: 'Liste du matériel', type: 'LINK' }]);
    expect(answer.body.legal_links).toEqual({ terms_url: 'https://vitrine.test/cgv', privacy_url: null, legal_notice_url: null, privacy_email: null });
  });
});

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('the head of the school’s pages', () => {
  it('gives the home, the catalogue, a training and a bundle their title, description, canonical and Open Graph tags', async () => {
    const home = await inject('GET', '/ecole/vitrine');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>vitrine</title>');
    expect(metaOf(home.text, 'description')).toBe('Une école de cuisine.');
    expect(home.text).toContain('<link rel="canonical" href="http://app.test/ecole/vitrine" />');
    expect(metaOf(home.text, 'og:type')).toBe('website');

    const catalogue = await inject('GET', '/ecole/vitrine/formations');
    expect(catalogue.text).toContain('<title>Formations – vitrine</title>');

    const training = await inject('GET', '/ecole/vitrine/formations/formation-published');
    expect(training.status).toBe(200);
    expect(training.text).toContain('<title>Titre SEO – vitrine</title>');
    expect(metaOf(training.text, 'og:title')).toBe('Titre SEO – vitrine');
    expect(metaOf(training.text, 'og:description')).toBe('Description SEO');
    expect(metaOf(training.text, 'og:image')).toBe('https://cdn.test/seo.png');
    expect(metaOf(training.text, 'og:url')).toBe('http://app.test/ecole/vitrine/formations/formation-published');
    expect(metaOf(training.text, 'og:type')).toBe('product');
    expect(training.headers.get('content-type')).toMatch(/^text\/html/);

    const bundle = await inject('GET', '/ecole/vitrine/packs/pack-unlisted');
    expect(bundle.text).toContain('<title>Pack UNLISTED – vitrine</title>');
  });

  it('escapes what the trainer wrote', async () => {
    const answer = await inject('GET', '/ecole/vitrine/formations/formation-nasty');
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script>');
    expect(answer.text).toContain('<title>Cuisine &#34;&#60;script&#62;alert(1)&#60;/script&#62;&#34; &#38; &#39;co&#39; – vitrine</title>');
    expect(metaOf(answer.text, 'description')).toBe('Résumé &#34;&#60;b&#62;&#34; &#38; co');
  });

  it('sends the app with status 404 for an unknown school, a hidden training or an unknown bundle', async () => {
    for (const url of ['/ecole/personne', '/ecole/personne/formations', '/ecole/vitrine/formations/formation-hidden', '/ecole/vitrine/packs/nope']) {
      const answer = await inject('GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.text, url).toContain('<div id="root" data-entry="school"></div>');
      expect(answer.text, url).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await inject('HEAD', '/ecole/vitrine/formations/formation-hidden')).status).toBe(404);
  });

  it('leaves the other pages of the app alone', async () => {
    const answer = await inject('GET', '/connexion');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(shell);
  });
});

describe('where a school lives', () => {
  let hosted: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    hosted = await serve({ appDomain: 'ecoles.test', appUrl: 'https://ecoles.test' });
    proxied = await serve({ appDomain: 'ecoles.test', appUrl: 'https://ecoles.test', trustProxy: 1 });
  });
  afterAll(async () => {
    await hosted?.close();
    await proxied?.close();
  });

  const location = (answer: Answer) => answer.headers.get('location');

  const ownHost = (html: string) => metaOf(html, 'cp-school');

  it('serves every page of <subdomain>.<APP_DOMAIN> at the host’s root with the storefront’s entry; the API and files pass', async () => {
    const root = await inject('GET', '/', { host: 'vitrine.ecoles.test' }, hosted);
    expect(root.status).toBe(200);
    expect(root.text).toContain('data-entry="school"');
    expect(ownHost(root.text)).toBe('vitrine');
    expect(root.text).toContain('<link rel="canonical" href="https://vitrine.ecoles.test/" />');
    const deep = await inject('GET', '/formations/formation-published?ref=x', { host: 'VITRINE.ecoles.test:443' }, hosted);
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('<title>Titre SEO – vitrine</title>');
    expect(deep.text).toContain('<link rel="canonical" href="https://vitrine.ecoles.test/formations/formation-published" />');
    expect(ownHost(deep.text)).toBe('vitrine');
    // The back office's addresses are the school's pages there (its learner login), never the back office.
    const login = await inject('GET', '/connexion', { host: 'vitrine.ecoles.test' }, hosted);
    expect(login.status).toBe(200);
    expect(ownHost(login.text)).toBe('vitrine');
    expect((await inject('GET', '/formations/formation-hidden', { host: 'vitrine.ecoles.test' }, hosted)).status).toBe(404);
    expect((await inject('GET', '/api/v1/school/stores/vitrine', { host: 'vitrine.ecoles.test' }, hosted)).status).toBe(200);
    expect(location(await inject('GET', '/robots.txt', { host: 'vitrine.ecoles.test' }, hosted))).toBeNull();
  });

  it('sends an old /ecole/<subdomain> address on the school’s host to its host-relative page (301)', async () => {
    const old = await inject('GET', '/ecole/vitrine/formations/formation-published?ref=x', { host: 'vitrine.ecoles.test' }, hosted);
    expect(old.status).toBe(301);
    expect(location(old)).toBe('/formations/formation-published?ref=x');
    expect(location(await inject('GET', '/ecole/vitrine', { host: 'vitrine.ecoles.test' }, hosted))).toBe('/');
  });

  it('keeps /ecole/<subdomain> on the app’s own host, with the storefront’s entry and no school named in the page', async () => {
    const page = await inject('GET', '/ecole/vitrine/formations/formation-published', { host: 'ecoles.test' }, hosted);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-entry="school"');
    expect(ownHost(page.text)).toBeUndefined();
    // Published at the school's own host.
    expect(page.text).toContain('<link rel="canonical" href="https://vitrine.ecoles.test/formations/formation-published" />');
    const app = await inject('GET', '/connexion', { host: 'ecoles.test' }, hosted);
    expect(app.text).toBe(shell);
  });

  it('serves the app itself on APP_URL’s host and on reserved names, and an unknown subdomain says so', async () => {
    expect((await inject('GET', '/connexion', { host: 'ecoles.test' }, hosted)).status).toBe(200);
    expect((await inject('GET', '/connexion', { host: 'www.ecoles.test' }, hosted)).status).toBe(200);
    const unknown = await inject('GET', '/', { host: 'personne.ecoles.test' }, hosted);
    expect(unknown.status).toBe(404);
    expect(ownHost(unknown.text)).toBe('personne');
  });

  it('reaches a store by its custom domain only while it is enabled, and publishes it there', async () => {
    const home = await inject('GET', '/', { host: 'formations.ailleurs.test' }, hosted);
    expect(home.status).toBe(200);
    expect(ownHost(home.text)).toBe('ailleurs');
    expect(home.text).toContain('<link rel="canonical" href="https://formations.ailleurs.test/" />');
    const disabled = await inject('GET', '/', { host: 'eteinte.test' }, hosted);
    expect(disabled.status).toBe(200);
    expect(disabled.text).toBe(shell);
  });

  it('believes X-Forwarded-Host only with TRUST_PROXY', async () => {
    const forwarded = { host: 'ecoles.test', 'x-forwarded-host': 'vitrine.ecoles.test' };
    expect((await inject('GET', '/', forwarded, hosted)).text).toBe(shell);
    expect(ownHost((await inject('GET', '/', forwarded, proxied)).text)).toBe('vitrine');
  });

  it('never follows the host to another school’s pages', async () => {
    const other = await inject('GET', '/ecole/ailleurs', { host: 'vitrine.ecoles.test' }, hosted);
    expect(location(other)).toBeNull();
    expect(ownHost(other.text)).toBe('vitrine');
    expect(other.text).not.toContain('ailleurs');
  });
});
