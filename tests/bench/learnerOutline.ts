// Following a training (issue 12's bars). 1) The outline of a 500-item training with locks computed for one
// learner: a weekly drip, a blocking quiz every sixth item, the first lessons done; GET
// /school/stores/demo/me/trainings/{uuid} read again and again (p50/p95 of the answer). 2) A lesson of 200 mixed
// blocks opened in the player (/ecole/demo/mes-formations/{uuid}/{item}) in chromium with the learner's session:
// navigation start → the frame painted with the 200th block. Called by run.ts (`BENCH_ONLY=learning` alone).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { mixedBlocks } from './lessonEditor';

const ITEMS = 500;
const READS = 60;
const OPEN_RUNS = 10;
const BLOCKS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;
const sorted = (figures: number[]) => [...figures].sort((a, b) => a - b);

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

function caller(base: string, token: string): Call {
  return async (method, path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Before any script of the page: stamps the frame painted once the lesson holds all its blocks. */
function instrument(blocks: number) {
  const w = window as unknown as { __playerRenderedAt?: number };
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => (w.__playerRenderedAt = performance.now());
  const observer = new MutationObserver(() => {
    if ((document.querySelector('.lesson__blocks')?.childElementCount ?? 0) >= blocks) {
      observer.disconnect();
      requestAnimationFrame(() => afterPaint.port2.postMessage(null));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function benchLearnerOutline(base: string) {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const owner = caller(base, ((await login.json()) as { token: string }).token);

  // The learner: a new account of the demo school.
  const email = `bench-${Date.now()}@example.test`;
  const registered = await fetch(`${base}/api/v1/school/stores/demo/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', firstname: 'Banc' }),
  });
  const learnerToken = ((await registered.json()) as { token: string }).token;
  const learner = caller(base, learnerToken);

  // 500 published items: lessons, a blocking quiz every sixth; a weekly drip.
  const training = await owner('POST', '/trainings', { name: `Bench : ${ITEMS} éléments à suivre` });
  const itemsPath = `/trainings/${training.uuid}/training_items`;
  const ids: number[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const quiz = i % 6 === 5;
    const item = await owner('POST', itemsPath, { type: quiz ? 'QUIZ' : 'GENERIC', name: `Élément ${i + 1}`, draft: false });
    if (quiz) await owner('PUT', `${itemsPath}/${item.id}`, { blocking: true });
    ids.push(item.id as number);
  }
  await owner('PUT', `/trainings/${training.uuid}`, { drip_frequency: 'WEEKLY' });
  // Enrolled with the drip bypassed to finish the first five lessons, then under the drip again.
  const enrolment = await owner('POST', `/trainings/${training.uuid}/customers`, { email, send_email: false, bypass_drip: true });
  const customer = (enrolment.customer as { uuid: string }).uuid;
  for (const id of ids.slice(0, 5)) await learner('PUT', `/school/stores/demo/me/trainings/${training.uuid}/items/${id}/progress`, { completed: true });
  await owner('PUT', `/trainings/${training.uuid}/customers/${customer}`, { bypass_drip: false });

  const reads: number[] = [];
  for (let run = 0; run < READS + 1; run++) {
    const started = performance.now();
    await learner('GET', `/school/stores/demo/me/trainings/${training.uuid}`);
    reads.push(performance.now() - started);
  }
  const [coldRead, ...warmReads] = reads;

  // The 200-block lesson, open to the learner (first of its training, no drip).
  const long = await owner('POST', '/trainings', { name: 'Bench : une longue leçon à suivre' });
  const lesson = await owner('POST', `/trainings/${long.uuid}/training_items`, { type: 'GENERIC', name: 'Deux cents blocs', draft: false });
  await owner('PUT', `/trainings/${long.uuid}/training_items/${lesson.id}`, { blocks: mixedBlocks(BLOCKS), version: lesson.version });
  await owner('POST', `/trainings/${long.uuid}/customers`, { email, send_email: false });

  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'fr-FR' });
    await context.addInitScript(instrument, BLOCKS);
    await context.addInitScript((token) => localStorage.setItem('cp.school.demo.token', token), learnerToken);
    const page = await context.newPage();
    const address = `${base}/ecole/demo/mes-formations/${long.uuid}/${lesson.id}`;
    const opens: number[] = [];
    for (let run = 0; run < OPEN_RUNS + 1; run++) {
      await page.goto('about:blank');
      await page.goto(address);
      const at = await page.waitForFunction(() => (window as unknown as { __playerRenderedAt?: number }).__playerRenderedAt, undefined, { timeout: 60_000 });
      opens.push((await at.jsonValue()) as number);
    }
    const [coldOpen, ...warmOpens] = opens;
    return {
      learner_outline_items: ITEMS,
      learner_outline_cold_ms: round(coldRead!),
      learner_outline_p50_ms: round(percentile(sorted(warmReads), 50)),
      learner_outline_p95_ms: round(percentile(sorted(warmReads), 95)),
      player_lesson_blocks: BLOCKS,
      player_lesson_open_cold_ms: round(coldOpen!),
      player_lesson_open_p50_ms: round(percentile(sorted(warmOpens), 50)),
      player_lesson_open_p95_ms: round(percentile(sorted(warmOpens), 95)),
    };
  } finally {
    await browser.close();
  }
}
