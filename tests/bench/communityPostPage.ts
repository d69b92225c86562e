// The community's post page at size (#13's browser bar): a post with 2,000 comments in a space of the demo store,
// opened in chromium with the owner's session at /communaute/espaces/{space}/discussions/{post}: navigation start →
// the frame painted with the post, its first page of comments and the comment box (the page usable). Bar p95 <
// 500 ms. Against the built server (`BENCH_ONLY=community-page npm run bench`, after `npm run build`).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

const COMMENTS = Number(process.env.COMMENTS ?? 2_000);
const OPEN_RUNS = 10;
const PARALLEL = 16;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Before any script of the page: stamps the frame painted once the comments and the comment box are there. */
function instrument() {
  const w = window as unknown as { __postReadyAt?: number };
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => (w.__postReadyAt = performance.now());
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="comments"] [data-testid="comment"]') && document.querySelector('[data-testid="comment-input"]')) {
      observer.disconnect();
      requestAnimationFrame(() => afterPaint.port2.postMessage(null));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function benchCommunityPostPage(base: string) {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  const space = await call('POST', '/community/groups', { name: `Bench : ${COMMENTS} commentaires`, type: 'CARD', state: 'VISIBLE', global: true });
  const post = await call('POST', `/community/groups/${space.uuid}/posts`, { content: '<p>Une publication très commentée.</p>' });
  const started = performance.now();
  for (let done = 0; done < COMMENTS; done += PARALLEL) {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, COMMENTS - done) }, (_, i) => call('POST', `/community/posts/${post.uuid}/comments`, { content: `Commentaire ${done + i + 1}` })),
    );
  }
  const fillSeconds = round((performance.now() - started) / 1000);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const figures: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((value) => localStorage.setItem('cp.auth.token', value), token);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const url = `${base}/communaute/espaces/${space.uuid}/discussions/${post.uuid}`;
    // One visit to warm the HTTP cache, as a returning member has it.
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __postReadyAt?: number }).__postReadyAt !== undefined, undefined, { timeout: 30_000 });
    for (let run = 0; run < OPEN_RUNS; run++) {
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { __postReadyAt?: number }).__postReadyAt !== undefined, undefined, { timeout: 30_000 });
      figures.push(await page.evaluate(() => (window as unknown as { __postReadyAt: number }).__postReadyAt));
    }
  } finally {
    await browser.close();
  }
  const sorted = [...figures].sort((a, b) => a - b);
  return {
    fillSeconds,
    rows: [{ case: `post page with ${COMMENTS} comments usable (navigation → comments and comment box painted)`, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), 'bar p95 (ms)': 500 }],
  };
}
