// The item tree of a big training in the browser: a training with 500 items in 25 sections (built through the
// API like the reorder bench), opened at /formations/{uuid} in chromium again and again, timed from navigation
// start to the first frame painted with the tree on screen (every section's header, and the rows of every section
// the screen shows); then to the end of the last long task after it (the page answers input again); then the time a
// jump to the end of the tree takes to paint the last section's rows (drawn when scrolled near: TreeRows.tsx); then
// drag-and-drop moves in the UI, timed from the drop to the server's answer and to the tree settled (the moved item
// in its new section, no save running). Called by run.ts.
import { chromium, type Page } from '@playwright/test';
import { buildBigTraining, ITEMS_PER_SECTION, SECTIONS } from './itemsReorder';

const RENDER_RUNS = 12;
const DRAG_RUNS = 12;
const ITEMS = SECTIONS * ITEMS_PER_SECTION;
/** Long tasks this long after the tree first painted still count as its drawing (a deferred render of the rest). */
const SETTLE_WINDOW_MS = 3_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Before any script of the page: a MutationObserver sees the first item rows arrive (`__treeFirstAt`) and the tree
 * on screen complete (`sections` sections, each one the screen shows with its rows drawn, not `[data-deferred]`),
 * then `__treeRenderedAt` (ms since navigation start) is stamped once the next frame is laid out and painted (a
 * message posted from requestAnimationFrame runs after that frame); long tasks are recorded (`__longTasks`, their
 * ends) and every pointerup stamps `__dropAt`. The figures come from the page's own clock rather than from polling.
 */
function instrument(sections: number) {
  const w = window as unknown as { __treeRenderedAt?: number; __treeFirstAt?: number; __dropAt?: number; __longTasks: number[] };
  w.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.startTime + entry.duration);
    }).observe({ entryTypes: ['longtask'] });
  } catch {
    // No Long Tasks API: "settled" is then the paint itself.
  }
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => (w.__treeRenderedAt = performance.now());
  const afterFirstPaint = new MessageChannel();
  afterFirstPaint.port1.onmessage = () => (w.__treeFirstAt = performance.now());
  let first = true;
  // No named function inside: the bench runs through tsx, whose esbuild would wrap it in a helper the page lacks.
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('.item-tree__items > .item-tree__item').length;
    if (first && rows > 0) {
      first = false;
      requestAnimationFrame(() => afterFirstPaint.port2.postMessage(null));
    }
    const all = [...document.querySelectorAll<HTMLElement>('.item-tree__section')];
    const onScreen = all.filter((section) => section.getBoundingClientRect().top < window.innerHeight);
    if (rows > 0 && all.length >= sections && !onScreen.some((section) => section.querySelector('.item-tree__items[data-deferred]'))) {
      observer.disconnect();
      requestAnimationFrame(() => afterPaint.port2.postMessage(null));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  window.addEventListener('pointerup', () => (w.__dropAt = performance.now()), { capture: true });
}

async function logIn(page: Page, base: string) {
  await page.goto(`${base}/connexion`);
  await page.locator('input[name=email]').fill('owner@demo.test');
  await page.locator('input[name=password]').fill('demo-password');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-welcome').waitFor();
}

/** Drags the last item of section `from` onto the first item of the next section (both on screen). */
async function dragAcross(page: Page, fromSection: number, toSection: number) {
  const sections = page.locator('.item-tree__section');
  // A section far from the screen draws its rows when scrolled near: bring both near first.
  await sections.nth(toSection).scrollIntoViewIfNeeded();
  await sections.nth(fromSection).scrollIntoViewIfNeeded();
  const source = sections.nth(fromSection).locator('.item-tree__items > .item-tree__item').last();
  const target = sections.nth(toSection).locator('.item-tree__items > .item-tree__item').first();
  const id = await source.getAttribute('data-tree-id');
  await source.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  const handle = (await source.locator('[data-drag-handle]').boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 8, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 10 });
  await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 2 });
  await page.mouse.up();
  return id!;
}

