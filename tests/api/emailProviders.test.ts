// E-mail marketing services (`/marketing/connexions-externes`): the operations in-process against a fake of each
// service on loopback (the adapters' addresses come from the configuration), the key checked before it is stored,
// stored sealed and never given back; a training's lists; and, on enrolment, the learner added to the training's
// list by the `emailList.subscribe` job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeEnrolment } from '../../server/commands/emailProviders/emailProviders';
import { emailListSubscriptions, storeEmailProviders, trainings } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { startQueue, type StartedQueue } from '../../server/jobs/queue';
import { applyPaymentEvent } from '../../server/payments/applyPaymentEvent';
import type { Services } from '../../server/services';
import { eventually } from '../support/jobs';
import { loopbackJsonServer, type LoopbackRequest } from '../support/loopbackServer';
import { inject, insertDraftSale, paymentsApp } from '../support/paymentsFixtures';
import { expectContract } from './client';

const BREVO_KEY = 'xkeysib-good-brevo-key-1234';
const MAILCHIMP_KEY = 'f00dfeedf00dfeedf00dfeed-us21';
const MAILERLITE_KEY = 'ml-good-key-abcd';
const ACTIVECAMPAIGN_KEY = 'ac-good-token-5678';
const KIT_KEY = 'kit_good_key_9012';
const SYSTEME_KEY = 'sio-good-key-3456';

