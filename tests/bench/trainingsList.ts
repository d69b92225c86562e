// The trainings list of a big catalogue: a new store with 2,000 trainings (one in four priced), then
// GET /trainings paged through from page 1 to the last, 20 and 100 a page, and searched, one request at a
// time as the list page sends them. The bar (issue #5) is a p95 under 50 ms. Called by run.ts.

export const TRAININGS = 2_000;
const PRICED_EVERY = 4;
const PARALLEL = 8;
const ROUNDS = 3;

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
export const round1 = (ms: number) => Math.round(ms * 10) / 10;

export type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

export function sender(base: string, token: string): Send {
  return async (method, path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

export async function expectStatus(answer: Promise<{ status: number; body: unknown }>, status: number, what: string) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

/** 2,000 trainings through the API, a few requests in flight at once (creation is not what is measured). */
async function fillCatalogue(send: Send) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < TRAININGS; i = next++) {
      const created = await expectStatus(send('POST', '/trainings', { name: `Formation n° ${i + 1}`, summary: 'Catalogue du banc d’essai' }), 201, 'createTraining');
      if (i % PRICED_EVERY === 0) {
        await expectStatus(send('POST', `/trainings/${String(created.uuid)}/payment_schedules`, { type: 'ONE_TIME', price: 49 + (i % 100) }), 201, 'createTrainingPaymentSchedule');
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Times each GET, sequentially; answers the sorted durations in ms. */
export async function timeAll(send: Send, paths: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    const startedAt = performance.now();
    const answer = await send('GET', path);
    times.push(performance.now() - startedAt);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  }
  return times.sort((a, b) => a - b);
}

/** Signs up a trainer (a store of its own), fills its catalogue, then times the list; answers the figures for the bench table. */
export async function benchTrainingsList(base: string) {
  const signUp = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-catalogue-${Date.now()}@example.test`, password: 'bench-password-1', firstname: 'Catalogue' }),
  });
  if (signUp.status !== 201) throw new Error(`register answered ${signUp.status}`);
  const send = sender(base, ((await signUp.json()) as { token: string }).token);

  const filledAt = performance.now();
  await fillCatalogue(send);
  const fillSeconds = (performance.now() - filledAt) / 1000;

  const count = await expectStatus(send('GET', '/trainings/count'), 200, 'countTrainings');
  if (count.count !== TRAININGS) throw new Error(`the store holds ${String(count.count)} trainings, not ${TRAININGS}`);

  const pages = (perPage: number) => Array.from({ length: Math.ceil(TRAININGS / perPage) }, (_, i) => `/trainings?page=${i + 1}&per_page=${perPage}`);
  await timeAll(send, pages(20).slice(0, 10)); // warm-up: validators compile and caches fill on the first calls
  const by20 = await timeAll(send, Array.from({ length: ROUNDS }, () => pages(20)).flat());
  const by100 = await timeAll(send, Array.from({ length: ROUNDS }, () => pages(100)).flat());
  const searches = await timeAll(
    send,
    Array.from({ length: 100 }, (_, i) => `/trainings?q=${encodeURIComponent(`n° ${i + 1}`)}&page=1`),
  );

  return {
    trainings_list_size: TRAININGS,
    trainings_list_fill_s: Math.round(fillSeconds * 10) / 10,
    trainings_list_requests: by20.length,
    trainings_list_p50_ms: round1(percentile(by20, 50)),
    trainings_list_p95_ms: round1(percentile(by20, 95)),
    trainings_list_100_p95_ms: round1(percentile(by100, 95)),
    trainings_search_p95_ms: round1(percentile(searches, 95)),
  };
}
