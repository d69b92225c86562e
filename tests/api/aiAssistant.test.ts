// The AI assistant (issue 16) in-process, its provider a fake OpenAI-compatible API on loopback: credits taken pack
// first then paid, never below zero under concurrency, given back when the provider fails or the caller cancels; the
// stream's events; bad input, roles and another store; history; credit packs bought through the platform's payment
// interface (the test provider) with the spec 9 prices and gifts.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takeCredits } from '../../server/commands/ai/credits';
import { aiContents, platformInvoices, stores, trainings } from '../../server/db/schema';
import type { Services } from '../../server/services';
import { FakeOpenAi } from '../support/fakeOpenAi';
import { inject, paymentsApp } from '../support/paymentsFixtures';
import { expectContract, uniqueEmail, validator } from './client';

let fake: FakeOpenAi;
let setup: Awaited<ReturnType<typeof paymentsApp>>;
let services: Services;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
  setup = await paymentsApp({ ai: { baseUrl: fake.url, apiKey: 'sk-fake', model: 'fake-model', timeoutMs: 10_000 } });
  ({ services, app } = setup);
  // This file opens many fresh stores from one address.
  services.config.throttle.registerPerAddress = 1000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
}, 60_000);
afterAll(async () => {
  await fake?.stop();
  // The streams' HTTP connections (kept alive by fetch) are closed with the server.
  app?.server.closeAllConnections();
  await setup?.close();
});
beforeEach(() => {
  fake.script = { pieces: ['## Titres', '\n1. Yoga ', 'pour tous'] };
  fake.requests.length = 0;
});

async function freshStore() {
  const answer = await inject(app, 'POST', '/register', { body: { email: uniqueEmail(), password: 'correct-horse-battery', firstname: 'Inès' } });
  expect(answer.status, answer.text).toBe(201);
  return { token: answer.body.token as string, store: answer.body.user.store.uuid as string };
}

const setCredits = (storeId: string, pack: number, paid: number) => services.db.update(stores).set({ aiPackCredits: pack, aiPaidCredits: paid }).where(eq(stores.id, storeId));
const creditsOf = async (storeId: string) => {
  const [row] = await services.db.select({ pack: stores.aiPackCredits, paid: stores.aiPaidCredits }).from(stores).where(eq(stores.id, storeId));
  return row!;
};
const contentsOf = (storeId: string) => services.db.select().from(aiContents).where(eq(aiContents.storeId, storeId));

async function op(operationId: string, method: string, url: string, token: string | undefined, body?: unknown) {
  const answer = await inject(app, method, url, { token, body });
  expectContract(operationId, answer);
  return answer;
}
const create = (token: string | undefined, store: string, body: unknown) => op('createAiContent', 'POST', `/stores/${store}/ai_contents`, token, body);
const list = (token: string, store: string, query = '') => op('listAiContents', 'GET', `/stores/${store}/ai_contents${query}`, token);
const credits = (token: string, store: string) => op('getAiCredits', 'GET', `/stores/${store}/ai_credits`, token);
const buy = (token: string, store: string, body: unknown) => op('buyAiCreditPack', 'POST', `/stores/${store}/ai_credits/orders`, token, body);