describe('e-mail providers', () => {
  let setup: Awaited<ReturnType<typeof paymentsApp>>;
  let services: Services;
  let queue: StartedQueue;
  let fake: Awaited<ReturnType<typeof loopbackJsonServer>>;
  const received: LoopbackRequest[] = [];
  let mailerliteDown = false;

  /** The services as far as the adapters use them: each refuses any other key (in the header its real API reads) with 401. */
  function answer(request: LoopbackRequest): [number, unknown] {
    received.push(request);
    const [, service, ...rest] = request.path.split('/');
    const path = `/${rest.join('/')}`;
    const json = () => JSON.parse(request.raw || 'null') as Record<string, unknown>;
    // ActiveCampaign lives at the account's own address (the origin the trainer gives): /api/3/…
    if (service === 'api' && rest[0] === '3') {
      const at = `/${rest.slice(1).join('/')}`;
      if (request.headers['api-token'] !== ACTIVECAMPAIGN_KEY) return [403, { message: 'No Result found for Subscriber with id 0' }];
      if (at === '/users/me') return [200, { user: { id: '1', username: 'admin' } }];
      if (at.startsWith('/lists?')) return [200, { lists: [{ id: '3', name: 'Élèves AC' }], meta: { total: '1' } }];
      if (at === '/contact/sync' && request.method === 'POST') return [201, { contact: { id: '58', email: (json().contact as { email: string }).email } }];
      if (at === '/contactLists' && request.method === 'POST') return [201, { contactList: { id: '9', ...(json().contactList as object) } }];
    }
    if (service === 'kit') {
      if (request.headers['x-kit-api-key'] !== KIT_KEY) return [401, { errors: ['The access token is invalid'] }];
      if (path === '/account') return [200, { user: { email: 'owner@example.test' }, account: { name: 'Demo' } }];
      if (path.startsWith('/tags?')) return [200, { tags: [{ id: 42, name: 'Formation lumière', created_at: '2026-01-01T00:00:00Z' }], pagination: { has_next_page: false } }];
      if (path === '/subscribers' && request.method === 'POST') return [201, { subscriber: { id: 1201, email_address: json().email_address } }];
      if (path === '/tags/42/subscribers' && request.method === 'POST') return [201, { subscriber: { id: 1201 } }];
    }
    if (service === 'systeme') {
      if (request.headers['x-api-key'] !== SYSTEME_KEY) return [401, { type: 'https://tools.ietf.org/html/rfc2616#section-10', title: 'Unauthorized' }];
      if (path.startsWith('/tags?')) return [200, { items: [{ id: 55, name: 'Clients' }], hasMore: false }];
      if (path.startsWith('/contacts?email=') && request.method === 'GET') return [200, { items: [], hasMore: false }];
      if (path === '/contacts' && request.method === 'POST') return [201, { id: 777, email: json().email }];
      if (path === '/contacts/777/tags' && request.method === 'POST') return [204, null];
    }
    if (service === 'brevo') {
      if (request.headers['api-key'] !== BREVO_KEY) return [401, { code: 'unauthorized' }];
      if (path === '/account') return [200, { email: 'owner@example.test' }];
      if (path.startsWith('/contacts/lists')) return [200, { lists: [{ id: 7, name: 'Clients' }, { id: 9, name: 'Prospects' }], count: 2 }];
      if (path === '/contacts' && request.method === 'POST') return [201, { id: 1 }];
    }
    if (service === 'mailchimp') {
      if (request.headers.authorization !== `Basic ${Buffer.from(`platform:${MAILCHIMP_KEY}`).toString('base64')}`) return [401, { title: 'API Key Invalid' }];
      if (path === '/ping') return [200, { health_status: "Everything's Chimpy!" }];
      if (path.startsWith('/lists?')) return [200, { lists: [{ id: 'a1b2c3', name: 'Newsletter' }] }];
      if (path.startsWith('/lists/a1b2c3/members/') && request.method === 'PUT') return [200, { id: 'member' }];
    }
    if (service === 'mailerlite') {
      if (mailerliteDown) return [503, { message: 'maintenance' }];
      if (request.headers.authorization !== `Bearer ${MAILERLITE_KEY}`) return [401, { message: 'Unauthenticated.' }];
      if (path.startsWith('/groups')) return [200, { data: [{ id: '1234567', name: 'Élèves' }] }];
      if (path === '/subscribers' && request.method === 'POST') return [201, { data: { id: '1' } }];
    }
    return [404, { message: 'not found' }];
  }

  beforeAll(async () => {
    fake = await loopbackJsonServer(answer);
    setup = await paymentsApp({
      emailProviders: {
        keysSecret: 'test-provider-keys-secret',
        brevoApiUrl: `${fake.url}/brevo`,
        mailchimpApiUrl: `${fake.url}/mailchimp`,
        mailerliteApiUrl: `${fake.url}/mailerlite`,
        kitApiUrl: `${fake.url}/kit`,
        systemeIoApiUrl: `${fake.url}/systeme`,
        // ActiveCampaign's address is the account's own (given below); the guard lets this test's fake on loopback through.
        activeCampaignApiUrl: undefined,
        allowLoopbackForTests: true,
      },
    });
    queue = await startQueue(setup.env.queueDatabase, { pollingIntervalSeconds: 0.5, queues: { 'emailList.subscribe': { retryLimit: 2, retryDelay: 1 } } });
    services = { ...setup.services, jobs: queue };
    await queue.work({ 'emailList.subscribe': ({ customerTrainingId }) => subscribeEnrolment(services, customerTrainingId) });
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    await setup?.close();
    await fake?.close();
  });

  const call = async (operationId: string, method: string, url: string, token: string, body?: unknown) => {
    const answer = await inject(setup.app, method, url, { token, body });
    expectContract(operationId, answer);
    return answer;
  };
  const list = (token: string, store = setup.storeId) => call('listEmailProviders', 'GET', `/stores/${store}/emails/providers`, token);
  const update = (token: string, body: unknown, store = setup.storeId) => call('updateEmailProvider', 'PUT', `/stores/${store}/emails/providers`, token, body);
  const lists = (token: string, training: string) => call('listTrainingEmailLists', 'GET', `/trainings/${training}/emails/lists`, token);

  it('lists each supported service, none connected at first', async () => {
    const answer = await list(setup.owner);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.map((p: { provider: string }) => p.provider)).toEqual(['BREVO', 'MAILCHIMP', 'MAILERLITE', 'ACTIVECAMPAIGN', 'KIT', 'SYSTEME_IO']);
    for (const entry of answer.body.data) expect(entry).toMatchObject({ enabled: false, connected: false, api_key_last_four: null, default_list_id: null });
  });

  it('checks a key with the service before keeping it, keeps it sealed and never gives it back', async () => {
    const refused = await update(setup.owner, { provider: 'BREVO', api_key: 'xkeysib-wrong' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.api_key[0]).toMatch(/refusé/);
    expect((await list(setup.owner)).body.data[0]).toMatchObject({ connected: false });

    const connected = await update(setup.owner, { provider: 'BREVO', api_key: BREVO_KEY });
    expect(connected.status, connected.text).toBe(200);
    expect(connected.body.data[0]).toEqual({ provider: 'BREVO', enabled: true, connected: true, api_url: null, api_key_last_four: '1234', default_list_id: null });
    expect(connected.text).not.toContain(BREVO_KEY);
    expect((await list(setup.owner)).text).not.toContain(BREVO_KEY);
    const [row] = await services.db.select().from(storeEmailProviders).where(eq(storeEmailProviders.provider, 'BREVO'));
    expect(row!.apiKeyEncrypted).toBeTruthy();
    expect(row!.apiKeyEncrypted).not.toContain(BREVO_KEY);
    expect(received.filter((r) => r.path === '/brevo/account').map((r) => r.headers['api-key'])).toEqual(['xkeysib-wrong', BREVO_KEY]);

    // A default list must be one of the account's; the key is read back from its sealed form to ask.
    expect((await update(setup.owner, { provider: 'BREVO', default_list_id: '404' })).status).toBe(422);
    const withList = await update(setup.owner, { provider: 'BREVO', default_list_id: '9' });
    expect(withList.body.data[0]).toMatchObject({ default_list_id: '9', connected: true });

    const mailchimp = await update(setup.owner, { provider: 'MAILCHIMP', api_key: MAILCHIMP_KEY, enabled: false });
    expect(mailchimp.body.data[1]).toMatchObject({ provider: 'MAILCHIMP', connected: true, enabled: false, api_key_last_four: 'us21' });
  });

  it('refuses what it cannot do: another service, an address, a service down, turning on without a key', async () => {
    for (const [body, field] of [
      [{ provider: 'KIT', api_key: 'k' }, 'api_key'],
      [{ provider: 'KIT', api_url: 'https://api.kit.com/v4' }, 'api_url'],
      [{ provider: 'SOMETHING', api_key: 'k' }, 'provider'],
      [{ api_key: 'k' }, 'provider'],
      [{ provider: 'BREVO', api_url: 'https://api.example.com/v3' }, 'api_url'],
      [{ provider: 'BREVO', api_key: 'x'.repeat(513) }, 'api_key'],
      [{ provider: 'MAILERLITE', enabled: true }, 'enabled'],
      [{ provider: 'MAILCHIMP', api_key: 'no-data-centre' }, 'api_key'],
    ] as const) {
      const answer = await update(setup.owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    mailerliteDown = true;
    const down = await update(setup.owner, { provider: 'MAILERLITE', api_key: MAILERLITE_KEY });
    mailerliteDown = false;
    expect(down.status).toBe(422);
    expect(down.body.errors.api_key[0]).toMatch(/ne répond pas/);
    expect((await list(setup.owner)).body.data[2]).toMatchObject({ connected: false, enabled: false });
  });

  it('gives a training the lists of the services turned on; managers only; another store 404', async () => {
    const answer = await lists(setup.owner, DEMO_IDS.trainings.photo);
    expect(answer.status, answer.text).toBe(200);
    // Mailchimp is connected but off: its lists are not offered.
    expect(answer.body.data).toEqual([
      { id: 'BREVO:7', name: 'Clients', provider: 'BREVO' },
      { id: 'BREVO:9', name: 'Prospects', provider: 'BREVO' },
    ]);
    expect((await lists(await setup.login('teacher@demo.test'), DEMO_IDS.trainings.photo)).status).toBe(200);
    expect((await lists(await setup.login('analyst@demo.test'), DEMO_IDS.trainings.photo)).status).toBe(403);
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const token = await setup.login(email);
      expect((await list(token)).status, email).toBe(403);
      expect((await update(token, { provider: 'BREVO', api_key: null })).status, email).toBe(403);
    }
    expect((await list(await setup.login('admin@demo.test'))).status).toBe(200);

    const other = await inject(setup.app, 'POST', '/register', { body: { email: `other-${Date.now()}@example.test`, password: 'correct-horse-battery', firstname: 'Autre' } });
    const otherToken = other.body.token as string;
    const otherStore = other.body.user.store.uuid as string;
    expect((await lists(otherToken, DEMO_IDS.trainings.photo)).status).toBe(404);
    expect((await list(otherToken, setup.storeId)).status).toBe(404);
    expect((await update(otherToken, { provider: 'BREVO', api_key: null }, setup.storeId)).status).toBe(404);
    // Their own store has nothing connected.
    expect((await list(otherToken, otherStore)).body.data.every((p: { connected: boolean }) => !p.connected)).toBe(true);
  });

  it('adds a new learner to the training’s list through the job queue, once', async () => {
    await services.db.update(trainings).set({ emailListId: 'BREVO:7' }).where(eq(trainings.id, DEMO_IDS.trainings.photo));
    const { sale, customer } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.photo, provider: 'STRIPE', providerRef: null });
    await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `lists-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });
    const post = await eventually(() => received.find((r) => r.path === '/brevo/contacts' && r.raw.includes(customer.email)), 30_000, 'the Brevo contact');
    expect(post.headers['api-key']).toBe(BREVO_KEY);
    expect(JSON.parse(post.raw)).toEqual({ email: customer.email, attributes: { FIRSTNAME: 'Inès', LASTNAME: 'Petit' }, listIds: [7], updateEnabled: true });
    const ledger = await eventually(async () => {
      const rows = await services.db.select().from(emailListSubscriptions);
      return rows.length ? rows : undefined;
    }, 10_000, 'the ledger row');
    expect(ledger.map((row) => row.listId)).toEqual(['BREVO:7']);
    // Run again (a retry after a crash): nothing is posted twice.
    const before = received.filter((r) => r.path === '/brevo/contacts').length;
    await subscribeEnrolment(services, ledger[0]!.customerTrainingId);
    expect(received.filter((r) => r.path === '/brevo/contacts').length).toBe(before);
  }, 60_000);

  it('disconnects: the key is forgotten and the service turned off', async () => {
    const answer = await update(setup.owner, { provider: 'BREVO', api_key: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toEqual({ provider: 'BREVO', enabled: false, connected: false, api_url: null, api_key_last_four: null, default_list_id: null });
    const [row] = await services.db.select().from(storeEmailProviders).where(eq(storeEmailProviders.provider, 'BREVO'));
    expect(row!.apiKeyEncrypted).toBeNull();
    expect((await lists(setup.owner, DEMO_IDS.trainings.photo)).body.data).toEqual([]);
  });

  describe('ActiveCampaign, Kit and Systeme.io', () => {
    it('connects ActiveCampaign at the account’s own address, refused by the SSRF guard when not public', async () => {
      // The address is needed, and checked like a webhook's before anything is sent to it.
      for (const [api_url, why] of [
        [undefined, /adresse d’API/],
        ['https://10.0.0.8', /réseau privé/],
        ['https://169.254.169.254/api/3', /réseau privé/],
        ['http://8.8.8.8', /https/],
      ] as const) {
        const answer = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_key: ACTIVECAMPAIGN_KEY, ...(api_url ? { api_url } : {}) });
        expect(answer.status, String(api_url)).toBe(422);
        expect(answer.body.errors.api_url[0], String(api_url)).toMatch(why);
      }
      expect(received.some((r) => r.path.startsWith('/api/3'))).toBe(false);

      const wrong = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_key: 'ac-wrong', api_url: `${fake.url}/api/3` });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.api_key[0]).toMatch(/refusé/);

      const connected = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_key: ACTIVECAMPAIGN_KEY, api_url: `${fake.url}/api/3`, default_list_id: '3' });
      expect(connected.status, connected.text).toBe(200);
      // Kept as the account's origin; the key sent in the Api-Token header it reads.
      expect(connected.body.data[3]).toEqual({ provider: 'ACTIVECAMPAIGN', enabled: true, connected: true, api_url: fake.url, api_key_last_four: '5678', default_list_id: '3' });
      expect(connected.text).not.toContain(ACTIVECAMPAIGN_KEY);
      expect(received.filter((r) => r.path === '/api/3/users/me').map((r) => r.headers['api-token'])).toEqual(['ac-wrong', ACTIVECAMPAIGN_KEY]);
    });

    it('connects Kit (X-Kit-Api-Key) and Systeme.io (X-API-Key) with their tags as lists', async () => {
      expect((await update(setup.owner, { provider: 'SYSTEME_IO', api_key: 'sio-wrong' })).body.errors.api_key[0]).toMatch(/refusé/);
      const kit = await update(setup.owner, { provider: 'KIT', api_key: KIT_KEY, default_list_id: '42' });
      expect(kit.status, kit.text).toBe(200);
      expect(kit.body.data[4]).toEqual({ provider: 'KIT', enabled: true, connected: true, api_url: null, api_key_last_four: '9012', default_list_id: '42' });
      const systeme = await update(setup.owner, { provider: 'SYSTEME_IO', api_key: SYSTEME_KEY, default_list_id: '55' });
      expect(systeme.status, systeme.text).toBe(200);
      expect(systeme.body.data[5]).toMatchObject({ provider: 'SYSTEME_IO', connected: true, default_list_id: '55' });
      expect((await update(setup.owner, { provider: 'KIT', default_list_id: '404' })).body.errors.default_list_id[0]).toMatch(/n'existe pas/);

      const answer = await lists(setup.owner, DEMO_IDS.trainings.light);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toEqual([
        { id: 'ACTIVECAMPAIGN:3', name: 'Élèves AC', provider: 'ACTIVECAMPAIGN' },
        { id: 'KIT:42', name: 'Formation lumière', provider: 'KIT' },
        { id: 'SYSTEME_IO:55', name: 'Clients', provider: 'SYSTEME_IO' },
      ]);
    });

    it('adds a new learner to each service’s default list through the job, with the header each API reads', async () => {
      const { sale, customer } = await insertDraftSale(services.db, { storeId: setup.storeId, trainingId: DEMO_IDS.trainings.light, provider: 'STRIPE', providerRef: null });
      await applyPaymentEvent(services, { provider: 'STRIPE', eventId: `lists-${sale.id}`, saleId: sale.id, outcome: 'PAID', occurredAt: services.clock() });
      const ledger = await eventually(async () => {
        const rows = await services.db.select().from(emailListSubscriptions);
        const refs = rows.filter((row) => !row.listId.startsWith('BREVO')).map((row) => row.listId).sort();
        return refs.length === 3 ? refs : undefined;
      }, 30_000, 'the three ledger rows');
      expect(ledger).toEqual(['ACTIVECAMPAIGN:3', 'KIT:42', 'SYSTEME_IO:55']);
      const bodyOf = (path: string) => {
        const found = received.find((r) => r.path === path && r.raw.includes(customer.email));
        return found ? { headers: found.headers, body: JSON.parse(found.raw) } : undefined;
      };
      expect(bodyOf('/api/3/contact/sync')).toMatchObject({ headers: { 'api-token': ACTIVECAMPAIGN_KEY }, body: { contact: { email: customer.email, firstName: 'Inès', lastName: 'Petit' } } });
      const listed = received.find((r) => r.path === '/api/3/contactLists');
      expect(JSON.parse(listed!.raw)).toEqual({ contactList: { list: 3, contact: 58, status: 1 } });
      expect(bodyOf('/kit/subscribers')).toMatchObject({ headers: { 'x-kit-api-key': KIT_KEY }, body: { email_address: customer.email, first_name: 'Inès', state: 'active' } });
      expect(bodyOf('/kit/tags/42/subscribers')?.body).toEqual({ email_address: customer.email });
      expect(bodyOf('/systeme/contacts')).toMatchObject({ headers: { 'x-api-key': SYSTEME_KEY }, body: { email: customer.email, fields: [{ slug: 'first_name', value: 'Inès' }, { slug: 'surname', value: 'Petit' }] } });
      const tagged = received.find((r) => r.path === '/systeme/contacts/777/tags');
      expect(tagged?.headers['x-api-key']).toBe(SYSTEME_KEY);
      expect(JSON.parse(tagged!.raw)).toEqual({ tagId: 55 });
    }, 60_000);

    it('a new account address re-checks the stored key there; disconnecting forgets the address too', async () => {
      const refused = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_url: 'https://192.168.1.20' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.api_url[0]).toMatch(/réseau privé/);
      // Another account address (a second fake): the stored key is asked there, and the old account's default list is forgotten.
      const second = await loopbackJsonServer(answer);
      try {
        const checks = received.filter((r) => r.path === '/api/3/users/me').length;
        const moved = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_url: second.url });
        expect(moved.status, moved.text).toBe(200);
        expect(moved.body.data[3]).toMatchObject({ api_url: second.url, connected: true, default_list_id: null });
        expect(received.filter((r) => r.path === '/api/3/users/me').length).toBe(checks + 1);
      } finally {
        await second.close();
      }
      const off = await update(setup.owner, { provider: 'ACTIVECAMPAIGN', api_key: null });
      expect(off.body.data[3]).toEqual({ provider: 'ACTIVECAMPAIGN', enabled: false, connected: false, api_url: null, api_key_last_four: null, default_list_id: null });
    });
  });
});