/** Logs in as the demo owner, builds the training, opens its tree RENDER_RUNS times and drags DRAG_RUNS times. */
export async function benchTreeRender(base: string) {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const uuid = await buildBigTraining(async (method, path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH === '' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    await context.addInitScript(instrument, SECTIONS);
    const page = await context.newPage();
    await logIn(page, base);

    // Render: the first visit loads the page's code (cold), the others find it in the browser cache.
    const renders: number[] = [];
    const drawing: number[] = [];
    const firsts: number[] = [];
    const firstDrawing: number[] = [];
    const settledRenders: number[] = [];
    const toEnd: number[] = [];
    for (let run = 0; run < RENDER_RUNS + 1; run++) {
      // From a blank page, so tearing down the previous 500-row page is not counted in this one.
      await page.goto('about:blank');
      await page.goto(`${base}/formations/${uuid}`);
      const at = await page
        .waitForFunction(() => (window as unknown as { __treeRenderedAt?: number }).__treeRenderedAt, undefined, { timeout: 30_000 })
        .catch(async (error: unknown) => {
          const state = await page.evaluate(() => ({
            sections: document.querySelectorAll('.item-tree__section').length,
            rows: document.querySelectorAll('.item-tree__items > .item-tree__item').length,
            deferred: document.querySelectorAll('[data-deferred]').length,
            tops: [...document.querySelectorAll('.item-tree__section')].slice(0, 5).map((s) => Math.round(s.getBoundingClientRect().top)),
            height: window.innerHeight,
            scroll: window.scrollY,
            first: (window as unknown as { __treeFirstAt?: number }).__treeFirstAt,
          }));
          throw new Error(`the tree was not painted: ${JSON.stringify(state)} (${String(error)})`);
        });
      renders.push((await at.jsonValue()) as number);
      firsts.push(await page.evaluate(() => (window as unknown as { __treeFirstAt: number }).__treeFirstAt));
      // The last API answer before that frame (the training with its items): what follows is the tree's own drawing.
      const arrived = await page.evaluate((renderedAt) => {
        const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v1/'));
        return Math.max(...answers.map((e) => (e as PerformanceResourceTiming).responseEnd).filter((end) => end < renderedAt));
      }, renders.at(-1)!);
      drawing.push(renders.at(-1)! - arrived);
      firstDrawing.push(firsts.at(-1)! - arrived);
      // Settled: the end of the last long task (a render of what was left for later) in the window after that frame.
      await page.waitForTimeout(SETTLE_WINDOW_MS);
      settledRenders.push(
        await page.evaluate(
          ({ renderedAt, window: span }) => Math.max(renderedAt, ...(window as unknown as { __longTasks: number[] }).__longTasks.filter((end) => end <= renderedAt + span)),
          { renderedAt: renders.at(-1)!, window: SETTLE_WINDOW_MS },
        ),
      );
      // A jump to the end of the tree: until the last section's rows are painted.
      toEnd.push(
        await page.evaluate(async () => {
          const started = performance.now();
          window.scrollTo(0, document.documentElement.scrollHeight);
          for (;;) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
            const sections = document.querySelectorAll('.item-tree__section');
            const last = sections[sections.length - 1];
            if (last && !last.querySelector('[data-deferred]') && last.querySelectorAll('.item-tree__item').length > 0) break;
          }
          // The frame that shows them.
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
          return performance.now() - started;
        }),
      );
    }
    const [cold, ...warm] = renders;
    warm.sort((a, b) => a - b);
    const warmOnly = (figures: number[]) => figures.slice(1).sort((a, b) => a - b);
    const [warmDrawing, warmFirsts, warmFirstDrawing, warmSettled, warmToEnd] = [
      warmOnly(drawing),
      warmOnly(firsts),
      warmOnly(firstDrawing),
      warmOnly(settledRenders),
      warmOnly(toEnd),
    ];

    // Drag: drop → PUT …/reordering answered → the tree shows the item in its new section with no save running.
    const answered: number[] = [];
    const settled: number[] = [];
    await page.goto(`${base}/formations/${uuid}`);
    await page.waitForFunction(() => (window as unknown as { __treeRenderedAt?: number }).__treeRenderedAt);
    for (let run = 0; run < DRAG_RUNS; run++) {
      const from = run % (SECTIONS - 1);
      const response = page.waitForResponse((r) => r.url().endsWith('/training_items/reordering') && r.request().method() === 'PUT');
      const id = await dragAcross(page, from, from + 1);
      const reply = await response;
      if (reply.status() !== 200) throw new Error(`reorderTrainingItems answered ${reply.status()}`);
      const settledAt = await page.waitForFunction(
        ({ id, section }) => {
          const inTarget = document.querySelectorAll('.item-tree__section')[section]?.querySelector(`.item-tree__items > [data-tree-id="${id}"]`);
          return inTarget && !document.querySelector('[data-testid="tree-saving"]') ? performance.now() : null;
        },
        { id, section: from + 1 },
        { timeout: 10_000 },
      );
      const timing = await page.evaluate(() => {
        const w = window as unknown as { __dropAt: number };
        const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/training_items/reordering')).pop() as PerformanceResourceTiming;
        return { dropAt: w.__dropAt, answeredAt: entry.responseEnd };
      });
      answered.push(timing.answeredAt - timing.dropAt);
      settled.push(((await settledAt.jsonValue()) as number) - timing.dropAt);
    }
    answered.sort((a, b) => a - b);
    settled.sort((a, b) => a - b);
    return {
      tree_render_items: ITEMS,
      tree_render_cold_ms: round(cold!),
      tree_render_p50_ms: round(percentile(warm, 50)),
      tree_render_p95_ms: round(percentile(warm, 95)),
      tree_first_screen_p50_ms: round(percentile(warmFirsts, 50)),
      tree_first_screen_p95_ms: round(percentile(warmFirsts, 95)),
      tree_first_screen_after_data_p50_ms: round(percentile(warmFirstDrawing, 50)),
      tree_render_after_data_p50_ms: round(percentile(warmDrawing, 50)),
      tree_render_after_data_p95_ms: round(percentile(warmDrawing, 95)),
      tree_settled_p50_ms: round(percentile(warmSettled, 50)),
      tree_settled_p95_ms: round(percentile(warmSettled, 95)),
      tree_jump_to_end_p50_ms: round(percentile(warmToEnd, 50)),
      tree_jump_to_end_p95_ms: round(percentile(warmToEnd, 95)),
      tree_drag_rounds: settled.length,
      tree_drag_answered_p50_ms: round(percentile(answered, 50)),
      tree_drag_answered_p95_ms: round(percentile(answered, 95)),
      tree_drag_settled_p50_ms: round(percentile(settled, 50)),
      tree_drag_settled_p95_ms: round(percentile(settled, 95)),
    };
  } finally {
    await browser.close();
  }
}
