// The lesson editor with a long lesson (issue 10's bars): a lesson of 200 mixed blocks saved through the API again
// and again (each save a new version of the whole list: p50/p95 of the answer), then opened at
// /formations/{uuid}/editor/{id} in chromium (navigation start → the frame painted with the first block, the first
// screen's worth, and → the frame painted with the 200th block), then a
// text block opened and typed into (each keystroke: its keydown → the next frame painted, the page's own clock).
// The same keystroke measure on the bare title field gives the frame's own floor for comparison. Called by run.ts
// (`BENCH_ONLY=lesson` runs it alone).
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

const BLOCKS = 200;
const SAVE_RUNS = 40;
const OPEN_RUNS = 10;
const KEYSTROKES = 60;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;
const sorted = (figures: number[]) => [...figures].sort((a, b) => a - b);

/** One block of each kind a lesson is made of, in turn; no address needs the network to draw its block. */
export function mixedBlocks(count: number) {
  const kinds = [
    (i: number) => ({ type: 'text', data: { html: `<p>Paragraphe ${i} : <strong>une idée</strong>, <em>un exemple</em> et une <a href="https://example.test/${i}">référence</a>.</p><ul><li>Premier point</li><li>Second point</li></ul>` } }),
    (i: number) => ({ type: 'heading', data: { text: `Partie ${i}`, level: 2 } }),
    (i: number) => ({ type: 'quote', data: { text: `Citation numéro ${i}, à méditer.`, author: 'Une formatrice' } }),
    (i: number) => ({ type: 'code', data: { language: 'typescript', code: `export const value${i} = (n: number) => n * ${i};\nconsole.log(value${i}(2));` } }),
    (i: number) => ({ type: 'markdown', data: { markdown: `## Note ${i}\n\n- **gras** et *italique*\n- 2 < 3` } }),
    (i: number) => ({ type: 'flashcard', data: { front: `Question ${i}`, back: `Réponse ${i}` } }),
    (i: number) => ({ type: 'timeline', data: { entries: [{ timecode: '00:00', label: `Début ${i}` }, { timecode: '05:30', label: 'Milieu' }, { timecode: '12:00', label: 'Fin' }] } }),
    (i: number) => ({ type: 'file', data: { url: `https://files.example.test/fiche-${i}.pdf`, name: `Fiche ${i}`, size: 2048 * i, mime_type: 'application/pdf' } }),
  ];
  return Array.from({ length: count }, (_, i) => ({ id: `bench-${i}`, ...kinds[i % kinds.length]!(i) }));
}