/** The stream over real HTTP, read as server-sent events; `onDelta` may cancel by aborting. */
async function stream(token: string, store: string, body: unknown, options: { controller?: AbortController; onDelta?: (text: string) => void } = {}) {
  const response = await fetch(`${baseUrl}/stores/${store}/ai_contents/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.controller?.signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return { status: response.status, json: await response.json(), events: [] };
  const events: { event: string; data: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked below
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
        events.push({ event: name, data });
        if (name === 'delta') options.onDelta?.(data.text);
      }
    }
  } catch (error) {
    if (!options.controller?.signal.aborted) throw error;
  }
  return { status: response.status, json: null, events, headers: response.headers };
}

describe('getAiCredits', () => {
  it('answers the balances, the costs, the spec 9 packs and that a provider is configured', async () => {
    const { token, store } = await freshStore();
    const answer = await credits(token, store);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      pack_credits: 0,
      paid_credits: 0,
      costs: { title_ideas: 1, value_proposition: 2, outline: 3, sales_page: 5 },
      packs: [
        { pack: 'S', list_price: 19, price: 12, credits: 40, gift_credits: 0 },
        { pack: 'M', list_price: 39, price: 24, credits: 80, gift_credits: 20 },
        { pack: 'L', list_price: 99, price: 60, credits: 200, gift_credits: 50 },
      ],
      usage: { contents: 0, credits_used: 0 },
      provider_configured: true,
    });
  });
});

describe('createAiContent', () => {
  it('writes the text from the trainer input and the training, pack credits first, then paid ones', async () => {
    const [training] = await services.db.select().from(trainings).where(eq(trainings.storeId, setup.storeId)).limit(1);
    await setCredits(setup.storeId, 3, 10);
    const answer = await create(setup.owner, setup.storeId, { type: 'title_ideas', input: 'Public débutant, ton chaleureux', buyable: { type: 'TRAINING', uuid: training!.id } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ type: 'title_ideas', content: '## Titres\n1. Yoga pour tous', credits_used: 1, input: 'Public débutant, ton chaleureux' });
    expect(answer.body.buyable).toEqual({ type: 'TRAINING', uuid: training!.id, name: training!.name });
    expect(answer.body.created_by.display_name).toBeTruthy();
    const request = fake.requests[0]!;
    expect(request.body.model).toBe('fake-model');
    expect(request.body.messages![1]!.content).toContain('Public débutant, ton chaleureux');
    expect(request.body.messages![1]!.content).toContain(training!.name);
    expect(await creditsOf(setup.storeId)).toEqual({ pack: 2, paid: 10 });
    // A sales page costs 5: the 2 pack credits left, then 3 paid ones.
    expect((await create(setup.owner, setup.storeId, { type: 'sales_page', input: 'Une page de vente' })).status).toBe(201);
    expect(await creditsOf(setup.storeId)).toEqual({ pack: 0, paid: 7 });
  });

  it('refuses with too few credits (403, the message says to buy a pack) and takes nothing', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 1, 1);
    const answer = await create(token, store, { type: 'outline', input: 'Un plan' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
    expect(answer.body.message).toMatch(/pack de crédits/);
    expect(fake.requests).toHaveLength(0);
    expect(await creditsOf(store)).toEqual({ pack: 1, paid: 1 });
  });

  it.each([
    ['no type', { input: 'x' }, 'type'],
    ['an unknown type', { type: 'poem', input: 'x' }, 'type'],
    ['an empty input', { type: 'outline', input: '' }, 'input'],
    ['an input too long', { type: 'outline', input: 'x'.repeat(5001) }, 'input'],
    ['a buyable that is not a uuid', { type: 'outline', input: 'x', buyable: { type: 'TRAINING', uuid: 'nope' } }, 'buyable.uuid'],
    ['an unknown buyable type', { type: 'outline', input: 'x', buyable: { type: 'COURSE', uuid: randomUUID() } }, 'buyable.type'],
    ['an unexpected field', { type: 'outline', input: 'x', credits: 0 }, 'credits'],
  ])('answers 422 for %s', async (_name, body, field) => {
    await setCredits(setup.storeId, 0, 50);
    const answer = await create(setup.owner, setup.storeId, body);
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
    expect(await creditsOf(setup.storeId)).toEqual({ pack: 0, paid: 50 });
  });

  it('is for owners and admins only: 401 without a session, 403 for a teacher or an analyst', async () => {
    await setCredits(setup.storeId, 0, 50);
    const body = { type: 'title_ideas', input: 'x' };
    expect((await create(undefined, setup.storeId, body)).status).toBe(401);
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const token = await setup.login(email);
      expect((await create(token, setup.storeId, body)).status).toBe(403);
      expect((await list(token, setup.storeId)).status).toBe(403);
      expect((await credits(token, setup.storeId)).status).toBe(403);
    }
    expect((await create(await setup.login('admin@demo.test'), setup.storeId, body)).status).toBe(201);
  });

  it('answers 404 for another store, and for a training or bundle of another store, taking nothing', async () => {
    const other = await freshStore();
    const [demoTraining] = await services.db.select().from(trainings).where(eq(trainings.storeId, setup.storeId)).limit(1);
    await setCredits(other.store, 0, 20);
    expect((await create(other.token, setup.storeId, { type: 'title_ideas', input: 'x' })).status).toBe(404);
    expect((await list(other.token, setup.storeId)).status).toBe(404);
    expect((await credits(other.token, setup.storeId)).status).toBe(404);
    const foreign = await create(other.token, other.store, { type: 'title_ideas', input: 'x', buyable: { type: 'TRAINING', uuid: demoTraining!.id } });
    expect(foreign.status).toBe(404);
    expect((await create(other.token, other.store, { type: 'title_ideas', input: 'x', buyable: { type: 'BUNDLE', uuid: randomUUID() } })).status).toBe(404);
    expect(await creditsOf(other.store)).toEqual({ pack: 0, paid: 20 });
    expect(fake.requests).toHaveLength(0);
  });

  it('gives the credits back when the provider fails (503), and answers 503 without a provider, taking nothing', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 2, 3);
    fake.script = { pieces: [], fail: 500 };
    const failed = await create(token, store, { type: 'outline', input: 'x' });
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('AI_UNAVAILABLE');
    expect(await creditsOf(store)).toEqual({ pack: 2, paid: 3 });
    const configured = services.config.ai;
    services.config.ai = undefined;
    try {
      const none = await create(token, store, { type: 'outline', input: 'x' });
      expect(none.status).toBe(503);
      expect(none.body).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
      expect(none.body.message).toMatch(/n'est pas configuré/);
      expect((await credits(token, store)).body.provider_configured).toBe(false);
      expect((await list(token, store)).status).toBe(200);
    } finally {
      services.config.ai = configured;
    }
    expect(await contentsOf(store)).toHaveLength(0);
  });

  it('answers 403 when the enterprise capability hide_copywriter is on', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 5, 0);
    const [row] = await services.db.select().from(stores).where(eq(stores.id, store));
    await services.db.update(stores).set({ enterpriseCapabilities: { ...row!.enterpriseCapabilities, hide_copywriter: true } }).where(eq(stores.id, store));
    expect((await create(token, store, { type: 'title_ideas', input: 'x' })).status).toBe(403);
    expect(await creditsOf(store)).toEqual({ pack: 5, paid: 0 });
  });

  it('never spends a credit twice under concurrency: 12 texts asked at once with 5 credits make 5 texts and a balance of 0', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 2, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(token, store, { type: 'title_ideas', input: 'x' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(7);
    expect(await creditsOf(store)).toEqual({ pack: 0, paid: 0 });
    expect(await contentsOf(store)).toHaveLength(5);
  });

  it('takeCredits alone: 40 takes of 3 on a balance of 50 succeed 16 times, and the balances never go below 0', async () => {
    const { store } = await freshStore();
    await setCredits(store, 10, 40);
    const taken = await Promise.all(Array.from({ length: 40 }, () => takeCredits(services, store, 3)));
    const ok = taken.filter((t) => t !== null);
    expect(ok).toHaveLength(16);
    expect(ok.reduce((sum, t) => sum + t!.pack, 0)).toBe(10);
    expect(await creditsOf(store)).toEqual({ pack: 0, paid: 2 });
  });
});

describe('streamAiContent', () => {
  it('streams the pieces as delta events, then done with the kept content', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 0, 5);
    const answer = await stream(token, store, { type: 'value_proposition', input: 'Pour les parents' });
    expect(answer.status).toBe(200);
    expect(answer.headers!.get('cache-control')).toContain('no-cache');
    expect(answer.events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(['## Titres', '\n1. Yoga ', 'pour tous']);
    const done = answer.events.at(-1)!;
    expect(done.event).toBe('done');
    expect(validator.schemaAt('#/components/schemas/AiContent')(done.data)).toBe(true);
    expect(done.data).toMatchObject({ type: 'value_proposition', content: '## Titres\n1. Yoga pour tous', credits_used: 2 });
    expect(await creditsOf(store)).toEqual({ pack: 0, paid: 3 });
    const history = await list(token, store);
    expect(history.body.data.map((c: { uuid: string }) => c.uuid)).toEqual([done.data.uuid]);
  });

  it('answers refusals as JSON before any event (403 credits, 422, 503 provider down)', async () => {
    const { token, store } = await freshStore();
    expect((await stream(token, store, { type: 'outline', input: 'x' })).status).toBe(403);
    expect((await stream(token, store, { type: 'outline' })).status).toBe(422);
    await setCredits(store, 3, 0);
    fake.script = { pieces: [], fail: 502 };
    const down = await stream(token, store, { type: 'outline', input: 'x' });
    expect(down.status).toBe(503);
    expect(down.json.code).toBe('AI_UNAVAILABLE');
    expect(await creditsOf(store)).toEqual({ pack: 3, paid: 0 });
  });

  it('a provider that breaks mid-text ends with an error event, the credits given back and nothing kept', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 3, 0);
    // The connection is cut once the first piece has reached the caller.
    fake.script = { pieces: ['Début du plan'], hold: true, break: true };
    const answer = await stream(token, store, { type: 'outline', input: 'x' }, { onDelta: () => fake.release() });
    expect(answer.events.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(answer.events[1]!.data).toMatchObject({ code: 'AI_FAILED' });
    expect(await creditsOf(store)).toEqual({ pack: 3, paid: 0 });
    expect(await contentsOf(store)).toHaveLength(0);
  });

  it('cancelling (closing the connection) stops the provider request, gives the credits back and keeps nothing', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 1, 4);
    fake.script = { pieces: ['Une page', ' de vente'], hold: true };
    const before = fake.closedEarly;
    const controller = new AbortController();
    const seen: string[] = [];
    await stream(token, store, { type: 'sales_page', input: 'x' }, { controller, onDelta: (text) => seen.push(text) === 2 && controller.abort() });
    expect(seen).toEqual(['Une page', ' de vente']);
    await expect.poll(() => fake.closedEarly).toBe(before + 1);
    await expect.poll(() => creditsOf(store)).toEqual({ pack: 1, paid: 4 });
    expect(await contentsOf(store)).toHaveLength(0);
  });
});

describe('listAiContents', () => {
  it('pages the history newest first, filters by type, and shows only the store own texts', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 0, 20);
    for (const type of ['title_ideas', 'outline', 'title_ideas']) expect((await create(token, store, { type, input: `pour ${type}` })).status).toBe(201);
    const page = await list(token, store, '?per_page=2');
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(page.body.data.map((c: { type: string }) => c.type)).toEqual(['title_ideas', 'outline']);
    expect((await list(token, store, '?type=outline')).body.data).toHaveLength(1);
    expect((await list(token, store, '?type=poem')).status).toBe(422);
    const other = await freshStore();
    expect((await list(other.token, other.store)).body.data).toHaveLength(0);
    expect((await credits(token, store)).body.usage).toEqual({ contents: 3, credits_used: 5 });
  });
});

describe('buyAiCreditPack', () => {
  it('orders a pack at its promo price and adds its credits and gift once the test provider reports it paid', async () => {
    const { token, store } = await freshStore();
    await setCredits(store, 1, 2);
    const order = await buy(token, store, { pack: 'M' });
    expect(order.status, order.text).toBe(201);
    expect(order.body).toMatchObject({ kind: 'AI_CREDITS', ai_credit_pack: 'M', plan: null, frequency: null, seats: null, gross_amount: 39, amount: 24, status: 'PENDING' });
    expect(order.body.payment_url).toBe(`/abonnement/paiement-test/${order.body.uuid}`);
    expect(await creditsOf(store)).toEqual({ pack: 1, paid: 2 });
    const pay = () => op('completePlatformTestPayment', 'POST', `/stores/${store}/subscription/orders/${order.body.uuid}/test-payment`, token, { outcome: 'PAID' });
    expect((await pay()).body.status).toBe('PAID');
    expect(await creditsOf(store)).toEqual({ pack: 21, paid: 82 });
    // A second report changes nothing.
    await pay();
    expect(await creditsOf(store)).toEqual({ pack: 21, paid: 82 });
    const invoices = await services.db.select().from(platformInvoices).where(and(eq(platformInvoices.storeId, store)));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 2400 });
    expect(invoices[0]!.description).toContain('Pack de crédits IA M');
  });

  it('a failed payment adds nothing; bad packs answer 422; teachers 403; another store 404', async () => {
    const { token, store } = await freshStore();
    const order = await buy(token, store, { pack: 'L' });
    expect(order.body.amount).toBe(60);
    await op('completePlatformTestPayment', 'POST', `/stores/${store}/subscription/orders/${order.body.uuid}/test-payment`, token, { outcome: 'FAILED' });
    expect(await creditsOf(store)).toEqual({ pack: 0, paid: 0 });
    expect((await buy(token, store, { pack: 'XL' })).status).toBe(422);
    expect((await buy(token, store, {})).status).toBe(422);
    expect((await buy(await setup.login('teacher@demo.test'), setup.storeId, { pack: 'S' })).status).toBe(403);
    expect((await buy(token, setup.storeId, { pack: 'S' })).status).toBe(404);
  });
});