/** Before any script of the page: stamps the frame painted once the 200th block is in the DOM, and every keystroke's next frame. */
function instrument(blocks: number) {
  const w = window as unknown as { __lessonRenderedAt?: number; __lessonFirstAt?: number; __keystrokes: number[] };
  w.__keystrokes = [];
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => (w.__lessonRenderedAt = performance.now());
  const afterFirstPaint = new MessageChannel();
  afterFirstPaint.port1.onmessage = () => (w.__lessonFirstAt = performance.now());
  let first = true;
  const observer = new MutationObserver(() => {
    const drawn = document.querySelectorAll('[data-testid="lesson-block"]').length;
    if (first && drawn > 0) {
      first = false;
      requestAnimationFrame(() => afterFirstPaint.port2.postMessage(null));
    }
    if (drawn >= blocks) {
      observer.disconnect();
      requestAnimationFrame(() => afterPaint.port2.postMessage(null));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  window.addEventListener(
    'keydown',
    (event) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.__keystrokes.push(performance.now() - event.timeStamp);
      requestAnimationFrame(() => channel.port2.postMessage(null));
    },
    { capture: true },
  );
}

async function logIn(page: Page, base: string) {
  await page.goto(`${base}/connexion`);
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-welcome').waitFor();
}

/** Types KEYSTROKES characters one by one (a person's pace, so frames do not pile up) and answers each one's latency. */
async function keystrokes(page: Page): Promise<number[]> {
  await page.evaluate(() => ((window as unknown as { __keystrokes: number[] }).__keystrokes = []));
  for (let i = 0; i < KEYSTROKES; i++) await page.keyboard.type('abcdefghij'[i % 10]!, { delay: 40 });
  await page.waitForFunction((n) => (window as unknown as { __keystrokes: number[] }).__keystrokes.length >= n, KEYSTROKES);
  return page.evaluate(() => (window as unknown as { __keystrokes: number[] }).__keystrokes);
}

export async function benchLessonEditor(base: string) {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const training = await call('POST', '/trainings', { name: 'Bench : une longue leçon' });
  const lesson = await call('POST', `/trainings/${training.uuid}/training_items`, { type: 'GENERIC', name: 'Deux cents blocs' });
  const blocks = mixedBlocks(BLOCKS);

  // Saving: the whole list each time, against the version the last save answered (as the editor does).
  const saves: number[] = [];
  let version = lesson.version as number;
  for (let run = 0; run < SAVE_RUNS + 1; run++) {
    blocks[0] = { id: 'bench-0', type: 'heading', data: { text: `Version ${run}`, level: 2 } };
    const started = performance.now();
    const saved = await call('PUT', `/trainings/${training.uuid}/training_items/${lesson.id}`, { blocks, version });
    saves.push(performance.now() - started);
    version = saved.version as number;
  }
  const [, ...warmSaves] = saves;

  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'fr-FR' });
    await context.addInitScript(instrument, BLOCKS);
    const page = await context.newPage();
    await logIn(page, base);
    const address = `${base}/formations/${training.uuid}/editor/${lesson.id}`;

    // Opening: the first visit loads the editor's code (cold), the others find it in the browser cache.
    const opens: number[] = [];
    const firsts: number[] = [];
    for (let run = 0; run < OPEN_RUNS + 1; run++) {
      await page.goto('about:blank');
      await page.goto(address);
      const at = await page.waitForFunction(() => (window as unknown as { __lessonRenderedAt?: number }).__lessonRenderedAt, undefined, { timeout: 60_000 });
      opens.push((await at.jsonValue()) as number);
      firsts.push(await page.evaluate(() => (window as unknown as { __lessonFirstAt: number }).__lessonFirstAt));
    }
    const [coldOpen, ...warmOpens] = opens;
    const [, ...warmFirsts] = firsts;

    // Typing in the title field: no block re-renders for it in a well-built page, so this is about the frame's floor.
    await page.getByTestId('lesson-name').click();
    await page.keyboard.press('End');
    const titleTyping = await keystrokes(page);

    // Typing in the 101st block (a text block) opened for editing, with the 199 others on the page.
    const block = page.getByTestId('lesson-block').nth(96);
    await block.scrollIntoViewIfNeeded();
    await block.getByRole('button', { name: /^Modifier/ }).click();
    const editor = block.getByTestId('editor-content');
    await editor.click();
    await page.keyboard.press('End');
    const blockTyping = await keystrokes(page);

    return {
      lesson_blocks: BLOCKS,
      lesson_save_p50_ms: round(percentile(sorted(warmSaves), 50)),
      lesson_save_p95_ms: round(percentile(sorted(warmSaves), 95)),
      lesson_open_cold_ms: round(coldOpen!),
      lesson_first_screen_p50_ms: round(percentile(sorted(warmFirsts), 50)),
      lesson_first_screen_p95_ms: round(percentile(sorted(warmFirsts), 95)),
      lesson_open_p50_ms: round(percentile(sorted(warmOpens), 50)),
      lesson_open_p95_ms: round(percentile(sorted(warmOpens), 95)),
      lesson_keystroke_block_p50_ms: round(percentile(sorted(blockTyping), 50)),
      lesson_keystroke_block_p95_ms: round(percentile(sorted(blockTyping), 95)),
      lesson_keystroke_title_p50_ms: round(percentile(sorted(titleTyping), 50)),
      lesson_keystroke_title_p95_ms: round(percentile(sorted(titleTyping), 95)),
    };
  } finally {
    await browser.close();
  }
}
